; ldpref proof obligation pan-cms/appF.veq-gt-vne.he
; claim: pan-cms/appF.veq-gt-vne
; meaning: HE's decoded variances (summed over its outputs): Var(R|=) >= Var(R|!=)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (> (+ (- 1) t) 0))
(assert (not true))
(check-sat)
