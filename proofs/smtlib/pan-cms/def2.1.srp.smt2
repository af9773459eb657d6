; ldpref proof obligation pan-cms/def2.1.srp
; claim: pan-cms/def2.1
; meaning: sRP (bits at eps/2, e^eps = s^2) (support probabilities summed from its output weights): the worst ratio within a row of P equals e^eps and every other ratio class is at most e^eps
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(assert (> (+ (- 1) s) 0))
(assert (not (and (> (* s s) 0) (<= (* (- 1) (+ 1 s) (+ (- 1) s)) 0) (<= (* (- 1) (+ 1 s) (+ 1 (* s s)) (+ (- 1) s)) 0))))
(check-sat)
