; ldpref proof obligation pan-cms/appD.var-ordering.2
; claim: pan-cms/appD.var-ordering
; meaning: Var|0 at m + 1 < Var|0 at m for 2 <= m <= e^eps (m real: covers the integers)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(assert (> t 0))
(assert (> m 0))
(assert (> n 0))
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (<= (+ m (* (- 1) t)) 0))
(assert (not (or (and (> (* m n (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) m)) 0) (< (+ (* m m) (* (- 1) m) (* (- 1) (* t t))) 0)) (and (< (* m n (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) m)) 0) (> (+ (* m m) (* (- 1) m) (* (- 1) (* t t))) 0)))))
(check-sat)
