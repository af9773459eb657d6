; ldpref proof obligation pan-cms/table1.RHR.mse
; claim: pan-cms/table1.RHR.mse
; meaning: the printed lower bound holds for the derived n MSE_RHR, every e^eps > 1 and 2^b >= 2 (b >= 1 bits)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun B () Real)
(assert (> t 0))
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) B) 0))
(assert (not (and (> (* (+ (- 1) t) (+ (- 1) t)) 0) (>= (* (+ 1 t) (+ (- 2) B)) 0))))
(check-sat)
