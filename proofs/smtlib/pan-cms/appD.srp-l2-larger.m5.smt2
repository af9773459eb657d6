; ldpref proof obligation pan-cms/appD.srp-l2-larger.m5
; claim: pan-cms/appD.srp-l2-larger
; meaning: the derived l2 of CMS+sRP at m = 5 exceeds the derived l2* (one of the six values of the printed minimum over m = 2..7), every e^eps = s^2 > 1, d >= 2, n >= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun r1 () Real)
(assert (> s 0))
(assert (> d 0))
(assert (> n 0))
(assert (> (+ (- 1) s) 0))
(assert (>= (+ (- 2) d) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= r1 0))
(assert (>= (* (+ 1 (* (- 1) (* s s)) (* d (* s s))) (+ (- 1) d (* s s))) 0))
(assert (= (+ 1 (* r1 r1) (* s s s s) (* (- 1) d) (* (- 2) (* s s)) (* (- 1) d (* s s s s)) (* (- 1) (* d d) (* s s)) (* 2 d (* s s))) 0))
(assert (not (or (and (> (* (- 16) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (> (* (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ 4 (* (- 8) (* s s)) (* (- 4) d) (* 4 (* s s s s)) (* (- 25) d s) (* (- 25) d (* s s s)) (* (- 10) d (* s s)) (* (- 4) d (* s s s s)) (* 32 r1 s))) 0)) (and (< (* (- 16) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (< (* (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ 4 (* (- 8) (* s s)) (* (- 4) d) (* 4 (* s s s s)) (* (- 25) d s) (* (- 25) d (* s s s)) (* (- 10) d (* s s)) (* (- 4) d (* s s s s)) (* 32 r1 s))) 0)))))
(check-sat)
