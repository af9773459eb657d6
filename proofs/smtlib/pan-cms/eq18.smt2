; ldpref proof obligation pan-cms/eq18
; claim: pan-cms/eq18
; meaning: derived Pr at x1 != x2 (its first piece) => printed 2^(-2l), every 2^l >= 2
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun pr () Real)
(declare-fun L () Real)
(declare-fun x1 () Real) ; integer, relaxed to Real
(declare-fun x2 () Real) ; integer, relaxed to Real
(assert (>= x1 0))
(assert (>= x2 0))
(assert (>= (+ (- 2) L) 0))
(assert (not (= (+ x1 (* (- 1) x2)) 0)))
(assert (not (=> (and (not (= (* L L) 0)) (not (= (+ x1 (* (- 1) x2)) 0)) (= (+ (- 1) (* pr (* L L))) 0)) (and (not (= (* L L) 0)) (= (+ (- 1) (* pr (* L L))) 0)))))
(check-sat)
