; ldpref proof obligation pan-cms/appE.veq-geq-vne.srp
; claim: pan-cms/appE.veq-geq-vne
; meaning: SRP's decoded variances (summed over its outputs): Var(R|=) >= Var(R|!=)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(assert (> s 0))
(assert (> (+ (- 1) s) 0))
(assert (not true))
(check-sat)
