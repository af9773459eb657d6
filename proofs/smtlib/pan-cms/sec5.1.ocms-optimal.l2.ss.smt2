; ldpref proof obligation pan-cms/sec5.1.ocms-optimal.l2.ss
; claim: pan-cms/sec5.1.ocms-optimal
; meaning: Table 1, the d -> oo leading coefficient of n l2 per d (derived, independent of d and n): SS's value is at least OCMS's, every h = e^(eps/2) > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun h () Real)
(assert (> (+ (- 1) h) 0))
(assert (not true))
(check-sat)
