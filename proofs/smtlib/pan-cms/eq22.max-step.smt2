; ldpref proof obligation pan-cms/eq22.max-step
; claim: pan-cms/eq22
; meaning: the maximum over the coordinates, induction step: M >= s gives max(M, b) >= s and max(M, b) >= b
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun M () Real)
(declare-fun b () Real)
(declare-fun s () Real)
(declare-fun w1 () Real)
(assert (>= (+ M (* (- 1) s)) 0))
(assert (>= (+ w1 (* (- 1) M)) 0))
(assert (>= (+ w1 (* (- 1) b)) 0))
(assert (or (= (+ w1 (* (- 1) M)) 0) (= (+ w1 (* (- 1) b)) 0)))
(assert (not (and (>= (+ w1 (* (- 1) b)) 0) (>= (+ w1 (* (- 1) s)) 0))))
(check-sat)
