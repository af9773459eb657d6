; ldpref proof obligation jiang-gcms/alg4.s
; claim: jiang-gcms/alg4.s
; meaning: at s = ceil(m/(1 + (1/p - 1) e^eps)) the corrected statement holds <=> 1 <= s <= m - 1 and the derived max(R, 1/R) <= e^eps (Theorem 2's bound, R = p(m-s)/((1-p)s)), every e^eps > 1, 0 < p < 1, m >= 2; the ceiling c by its definition x <= c < x + 1, c >= 1; s, m integers (s <= m - 1 or s >= m)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun p () Real)
(declare-fun m () Real) ; integer, relaxed to Real
(declare-fun s () Real) ; integer, relaxed to Real
(declare-fun c () Real) ; integer, relaxed to Real
(declare-fun w1 () Real)
(assert (> (+ (- 1) t) 0))
(assert (> p 0))
(assert (< (+ (- 1) p) 0))
(assert (>= (+ (- 2) m) 0))
(assert (or (and (> (+ p t (* (- 1) p t)) 0) (>= (+ (* c p) (* c t) (* (- 1) m p) (* (- 1) c p t)) 0)) (and (< (+ p t (* (- 1) p t)) 0) (<= (+ (* c p) (* c t) (* (- 1) m p) (* (- 1) c p t)) 0))))
(assert (or (and (> (+ p t (* (- 1) p t)) 0) (< (+ (* (- 1) p) (* (- 1) t) (* c p) (* c t) (* p t) (* (- 1) m p) (* (- 1) c p t)) 0)) (and (< (+ p t (* (- 1) p t)) 0) (> (+ (* (- 1) p) (* (- 1) t) (* c p) (* c t) (* p t) (* (- 1) m p) (* (- 1) c p t)) 0))))
(assert (>= (+ (- 1) c) 0))
(assert (or (>= (+ s (* (- 1) m)) 0) (<= (+ 1 s (* (- 1) m)) 0)))
(assert (or (and (> (* p (+ s (* (- 1) m))) 0) (>= (+ s (* (- 1) p s) (* p s w1) (* (- 1) m p w1)) 0)) (and (< (* p (+ s (* (- 1) m))) 0) (<= (+ s (* (- 1) p s) (* p s w1) (* (- 1) m p w1)) 0))))
(assert (or (and (> (* s (+ (- 1) p)) 0) (>= (+ (* m p) (* (- 1) p s) (* (- 1) s w1) (* p s w1)) 0)) (and (< (* s (+ (- 1) p)) 0) (<= (+ (* m p) (* (- 1) p s) (* (- 1) s w1) (* p s w1)) 0))))
(assert (or (and (not (= (* s (+ (- 1) p)) 0)) (= (+ (* m p) (* (- 1) p s) (* (- 1) s w1) (* p s w1)) 0)) (and (not (= (* p (+ s (* (- 1) m))) 0)) (= (+ s (* (- 1) p s) (* p s w1) (* (- 1) m p w1)) 0))))
(assert (not (=> (= (+ s (* (- 1) c)) 0) (= (and (>= (+ (- 1) s) 0) (<= (+ w1 (* (- 1) t)) 0) (<= (+ 1 s (* (- 1) m)) 0)) (=> (= (+ s (* (- 1) c)) 0) (or (and (> (* (- 1) s t (+ (- 1) p)) 0) (>= (+ (* (- 1) s) (* p s) (* m p t) (* (- 1) p s t)) 0)) (and (< (* (- 1) s t (+ (- 1) p)) 0) (<= (+ (* (- 1) s) (* p s) (* m p t) (* (- 1) p s t)) 0))))))))
(check-sat)
