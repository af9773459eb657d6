; ldpref proof obligation jiang-gcms/sec4.C.none-optimal.even
; claim: jiang-gcms/sec4.C.none-optimal
; meaning: the even split's p = e^(eps/2)/(e^(eps/2) + 1) (in (1/2, 1)): the derived g' != 0 there at lambda = 0 or at lambda = 1, every e^(eps/2) = r > 1 (not the optimum for both targets)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun r () Real)
(assert (> (+ (- 1) r) 0))
(assert (not (not (= (* (* (+ 1 r) (+ 1 r) (+ 1 r)) (+ (- 1) r)) 0))))
(check-sat)
