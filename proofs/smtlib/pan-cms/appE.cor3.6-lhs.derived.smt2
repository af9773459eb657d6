; ldpref proof obligation pan-cms/appE.cor3.6-lhs.derived
; claim: pan-cms/appE.cor3.6-lhs
; meaning: the derived derivative (factor n tau removed) is negative
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(assert (> s 0))
(assert (> (+ (- 1) s) 0))
(assert (not (and (> (* s s s s) 0) (< (+ (- 3) (* (- 1) (* s s)) (* 2 s)) 0))))
(check-sat)
