; ldpref proof obligation pan-cms/appE.var-linear-positive
; claim: pan-cms/appE.var-linear-positive
; meaning: the derived c_bar^2 coefficient alpha_2 is <= 0 (and Var is the derived quadratic in c_bar), every m >= 2, 0 <= f(x) <= 1, n >= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun m () Real)
(declare-fun f () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(assert (> m 0))
(assert (>= f 0))
(assert (> n 0))
(assert (>= (+ (- 2) m) 0))
(assert (<= (+ (- 1) f) 0))
(assert (>= (+ (- 1) n) 0))
(assert (not (or (and (>= (* (* m m) (+ (- 1) f)) 0) (< (* n (* (+ (- 1) m) (+ (- 1) m))) 0)) (and (<= (* (* m m) (+ (- 1) f)) 0) (> (* n (* (+ (- 1) m) (+ (- 1) m))) 0)))))
(check-sat)
