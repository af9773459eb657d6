; ldpref proof obligation pan-cms/appF.veq-gt-vne.srp
; claim: pan-cms/appF.veq-gt-vne
; meaning: SRP's decoded variances (summed over its outputs): Var(R|=) >= Var(R|!=)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(assert (> s 0))
(assert (> (+ (- 1) s) 0))
(assert (not true))
(check-sat)
