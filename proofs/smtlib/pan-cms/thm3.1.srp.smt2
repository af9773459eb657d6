; ldpref proof obligation pan-cms/thm3.1.srp
; claim: pan-cms/thm3.1
; meaning: CMS with inner sRP (bits at eps/2, e^eps = s^2), any k >= 1: every ratio (P_R[z, a]/k)/(P_R[z, b]/k) within a row of the CMS matrix is at most e^eps
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun k () Real) ; integer, relaxed to Real
(assert (> (+ (- 1) s) 0))
(assert (>= (+ (- 1) k) 0))
(assert (not (and (> (* s s) 0) (<= (* (- 1) (+ 1 s) (+ (- 1) s)) 0) (<= (* (- 1) (+ 1 s) (+ 1 (* s s)) (+ (- 1) s)) 0))))
(check-sat)
