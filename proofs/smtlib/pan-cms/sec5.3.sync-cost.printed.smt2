; ldpref proof obligation pan-cms/sec5.3.sync-cost.printed
; claim: pan-cms/sec5.3.sync-cost
; meaning: printed 2 log2 d < log2 n + max(4 log2 d, 2 log2 n), every log2 d >= 1, log2 n >= 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun lg_d () Real)
(declare-fun lg_n () Real)
(declare-fun w1 () Real)
(assert (>= (+ (- 1) lg_d) 0))
(assert (>= lg_n 0))
(assert (>= (+ w1 (* (- 4) lg_d)) 0))
(assert (>= (+ w1 (* (- 2) lg_n)) 0))
(assert (or (= (+ w1 (* (- 4) lg_d)) 0) (= (+ w1 (* (- 2) lg_n)) 0)))
(assert (not (< (+ (* (- 1) lg_n) (* (- 1) w1) (* 2 lg_d)) 0)))
(check-sat)
