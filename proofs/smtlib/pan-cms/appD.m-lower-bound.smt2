; ldpref proof obligation pan-cms/appD.m-lower-bound
; claim: pan-cms/appD.m-lower-bound
; meaning: the derived worst-case Var(f_hat(x)) of CMS+RR (max of its values at f(x) = 0, 1) is >= e^(eps/2)(e^(eps/2)+1)^2/(n(e^eps-1)^2) for 2 <= m <= e^(eps/2) + 1 and > below it, every e^eps = s^2 > 1, n >= 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(declare-fun m () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun w1 () Real)
(assert (> s 0))
(assert (> m 0))
(assert (> n 0))
(assert (> (+ (- 1) s) 0))
(assert (>= (+ (- 1) n) 0))
(assert (or (and (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s)) (+ (- 1) m)) 0) (>= (+ (* (- 1) n w1) (* (- 1) (* m m) (* s s)) (* m n w1) (* (- 1) n w1 (* s s s s)) (* 2 n w1 (* s s)) (* m n w1 (* s s s s)) (* (- 2) m n w1 (* s s))) 0)) (and (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s)) (+ (- 1) m)) 0) (<= (+ (* (- 1) n w1) (* (- 1) (* m m) (* s s)) (* m n w1) (* (- 1) n w1 (* s s s s)) (* 2 n w1 (* s s)) (* m n w1 (* s s s s)) (* (- 2) m n w1 (* s s))) 0))))
(assert (or (and (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s)) (+ (- 1) m)) 0) (>= (+ (- 1) (* (- 1) (* m m)) (* (- 1) (* s s s s)) (* 2 m) (* 2 (* s s)) (* (- 1) n w1) (* (- 2) m (* s s)) (* m n w1) (* (- 1) n w1 (* s s s s)) (* 2 n w1 (* s s)) (* m n w1 (* s s s s)) (* (- 2) m n w1 (* s s))) 0)) (and (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s)) (+ (- 1) m)) 0) (<= (+ (- 1) (* (- 1) (* m m)) (* (- 1) (* s s s s)) (* 2 m) (* 2 (* s s)) (* (- 1) n w1) (* (- 2) m (* s s)) (* m n w1) (* (- 1) n w1 (* s s s s)) (* 2 n w1 (* s s)) (* m n w1 (* s s s s)) (* (- 2) m n w1 (* s s))) 0))))
(assert (or (and (not (= (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s)) (+ (- 1) m)) 0)) (= (+ (* (- 1) n w1) (* (- 1) (* m m) (* s s)) (* m n w1) (* (- 1) n w1 (* s s s s)) (* 2 n w1 (* s s)) (* m n w1 (* s s s s)) (* (- 2) m n w1 (* s s))) 0)) (and (not (= (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s)) (+ (- 1) m)) 0)) (= (+ (- 1) (* (- 1) (* m m)) (* (- 1) (* s s s s)) (* 2 m) (* 2 (* s s)) (* (- 1) n w1) (* (- 2) m (* s s)) (* m n w1) (* (- 1) n w1 (* s s s s)) (* 2 n w1 (* s s)) (* m n w1 (* s s s s)) (* (- 2) m n w1 (* s s))) 0))))
(assert (not (=> (and (<= (+ 2 (* (- 1) m)) 0) (<= (+ (- 1) m (* (- 1) s)) 0)) (and (or (and (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (>= (* (* (+ 1 s) (+ 1 s)) (+ (* (- 1) s) (* n w1) (* n w1 (* s s)) (* (- 2) n s w1))) 0)) (and (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (<= (* (* (+ 1 s) (+ 1 s)) (+ (* (- 1) s) (* n w1) (* n w1 (* s s)) (* (- 2) n s w1))) 0))) (=> (< (+ (- 1) m (* (- 1) s)) 0) (or (and (> (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (> (* (* (+ 1 s) (+ 1 s)) (+ (* (- 1) s) (* n w1) (* n w1 (* s s)) (* (- 2) n s w1))) 0)) (and (< (* n (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (< (* (* (+ 1 s) (+ 1 s)) (+ (* (- 1) s) (* n w1) (* n w1 (* s s)) (* (- 2) n s w1))) 0))))))))
(check-sat)
