; ldpref proof obligation pan-cms/table1.RHR.l2.he
; claim: pan-cms/table1.RHR.l2
; meaning: RHR's derived leading n l2 coefficient per d over the corrected order's lies in [4, 8], b = 1 (HE), 1 < e^eps < 2 (e^eps = s^2)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun s () Real)
(assert (> s 0))
(assert (> (* (+ 1 s) (+ (- 1) s)) 0))
(assert (< (+ (- 2) (* s s)) 0))
(assert (not (and (> (* (* s s) (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s))) 0) (<= (* (* (+ 1 s) (+ 1 s)) (* (+ (- 1) s) (+ (- 1) s)) (+ (- 1) (* s s) (* (- 2) s)) (+ (- 1) (* s s) (* 2 s))) 0))))
(check-sat)
