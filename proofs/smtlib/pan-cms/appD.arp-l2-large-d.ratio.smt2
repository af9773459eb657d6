; ldpref proof obligation pan-cms/appD.arp-l2-large-d.ratio
; claim: pan-cms/appD.arp-l2-large-d
; meaning: 0 < (derived aRP l2 limit)/(derived l2*) - 1 <= (e^eps - 1)^2/(4 d e^eps), every d >= 2, n >= 1, e^eps = s^2 > 1: the bound tends to 0 as d -> oo, so the printed limit of the ratio is 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun r1 () Real)
(declare-fun w1 () Real)
(assert (> (+ (- 1) s) 0))
(assert (>= (+ (- 2) d) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= r1 0))
(assert (>= (* (+ 1 (* (- 1) (* s s)) (* d (* s s))) (+ (- 1) d (* s s))) 0))
(assert (= (+ 1 (* r1 r1) (* s s s s) (* (- 1) d) (* (- 2) (* s s)) (* (- 1) d (* s s s s)) (* (- 1) (* d d) (* s s)) (* 2 d (* s s))) 0))
(assert (>= (+ w1 (* (- 1) s)) 0))
(assert (>= (+ s w1) 0))
(assert (or (= (+ s w1) 0) (= (+ w1 (* (- 1) s)) 0)))
(assert (not (and (or (and (> (* 2 (+ (* d (* s s)) (* r1 w1))) 0) (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0)) (and (< (* 2 (+ (* d (* s s)) (* r1 w1))) 0) (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0))) (or (and (> (* 2 (+ (* d (* s s)) (* r1 w1))) 0) (> (+ 1 (* s s s s) (* (- 2) (* s s)) (* (- 2) r1 w1) (* 2 d (* s s))) 0)) (and (< (* 2 (+ (* d (* s s)) (* r1 w1))) 0) (< (+ 1 (* s s s s) (* (- 2) (* s s)) (* (- 2) r1 w1) (* 2 d (* s s))) 0))) (or (and (> (* 4 d (* s s) (+ (* d (* s s)) (* r1 w1))) 0) (<= (* (- 1) (+ (* r1 w1) (* (- 1) d (* s s))) (+ 1 (* s s s s) (* (- 2) (* s s)) (* 4 d (* s s)))) 0)) (and (< (* 4 d (* s s) (+ (* d (* s s)) (* r1 w1))) 0) (>= (* (- 1) (+ (* r1 w1) (* (- 1) d (* s s))) (+ 1 (* s s s s) (* (- 2) (* s s)) (* 4 d (* s s)))) 0))))))
(check-sat)
