; ldpref proof obligation pan-cms/sec6.3.he-cms-he-identical
; claim: pan-cms/sec6.3.he-cms-he-identical
; meaning: derived Table 1 coefficients: CMS+HE's (m = 1024) per-x variance (c w_eq + (n - c) w_neq)/n^2 is within 1% of HE's, every e^eps > 1, n >= 1, 0 <= c <= n (so is each plotted metric: a max, a sum and a sum of square roots over x)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun c () Real)
(declare-fun w1 () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= c 0))
(assert (<= (+ c (* (- 1) n)) 0))
(assert (and (> (* 1046529 (* n n) (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ (* (- 2046) n) (* 2046 c) (* (- 4096) n t) (* (- 4092) c t) (* (- 2046) n (* t t)) (* 2046 c (* t t)) (* 1046529 w1 (* n n)) (* (- 2093058) t w1 (* n n)) (* 1046529 w1 (* n n) (* t t))) 0)))
(assert (and (> (* 1046529 (* n n) (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (+ (* (- 2046) c) (* 2046 n) (* (- 2046) c (* t t)) (* 2046 n (* t t)) (* 4092 c t) (* 4096 n t) (* 1046529 w1 (* n n)) (* (- 2093058) t w1 (* n n)) (* 1046529 w1 (* n n) (* t t))) 0)))
(assert (or (and (not (= (* 1046529 (* n n) (* (+ (- 1) t) (+ (- 1) t))) 0)) (= (+ (* (- 2046) c) (* 2046 n) (* (- 2046) c (* t t)) (* 2046 n (* t t)) (* 4092 c t) (* 4096 n t) (* 1046529 w1 (* n n)) (* (- 2093058) t w1 (* n n)) (* 1046529 w1 (* n n) (* t t))) 0)) (and (not (= (* 1046529 (* n n) (* (+ (- 1) t) (+ (- 1) t))) 0)) (= (+ (* (- 2046) n) (* 2046 c) (* (- 4096) n t) (* (- 4092) c t) (* (- 2046) n (* t t)) (* 2046 c (* t t)) (* 1046529 w1 (* n n)) (* (- 2093058) t w1 (* n n)) (* 1046529 w1 (* n n) (* t t))) 0))))
(assert (not (and (> (* 100 (* n n) (* (+ (- 1) t) (+ (- 1) t))) 0) (<= (+ c (* (- 1) n) (* c (* t t)) (* (- 1) n (* t t)) (* (- 2) c t) (* (- 2) n t) (* 100 w1 (* n n)) (* (- 200) t w1 (* n n)) (* 100 w1 (* n n) (* t t))) 0))))
(check-sat)
