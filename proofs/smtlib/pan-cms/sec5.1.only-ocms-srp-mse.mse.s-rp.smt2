; ldpref proof obligation pan-cms/sec5.1.only-ocms-srp-mse.mse.s-rp
; claim: pan-cms/sec5.1.only-ocms-srp-mse
; meaning: Table 1, the worst-case n MSE (derived, independent of d and n): s-RP's value equals OCMS's, every h = e^(eps/2) > 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun h () Real)
(assert (> (+ (- 1) h) 0))
(assert (not true))
(check-sat)
