; ldpref proof obligation pan-cms/appD.arp-ruled-out.high
; claim: pan-cms/appD.arp-ruled-out
; meaning: CMS+aRP: the printed comparison with the derived inf_m MSE_RP and min_m MSE_RR (f* > 1/2), every e^eps = s^2 > 1, 0 <= f* <= 1, n >= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun fs () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun w1 () Real)
(assert (> s 0))
(assert (>= fs 0))
(assert (> n 0))
(assert (> (+ (- 1) s) 0))
(assert (<= (+ (- 1) fs) 0))
(assert (>= (+ (- 1) n) 0))
(assert (> (+ (- 1) (* 2 fs)) 0))
(assert (or (and (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (>= (+ (* (- 4) (* s s)) (* n w1) (* n w1 (* s s s s)) (* (- 2) n w1 (* s s))) 0)) (and (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (<= (+ (* (- 4) (* s s)) (* n w1) (* n w1 (* s s s s)) (* (- 2) n w1 (* s s))) 0))))
(assert (or (and (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (>= (+ (* (- 1) fs) (* (- 4) (* s s)) (* n w1) (* (- 1) fs (* s s s s)) (* 2 fs (* s s)) (* n w1 (* s s s s)) (* (- 2) n w1 (* s s))) 0)) (and (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (<= (+ (* (- 1) fs) (* (- 4) (* s s)) (* n w1) (* (- 1) fs (* s s s s)) (* 2 fs (* s s)) (* n w1 (* s s s s)) (* (- 2) n w1 (* s s))) 0))))
(assert (or (and (not (= (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0)) (= (+ (* (- 4) (* s s)) (* n w1) (* n w1 (* s s s s)) (* (- 2) n w1 (* s s))) 0)) (and (not (= (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0)) (= (+ (* (- 1) fs) (* (- 4) (* s s)) (* n w1) (* (- 1) fs (* s s s s)) (* 2 fs (* s s)) (* n w1 (* s s s s)) (* (- 2) n w1 (* s s))) 0))))
(assert (not (=> (> fs 0) (or (and (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (> (* (* (+ 1 s) (+ 1 s)) (+ (* (- 1) s) (* n w1) (* n w1 (* s s)) (* (- 2) n s w1))) 0)) (and (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (< (* (* (+ 1 s) (+ 1 s)) (+ (* (- 1) s) (* n w1) (* n w1 (* s s)) (* (- 2) n s w1))) 0))))))
(check-sat)
