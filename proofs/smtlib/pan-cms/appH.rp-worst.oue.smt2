; ldpref proof obligation pan-cms/appH.rp-worst.oue
; claim: pan-cms/appH.rp-worst
; meaning: OUE: n Var(f_hat(x)) at every 0 <= f(x) <= 1 is at most the printed maximum of its values at f(x) = 0 and 1 (so the worst case is an endpoint)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun f () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= f 0))
(assert (<= (+ (- 1) f) 0))
(assert (not (and (> (* (+ (- 1) t) (+ (- 1) t)) 0) (<= (* (* (+ (- 1) t) (+ (- 1) t)) (+ (- 1) f)) 0))))
(check-sat)
