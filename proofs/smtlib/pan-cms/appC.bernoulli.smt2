; ldpref proof obligation pan-cms/appC.bernoulli
; claim: pan-cms/appC.bernoulli
; meaning: RR's decoded indicator (summed from its output classes) takes the values (b - q)/(p - q), b in {0, 1}; Y's two values A < B and (Y - A)/(B - A) = b, every m >= 2, e^eps > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (not (or (and (> (* m (+ (- 1) m t)) 0) (> (* (+ (- 1) m) (+ (- 1) t)) 0)) (and (< (* m (+ (- 1) m t)) 0) (< (* (+ (- 1) m) (+ (- 1) t)) 0)))))
(check-sat)
