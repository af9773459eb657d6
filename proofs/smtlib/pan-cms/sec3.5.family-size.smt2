; ldpref proof obligation pan-cms/sec3.5.family-size
; claim: pan-cms/sec3.5.family-size
; meaning: printed |H| = 2^(2l) => derived (|H| = 2^(2l), d^2 <= |H| < 4 d^2), 2^l = L with L/2 < d <= L (l the smallest with 2^l >= d)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun H () Real)
(declare-fun d () Real) ; integer, relaxed to Real
(declare-fun L () Real)
(assert (> H 0))
(assert (> d 0))
(assert (>= (+ (- 1) d) 0))
(assert (< (+ L (* (- 2) d)) 0))
(assert (<= (+ d (* (- 1) L)) 0))
(assert (not (=> (= (+ H (* (- 1) (* L L))) 0) (and (= (+ H (* (- 1) (* L L))) 0) (<= (+ (* d d) (* (- 1) H)) 0) (< (+ H (* (- 4) (* d d))) 0)))))
(check-sat)
