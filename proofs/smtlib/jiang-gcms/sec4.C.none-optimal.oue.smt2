; ldpref proof obligation jiang-gcms/sec4.C.none-optimal.oue
; claim: jiang-gcms/sec4.C.none-optimal
; meaning: OUE's p = 1/2: the derived g'(1/2) < 0 at every target 0 < lambda <= 1, every e^eps > 1 (p = 1/2 is not the optimum there)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun lam () Real)
(assert (> (+ (- 1) t) 0))
(assert (> lam 0))
(assert (<= (+ (- 1) lam) 0))
(assert (not (< (* (- 4) lam (+ 1 t) (+ (- 1) t)) 0)))
(check-sat)
