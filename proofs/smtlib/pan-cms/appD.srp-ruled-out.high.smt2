; ldpref proof obligation pan-cms/appD.srp-ruled-out.high
; claim: pan-cms/appD.srp-ruled-out
; meaning: CMS+sRP: the printed comparison with the derived inf_m MSE_RP and min_m MSE_RR (f* > 1/2), every e^eps = s^2 > 1, 0 <= f* <= 1, n >= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun fs () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(assert (> s 0))
(assert (>= fs 0))
(assert (> n 0))
(assert (> (+ (- 1) s) 0))
(assert (<= (+ (- 1) fs) 0))
(assert (>= (+ (- 1) n) 0))
(assert (> (+ (- 1) (* 2 fs)) 0))
(assert (not (and (=> (< (+ (- 1) (* 2 fs)) 0) false) (=> (>= (+ (- 1) (* 2 fs)) 0) (or (> (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (< (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0))))))
(check-sat)
