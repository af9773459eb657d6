; ldpref proof obligation pan-cms/appE.l2-sum.base
; claim: pan-cms/appE.l2-sum
; meaning: the induction's base: the printed bound on the empty sums (j = 0 values: both sums 0)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun tau () Real)
(assert (> tau 0))
(assert (not true))
(check-sat)
