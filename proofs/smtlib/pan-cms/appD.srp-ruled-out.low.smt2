; ldpref proof obligation pan-cms/appD.srp-ruled-out.low
; claim: pan-cms/appD.srp-ruled-out
; meaning: CMS+sRP: the printed comparison with the derived inf_m MSE_RP and min_m MSE_RR (f* <= 1/2), every e^eps = s^2 > 1, 0 <= f* <= 1, n >= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun fs () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun r1 () Real)
(assert (> s 0))
(assert (>= fs 0))
(assert (> n 0))
(assert (> (+ (- 1) s) 0))
(assert (<= (+ (- 1) fs) 0))
(assert (>= (+ (- 1) n) 0))
(assert (<= (+ (- 1) (* 2 fs)) 0))
(assert (>= r1 0))
(assert (>= (* (- 1) (+ 1 (* (- 1) fs) (* fs (* s s))) (+ (* (- 1) fs) (* (- 1) (* s s)) (* fs (* s s)))) 0))
(assert (= (+ (* fs fs) (* r1 r1) (* (- 1) fs) (* (- 1) (* s s)) (* (* fs fs) (* s s s s)) (* (- 1) fs (* s s s s)) (* (- 2) (* fs fs) (* s s)) (* 2 fs (* s s))) 0))
(assert (not (and (=> (< (+ (- 1) (* 2 fs)) 0) (or (and (> (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (> (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (- 1) (* (- 1) (* s s)) (* 2 r1))) 0)) (and (< (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (< (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (- 1) (* (- 1) (* s s)) (* 2 r1))) 0)))) (=> (>= (+ (- 1) (* 2 fs)) 0) (and (or (and (> (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (>= (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (- 1) (* (- 1) (* s s)) (* 2 r1))) 0)) (and (< (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (<= (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (- 1) (* (- 1) (* s s)) (* 2 r1))) 0))) (or (and (> (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (<= (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (- 1) (* (- 1) (* s s)) (* 2 r1))) 0)) (and (< (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (>= (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (- 1) (* (- 1) (* s s)) (* 2 r1))) 0))))))))
(check-sat)
