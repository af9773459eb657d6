; ldpref proof obligation pan-cms/sec6.3.he-worst-l.eps1
; claim: pan-cms/sec6.3.he-worst-l
; meaning: eps = 1 (e^eps in [2.718282, 2.718282], certified): RHR with b = 1 (one residue class: s = n - c for every x) has HE's w_eq and w_neq (its w_same), so HE's per-x variances, l1 and l2: the strict statement fails at eps = 1
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(assert (>= (+ (- 1359140914229) (* 500000000000 t)) 0))
(assert (<= (+ (- 2718281828461) (* 1000000000000 t)) 0))
(assert (not true))
(check-sat)
