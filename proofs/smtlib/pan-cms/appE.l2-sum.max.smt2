; ldpref proof obligation pan-cms/appE.l2-sum.max
; claim: pan-cms/appE.l2-sum
; meaning: the maximum over datasets: at the dataset where l2(g) = G is attained, G <= (1 + tau) F (the summed bound) and F <= F_max = l2(f_hat) give the printed bound on l2(g) = G, l2(f_hat) = F_max
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun tau () Real)
(declare-fun G () Real)
(declare-fun F () Real)
(declare-fun F_max () Real)
(assert (> tau 0))
(assert (>= G 0))
(assert (>= F 0))
(assert (<= (+ F (* (- 1) F_max)) 0))
(assert (<= (+ G (* (- 1) F) (* (- 1) F tau)) 0))
(assert (not (<= (+ G (* (- 1) F_max) (* (- 1) F_max tau)) 0)))
(check-sat)
