; ldpref proof obligation pan-cms/sec4.4.decoding
; claim: pan-cms/sec4.4.decoding
; meaning: the derived LH estimator equals Eq. (2) with RR on [m] (p, q summed from its output weights), every S in [0, n], n >= 1, m >= 2, e^eps > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun S () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= S 0))
(assert (<= (+ S (* (- 1) n)) 0))
(assert (not (not (= (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0))))
(check-sat)
