; ldpref proof obligation jiang-gcms/fig5.k
; claim: jiang-gcms/fig5.k
; meaning: the corrected p*(k_2) = p*(k_1): d/dp [derived Var[f_hat]/n - g/(e^eps - 1)^2] = 0, g the derived objective (no k), q on Eq. (7)'s boundary: p* = argmin_p g at every k, every 1/2 <= p < 1, e^eps > 1, 0 <= lambda <= 1, k >= 1, m >= 2, n >= 1, sum_{d' != d} f(d')^2 >= 0
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
(assert (>= F2 0))
(assert (not true))
(check-sat)
