; ldpref proof obligation pan-cms/sec4.4.worst-case.olh
; claim: pan-cms/sec4.4.worst-case
; meaning: OLH (m = e^eps + 1): the model's MSE at every f(x) in [0, 1] is at most its value at f(x) = 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun f () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= f 0))
(assert (<= (+ (- 1) f) 0))
(assert (not (or (and (> (* n t (* (+ (- 1) t) (+ (- 1) t))) 0) (<= (* t (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) f)) 0)) (and (< (* n t (* (+ (- 1) t) (+ (- 1) t))) 0) (>= (* t (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) f)) 0)))))
(check-sat)
