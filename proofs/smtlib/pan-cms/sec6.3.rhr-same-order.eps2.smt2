; ldpref proof obligation pan-cms/sec6.3.rhr-same-order.eps2
; claim: pan-cms/sec6.3.rhr-same-order
; meaning: eps = 2 (e^eps in [7.389056, 7.389056], certified): RHR's l1 and l2 below 10 times l-OCMS's; the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from them in exact arithmetic
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 7389056098929) (* 1000000000000 t)) 0))
(assert (<= (+ (- 1847264024733) (* 250000000000 t)) 0))
(assert (not (and (> (* 250000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 1000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 2000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 2500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 3500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 7000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 17500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 70000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ (- 11584974989) (* (- 11584974989) (* t t)) (* 87169949978 t)) 0) (>= (+ 109819663373 (* (- 10180336627) (* t t)) (* 60360673254 t)) 0) (>= (+ 13727457609 (* (- 1272542391) (* t t)) (* 7545084782 t)) 0) (>= (+ 864913099 (* (- 1135086901) (* t t)) (* 8270173802 t)) 0) (>= (+ 864914099 (* (- 1135085901) (* t t)) (* 8270171802 t)) 0) (<= (+ 439278552041 (* (- 40721447959) (* t t)) (* 241442895918 t)) 0) (<= (+ (- 5792499083) (* (- 5792499083) (* t t)) (* 43584998166 t)) 0) (<= (+ 10981964051 (* (- 1018035949) (* t t)) (* 6036071898 t)) 0) (<= (+ 216227457 (* (- 283772543) (* t t)) (* 2067545086 t)) 0) (<= (+ 216227707 (* (- 283772293) (* t t)) (* 2067544586 t)) 0))))
(check-sat)
