; ldpref proof obligation pan-cms/def2.1.arp
; claim: pan-cms/def2.1
; meaning: aRP (support probabilities summed from its output weights): the worst ratio within a row of P equals e^eps and every other ratio class is at most e^eps
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (> (+ (- 1) t) 0))
(assert (not (and (<= (+ 1 (* (- 1) t)) 0) (or (and (> t 0) (<= (* (- 1) (+ 1 t) (+ (- 1) t)) 0)) (and (< t 0) (>= (* (- 1) (+ 1 t) (+ (- 1) t)) 0))))))
(check-sat)
