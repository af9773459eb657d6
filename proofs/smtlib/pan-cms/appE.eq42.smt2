; ldpref proof obligation pan-cms/appE.eq42
; claim: pan-cms/appE.eq42
; meaning: the derivative in m' of the model's Var(g(x|H')) lies in the printed bounds, every 0 <= f(x) <= 1, Var(R|=) >= Var(R|!=) > 0 (an eps-LDP randomiser, eps finite, has Var(R|!=) > 0; at Var(R|=) = Var(R|!=) = 0, f(x) = 1 the variance is 0 for every m' and the strict '< 0' fails), m' > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun mp () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun f () Real)
(declare-fun Veq () Real)
(declare-fun Vne () Real)
(assert (> (+ (- 1) mp) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= f 0))
(assert (<= (+ (- 1) f) 0))
(assert (> Vne 0))
(assert (>= (+ Veq (* (- 1) Vne)) 0))
(assert (not (and (or (and (> (* n (* (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp))) 0) (<= (* (* (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp)) (+ Vne (* (- 1) Veq) (* (- 1) f) (* Veq f) (* (- 1) Vne f))) 0)) (and (< (* n (* (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp))) 0) (>= (* (* (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp)) (+ Vne (* (- 1) Veq) (* (- 1) f) (* Veq f) (* (- 1) Vne f))) 0))) (or (and (> (* n (* (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp))) 0) (< (* (- 1) (+ (- 1) mp) (+ (- 1) Veq f mp (* (- 1) Vne) (* Veq mp) (* Vne f) (* Vne mp) (* (- 1) Veq f) (* (- 1) f mp) (* Veq f mp) (* (- 1) Vne f mp))) 0)) (and (< (* n (* (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp) (+ (- 1) mp))) 0) (> (* (- 1) (+ (- 1) mp) (+ (- 1) Veq f mp (* (- 1) Vne) (* Veq mp) (* Vne f) (* Vne mp) (* (- 1) Veq f) (* (- 1) f mp) (* Veq f mp) (* (- 1) Vne f mp))) 0))))))
(check-sat)
