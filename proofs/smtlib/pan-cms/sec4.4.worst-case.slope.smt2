; ldpref proof obligation pan-cms/sec4.4.worst-case.slope
; claim: pan-cms/sec4.4.worst-case
; meaning: the derived slope MSE(1) - MSE(0) equals the model's (CMS + RR, ideal hashing), and the model's MSE is linear in f(x)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun f () Real)
(declare-fun m () Real)
(declare-fun g () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= f 0))
(assert (<= (+ (- 1) f) 0))
(assert (>= (+ (- 2) m) 0))
(assert (not (and (not (= (* n (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) m)) 0)) (not (= (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t) (+ (- 1) t))) 0)))))
(check-sat)
