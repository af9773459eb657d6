; ldpref proof obligation pan-cms/sec3.6.bias-n-independent.same
; claim: pan-cms/sec3.6.bias-n-independent
; meaning: the bias of a fixed draw from n clients equals m/(m-1) (c - 1/m) g and the bias from n2 clients (same frequencies)
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
(assert (not (and (not (= (+ (- 1) m) 0)) (= (+ (- 1) f g) 0))))
(check-sat)
