; ldpref proof obligation pan-cms/sec3.4.eq17-larger
; claim: pan-cms/sec3.4.eq17-larger
; meaning: the printed comparison of Eq. (17) with the variance at m = e^(eps/2) + 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun r1 () Real)
(assert (> t 0))
(assert (> n 0))
(assert (> (+ (- 1) t) 0))
(assert (>= r1 0))
(assert (>= t 0))
(assert (= (+ (* r1 r1) (* (- 1) t)) 0))
(assert (not (or (and (> (* n (* (+ (- 1) r1) (+ (- 1) r1)) (* (+ (- 1) t) (+ (- 1) t))) 0) (> (+ 1 (* r1 r1) (* t t) (* (- 3) r1) (* 2 t) (* (* r1 r1) (* t t)) (* (- 3) r1 (* t t)) (* (- 2) r1 t) (* 2 t (* r1 r1))) 0)) (and (< (* n (* (+ (- 1) r1) (+ (- 1) r1)) (* (+ (- 1) t) (+ (- 1) t))) 0) (< (+ 1 (* r1 r1) (* t t) (* (- 3) r1) (* 2 t) (* (* r1 r1) (* t t)) (* (- 3) r1 (* t t)) (* (- 2) r1 t) (* 2 t (* r1 r1))) 0)))))
(check-sat)
