; ldpref proof obligation pan-cms/sec4.6.small-km
; claim: pan-cms/sec4.6.small-km
; meaning: derived rank bound => printed rank < d, every k >= 1, m >= 2 with k m < d
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun rank () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun k () Real) ; integer, relaxed to Real
(declare-fun m () Real)
(assert (> d 0))
(assert (> k 0))
(assert (> m 0))
(assert (>= (+ (- 1) k) 0))
(assert (>= (+ (- 2) m) 0))
(assert (< (+ (* (- 1) d) (* k m)) 0))
(assert (not (=> (<= (+ (- 1) k rank (* (- 1) k m)) 0) (< (+ rank (* (- 1) d)) 0))))
(check-sat)
