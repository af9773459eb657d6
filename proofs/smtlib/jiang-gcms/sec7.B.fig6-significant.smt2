; ldpref proof obligation jiang-gcms/sec7.B.fig6-significant
; claim: jiang-gcms/sec7.B.fig6-significant
; meaning: n = 1000000, k = 65536, m = 1024, eps = 4 (e^(eps/2) = h, e^2 in [7.389056098930649, 7.389056098930652] (certified)): for every real target 0 <= f(d) <= 200000 (n/5) and every F2 in [0, (n - f(d))^2] (any dataset), GCMS at s = 67 (p_s >= 1/2 proved) has derived Var <= 9/10 of Apple's CMS's, so the best integer s does too (the correction: the condition f(d) <= n/5)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun h () Real)
(declare-fun f () Real) ; integer, relaxed to Real
(declare-fun F2 () Real) ; integer, relaxed to Real
(assert (>= (+ (- 7389056098930649) (* 1000000000000000 h)) 0))
(assert (<= (+ (- 1847264024732663) (* 250000000000000 h)) 0))
(assert (>= f 0))
(assert (<= (+ (- 200000) f) 0))
(assert (>= F2 0))
(assert (<= (+ (- 1000000000000) F2 (* (- 1) (* f f)) (* 2000000 f)) 0))
(assert (not (and (>= (+ (- 957) (* 67 (* h h))) 0) (> (* 38645772820807680 (* (+ 1 h) (+ 1 h)) (* (+ (- 1) h) (+ (- 1) h) (+ (- 1) h) (+ (- 1) h))) 0) (<= (* (- 87) (* (+ (- 1) h) (+ (- 1) h)) (+ (- 6344437577343965000000) (* (- 88058503247942000000) (* h h)) (* (- 30708145382365000000) (* h h h h)) (* (- 662563) F2) (* 6344437577343965 f) (* 400565829894144000000 h) (* 400565829894144000000 (* h h h)) (* (- 6375145722726330) f (* h h)) (* (- 662563) F2 (* h h h h)) (* 1325126 F2 (* h h)) (* 30708145382365 f (* h h h h)))) 0))))
(check-sat)
