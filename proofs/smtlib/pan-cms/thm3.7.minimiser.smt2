; ldpref proof obligation pan-cms/thm3.7.minimiser
; claim: pan-cms/thm3.7
; meaning: the derived m is the unique minimiser over real m > 1 of the model's l2 (d >= 2)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun r1 () Real)
(declare-fun r2 () Real)
(assert (> (+ (- 1) t) 0))
(assert (> (+ (- 1) m) 0))
(assert (>= (+ (- 2) d) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= r1 0))
(assert (>= t 0))
(assert (= (+ (* r1 r1) (* (- 1) t)) 0))
(assert (>= r2 0))
(assert (>= (* (+ 1 (* (- 1) t) (* d t)) (+ (- 1) d t)) 0))
(assert (= (+ 1 (* r2 r2) (* t t) (* (- 1) d) (* (- 2) t) (* (- 1) d (* t t)) (* (- 1) t (* d d)) (* 2 d t)) 0))
(assert (not (and (=> (or (and (> (+ (- 1) d t) 0) (> (+ 1 (* (- 1) d) (* (- 1) m) (* (- 1) t) (* d m) (* m t) (* (- 1) r1 r2)) 0)) (and (< (+ (- 1) d t) 0) (< (+ 1 (* (- 1) d) (* (- 1) m) (* (- 1) t) (* d m) (* m t) (* (- 1) r1 r2)) 0))) (or (and (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (> (+ (- 1) d (* t t) (* (- 1) (* m m)) (* 2 m) (* d (* m m)) (* t (* m m)) (* (- 1) d (* t t)) (* (- 2) d m) (* (- 2) m t)) 0)) (and (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (< (+ (- 1) d (* t t) (* (- 1) (* m m)) (* 2 m) (* d (* m m)) (* t (* m m)) (* (- 1) d (* t t)) (* (- 2) d m) (* (- 2) m t)) 0)))) (=> (or (and (> (+ (- 1) d t) 0) (< (+ 1 (* (- 1) d) (* (- 1) m) (* (- 1) t) (* d m) (* m t) (* (- 1) r1 r2)) 0)) (and (< (+ (- 1) d t) 0) (> (+ 1 (* (- 1) d) (* (- 1) m) (* (- 1) t) (* d m) (* m t) (* (- 1) r1 r2)) 0))) (or (and (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (< (+ (- 1) d (* t t) (* (- 1) (* m m)) (* 2 m) (* d (* m m)) (* t (* m m)) (* (- 1) d (* t t)) (* (- 2) d m) (* (- 2) m t)) 0)) (and (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (> (+ (- 1) d (* t t) (* (- 1) (* m m)) (* 2 m) (* d (* m m)) (* t (* m m)) (* (- 1) d (* t t)) (* (- 2) d m) (* (- 2) m t)) 0)))))))
(check-sat)
