; ldpref proof obligation jiang-gcms/alg4.unimodal
; claim: jiang-gcms/alg4.unimodal
; meaning: Lemma 1's printed objective g(p) has g'' > 0 on 1/2 < p < 1 (strictly convex: at most one minimiser, which ternary search finds), every e^eps > 1, 0 <= lambda <= 1, k >= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun p () Real)
(declare-fun t () Real)
(declare-fun lam () Real)
(declare-fun k () Real) ; integer, relaxed to Real
(assert (> (+ (- 1) (* 2 p)) 0))
(assert (< (+ (- 1) p) 0))
(assert (> (+ (- 1) t) 0))
(assert (>= lam 0))
(assert (<= (+ (- 1) lam) 0))
(assert (>= (+ (- 1) k) 0))
(assert (not (or (and (> (* k (* p p p) (* (+ (- 1) p) (+ (- 1) p) (+ (- 1) p) (+ (- 1) p))) 0) (> (* 2 (+ (* (- 3) (* p p p)) (* k t) (* (- 2) lam (* p p p p)) (* 2 lam (* p p p)) (* 3 k (* p p p)) (* k lam (* p p p p)) (* k lam (* t t)) (* (- 1) k lam t) (* (- 1) k lam (* p p p)) (* (- 4) k p t) (* (- 3) k t (* p p p)) (* (- 2) lam t (* p p p)) (* 2 lam t (* p p p p)) (* 6 k t (* p p)) (* k lam (* p p p p) (* t t)) (* (- 6) k lam t (* p p)) (* (- 4) k lam p (* t t)) (* (- 4) k lam (* p p p) (* t t)) (* (- 2) k lam t (* p p p p)) (* 4 k lam p t) (* 5 k lam t (* p p p)) (* 6 k lam (* p p) (* t t)))) 0)) (and (< (* k (* p p p) (* (+ (- 1) p) (+ (- 1) p) (+ (- 1) p) (+ (- 1) p))) 0) (< (* 2 (+ (* (- 3) (* p p p)) (* k t) (* (- 2) lam (* p p p p)) (* 2 lam (* p p p)) (* 3 k (* p p p)) (* k lam (* p p p p)) (* k lam (* t t)) (* (- 1) k lam t) (* (- 1) k lam (* p p p)) (* (- 4) k p t) (* (- 3) k t (* p p p)) (* (- 2) lam t (* p p p)) (* 2 lam t (* p p p p)) (* 6 k t (* p p)) (* k lam (* p p p p) (* t t)) (* (- 6) k lam t (* p p)) (* (- 4) k lam p (* t t)) (* (- 4) k lam (* p p p) (* t t)) (* (- 2) k lam t (* p p p p)) (* 4 k lam p t) (* 5 k lam t (* p p p)) (* 6 k lam (* p p) (* t t)))) 0)))))
(check-sat)
