; ldpref proof obligation jiang-gcms/sec7.D.adult-p.1
; claim: jiang-gcms/sec7.D.adult-p
; meaning: Fig. 8's run p = 0.74 at eps = 3.64 (e^(91/25) in [38.091836725399014, 38.091836725399017] (certified)), lambda = 16000/48842, k = m = 100: Lemma 1's printed objective over the integer s with p_s >= 1/2 is smallest at s = 7: strictly below both neighbours s +- 1 unless p_s < 1/2, hence below every feasible s (g strictly convex on (1/2, 1), jiang-gcms/alg4.unimodal; p_s increasing in s); p_7 > 1/2 rounds to 37/50 (two decimals, half up)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 19045918362699507) (* 500000000000000 t)) 0))
(assert (<= (+ (- 38091836725399017) (* 1000000000000000 t)) 0))
(assert (not (and (or (and (> (+ (- 93) (* 7 t)) 0) (> (* 2 (+ 93 (* 7 t))) 0)) (and (< (+ (- 93) (* 7 t)) 0) (< (* 2 (+ 93 (* 7 t))) 0))) (or (and (>= (* 7 (+ (- 1953) (* 53 t))) 0) (> (* 200 (+ 93 (* 7 t))) 0)) (and (<= (* 7 (+ (- 1953) (* 53 t))) 0) (< (* 200 (+ 93 (* 7 t))) 0))) (or (and (> (* 200 (+ 93 (* 7 t))) 0) (< (* 3 (+ (- 4619) (* 119 t))) 0)) (and (> (* 3 (+ (- 4619) (* 119 t))) 0) (< (* 200 (+ 93 (* 7 t))) 0))) (or (< (* (- 25) (+ (- 1252189102350) (* (- 589822472222) t) (* 18058979197 (* t t)))) 0) (and (> (+ (- 23) (* 2 t)) 0) (< (* 2 (+ 23 (* 2 t))) 0)) (and (< (+ (- 23) (* 2 t)) 0) (> (* 2 (+ 23 (* 2 t))) 0))) (or (< (* 100 (+ (- 1742965171450) (* (- 828479699879) t) (* 18166437254 (* t t)))) 0) (and (> (+ (- 47) (* 3 t)) 0) (< (* 2 (+ 47 (* 3 t))) 0)) (and (< (+ (- 47) (* 3 t)) 0) (> (* 2 (+ 47 (* 3 t))) 0))))))
(check-sat)
