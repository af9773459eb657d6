; ldpref proof obligation pan-cms/appD.f0-minimum
; claim: pan-cms/appD.f0-minimum
; meaning: the model's Var(.|f=0) falls before the printed minimiser and rises after it (m >= 2)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(assert (> t 0))
(assert (> m 0))
(assert (> n 0))
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (not (and (=> (> (+ (- 1) m (* (- 1) t)) 0) (or (and (> (* (- 1) (+ 1 t (* (- 1) m)) (+ (- 1) m t)) 0) (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0)) (and (< (* (- 1) (+ 1 t (* (- 1) m)) (+ (- 1) m t)) 0) (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0)))) (=> (< (+ (- 1) m (* (- 1) t)) 0) (or (and (> (* (- 1) (+ 1 t (* (- 1) m)) (+ (- 1) m t)) 0) (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0)) (and (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (< (* (- 1) (+ 1 t (* (- 1) m)) (+ (- 1) m t)) 0)))))))
(check-sat)
