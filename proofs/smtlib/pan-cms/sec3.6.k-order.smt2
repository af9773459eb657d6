; ldpref proof obligation pan-cms/sec3.6.k-order
; claim: pan-cms/sec3.6.k-order
; meaning: the derived limit meets the printed 0 < limit (a real limit is finite), every var_ne > 0, delta > 0, tau > 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun var_ne () Real)
(declare-fun delta () Real)
(declare-fun tau () Real)
(assert (> var_ne 0))
(assert (> delta 0))
(assert (> tau 0))
(assert (not (> (* delta tau var_ne) 0)))
(check-sat)
