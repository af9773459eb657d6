; ldpref proof obligation jiang-gcms/thm2
; claim: jiang-gcms/thm2
; meaning: printed eps <= |log(p(m-s)/((1-p)s))| <=> derived e^eps <= max(R, 1/R) (R = the derived ratio of Algorithm 1's branch probabilities), every e^eps = t > 1, 0 < p < 1, 1 <= s <= m - 1; logarithms removed by exp's monotonicity, their arguments proved positive
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun p () Real)
(declare-fun m () Real) ; integer, relaxed to Real
(declare-fun s () Real) ; integer, relaxed to Real
(declare-fun w1 () Real)
(declare-fun w2 () Real)
(assert (> (+ (- 1) t) 0))
(assert (> p 0))
(assert (< (+ (- 1) p) 0))
(assert (>= (+ (- 1) s) 0))
(assert (<= (+ 1 s (* (- 1) m)) 0))
(assert (or (and (> (* (- 1) p (+ s (* (- 1) m))) 0) (>= (+ (* (- 1) s) (* p s) (* m p w1) (* (- 1) p s w1)) 0)) (and (< (* (- 1) p (+ s (* (- 1) m))) 0) (<= (+ (* (- 1) s) (* p s) (* m p w1) (* (- 1) p s w1)) 0))))
(assert (or (and (> (* (- 1) s (+ (- 1) p)) 0) (>= (+ (* p s) (* s w1) (* (- 1) m p) (* (- 1) p s w1)) 0)) (and (< (* (- 1) s (+ (- 1) p)) 0) (<= (+ (* p s) (* s w1) (* (- 1) m p) (* (- 1) p s w1)) 0))))
(assert (or (and (not (= (* (- 1) s (+ (- 1) p)) 0)) (= (+ (* p s) (* s w1) (* (- 1) m p) (* (- 1) p s w1)) 0)) (and (not (= (* (- 1) p (+ s (* (- 1) m))) 0)) (= (+ (* (- 1) s) (* p s) (* m p w1) (* (- 1) p s w1)) 0))))
(assert (or (and (> (* p (+ s (* (- 1) m))) 0) (>= (+ s (* (- 1) p s) (* p s w2) (* (- 1) m p w2)) 0)) (and (< (* p (+ s (* (- 1) m))) 0) (<= (+ s (* (- 1) p s) (* p s w2) (* (- 1) m p w2)) 0))))
(assert (or (and (> (* s (+ (- 1) p)) 0) (>= (+ (* m p) (* (- 1) p s) (* (- 1) s w2) (* p s w2)) 0)) (and (< (* s (+ (- 1) p)) 0) (<= (+ (* m p) (* (- 1) p s) (* (- 1) s w2) (* p s w2)) 0))))
(assert (or (and (not (= (* s (+ (- 1) p)) 0)) (= (+ (* m p) (* (- 1) p s) (* (- 1) s w2) (* p s w2)) 0)) (and (not (= (* p (+ s (* (- 1) m))) 0)) (= (+ s (* (- 1) p s) (* p s w2) (* (- 1) m p w2)) 0))))
(assert (not (and (> t 0) (> w1 0) (= (<= (+ t (* (- 1) w1)) 0) (<= (+ t (* (- 1) w2)) 0)) (or (and (> (* (- 1) s (+ (- 1) p)) 0) (> (* (- 1) p (+ s (* (- 1) m))) 0)) (and (< (* (- 1) s (+ (- 1) p)) 0) (< (* (- 1) p (+ s (* (- 1) m))) 0))))))
(check-sat)
