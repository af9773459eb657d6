; ldpref proof obligation pan-cms/appE.eq47
; claim: pan-cms/appE.eq47
; meaning: the derived Var(f_hat(x|H'))/Var(f_hat(x)) <= c_bar m and max{c_bar m, c_bar^2 m^2} <= (2q+1)^4/(16q^2(q+1)^2) for h' = h mod m's derived collision rate c_bar, every m >= 2, q >= 1, 0 <= r <= m - 1, 0 <= f(x) <= 1, n >= 1, Var(R|=), Var(R|!=) > 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun m () Real)
(declare-fun q () Real) ; integer, relaxed to Real
(declare-fun r () Real) ; integer, relaxed to Real
(declare-fun var_eq () Real)
(declare-fun var_ne () Real)
(declare-fun f () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun w1 () Real)
(assert (> m 0))
(assert (>= q 0))
(assert (>= r 0))
(assert (> var_eq 0))
(assert (> var_ne 0))
(assert (>= f 0))
(assert (>= n 0))
(assert (>= (+ (- 2) m) 0))
(assert (>= (+ (- 1) q) 0))
(assert (<= (+ 1 r (* (- 1) m)) 0))
(assert (<= (+ (- 1) f) 0))
(assert (>= (+ (- 1) n) 0))
(assert (and (> (* (+ r (* m q)) (+ r (* m q))) 0) (>= (+ (* w1 (* r r)) (* (- 1) m r) (* (- 1) (* m m) (* q q)) (* w1 (* m m) (* q q)) (* (- 2) m q r) (* 2 m q r w1)) 0)))
(assert (and (> (* (+ r (* m q)) (+ r (* m q)) (+ r (* m q)) (+ r (* m q))) 0) (>= (+ (* w1 (* r r r r)) (* (- 1) (* m m) (* r r)) (* (- 1) (* m m m m) (* q q q q)) (* w1 (* m m m m) (* q q q q)) (* (- 4) q (* m m) (* r r)) (* (- 4) r (* m m m) (* q q q)) (* (- 4) (* m m) (* q q) (* r r)) (* (- 2) r (* m m m) (* q q)) (* 4 m q w1 (* r r r)) (* 4 r w1 (* m m m) (* q q q)) (* 6 w1 (* m m) (* q q) (* r r))) 0)))
(assert (or (and (not (= (* (+ r (* m q)) (+ r (* m q))) 0)) (= (+ (* w1 (* r r)) (* (- 1) m r) (* (- 1) (* m m) (* q q)) (* w1 (* m m) (* q q)) (* (- 2) m q r) (* 2 m q r w1)) 0)) (and (not (= (* (+ r (* m q)) (+ r (* m q)) (+ r (* m q)) (+ r (* m q))) 0)) (= (+ (* w1 (* r r r r)) (* (- 1) (* m m) (* r r)) (* (- 1) (* m m m m) (* q q q q)) (* w1 (* m m m m) (* q q q q)) (* (- 4) q (* m m) (* r r)) (* (- 4) r (* m m m) (* q q q)) (* (- 4) (* m m) (* q q) (* r r)) (* (- 2) r (* m m m) (* q q)) (* 4 m q w1 (* r r r)) (* 4 r w1 (* m m m) (* q q q)) (* 6 w1 (* m m) (* q q) (* r r))) 0))))
(assert (not (and (> (* 16 (* q q) (* (+ 1 q) (+ 1 q))) 0) (<= (+ (- 1) (* (- 32) (* q q q)) (* (- 24) (* q q)) (* (- 16) (* q q q q)) (* (- 8) q) (* 16 w1 (* q q)) (* 16 w1 (* q q q q)) (* 32 w1 (* q q q))) 0) (or (and (> (* (* (+ r (* m q)) (+ r (* m q)) (+ r (* m q)) (+ r (* m q))) (+ (- 1) f m (* m var_eq) (* var_ne (* m m)) (* (- 1) f m) (* (- 1) m var_ne) (* f m var_ne) (* f var_eq (* m m)) (* (- 1) f m var_eq) (* (- 1) f var_ne (* m m)))) 0) (<= (* m r (+ r (* (- 1) m)) (+ r (* m (* q q)) (* (- 1) f r) (* 2 q r) (* m var_ne (* r r)) (* var_ne (* m m m) (* q q)) (* (- 1) f m (* q q)) (* (- 2) f q r) (* f m var_eq (* r r)) (* f var_eq (* m m m) (* q q)) (* (- 1) f m var_ne (* r r)) (* (- 1) f var_ne (* m m m) (* q q)) (* 2 q r var_ne (* m m)) (* (- 2) f q r var_ne (* m m)) (* 2 f q r var_eq (* m m)))) 0)) (and (< (* (* (+ r (* m q)) (+ r (* m q)) (+ r (* m q)) (+ r (* m q))) (+ (- 1) f m (* m var_eq) (* var_ne (* m m)) (* (- 1) f m) (* (- 1) m var_ne) (* f m var_ne) (* f var_eq (* m m)) (* (- 1) f m var_eq) (* (- 1) f var_ne (* m m)))) 0) (>= (* m r (+ r (* (- 1) m)) (+ r (* m (* q q)) (* (- 1) f r) (* 2 q r) (* m var_ne (* r r)) (* var_ne (* m m m) (* q q)) (* (- 1) f m (* q q)) (* (- 2) f q r) (* f m var_eq (* r r)) (* f var_eq (* m m m) (* q q)) (* (- 1) f m var_ne (* r r)) (* (- 1) f var_ne (* m m m) (* q q)) (* 2 q r var_ne (* m m)) (* (- 2) f q r var_ne (* m m)) (* 2 f q r var_eq (* m m)))) 0))))))
(check-sat)
