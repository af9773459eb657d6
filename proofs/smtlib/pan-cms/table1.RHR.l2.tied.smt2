; ldpref proof obligation pan-cms/table1.RHR.l2.tied
; claim: pan-cms/table1.RHR.l2
; meaning: RHR's derived leading n l2 coefficient per d over the corrected order's lies in [4, 8], 2^b = e^eps >= 2 (e^eps = s^2)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(assert (> s 0))
(assert (>= (+ (- 2) (* s s)) 0))
(assert (not (and (> (* s s s s) 0) (<= (* (- 2) (+ 1 (* 2 s)) (+ (- 1) (* 2 s))) 0) (>= (* 2 (+ 1 (* (- 4) (* s s)) (* 2 (* s s s s)))) 0))))
(check-sat)
