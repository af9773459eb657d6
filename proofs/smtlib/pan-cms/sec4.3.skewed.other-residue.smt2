; ldpref proof obligation pan-cms/sec4.3.skewed.other-residue
; claim: pan-cms/sec4.3.skewed
; meaning: derived c_bar = 0 (other-residue) => printed c_bar != 2^-b, every 2^b >= 4 (b >= 2)
; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)
(set-logic QF_NRA)
(declare-fun c () Real)
(declare-fun B () Real)
(assert (>= (+ (- 4) B) 0))
(assert (not (=> (= c 0) (and (not (= B 0)) (not (= (+ (- 1) (* B c)) 0))))))
(check-sat)
