; ldpref proof obligation pan-cms/appE.eq43.positive
; claim: pan-cms/appE.eq43
; meaning: derived Var(f_hat(x)) > 0, every m >= 2, n >= 1, 0 <= f(x) <= 1, Var(R|=) >= Var(R|!=) > 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun var_eq () Real)
(declare-fun var_ne () Real)
(declare-fun f () Real)
(assert (> m 0))
(assert (> n 0))
(assert (> var_eq 0))
(assert (> var_ne 0))
(assert (>= f 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (<= (+ (- 1) f) 0))
(assert (>= (+ var_eq (* (- 1) var_ne)) 0))
(assert (not (or (and (> (* n (* (+ (- 1) m) (+ (- 1) m))) 0) (> (+ (- 1) f m (* m var_eq) (* var_ne (* m m)) (* (- 1) f m) (* (- 1) m var_ne) (* f m var_ne) (* f var_eq (* m m)) (* (- 1) f m var_eq) (* (- 1) f var_ne (* m m))) 0)) (and (< (* n (* (+ (- 1) m) (+ (- 1) m))) 0) (< (+ (- 1) f m (* m var_eq) (* var_ne (* m m)) (* (- 1) f m) (* (- 1) m var_ne) (* f m var_ne) (* f var_eq (* m m)) (* (- 1) f m var_eq) (* (- 1) f var_ne (* m m))) 0)))))
(check-sat)
