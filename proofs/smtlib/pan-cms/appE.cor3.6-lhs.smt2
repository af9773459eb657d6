; ldpref proof obligation pan-cms/appE.cor3.6-lhs
; claim: pan-cms/appE.cor3.6-lhs
; meaning: the printed derivative in eps of the left-hand side is negative
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun tau () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(assert (> s 0))
(assert (> tau 0))
(assert (> n 0))
(assert (> (+ (- 1) s) 0))
(assert (not (or (and (> (* n tau (* s s s s) (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (< (* (- 1) (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s)) (+ 3 (* s s) (* (- 2) s))) 0)) (and (< (* n tau (* s s s s) (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (> (* (- 1) (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s)) (+ 3 (* s s) (* (- 2) s))) 0)))))
(check-sat)
