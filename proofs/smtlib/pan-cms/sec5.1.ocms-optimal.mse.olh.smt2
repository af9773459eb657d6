; ldpref proof obligation pan-cms/sec5.1.ocms-optimal.mse.olh
; claim: pan-cms/sec5.1.ocms-optimal
; meaning: Table 1, the worst-case n MSE (derived, independent of d and n): OLH's value is at least OCMS's, every h = e^(eps/2) > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun h () Real)
(assert (> (+ (- 1) h) 0))
(assert (not (and (> (* (* (+ 1 h) (+ 1 h)) (* (+ (- 1) h) (+ (- 1) h) (+ (- 1) h) (+ (- 1) h))) 0) (>= (* (* (+ (- 1) h) (+ (- 1) h) (+ (- 1) h) (+ (- 1) h)) (+ 1 h (* h h))) 0))))
(check-sat)
