; ldpref proof obligation pan-cms/sec6.2.eq16.eps5
; claim: pan-cms/sec6.2.eq16
; meaning: eps = 5 (e^eps in [148.413159, 148.413159], certified): Eq. (16) at f* = 0 <= MSE-OCMS's worst-case MSE <= (1 + 2 (sqrt(T a) + a)/T) Eq. (16) with T = 100, a = log(20 |x|) > 7 (certified); the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from them in exact arithmetic
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 74206579551287) (* 500000000000 t)) 0))
(assert (<= (+ (- 74206579551289) (* 500000000000 t)) 0))
(assert (not (and (> (* 37000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 462500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 3700000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 50000000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 250000000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ 547498920746101 (* (- 76079253899) (* t t)) (* 7602158507798 t)) 0) (>= (+ (- 37906353961) (* (- 37906353961) (* t t)) (* 5626062707922 t)) 0) (>= (+ (- 136593321) (* (- 136593321) (* t t)) (* 20273186642 t)) 0) (<= (+ (- 37906429811) (* (- 37906429811) (* t t)) (* 5626062859622 t)) 0) (<= (+ 68437365067987 (* (- 9509932013) (* t t)) (* 950269864026 t)) 0) (<= (+ (- 682967971) (* (- 682967971) (* t t)) (* 101365935942 t)) 0))))
(check-sat)
