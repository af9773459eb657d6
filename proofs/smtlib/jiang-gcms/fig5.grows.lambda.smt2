; ldpref proof obligation jiang-gcms/fig5.grows.lambda
; claim: jiang-gcms/fig5.grows
; meaning: the derived g'(p) is non-increasing in lambda on 1/2 < p < 1 (so the minimiser of the convex g does not decrease as f(d)/n grows), every e^eps > 1, 0 <= lambda <= 1
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
(assert (not (and (> (* (* p p) (* (+ (- 1) p) (+ (- 1) p))) 0) (<= (* (- 1) (+ (- 1) t) (+ t (* p p) (* t (* p p)) (* (- 2) p t))) 0))))
(check-sat)
