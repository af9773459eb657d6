; ldpref proof obligation jiang-gcms/sec7.C.small-p-large-eps.0
; claim: jiang-gcms/sec7.C.small-p-large-eps
; meaning: (smaller eps -> larger) p = 1/2, eps = 5 (e^5 in [148.413159102576602, 148.413159102576605] (certified)) against p = 1/2, eps = 3 (e^3 in [20.085536923187666, 20.085536923187669] (certified)): c_1 < c_2 (c m the derived least real s), so ceil(c_1 m) <= ceil(c_2 m) and GCMS's bits ceil(c m) ceil(log2 m) are never more at every m (the ceiling is nondecreasing); and c_1 m_0 <= 1 < c_2 m_0 at m_0 = 22, so fewer bits there
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun t2 () Real)
(assert (>= (+ (- 74206579551288301) (* 500000000000000 t)) 0))
(assert (<= (+ (- 29682631820515321) (* 200000000000000 t)) 0))
(assert (>= (+ (- 10042768461593833) (* 500000000000000 t2)) 0))
(assert (<= (+ (- 20085536923187669) (* 1000000000000000 t2)) 0))
(assert (not (and (or (and (> (+ (- 21) t2) 0) (< (+ 1 t2) 0)) (and (> (+ 1 t2) 0) (< (+ (- 21) t2) 0))) (or (and (> (+ 1 t) 0) (<= (+ 21 (* (- 1) t)) 0)) (and (< (+ 1 t) 0) (>= (+ 21 (* (- 1) t)) 0))) (or (and (> (+ t2 (* (- 1) t)) 0) (< (* (+ 1 t) (+ 1 t2)) 0)) (and (< (+ t2 (* (- 1) t)) 0) (> (* (+ 1 t) (+ 1 t2)) 0))))))
(check-sat)
