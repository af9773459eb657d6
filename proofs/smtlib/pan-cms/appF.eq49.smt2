; ldpref proof obligation pan-cms/appF.eq49
; claim: pan-cms/appF.eq49
; meaning: the model's Var over the draw, S/(k(m-1)) with 0 <= S <= 1, meets the printed bound
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun k () Real) ; integer, relaxed to Real
(declare-fun m () Real)
(declare-fun S () Real)
(assert (>= (+ (- 1) k) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= S 0))
(assert (<= (+ (- 1) S) 0))
(assert (not (or (and (>= (+ (- 1) S) 0) (< (* k (+ (- 1) m)) 0)) (and (<= (+ (- 1) S) 0) (> (* k (+ (- 1) m)) 0)))))
(check-sat)
