; ldpref proof obligation pan-cms/appF.ratio.arp
; claim: pan-cms/appF.ratio
; meaning: CMS+ARP: the model's draw variance over the smallest per-client Var(f_hat | draw) is below n/((m-1) k Var(R|!=))
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun c () Real)
(declare-fun k () Real) ; integer, relaxed to Real
(declare-fun m () Real)
(declare-fun S () Real)
(assert (> (+ (- 1) t) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= c 0))
(assert (<= (+ (- 1) c) 0))
(assert (>= (+ (- 1) k) 0))
(assert (>= S 0))
(assert (<= (+ (- 1) S) 0))
(assert (not (or (and (> (* (- 4) k t (* m m) (+ (- 1) m) (+ 2 (* (- 1) c) (* c t)) (+ (* (- 1) c) (* (- 2) t) (* c t))) 0) (< (* n (* (+ (- 1) t) (+ (- 1) t)) (+ (* (* c c) (* m m)) (* (- 4) t (* m m)) (* (- 2) c (* m m)) (* 4 S t) (* (* c c) (* m m) (* t t)) (* (- 8) S m t) (* (- 2) c (* m m) (* t t)) (* (- 2) t (* c c) (* m m)) (* 4 S t (* m m)) (* 4 c t (* m m)))) 0)) (and (< (* (- 4) k t (* m m) (+ (- 1) m) (+ 2 (* (- 1) c) (* c t)) (+ (* (- 1) c) (* (- 2) t) (* c t))) 0) (> (* n (* (+ (- 1) t) (+ (- 1) t)) (+ (* (* c c) (* m m)) (* (- 4) t (* m m)) (* (- 2) c (* m m)) (* 4 S t) (* (* c c) (* m m) (* t t)) (* (- 8) S m t) (* (- 2) c (* m m) (* t t)) (* (- 2) t (* c c) (* m m)) (* 4 S t (* m m)) (* 4 c t (* m m)))) 0)))))
(check-sat)
