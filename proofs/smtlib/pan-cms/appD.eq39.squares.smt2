; ldpref proof obligation pan-cms/appD.eq39.squares
; claim: pan-cms/appD.eq39
; meaning: under the condition (Delta_l as in Theorem 3.7) the squares of the printed and the derived bounds on l1* are equal (the two together: under the condition the printed bound on l1* equals the derived bound), every d >= 2, n >= 1, e^eps = s^2 > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun Delta_l () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun s () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun r1 () Real)
(declare-fun r2 () Real)
(assert (> Delta_l 0))
(assert (> d 0))
(assert (> s 0))
(assert (> n 0))
(assert (>= (+ (- 2) d) 0))
(assert (> (+ (- 1) s) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= r1 0))
(assert (>= (* (+ 1 (* (- 1) (* s s)) (* d (* s s))) (+ (- 1) d (* s s))) 0))
(assert (= (+ 1 (* r1 r1) (* s s s s) (* (- 1) d) (* (- 2) (* s s)) (* (- 1) d (* s s s s)) (* (- 1) (* d d) (* s s)) (* 2 d (* s s))) 0))
(assert (>= r2 0))
(assert (>= (* (+ 1 (* (- 1) (* s s)) (* d (* s s))) (+ (- 1) d (* s s))) 0))
(assert (= (+ 1 (* r2 r2) (* s s s s) (* (- 1) d) (* (- 2) (* s s)) (* (- 1) d (* s s s s)) (* (- 1) (* d d) (* s s)) (* 2 d (* s s))) 0))
(assert (not (=> (= (+ Delta_l (* (- 1) r1 s)) 0) (and (= (* (- 2) d (+ (* (- 1) Delta_l) (* r2 s))) 0) (not (= (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0))))))
(check-sat)
