; ldpref proof obligation pan-cms/thm3.1.rr
; claim: pan-cms/thm3.1
; meaning: CMS with inner RR on [m], any k >= 1: every ratio (P_R[z, a]/k)/(P_R[z, b]/k) within a row of the CMS matrix is at most e^eps
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun k () Real) ; integer, relaxed to Real
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) k) 0))
(assert (not (and (<= (+ 1 (* (- 1) t)) 0) (or (and (> t 0) (<= (* (- 1) (+ 1 t) (+ (- 1) t)) 0)) (and (< t 0) (>= (* (- 1) (+ 1 t) (+ (- 1) t)) 0))))))
(check-sat)
