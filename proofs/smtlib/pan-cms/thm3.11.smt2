; ldpref proof obligation pan-cms/thm3.11
; claim: pan-cms/thm3.11
; meaning: derived statement (condition with >=) => printed statement (condition with >), for every probability and Var(R|!=) > 0, delta, tau > 0, n, k >= 1, m >= 2
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun var_ne () Real)
(declare-fun pr () Real)
(declare-fun delta () Real)
(declare-fun tau () Real)
(declare-fun n () Real) ; integer, relaxed to Real
(declare-fun k () Real) ; integer, relaxed to Real
(declare-fun m () Real)
(assert (> var_ne 0))
(assert (> delta 0))
(assert (> tau 0))
(assert (> n 0))
(assert (> k 0))
(assert (> m 0))
(assert (>= (+ (- 1) n) 0))
(assert (>= (+ (- 1) k) 0))
(assert (>= (+ (- 2) m) 0))
(assert (not (=> (=> (or (and (> (* k n (+ (- 1) m)) 0) (>= (+ (* (- 1) n) (* (- 1) delta k tau var_ne) (* delta k m tau var_ne)) 0)) (and (< (* k n (+ (- 1) m)) 0) (<= (+ (* (- 1) n) (* (- 1) delta k tau var_ne) (* delta k m tau var_ne)) 0))) (>= (+ (- 1) delta pr) 0)) (=> (or (and (> (* k n (+ (- 1) m)) 0) (> (+ (* (- 1) n) (* (- 1) delta k tau var_ne) (* delta k m tau var_ne)) 0)) (and (< (* k n (+ (- 1) m)) 0) (< (+ (* (- 1) n) (* (- 1) delta k tau var_ne) (* delta k m tau var_ne)) 0))) (>= (+ (- 1) delta pr) 0)))))
(check-sat)
