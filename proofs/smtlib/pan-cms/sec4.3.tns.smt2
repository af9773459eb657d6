; ldpref proof obligation pan-cms/sec4.3.tns
; claim: pan-cms/sec4.3.tns
; meaning: derived 2 min(2^(b-1), d) values => printed 2^b, every 2^b >= 2 and d >= 2^(b-1)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun size () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun B () Real)
(declare-fun w1 () Real)
(assert (> d 0))
(assert (>= (+ (- 2) B) 0))
(assert (>= (+ (* (- 1) B) (* 2 d)) 0))
(assert (<= (+ w1 (* (- 1) d)) 0))
(assert (<= (+ (* (- 1) B) (* 2 w1)) 0))
(assert (or (= (+ w1 (* (- 1) d)) 0) (= (+ (* (- 1) B) (* 2 w1)) 0)))
(assert (not (=> (= (+ size (* (- 2) w1)) 0) (= (+ size (* (- 1) B)) 0))))
(check-sat)
