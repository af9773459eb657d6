; ldpref proof obligation jiang-gcms/fig5.grows.eps
; claim: jiang-gcms/fig5.grows
; meaning: at every stationary point of the derived g (g'(p) = 0), dg'/de^eps <= 0 (so, g being convex, dp*/de^eps = -g'_t/g'' >= 0: the minimiser does not decrease as eps grows), every e^eps > 1, 0 <= lambda <= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun p () Real)
(declare-fun t () Real)
(declare-fun lam () Real)
(assert (> (+ (- 1) (* 2 p)) 0))
(assert (< (+ (- 1) p) 0))
(assert (> (+ (- 1) t) 0))
(assert (>= lam 0))
(assert (<= (+ (- 1) lam) 0))
(assert (not (=> (and (not (= (* (* p p) (* (+ (- 1) p) (+ (- 1) p))) 0)) (= (+ (* (- 1) t) (* lam t) (* lam (* p p)) (* (- 1) lam (* t t)) (* 2 p t) (* (- 1) lam (* p p) (* t t)) (* (- 2) lam p t) (* 2 lam p (* t t))) 0)) (and (> (* (* p p) (* (+ (- 1) p) (+ (- 1) p))) 0) (<= (+ (- 1) lam (* 2 p) (* (- 2) lam p) (* (- 2) lam t) (* (- 2) lam t (* p p)) (* 4 lam p t)) 0)))))
(check-sat)
