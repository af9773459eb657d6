; ldpref proof obligation pan-cms/appF.eq50.arp
; claim: pan-cms/appF.eq50
; meaning: CMS+ARP: every client's Var(f_hat | draw) share (collision rate c in [0, 1]) exceeds min{Var(R|=), Var(R|!=)}/n = Var(R|!=)/n
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun c () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= c 0))
(assert (<= (+ (- 1) c) 0))
(assert (not (or (and (> (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (> (+ (* (- 4) t) (* (- 1) (* c c) (* m m)) (* 2 c (* m m)) (* 8 m t) (* (- 1) (* c c) (* m m) (* t t)) (* (- 4) c t (* m m)) (* 2 c (* m m) (* t t)) (* 2 t (* c c) (* m m))) 0)) (and (< (* n (* (+ (- 1) m) (+ (- 1) m)) (* (+ (- 1) t) (+ (- 1) t))) 0) (< (+ (* (- 4) t) (* (- 1) (* c c) (* m m)) (* 2 c (* m m)) (* 8 m t) (* (- 1) (* c c) (* m m) (* t t)) (* (- 4) c t (* m m)) (* 2 c (* m m) (* t t)) (* 2 t (* c c) (* m m))) 0)))))
(check-sat)
