; ldpref proof obligation pan-cms/appE.cor3.7-lhs
; claim: pan-cms/appE.cor3.7-lhs
; meaning: the printed derivative in eps of the left-hand side is negative
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun tau () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(assert (> t 0))
(assert (> tau 0))
(assert (> n 0))
(assert (> (+ (- 1) t) 0))
(assert (not (or (and (> (* 4 n tau (* t t t t) (+ (- 1) t)) 0) (< (* (- 1) (+ (- 1) t) (+ 3 (* 2 t) (* 3 (* t t)))) 0)) (and (< (* 4 n tau (* t t t t) (+ (- 1) t)) 0) (> (* (- 1) (+ (- 1) t) (+ 3 (* 2 t) (* 3 (* t t)))) 0)))))
(check-sat)
