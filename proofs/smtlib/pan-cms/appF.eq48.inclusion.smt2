; ldpref proof obligation pan-cms/appF.eq48.inclusion
; claim: pan-cms/appF.eq48
; meaning: per draw: y = (E[f_hat|draw] - f)^2 > tau Var(f_hat|draw) >= tau Var_min gives y > tau Var_min
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun tau () Real)
(declare-fun v_min () Real)
(declare-fun v () Real)
(declare-fun y () Real)
(assert (> tau 0))
(assert (> v_min 0))
(assert (>= (+ v (* (- 1) v_min)) 0))
(assert (> (+ y (* (- 1) tau v)) 0))
(assert (not (> (+ y (* (- 1) tau v_min)) 0)))
(check-sat)
