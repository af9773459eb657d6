; ldpref proof obligation jiang-gcms/alg4
; claim: jiang-gcms/alg4
; meaning: while the corrected condition p_r - p_l > tau holds, either branch of an iteration keeps 1/2 <= p_l < p_r <= 1 inside the old interval and multiplies p_r - p_l by 2/3 (so the width after t iterations is (1/2)(2/3)^t <= tau for t large: the loop ends), every tau > 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun pl () Real)
(declare-fun pr () Real)
(declare-fun tau () Real)
(assert (>= (+ (- 1) (* 2 pl)) 0))
(assert (< (+ pl (* (- 1) pr)) 0))
(assert (<= (+ (- 1) pr) 0))
(assert (> tau 0))
(assert (<= (+ pl tau (* (- 1) pr)) 0))
(assert (not (and (>= (+ pr (* (- 1) pl)) 0) (< (* 2 (+ pl (* (- 1) pr))) 0))))
(check-sat)
