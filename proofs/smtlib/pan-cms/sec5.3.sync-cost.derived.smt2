; ldpref proof obligation pan-cms/sec5.3.sync-cost.derived
; claim: pan-cms/sec5.3.sync-cost
; meaning: derived 2 ceil(log2 d) < ceil(log2 n) + 2 max(2 ceil(log2 d), ceil(log2 n)), every ceil(log2 d) >= 1, ceil(log2 n) >= 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun clg_d () Real) ; integer, relaxed to Real
(declare-fun clg_n () Real) ; integer, relaxed to Real
(declare-fun w1 () Real)
(assert (>= (+ (- 1) clg_d) 0))
(assert (>= clg_n 0))
(assert (>= (+ w1 (* (- 1) clg_n)) 0))
(assert (>= (+ w1 (* (- 2) clg_d)) 0))
(assert (or (= (+ w1 (* (- 2) clg_d)) 0) (= (+ w1 (* (- 1) clg_n)) 0)))
(assert (not (< (+ (* (- 1) clg_n) (* (- 2) w1) (* 2 clg_d)) 0)))
(check-sat)
