; ldpref proof obligation pan-cms/appD.rp-decreasing.arp
; claim: pan-cms/appD.rp-decreasing
; meaning: CMS+arp: Var(f_hat(x)) at m + 1 < at m, every m >= 2, 0 <= f(x) <= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun f () Real)
(assert (> t 0))
(assert (> m 0))
(assert (> n 0))
(assert (>= f 0))
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (<= (+ (- 1) f) 0))
(assert (not (or (and (> (* (- 1) (* (+ 1 t) (+ 1 t)) (+ (- 1) (* 2 (* m m)))) 0) (< (* n (* m m) (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0)) (and (< (* (- 1) (* (+ 1 t) (+ 1 t)) (+ (- 1) (* 2 (* m m)))) 0) (> (* n (* m m) (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0)))))
(check-sat)
