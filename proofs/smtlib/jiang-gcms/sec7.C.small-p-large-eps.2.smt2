; ldpref proof obligation jiang-gcms/sec7.C.small-p-large-eps.2
; claim: jiang-gcms/sec7.C.small-p-large-eps
; meaning: (smaller p) p = 1/2, eps = 3 (e^3 in [20.085536923187666, 20.085536923187669] (certified)) against p = 3/5, eps = 3 (the same t): c_1 < c_2 (c m the derived least real s), so ceil(c_1 m) <= ceil(c_2 m) and GCMS's bits ceil(c m) ceil(log2 m) are never more at every m (the ceiling is nondecreasing); and c_1 m_0 <= 1 < c_2 m_0 at m_0 = 15, so fewer bits there
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 10042768461593833) (* 500000000000000 t)) 0))
(assert (<= (+ (- 20085536923187669) (* 1000000000000000 t)) 0))
(assert (not (and (or (and (> (+ 1 t) 0) (<= (+ 14 (* (- 1) t)) 0)) (and (< (+ 1 t) 0) (>= (+ 14 (* (- 1) t)) 0))) (or (and (> (* 2 (+ (- 21) t)) 0) (< (+ 3 (* 2 t)) 0)) (and (> (+ 3 (* 2 t)) 0) (< (* 2 (+ (- 21) t)) 0))) (or (and (> (* (- 1) t) 0) (< (* (+ 1 t) (+ 3 (* 2 t))) 0)) (and (< (* (- 1) t) 0) (> (* (+ 1 t) (+ 3 (* 2 t))) 0))))))
(check-sat)
