; ldpref proof obligation pan-cms/sec6.2.eq16.eps2
; claim: pan-cms/sec6.2.eq16
; meaning: eps = 2 (e^eps in [7.389056, 7.389056], certified): Eq. (16) at f* = 0 <= MSE-OCMS's worst-case MSE <= (1 + 2 (sqrt(T a) + a)/T) Eq. (16) with T = 100, a = log(20 |x|) > 7 (certified); the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from them in exact arithmetic
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 7389056098929) (* 1000000000000 t)) 0))
(assert (<= (+ (- 1847264024733) (* 250000000000 t)) 0))
(assert (not (and (> (* 3500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 7000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 17500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 70000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 100000000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ (- 11584974989) (* (- 11584974989) (* t t)) (* 87169949978 t)) 0) (>= (+ 109819663373 (* (- 10180336627) (* t t)) (* 60360673254 t)) 0) (>= (+ (- 7240609369) (* (- 7240609369) (* t t)) (* 54481218738 t)) 0) (<= (+ 439278552041 (* (- 40721447959) (* t t)) (* 241442895918 t)) 0) (<= (+ (- 7240623851) (* (- 7240623851) (* t t)) (* 54481247702 t)) 0) (<= (+ (- 5792499083) (* (- 5792499083) (* t t)) (* 43584998166 t)) 0))))
(check-sat)
