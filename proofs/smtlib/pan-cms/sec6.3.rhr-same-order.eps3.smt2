; ldpref proof obligation pan-cms/sec6.3.rhr-same-order.eps3
; claim: pan-cms/sec6.3.rhr-same-order
; meaning: eps = 3 (e^eps in [20.085537, 20.085537], certified): RHR's l1 and l2 below 10 times l-OCMS's; the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from them in exact arithmetic
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 10042768461593) (* 500000000000 t)) 0))
(assert (<= (+ (- 20085536923189) (* 1000000000000 t)) 0))
(assert (not (and (> (* 1000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 2500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 4500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 9000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 10000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 90000000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ 1600089554817 (* (- 14910445183) (* t t)) (* 219820890366 t)) 0) (>= (+ (- 9952941537) (* (- 9952941537) (* t t)) (* 200405883074 t)) 0) (>= (+ 13580296647 (* (- 1419703353) (* t t)) (* 27839406706 t)) 0) (>= (+ 5432119659 (* (- 567880341) (* t t)) (* 11135760682 t)) 0) (>= (+ 34628209529 (* (- 371790471) (* t t)) (* 5743580942 t)) 0) (<= (+ 1600089514983 (* (- 14910485017) (* t t)) (* 219820970034 t)) 0) (<= (+ (- 4976480727) (* (- 4976480727) (* t t)) (* 100202961454 t)) 0) (<= (+ 138512835141 (* (- 1487164859) (* t t)) (* 22974329718 t)) 0) (<= (+ 5432116523 (* (- 567883477) (* t t)) (* 11135766954 t)) 0) (<= (+ 5432117523 (* (- 567882477) (* t t)) (* 11135764954 t)) 0))))
(check-sat)
