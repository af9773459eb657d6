; ldpref proof obligation pan-cms/appH.ss-var-increasing
; claim: pan-cms/appH.ss-var-increasing
; meaning: SS: the slope in f(x) of n Var(f_hat(x)) (summed over clients) times 1 - p - q is >= 0, every d >= 2, 1 <= k <= d - 1, e^eps > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun k () Real) ; integer, relaxed to Real
(assert (> t 0))
(assert (> d 0))
(assert (> k 0))
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) d) 0))
(assert (>= (+ (- 1) k) 0))
(assert (<= (+ 1 k (* (- 1) d)) 0))
(assert (not (or (and (> (* k (* (+ d (* (- 1) k) (* k t)) (+ d (* (- 1) k) (* k t))) (+ (- 1) d) (+ (- 1) t) (+ d (* (- 1) k))) 0) (>= (* (* (+ d (* (- 1) k) (* (- 1) (* d d)) (* (- 1) (* k k)) (* t (* k k)) (* (- 1) k t) (* 2 d k)) (+ d (* (- 1) k) (* (- 1) (* d d)) (* (- 1) (* k k)) (* t (* k k)) (* (- 1) k t) (* 2 d k))) (+ d (* (- 1) k) (* k t))) 0)) (and (< (* k (* (+ d (* (- 1) k) (* k t)) (+ d (* (- 1) k) (* k t))) (+ (- 1) d) (+ (- 1) t) (+ d (* (- 1) k))) 0) (<= (* (* (+ d (* (- 1) k) (* (- 1) (* d d)) (* (- 1) (* k k)) (* t (* k k)) (* (- 1) k t) (* 2 d k)) (+ d (* (- 1) k) (* (- 1) (* d d)) (* (- 1) (* k k)) (* t (* k k)) (* (- 1) k t) (* 2 d k))) (+ d (* (- 1) k) (* k t))) 0)))))
(check-sat)
