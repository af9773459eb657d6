; ldpref proof obligation jiang-gcms/fig5.grows.convex
; claim: jiang-gcms/fig5.grows
; meaning: the derived objective g(p) (the exact variance's p-part) has g'' > 0 on 1/2 < p < 1, every e^eps > 1, 0 <= lambda <= 1
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
(assert (not (or (and (> (* (* p p p) (* (+ (- 1) p) (+ (- 1) p) (+ (- 1) p))) 0) (> (* 2 (+ (* (- 1) t) (* lam t) (* (- 1) lam (* p p p)) (* (- 1) lam (* t t)) (* (- 3) t (* p p)) (* 3 p t) (* lam (* p p p) (* t t)) (* (- 3) lam p t) (* (- 3) lam (* p p) (* t t)) (* 3 lam p (* t t)) (* 3 lam t (* p p)))) 0)) (and (< (* (* p p p) (* (+ (- 1) p) (+ (- 1) p) (+ (- 1) p))) 0) (< (* 2 (+ (* (- 1) t) (* lam t) (* (- 1) lam (* p p p)) (* (- 1) lam (* t t)) (* (- 3) t (* p p)) (* 3 p t) (* lam (* p p p) (* t t)) (* (- 3) lam p t) (* (- 3) lam (* p p) (* t t)) (* 3 lam p (* t t)) (* 3 lam t (* p p)))) 0)))))
(check-sat)
