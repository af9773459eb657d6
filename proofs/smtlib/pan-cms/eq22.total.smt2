; ldpref proof obligation pan-cms/eq22.total
; claim: pan-cms/eq22
; meaning: at the value x0 attaining max_x E[S(x)]: E[max_x S(x)] >= E[S(x0)] (steps 1, 2) is the corrected Eq. (22)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun E_max_total () Real)
(declare-fun E_s_total () Real)
(assert (>= (+ E_max_total (* (- 1) E_s_total)) 0))
(assert (not (>= (+ E_max_total (* (- 1) E_s_total)) 0)))
(check-sat)
