; ldpref proof obligation pan-cms/appD.f1-increasing
; claim: pan-cms/appD.f1-increasing
; meaning: the printed derivative of Var(.|f=1) in m is >= 0 for m >= 2
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
(assert (not (or (and (>= (* m t (+ (- 2) m)) 0) (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0)) (and (<= (* m t (+ (- 2) m)) 0) (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0)))))
(check-sat)
