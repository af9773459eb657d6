; ldpref proof obligation pan-cms/appE.eq44
; claim: pan-cms/appE.eq44
; meaning: at m = e^eps + 1, with the model's variances, Eq. (44) implies Eq. (43)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun f () Real)
(declare-fun tau () Real)
(declare-fun q () Real) ; integer, relaxed to Real
(assert (> t 0))
(assert (> n 0))
(assert (>= f 0))
(assert (> tau 0))
(assert (>= q 0))
(assert (> (+ (- 1) t) 0))
(assert (<= (+ (- 1) f) 0))
(assert (not (=> (or (and (> (* 4 tau (* t t t)) 0) (<= (+ 1 t (* 3 (* t t)) (* 3 (* t t t)) (* (- 4) tau (* t t t)) (* (- 16) q tau (* t t t)) (* (- 16) tau (* q q) (* t t t))) 0)) (and (< (* 4 tau (* t t t)) 0) (>= (+ 1 t (* 3 (* t t)) (* 3 (* t t t)) (* (- 4) tau (* t t t)) (* (- 16) q tau (* t t t)) (* (- 16) tau (* q q) (* t t t))) 0))) (or (and (> (* tau (* t t) (+ f (* 4 t) (* f (* t t)) (* (- 2) f t))) 0) (<= (+ 1 t (* 3 (* t t)) (* 3 (* t t t)) (* (- 4) tau (* t t t)) (* (- 1) f tau (* t t)) (* (- 1) f tau (* t t t t)) (* (- 16) q tau (* t t t)) (* (- 16) tau (* q q) (* t t t)) (* 2 f tau (* t t t)) (* (- 4) f q tau (* t t)) (* (- 4) f q tau (* t t t t)) (* (- 4) f tau (* q q) (* t t)) (* (- 4) f tau (* q q) (* t t t t)) (* 8 f q tau (* t t t)) (* 8 f tau (* q q) (* t t t))) 0)) (and (< (* tau (* t t) (+ f (* 4 t) (* f (* t t)) (* (- 2) f t))) 0) (>= (+ 1 t (* 3 (* t t)) (* 3 (* t t t)) (* (- 4) tau (* t t t)) (* (- 1) f tau (* t t)) (* (- 1) f tau (* t t t t)) (* (- 16) q tau (* t t t)) (* (- 16) tau (* q q) (* t t t)) (* 2 f tau (* t t t)) (* (- 4) f q tau (* t t)) (* (- 4) f q tau (* t t t t)) (* (- 4) f tau (* q q) (* t t)) (* (- 4) f tau (* q q) (* t t t t)) (* 8 f q tau (* t t t)) (* 8 f tau (* q q) (* t t t))) 0))))))
(check-sat)
