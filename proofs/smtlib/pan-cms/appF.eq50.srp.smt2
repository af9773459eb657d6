; ldpref proof obligation pan-cms/appF.eq50.srp
; claim: pan-cms/appF.eq50
; meaning: CMS+SRP: every client's Var(f_hat | draw) share (collision rate c in [0, 1]) exceeds min{Var(R|=), Var(R|!=)}/n = Var(R|!=)/n
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun c () Real)
(assert (> s 0))
(assert (> (+ (- 1) s) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= c 0))
(assert (<= (+ (- 1) c) 0))
(assert (not (or (and (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) s) (+ (- 1) s))) 0) (> (+ (* (- 1) s) (* c (* m m)) (* (- 1) (* c c) (* m m)) (* 2 m s) (* c (* m m) (* s s)) (* (- 1) (* c c) (* m m) (* s s)) (* (- 2) c s (* m m)) (* 2 s (* c c) (* m m))) 0)) (and (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) s) (+ (- 1) s))) 0) (< (+ (* (- 1) s) (* c (* m m)) (* (- 1) (* c c) (* m m)) (* 2 m s) (* c (* m m) (* s s)) (* (- 1) (* c c) (* m m) (* s s)) (* (- 2) c s (* m m)) (* 2 s (* c c) (* m m))) 0)))))
(check-sat)
