; ldpref proof obligation pan-cms/appD.var-ordering.0
; claim: pan-cms/appD.var-ordering
; meaning: Var|1 > Var|0 at m = e^eps + 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(assert (> t 0))
(assert (> m 0))
(assert (> n 0))
(assert (> (+ (- 1) t) 0))
(assert (= (+ (- 1) m (* (- 1) t)) 0))
(assert (not (or (and (> (* n (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) m)) 0) (> (* (- 1) (+ (- 1) t) (+ (- 1) t (* (- 1) (* m m)) (* 2 m))) 0)) (and (< (* n (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) m)) 0) (< (* (- 1) (+ (- 1) t) (+ (- 1) t (* (- 1) (* m m)) (* 2 m))) 0)))))
(check-sat)
