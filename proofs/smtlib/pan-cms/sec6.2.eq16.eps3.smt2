; ldpref proof obligation pan-cms/sec6.2.eq16.eps3
; claim: pan-cms/sec6.2.eq16
; meaning: eps = 3 (e^eps in [20.085537, 20.085537], certified): Eq. (16) at f* = 0 <= MSE-OCMS's worst-case MSE <= (1 + 2 (sqrt(T a) + a)/T) Eq. (16) with T = 100, a = log(20 |x|) > 7 (certified); the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from them in exact arithmetic
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 10042768461593) (* 500000000000 t)) 0))
(assert (<= (+ (- 20085536923189) (* 1000000000000 t)) 0))
(assert (not (and (> (* 200000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 250000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 10000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 50000000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ 197794351943 (* (- 1705648057) (* t t)) (* 24411296114 t)) 0) (>= (+ (- 1102819007) (* (- 1102819007) (* t t)) (* 22205638014 t)) 0) (<= (+ (- 1102821213) (* (- 1102821213) (* t t)) (* 22205642426 t)) 0) (>= (* (- 3) (+ 81057197 (* (- 1632114394) t) (* 81057197 (* t t)))) 0) (<= (* (- 3) (+ 101321699 (* (- 2040143398) t) (* 101321699 (* t t)))) 0) (<= (* (- 3) (+ (- 65931449177) (* (- 8137101646) t) (* 568550823 (* t t)))) 0))))
(check-sat)
