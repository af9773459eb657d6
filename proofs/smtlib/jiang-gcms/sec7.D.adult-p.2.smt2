; ldpref proof obligation jiang-gcms/sec7.D.adult-p.2
; claim: jiang-gcms/sec7.D.adult-p
; meaning: Fig. 8's run p = 0.57 at eps = 3.75 (e^(15/4) in [42.521082000062782, 42.521082000062785] (certified)), lambda = 1500/48842, k = m = 100: Lemma 1's printed objective over the integer s with p_s >= 1/2 is smallest at s = 3: strictly below both neighbours s +- 1 unless p_s < 1/2, hence below every feasible s (g strictly convex on (1/2, 1), jiang-gcms/alg4.unimodal; p_s increasing in s); p_3 > 1/2 rounds to 57/100 (two decimals, half up)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 21260541000031391) (* 500000000000000 t)) 0))
(assert (<= (+ (- 8504216400012557) (* 200000000000000 t)) 0))
(assert (not (and (or (and (>= (+ (- 10961) (* 261 t)) 0) (> (* 200 (+ 97 (* 3 t))) 0)) (and (<= (+ (- 10961) (* 261 t)) 0) (< (* 200 (+ 97 (* 3 t))) 0))) (or (and (> (+ (- 97) (* 3 t)) 0) (> (* 2 (+ 97 (* 3 t))) 0)) (and (< (+ (- 97) (* 3 t)) 0) (< (* 2 (+ 97 (* 3 t))) 0))) (or (and (> (+ (- 2231) (* 51 t)) 0) (< (* 40 (+ 97 (* 3 t))) 0)) (and (< (+ (- 2231) (* 51 t)) 0) (> (* 40 (+ 97 (* 3 t))) 0))) (or (and (> (+ (- 49) t) 0) (< (* 2 (+ 49 t)) 0)) (and (< (+ (- 49) t) 0) (> (* 2 (+ 49 t)) 0)) (< (* 100 (+ (- 26737588701950) (* (- 813213170889) t) (* 18819840714 (* t t)))) 0)) (or (and (> (+ (- 24) t) 0) (< (* 2 (+ 24 t)) 0)) (and (< (+ (- 24) t) 0) (> (* 2 (+ 24 t)) 0)) (< (* (- 25) (+ (- 1425410809600) (* (- 41467998192) t) (* 2088301517 (* t t)))) 0)))))
(check-sat)
