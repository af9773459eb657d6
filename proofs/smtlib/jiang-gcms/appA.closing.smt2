; ldpref proof obligation jiang-gcms/appA.closing
; claim: jiang-gcms/appA.closing
; meaning: the corrected implication (hypothesis => log max(R, 1/R) <= log(p(m - s)/((1 - p)s))), max(R, 1/R) the derived largest likelihood ratio (Theorem 2), every 0 < p < 1, 1 <= s <= m - 1; logarithms removed by exp's monotonicity, their arguments proved positive
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun p () Real)
(declare-fun m () Real) ; integer, relaxed to Real
(declare-fun s () Real) ; integer, relaxed to Real
(declare-fun w1 () Real)
(assert (> p 0))
(assert (< (+ (- 1) p) 0))
(assert (>= (+ (- 1) s) 0))
(assert (<= (+ 1 s (* (- 1) m)) 0))
(assert (or (and (> (* p (+ s (* (- 1) m))) 0) (>= (+ s (* (- 1) p s) (* p s w1) (* (- 1) m p w1)) 0)) (and (< (* p (+ s (* (- 1) m))) 0) (<= (+ s (* (- 1) p s) (* p s w1) (* (- 1) m p w1)) 0))))
(assert (or (and (> (* s (+ (- 1) p)) 0) (>= (+ (* m p) (* (- 1) p s) (* (- 1) s w1) (* p s w1)) 0)) (and (< (* s (+ (- 1) p)) 0) (<= (+ (* m p) (* (- 1) p s) (* (- 1) s w1) (* p s w1)) 0))))
(assert (or (and (not (= (* s (+ (- 1) p)) 0)) (= (+ (* m p) (* (- 1) p s) (* (- 1) s w1) (* p s w1)) 0)) (and (not (= (* p (+ s (* (- 1) m))) 0)) (= (+ s (* (- 1) p s) (* p s w1) (* (- 1) m p w1)) 0))))
(assert (not (and (> w1 0) (or (and (> (* (- 1) s (+ (- 1) p)) 0) (> (* (- 1) p (+ s (* (- 1) m))) 0)) (and (< (* (- 1) s (+ (- 1) p)) 0) (< (* (- 1) p (+ s (* (- 1) m))) 0))) (=> (>= (+ (* (- 1) s) (* m p)) 0) (or (and (> (* (- 1) s (+ (- 1) p)) 0) (<= (+ (* p s) (* s w1) (* (- 1) m p) (* (- 1) p s w1)) 0)) (and (< (* (- 1) s (+ (- 1) p)) 0) (>= (+ (* p s) (* s w1) (* (- 1) m p) (* (- 1) p s w1)) 0)))))))
(check-sat)
