; ldpref proof obligation pan-cms/appF.ratio.srp
; claim: pan-cms/appF.ratio
; meaning: CMS+SRP: the model's draw variance over the smallest per-client Var(f_hat | draw) is below n/((m-1) k Var(R|!=))
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun c () Real)
(declare-fun k () Real) ; integer, relaxed to Real
(declare-fun m () Real)
(declare-fun S () Real)
(assert (> s 0))
(assert (> (+ (- 1) s) 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= c 0))
(assert (<= (+ (- 1) c) 0))
(assert (>= (+ (- 1) k) 0))
(assert (>= S 0))
(assert (<= (+ (- 1) S) 0))
(assert (not (or (and (> (* (- 1) k s (* m m) (+ (- 1) m) (+ 1 (* (- 1) c) (* c s)) (+ (* (- 1) c) (* (- 1) s) (* c s))) 0) (< (* n (* (+ (- 1) s) (+ (- 1) s)) (+ (* S s) (* (* c c) (* m m)) (* (- 1) c (* m m)) (* (- 1) s (* m m)) (* S s (* m m)) (* (* c c) (* m m) (* s s)) (* (- 1) c (* m m) (* s s)) (* (- 2) S m s) (* (- 2) s (* c c) (* m m)) (* 2 c s (* m m)))) 0)) (and (< (* (- 1) k s (* m m) (+ (- 1) m) (+ 1 (* (- 1) c) (* c s)) (+ (* (- 1) c) (* (- 1) s) (* c s))) 0) (> (* n (* (+ (- 1) s) (+ (- 1) s)) (+ (* S s) (* (* c c) (* m m)) (* (- 1) c (* m m)) (* (- 1) s (* m m)) (* S s (* m m)) (* (* c c) (* m m) (* s s)) (* (- 1) c (* m m) (* s s)) (* (- 2) S m s) (* (- 2) s (* c c) (* m m)) (* 2 c s (* m m)))) 0)))))
(check-sat)
