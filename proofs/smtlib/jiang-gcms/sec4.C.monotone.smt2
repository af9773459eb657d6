; ldpref proof obligation jiang-gcms/sec4.C.monotone
; claim: jiang-gcms/sec4.C.monotone
; meaning: the derived Var[f_hat]/n at fixed p, eps (q on Eq. (7)'s boundary) has dVar/dm <= 0 and dVar/dk <= 0, every 1/2 <= p < 1, e^eps > 1, 0 <= lambda <= 1, k >= 1, m >= 2, n >= 1, sum_{d' != d} f(d')^2 >= n - f(d) = n (1 - lambda) (counts are integers: f(d')^2 >= f(d'))
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun p () Real)
(declare-fun t () Real)
(declare-fun lam () Real)
(declare-fun k () Real) ; integer, relaxed to Real
(declare-fun m () Real) ; integer, relaxed to Real
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun F2 () Real)
(assert (>= (+ (- 1) (* 2 p)) 0))
(assert (< (+ (- 1) p) 0))
(assert (> (+ (- 1) t) 0))
(assert (>= lam 0))
(assert (<= (+ (- 1) lam) 0))
(assert (>= (+ (- 1) k) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= (+ F2 (* (- 1) n) (* lam n)) 0))
(assert (not (and (or (and (> (* k n (* (+ (- 1) m) (+ (- 1) m))) 0) (<= (+ n (* (- 1) F2) (* (- 1) lam n)) 0)) (and (< (* k n (* (+ (- 1) m) (+ (- 1) m))) 0) (>= (+ n (* (- 1) F2) (* (- 1) lam n)) 0))) (or (and (> (* n (* k k) (+ (- 1) m)) 0) (<= (+ n (* (- 1) F2) (* (- 1) lam n)) 0)) (and (< (* n (* k k) (+ (- 1) m)) 0) (>= (+ n (* (- 1) F2) (* (- 1) lam n)) 0))))))
(check-sat)
