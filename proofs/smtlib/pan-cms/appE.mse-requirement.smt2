; ldpref proof obligation pan-cms/appE.mse-requirement
; claim: pan-cms/appE.mse-requirement
; meaning: with MSE(f|H') = Var(f_hat|H') + bias^2 and MSE(f_hat) = Var(f_hat), the two requirements imply MSE(f|H') - MSE(f_hat) <= 2 tau Var(f_hat), every Var(f_hat) > 0, Var(f_hat|H') >= 0, tau > 0, real bias
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun var_f () Real)
(declare-fun var_fH () Real)
(declare-fun bias () Real)
(declare-fun tau () Real)
(assert (> var_f 0))
(assert (> var_fH 0))
(assert (> tau 0))
(assert (not (=> (and (< (+ (* bias bias) (* (- 1) tau var_f)) 0) (or (and (> var_f 0) (< (+ var_fH (* (- 1) var_f) (* (- 1) tau var_f)) 0)) (and (< var_f 0) (> (+ var_fH (* (- 1) var_f) (* (- 1) tau var_f)) 0)))) (<= (+ var_fH (* bias bias) (* (- 1) var_f) (* (- 2) tau var_f)) 0))))
(check-sat)
