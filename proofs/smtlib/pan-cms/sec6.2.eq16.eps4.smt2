; ldpref proof obligation pan-cms/sec6.2.eq16.eps4
; claim: pan-cms/sec6.2.eq16
; meaning: eps = 4 (e^eps in [54.598150, 54.598150], certified): Eq. (16) at f* = 0 <= MSE-OCMS's worst-case MSE <= (1 + 2 (sqrt(T a) + a)/T) Eq. (16) with T = 100, a = log(20 |x|) > 7 (certified); the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from them in exact arithmetic
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 27299075016571) (* 500000000000 t)) 0))
(assert (<= (+ (- 27299075016573) (* 500000000000 t)) 0))
(assert (not (and (> (* 2200000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 11000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 68750000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 110000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 500000000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 1000000000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ (- 7602175381) (* (- 7602175381) (* t t)) (* 415204350762 t)) 0) (>= (+ 3776023434161 (* (- 3976565839) (* t t)) (* 147953131678 t)) 0) (<= (+ (- 11920234843) (* (- 11920234843) (* t t)) (* 651040469686 t)) 0) (<= (+ 6041637477931 (* (- 6362522069) (* t t)) (* 236725044138 t)) 0) (<= (+ (- 3801095293) (* (- 3801095293) (* t t)) (* 207602190586 t)) 0) (>= (* (- 7) (+ 340577457 (* (- 18601154914) t) (* 340577457 (* t t)))) 0))))
(check-sat)
