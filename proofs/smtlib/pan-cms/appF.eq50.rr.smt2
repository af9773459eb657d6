; ldpref proof obligation pan-cms/appF.eq50.rr
; claim: pan-cms/appF.eq50
; meaning: CMS+RR: every client's Var(f_hat | draw) share (collision rate c in [0, 1]) exceeds min{Var(R|=), Var(R|!=)}/n = Var(R|!=)/n
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun c () Real)
(declare-fun w1 () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= c 0))
(assert (<= (+ (- 1) c) 0))
(assert (and (> (* (+ (- 1) t) (+ (- 1) t)) 0) (<= (+ 2 w1 (* (- 1) m) (* (- 1) t) (* w1 (* t t)) (* (- 2) t w1)) 0)))
(assert (and (> (* (+ (- 1) t) (+ (- 1) t)) 0) (<= (+ t w1 (* w1 (* t t)) (* (- 1) m t) (* (- 2) t w1)) 0)))
(assert (or (and (not (= (* (+ (- 1) t) (+ (- 1) t)) 0)) (= (+ t w1 (* w1 (* t t)) (* (- 1) m t) (* (- 2) t w1)) 0)) (and (not (= (* (+ (- 1) t) (+ (- 1) t)) 0)) (= (+ 2 w1 (* (- 1) m) (* (- 1) t) (* w1 (* t t)) (* (- 2) t w1)) 0))))
(assert (not (and (not (= (* n (* (+ (- 1) t) (+ (- 1) t))) 0)) (= (+ 2 w1 (* (- 1) m) (* (- 1) t) (* w1 (* t t)) (* (- 2) t w1)) 0) (or (and (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (> (+ (* m m m) (* (- 1) w1) (* (- 2) (* m m)) (* t (* m m)) (* (- 1) c (* m m m)) (* (- 1) w1 (* m m)) (* (- 1) w1 (* t t)) (* (- 1) (* c c) (* m m)) (* 2 m w1) (* 2 t w1) (* 3 c (* m m)) (* c t (* m m m)) (* c (* m m) (* t t)) (* (- 1) w1 (* m m) (* t t)) (* (- 1) (* c c) (* m m) (* t t)) (* (- 4) c t (* m m)) (* (- 4) m t w1) (* 2 m w1 (* t t)) (* 2 t w1 (* m m)) (* 2 t (* c c) (* m m))) 0)) (and (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (< (+ (* m m m) (* (- 1) w1) (* (- 2) (* m m)) (* t (* m m)) (* (- 1) c (* m m m)) (* (- 1) w1 (* m m)) (* (- 1) w1 (* t t)) (* (- 1) (* c c) (* m m)) (* 2 m w1) (* 2 t w1) (* 3 c (* m m)) (* c t (* m m m)) (* c (* m m) (* t t)) (* (- 1) w1 (* m m) (* t t)) (* (- 1) (* c c) (* m m) (* t t)) (* (- 4) c t (* m m)) (* (- 4) m t w1) (* 2 m w1 (* t t)) (* 2 t w1 (* m m)) (* 2 t (* c c) (* m m))) 0))))))
(check-sat)
