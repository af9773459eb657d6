; ldpref proof obligation pan-cms/appE.veq-geq-vne.rr
; claim: pan-cms/appE.veq-geq-vne
; meaning: RR's decoded variances (summed over its outputs): Var(R|=) >= Var(R|!=)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (not (and (> (* (+ (- 1) t) (+ (- 1) t)) 0) (>= (* (+ (- 1) t) (+ (- 2) m)) 0))))
(check-sat)
