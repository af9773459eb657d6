; ldpref proof obligation jiang-gcms/sec7.D.apple-p
; claim: jiang-gcms/sec7.D.apple-p
; meaning: eps = 15/4 (e^(15/4) in [42.521082000062782, 42.521082000062785] (certified)): Apple's derived p = e^(eps/2)/(e^(eps/2) + 1) lies in [173/200, 7/8), i.e. rounds to 87/100 (two decimals, half up)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun r1 () Real)
(assert (>= (+ (- 21260541000031391) (* 500000000000000 t)) 0))
(assert (<= (+ (- 8504216400012557) (* 200000000000000 t)) 0))
(assert (>= r1 0))
(assert (>= t 0))
(assert (= (+ (* r1 r1) (* (- 1) t)) 0))
(assert (not (and (or (and (> (+ (- 7) r1) 0) (< (* 8 (+ 1 r1)) 0)) (and (< (+ (- 7) r1) 0) (> (* 8 (+ 1 r1)) 0))) (or (and (>= (+ (- 173) (* 27 r1)) 0) (> (* 200 (+ 1 r1)) 0)) (and (<= (+ (- 173) (* 27 r1)) 0) (< (* 200 (+ 1 r1)) 0))))))
(check-sat)
