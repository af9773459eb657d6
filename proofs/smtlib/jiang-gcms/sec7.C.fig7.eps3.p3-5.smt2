; ldpref proof obligation jiang-gcms/sec7.C.fig7.eps3.p3-5
; claim: jiang-gcms/sec7.C.fig7
; meaning: eps = 3, p = 3/5 (e^3 in [20.085536923187666, 20.085536923187669] (certified)): GCMS's derived bits s ceil(log2 m) below Apple's m (k = 1) for every real m of the blocks [2^(L-1) + 1, 2^L] cut to [2, 10^4] (ceil(log2 m) = L on their integers, which are every integer of [2, 10^4]) and every real s in [c m, c m + 1) (s = ceil(c m), c m the derived least real s meeting Theorem 2's bound)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real) ; integer, relaxed to Real
(declare-fun s () Real) ; integer, relaxed to Real
(assert (>= (+ (- 10042768461593833) (* 500000000000000 t)) 0))
(assert (<= (+ (- 20085536923187669) (* 1000000000000000 t)) 0))
(assert (>= (+ (- 2) m) 0))
(assert (<= (+ (- 10000) m) 0))
(assert (or (and (> (+ 3 (* 2 t)) 0) (>= (+ (* (- 3) m) (* 3 s) (* 2 s t)) 0)) (and (< (+ 3 (* 2 t)) 0) (<= (+ (* (- 3) m) (* 3 s) (* 2 s t)) 0))))
(assert (or (and (> (+ 3 (* 2 t)) 0) (< (+ (- 3) (* (- 3) m) (* (- 2) t) (* 3 s) (* 2 s t)) 0)) (and (< (+ 3 (* 2 t)) 0) (> (+ (- 3) (* (- 3) m) (* (- 2) t) (* 3 s) (* 2 s t)) 0))))
(assert (not (and (=> (and (>= (+ (- 2) m) 0) (<= (+ (- 2) m) 0)) (< (+ s (* (- 1) m)) 0)) (=> (and (>= (+ (- 8193) m) 0) (<= (+ (- 10000) m) 0)) (< (+ (* (- 1) m) (* 14 s)) 0)) (=> (and (>= (+ (- 4097) m) 0) (<= (+ (- 8192) m) 0)) (< (+ (* (- 1) m) (* 13 s)) 0)) (=> (and (>= (+ (- 2049) m) 0) (<= (+ (- 4096) m) 0)) (< (+ (* (- 1) m) (* 12 s)) 0)) (=> (and (>= (+ (- 1025) m) 0) (<= (+ (- 2048) m) 0)) (< (+ (* (- 1) m) (* 11 s)) 0)) (=> (and (>= (+ (- 513) m) 0) (<= (+ (- 1024) m) 0)) (< (+ (* (- 1) m) (* 10 s)) 0)) (=> (and (>= (+ (- 257) m) 0) (<= (+ (- 512) m) 0)) (< (+ (* (- 1) m) (* 9 s)) 0)) (=> (and (>= (+ (- 129) m) 0) (<= (+ (- 256) m) 0)) (< (+ (* (- 1) m) (* 8 s)) 0)) (=> (and (>= (+ (- 65) m) 0) (<= (+ (- 128) m) 0)) (< (+ (* (- 1) m) (* 7 s)) 0)) (=> (and (>= (+ (- 33) m) 0) (<= (+ (- 64) m) 0)) (< (+ (* (- 1) m) (* 6 s)) 0)) (=> (and (>= (+ (- 17) m) 0) (<= (+ (- 32) m) 0)) (< (+ (* (- 1) m) (* 5 s)) 0)) (=> (and (>= (+ (- 9) m) 0) (<= (+ (- 16) m) 0)) (< (+ (* (- 1) m) (* 4 s)) 0)) (=> (and (>= (+ (- 5) m) 0) (<= (+ (- 8) m) 0)) (< (+ (* (- 1) m) (* 3 s)) 0)) (=> (and (>= (+ (- 3) m) 0) (<= (+ (- 4) m) 0)) (< (+ (* (- 1) m) (* 2 s)) 0)))))
(check-sat)
