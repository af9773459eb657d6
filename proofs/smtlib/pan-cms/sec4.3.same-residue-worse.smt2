; ldpref proof obligation pan-cms/sec4.3.same-residue-worse
; claim: pan-cms/sec4.3.same-residue-worse
; meaning: MSE_RHR = MSE_HE + the derived difference exceeds MSE_HE, every e^eps > 1, n >= 1, 2^b >= 4 (b >= 2)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun B () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun mse_he () Real)
(assert (> t 0))
(assert (> n 0))
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 4) B) 0))
(assert (>= (+ (- 1) n) 0))
(assert (not (or (and (> (* n (* (+ (- 1) t) (+ (- 1) t))) 0) (> (* (+ 1 t) (+ (- 2) B)) 0)) (and (< (* n (* (+ (- 1) t) (+ (- 1) t))) 0) (< (* (+ 1 t) (+ (- 2) B)) 0)))))
(check-sat)
