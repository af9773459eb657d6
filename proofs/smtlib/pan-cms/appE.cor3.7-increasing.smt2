; ldpref proof obligation pan-cms/appE.cor3.7-increasing
; claim: pan-cms/appE.cor3.7-increasing
; meaning: the model's n dVar/df(x) at m = e^eps + 1 is positive
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (> (+ (- 1) t) 0))
(assert (not true))
(check-sat)
