; ldpref proof obligation pan-cms/appE.cor3.7-lhs.derived
; claim: pan-cms/appE.cor3.7-lhs
; meaning: the derived derivative (factor n tau removed) is negative
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (> t 0))
(assert (> (+ (- 1) t) 0))
(assert (not (and (> (* 4 (* t t t t)) 0) (< (+ (- 3) (* (- 3) (* t t)) (* (- 2) t)) 0))))
(check-sat)
