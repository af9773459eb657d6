; ldpref proof obligation pan-cms/thm3.8.condition
; claim: pan-cms/thm3.8
; meaning: the corrected statement, Var(g(x|H')) and Var(f_hat(x)) free, follows from Var(f_hat(x)) > 0 and Var(g(x|H')) - Var(f_hat(x)) < beta (the three parts above), every tau > 0, n >= 1, m >= 2, 0 < w <= 1/9
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun m () Real)
(declare-fun w () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun tau () Real)
(declare-fun var_eq () Real)
(declare-fun var_f () Real)
(declare-fun var_g () Real)
(assert (> m 0))
(assert (> w 0))
(assert (> n 0))
(assert (> tau 0))
(assert (> var_eq 0))
(assert (> var_f 0))
(assert (>= (+ (- 2) m) 0))
(assert (<= (+ (- 1) (* 9 w)) 0))
(assert (>= (+ (- 1) n) 0))
(assert (or (and (> (* n (* (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)))) 0) (< (+ (* n var_g) (* w (* m m)) (* (- 1) m w) (* (- 1) n var_f) (* (- 1) (* m m) (* w w)) (* n var_f (* m m m)) (* (- 1) n var_g (* m m m)) (* (- 3) m n var_g) (* (- 3) n var_f (* m m)) (* (- 2) var_eq (* m m) (* w w)) (* 2 var_eq w (* m m)) (* 3 m n var_f) (* 3 n var_g (* m m)) (* n var_g (* m m m) (* w w w)) (* (- 1) n var_f (* m m m) (* w w w)) (* (- 6) n var_g w (* m m)) (* (- 3) m n var_f w) (* (- 3) n var_f w (* m m m)) (* (- 3) n var_f (* m m) (* w w)) (* (- 3) n var_g (* m m m) (* w w)) (* 3 m n var_g w) (* 3 n var_f (* m m m) (* w w)) (* 3 n var_g w (* m m m)) (* 3 n var_g (* m m) (* w w)) (* 6 n var_f w (* m m))) 0)) (and (< (* n (* (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)))) 0) (> (+ (* n var_g) (* w (* m m)) (* (- 1) m w) (* (- 1) n var_f) (* (- 1) (* m m) (* w w)) (* n var_f (* m m m)) (* (- 1) n var_g (* m m m)) (* (- 3) m n var_g) (* (- 3) n var_f (* m m)) (* (- 2) var_eq (* m m) (* w w)) (* 2 var_eq w (* m m)) (* 3 m n var_f) (* 3 n var_g (* m m)) (* n var_g (* m m m) (* w w w)) (* (- 1) n var_f (* m m m) (* w w w)) (* (- 6) n var_g w (* m m)) (* (- 3) m n var_f w) (* (- 3) n var_f w (* m m m)) (* (- 3) n var_f (* m m) (* w w)) (* (- 3) n var_g (* m m m) (* w w)) (* 3 m n var_g w) (* 3 n var_f (* m m m) (* w w)) (* 3 n var_g w (* m m m)) (* 3 n var_g (* m m) (* w w)) (* 6 n var_f w (* m m))) 0))))
(assert (not (=> (or (and (> (* (- 1) n tau var_f w (* (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)))) 0) (<= (+ (* w (* m m)) (* (- 1) m w) (* (- 1) (* m m) (* w w)) (* n tau var_f) (* (- 2) var_eq (* m m) (* w w)) (* 2 var_eq w (* m m)) (* (- 1) n tau var_f (* m m m)) (* (- 3) m n tau var_f) (* 3 n tau var_f (* m m)) (* n tau var_f (* m m m) (* w w w)) (* (- 6) n tau var_f w (* m m)) (* (- 3) n tau var_f (* m m m) (* w w)) (* 3 m n tau var_f w) (* 3 n tau var_f w (* m m m)) (* 3 n tau var_f (* m m) (* w w))) 0)) (and (< (* (- 1) n tau var_f w (* (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)) (+ 1 (* (- 1) m) (* m w)))) 0) (>= (+ (* w (* m m)) (* (- 1) m w) (* (- 1) (* m m) (* w w)) (* n tau var_f) (* (- 2) var_eq (* m m) (* w w)) (* 2 var_eq w (* m m)) (* (- 1) n tau var_f (* m m m)) (* (- 3) m n tau var_f) (* 3 n tau var_f (* m m)) (* n tau var_f (* m m m) (* w w w)) (* (- 6) n tau var_f w (* m m)) (* (- 3) n tau var_f (* m m m) (* w w)) (* 3 m n tau var_f w) (* 3 n tau var_f w (* m m m)) (* 3 n tau var_f (* m m) (* w w))) 0))) (< (+ var_g (* (- 1) var_f) (* (- 1) tau var_f)) 0))))
(check-sat)
