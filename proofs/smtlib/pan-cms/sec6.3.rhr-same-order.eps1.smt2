; ldpref proof obligation pan-cms/sec6.3.rhr-same-order.eps1
; claim: pan-cms/sec6.3.rhr-same-order
; meaning: eps = 1 (e^eps in [2.718282, 2.718282], certified): RHR's l1 and l2 below 10 times l-OCMS's; the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from them in exact arithmetic
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 1359140914229) (* 500000000000 t)) 0))
(assert (<= (+ (- 2718281828461) (* 1000000000000 t)) 0))
(assert (not (and (> (* 37500000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 50000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 120000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 250000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 300000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* 1500000000 (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ (- 7365381387) (* (- 7365381387) (* t t)) (* 22730762774 t)) 0) (>= (+ (- 1841345347) (* (- 1841345347) (* t t)) (* 5682690694 t)) 0) (>= (+ (- 1841344847) (* (- 1841344847) (* t t)) (* 5682689694 t)) 0) (>= (+ (- 129684611) (* (- 629684611) (* t t)) (* 1759369222 t)) 0) (>= (+ (- 82998111) (* (- 402998111) (* t t)) (* 1125996222 t)) 0) (<= (+ (- 259371741) (* (- 1259371741) (* t t)) (* 3518743482 t)) 0) (<= (+ (- 207497493) (* (- 1007497493) (* t t)) (* 2814994986 t)) 0) (<= (+ (- 184134953) (* (- 184134953) (* t t)) (* 568269906 t)) 0) (<= (+ (- 184134903) (* (- 184134903) (* t t)) (* 568269806 t)) 0))))
(check-sat)
