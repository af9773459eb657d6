; ldpref proof obligation pan-cms/sec5.1.ocms-optimal.l2.rhr
; claim: pan-cms/sec5.1.ocms-optimal
; meaning: Table 1, the d -> oo leading coefficient of n l2 per d (derived, independent of d and n): RHR's value is at least OCMS's, every h = e^(eps/2) > 7/5 (RHR: 2^b = e^eps, b >= 1 bit, h >= sqrt(2))
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun h () Real)
(assert (> (+ (- 7) (* 5 h)) 0))
(assert (not (and (>= (* 2 (+ 1 (* (- 4) (* h h)) (* 2 (* h h h h)))) 0) (> (* (* h h) (* (+ 1 h) (+ 1 h)) (* (+ (- 1) h) (+ (- 1) h))) 0))))
(check-sat)
