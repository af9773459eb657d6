; ldpref proof obligation pan-cms/appD.eq38
; claim: pan-cms/appD.eq38
; meaning: the derived m_tau meets the printed lower bound, every e^eps > 1, tau > 0
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun t () Real)
(declare-fun tau () Real)
(declare-fun r1 () Real)
(assert (> t 0))
(assert (> tau 0))
(assert (> (+ (- 1) t) 0))
(assert (>= r1 0))
(assert (>= (+ 1 (* t t) (* 2 t) (* 4 t tau)) 0))
(assert (= (+ (- 1) (* r1 r1) (* (- 1) (* t t)) (* (- 2) t) (* (- 4) t tau)) 0))
(assert (not (or (and (> (* 4 t tau (+ 1 tau)) 0) (>= (+ 1 r1 (* t t) (* (- 1) tau) (* 2 t) (* r1 t) (* r1 tau) (* (- 1) tau (* t t)) (* 4 t (* tau tau)) (* 10 t tau) (* r1 t tau)) 0)) (and (< (* 4 t tau (+ 1 tau)) 0) (<= (+ 1 r1 (* t t) (* (- 1) tau) (* 2 t) (* r1 t) (* r1 tau) (* (- 1) tau (* t t)) (* 4 t (* tau tau)) (* 10 t tau) (* r1 t tau)) 0)))))
(check-sat)
