"""The derived forms of jiang-gcms's Section VII statements and Theorem 4's correction, as derivations
(``derivations.jiang_gcms.sec7_statements``, ``discovery.thm4_correction``): each can fail, and each agrees with
what it replaced."""

import mpmath
import sympy

import derivations.jiang_gcms.discovery as DD
import derivations.jiang_gcms.sec7_statements as S7
from derivations.jiang_gcms.discovery_symbols import T, b
from proofs_checks.jiang_gcms.sec7_experiments import ADULT_K, ADULT_M, ADULT_RUNS
from proofs_checks.jiang_gcms.sec7b_fig6 import feasible_ps

R = sympy.Rational


def test_adult_p_reproduces_fig8_and_can_fail():
    """Lemma 1's better integer neighbour of its continuous minimiser gives Fig. 8's p on every run; a p off by 1/100
    is refused."""
    for _, printed_p, eps_text, _, lam_ in ADULT_RUNS:
        kw = {"eps (Fig. 8)": eps_text, "lam": lam_, "m": ADULT_M, "k": ADULT_K}
        assert S7.adult_lemma1_p(eps_text, lam_, ADULT_M, ADULT_K) == printed_p
        assert S7.adult_p_holds(**kw, **{"Fig. 8's p": printed_p})
        assert not S7.adult_p_holds(**kw, **{"Fig. 8's p": printed_p + R(1, 100)})


def test_fig6_better_holds_refuses_an_empty_search():
    """On a small mechanism the best feasible GCMS beats Apple's CMS; at e^eps < 1 no integer s has p_s >= 1/2, and
    the predicate raises rather than answering."""
    assert S7.fig6_better_holds(m=3, k=1, **{"e^eps": R(4)}, counts=(2, 1))
    try:
        S7.fig6_better_holds(m=3, k=1, **{"e^eps": R(1, 4)}, counts=(2, 1))
    except ValueError:
        pass
    else:
        raise AssertionError("no feasible s at e^eps < 1, yet a verdict was given")


def test_feasible_ps_is_the_brute_force_list():
    """(s, p_s) with p_s = E s/(E s + m - s) >= 1/2, against the same list in exact rationals."""
    for E, m_ in ((R(3), 7), (R(5, 2), 12), (R(1, 2), 5)):
        exact = [(s_, E * s_ / (E * s_ + m_ - s_)) for s_ in range(1, m_)]
        exact = [(s_, p_) for s_, p_ in exact if p_ >= R(1, 2)]
        with mpmath.workdps(30):
            got = feasible_ps(mpmath.mpf(E.p) / E.q, m_)
            assert [s_ for s_, _ in got] == [s_ for s_, _ in exact]
            assert all(abs(p_ - mpmath.mpf(q.p) / q.q) < mpmath.mpf(10) ** -25 for (_, p_), (_, q) in zip(got, exact))


def test_thm4_correction_is_the_models_pair():
    """Theorem 4's correction: eps the model's worst loss (its second arm log(1/(1 - g)) == -log(1 - g)) and delta
    the model's g; a wrong delta would differ from delta_derived."""
    eps_form, delta_form = DD.thm4_correction()
    assert delta_form == DD.delta_derived()
    ours, model = eps_form.rhs.args, DD.eps_derived().rhs.args
    assert len(ours) == len(model) == 2
    for x in (R(1, 2), R(3)):
        for t in (R(1), R(5, 2)):
            at = {b: x, T: t}
            assert sorted(sympy.N(a.subs(at), 30) for a in ours) == sorted(sympy.N(a.subs(at), 30) for a in model)
