; ldpref proof obligation pan-cms/appD.srp-l2-larger.limit
; claim: pan-cms/appD.srp-l2-larger
; meaning: the printed inf_m l2_sRP >= l2* with the derived m -> oo limit and the derived l2*, every e^eps = s^2 > 1, d >= 2, n >= 1
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
(assert (not (or (and (> (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (>= (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (* (- 1) d) (* 2 r1) (* (- 1) d (* s s)))) 0)) (and (< (* (- 1) n (* (+ 1 s) (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s) (+ (- 1) s) (+ (- 1) s))) 0) (<= (* s (* (+ (- 1) s) (+ (- 1) s)) (+ 1 s) (+ (* (- 1) d) (* 2 r1) (* (- 1) d (* s s)))) 0)))))
(check-sat)
