; ldpref proof obligation pan-strict/sec5.2.collision
; claim: pan-strict/sec5.2.collision
; meaning: the collision rate (d' - m)/(m (d' - 1)) of the family without a = 0 is below 1/m
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun dp () Real) ; integer, relaxed to Real
(declare-fun m () Real) ; integer, relaxed to Real
(assert (>= (+ (- 2) m) 0))
(assert (> (+ dp (* (- 1) m)) 0))
(assert (not (or (and (> (* m (+ (- 1) dp)) 0) (< (+ 1 (* (- 1) m)) 0)) (and (> (+ 1 (* (- 1) m)) 0) (< (* m (+ (- 1) dp)) 0)))))
(check-sat)
