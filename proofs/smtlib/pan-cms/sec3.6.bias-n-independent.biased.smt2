; ldpref proof obligation pan-cms/sec3.6.bias-n-independent.biased
; claim: pan-cms/sec3.6.bias-n-independent
; meaning: a fixed draw with c != 1/m biases every dataset with g > 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun c () Real)
(declare-fun m () Real)
(declare-fun f () Real)
(declare-fun g () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun n2 () Real) ; integer, relaxed to Real
(assert (>= (+ (- 2) m) 0))
(assert (>= c 0))
(assert (<= (+ (- 1) c) 0))
(assert (>= f 0))
(assert (>= g 0))
(assert (= (+ (- 1) f g) 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= (+ (- 1) n2) 0))
(assert (not (=> (and (> g 0) (not (= m 0)) (not (= (+ (- 1) (* c m)) 0))) (and (not (= (+ (- 1) m) 0)) (not (= (+ (- 1) f (* c g m)) 0))))))
(check-sat)
