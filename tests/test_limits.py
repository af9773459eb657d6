"""The one resource rule (ldpref/limits.py) and the small bad-input items of issue 10.

* every builder refuses an oversized job at once, with one line naming the size, the limit and the
  structured alternative, and the size it states is the size it would really build (compared with the
  mechanism actually built at small parameters, under a lowered limit);
* optimize gcms at eps = 100 and 1000 returns the minimiser of Lemma 1's objective found independently
  by golden-section search in log(1 - p) with mpmath at 150+ digits;
* derivations.pan_strict ocms_groups stays exact for a builtin int e^eps;
* duplicated values of interest are refused.
"""

from __future__ import annotations

import io
import math
import time
from fractions import Fraction

import mpmath
import pytest
import sympy

import ldpref.mechanisms.gcms  # noqa: F401  (registers gcms)
import ldpref.mechanisms.prime_cms  # noqa: F401
import ldpref.mechanisms.variants  # noqa: F401
from ldpref import limits
from ldpref.errors import ParameterError
from ldpref.exact import EXP_EPS
from ldpref.limits import ResourceLimitError
from ldpref.mechanisms import REGISTRY

# ---- refusals of the issue, through the registry builders / API ---------------------------------------------
REFUSED = [
    ("grr", dict(d=1_000_000, exp_eps=3), 1_000_000),
    ("ss", dict(d=40, k=20, exp_eps=3), math.comb(40, 20)),
    ("rhr", dict(d=100_000, b=2, exp_eps=3), 65536 * 4),
    ("he", dict(d=100_000, exp_eps=3), 2 * 131072),
    ("oue", dict(d=30, exp_eps=3), 2**30),
    ("ss", dict(d=40, exp_eps=3), None),  # k = the l2-optimal one, then C(40, k) outputs
]


@pytest.mark.parametrize("name, params, outputs", REFUSED)
def test_oversized_registry_builds_refuse_at_once(name, params, outputs):
    t0 = time.perf_counter()
    with pytest.raises(ResourceLimitError) as info:
        REGISTRY[name].build(**params)
    assert time.perf_counter() - t0 < 1.0
    msg = str(info.value)
    assert "\n" not in msg
    assert "the limit is" in msg and "about 2 GB" in msg
    from ldpref.structured.registry import MODELS

    if name in MODELS:  # the alternative named is one that exists
        assert f"`ldpref moments {name} --set" in msg
    else:
        assert f"{name} has no structured model yet" in msg
    if outputs is not None:
        assert f"{outputs:,} outputs" in msg
        assert f"{2 * outputs * params['d']:,} exact entries" in msg
    assert isinstance(info.value, ParameterError)  # the CLI exits 2


def test_ocms_prime_refuses_before_building_its_family():
    t0 = time.perf_counter()
    with pytest.raises(ResourceLimitError, match=r"\(d'-1\) d' m = "):
        REGISTRY["ocms-prime"].build(d=100_000, m=10, exp_eps=3)
    assert time.perf_counter() - t0 < 1.0


def test_wss_d200_and_the_k_search_refuse_at_once():
    from ldpref.wss import optimal_support_size, weighted_subset_selection

    t0 = time.perf_counter()
    with pytest.raises(ResourceLimitError, match=r"19,900 constraint rows"):
        weighted_subset_selection(200, None, 3)
    with pytest.raises(ResourceLimitError, match=r"values of k"):
        optimal_support_size(10**7, 3)
    assert time.perf_counter() - t0 < 1.0


def test_optimal_support_size_on_fractions_matches_sympy():
    from ldpref.wss import osc_l2_per_client, optimal_support_size

    for d, e in ((7, 3), (12, sympy.Rational(5, 2)), (30, 20)):
        brute = min((osc_l2_per_client(d, k, e), k) for k in range(1, d))[1]
        assert optimal_support_size(d, e) == brute


def test_optimize_gcms_large_m_refuses_at_once():
    from ldpref.gcms import optimize_gcms

    t0 = time.perf_counter()
    with pytest.raises(ResourceLimitError, match=r"999,999 values of s"):
        optimize_gcms(3, Fraction(1, 3), 10, 1_000_000)
    assert time.perf_counter() - t0 < 1.0


def test_hash_draws_and_enumeration_refuse():
    from ldpref.enumeration import response_count_distribution
    from ldpref.hashing import all_function_draws
    from ldpref.mechanisms import grr

    with pytest.raises(ResourceLimitError, match=r"draws"):
        next(all_function_draws(10**6, 2, 3))
    with pytest.raises(ResourceLimitError, match=r"outcomes"):
        response_count_distribution(grr(8, 3).mechanism, [20] * 8)


# ---- the size stated is the size built -------------------------------------------------------------------------
SMALL = [
    ("grr", dict(d=5, exp_eps=3)),
    ("sue", dict(d=4, exp_eps=4)),
    ("oue", dict(d=4, exp_eps=3)),
    ("ss", dict(d=6, k=2, exp_eps=3)),
    ("he", dict(d=5, exp_eps=3, size=None)),
    ("hr", dict(d=5, exp_eps=3, size=None)),
    ("rhr", dict(d=6, b=2, exp_eps=3, size=None, decoder="hadamard")),
    ("cms", dict(d=4, exp_eps=3, l=2)),
    ("cms", dict(d=3, exp_eps=3, m=2, k=3, family="random", inner="arp")),
    ("olh", dict(d=4, exp_eps=3)),
    ("cms-he", dict(d=4, exp_eps=3, l=2)),
    ("gcms", dict(d=4, m=4, k=2, s=2, exp_eps=3)),
    ("ocms-prime", dict(d=4, m=2, exp_eps=3)),
]


@pytest.mark.parametrize("name, params", SMALL)
def test_stated_size_is_the_built_size(name, params, monkeypatch):
    mech = REGISTRY[name].build(**params)
    monkeypatch.setattr(limits, "LIMIT_BYTES", 1)
    with pytest.raises(ResourceLimitError) as info:
        REGISTRY[name].build(**params)
    entries = 2 * mech.n_outputs * mech.d
    assert f"{mech.n_outputs:,} outputs" in str(info.value)
    assert f"{entries:,} exact entries (about {limits.bytes_text(entries * limits.BYTES_PER_ENTRY)})" in str(info.value)


def test_symbolic_entries_cost_more():
    with pytest.raises(ResourceLimitError, match="symbolic exact entries"):
        REGISTRY["oue"].build(d=16, exp_eps=EXP_EPS)  # 2 x 2^16 x 16 x 3000 B > 2 GB
    REGISTRY["oue"].build(d=3, exp_eps=EXP_EPS)


def test_limit_figures():
    # 200 B per entry, 2 GB: ten million entries; the example of the issue
    assert limits.MAX_ENTRIES == 10**7
    assert limits.count_text(2**30) == "1,073,741,824"
    assert limits.bytes_text(6 * 10**12) == "6 TB"
    assert limits.count_text(10**40) == "1.00e40"


def test_progress_only_on_a_terminal():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    quiet, loud = io.StringIO(), Tty()
    for stream in (quiet, loud):
        with limits.Progress("building", 10, stream=stream, every=1) as bar:
            for _ in range(10):
                bar.advance()
    assert quiet.getvalue() == ""
    assert "building: 10/10 (100%)" in loud.getvalue()


# ---- optimize gcms at large eps, against an independent minimisation -------------------------------------------
def _independent_minimiser(eps: int, lam: Fraction, k: int, digits: int):
    """Golden-section search of Lemma 1's objective, written out here, in u = -log(1 - p) on [log 2, 2 eps]
    (the objective is flat and the minimiser sits near 1 - p ~ e^-eps/2, so the search runs in the log)."""
    with mpmath.workdps(digits):
        E = mpmath.exp(eps)
        L = mpmath.mpf(lam.numerator) / lam.denominator

        def f(u):
            t = mpmath.exp(-u)  # 1 - p
            p = 1 - t
            w = E * t + p
            return (k * w - p + L * (w - 1) * (k * w - p - w * p)) / (k * t * t * p)

        a, b = mpmath.log(2), mpmath.mpf(2 * eps)
        g = (mpmath.sqrt(5) - 1) / 2
        c, d = b - g * (b - a), a + g * (b - a)
        fc, fd = f(c), f(d)
        for _ in range(400):
            if fc <= fd:
                b, d, fd = d, c, fc
                c = b - g * (b - a)
                fc = f(c)
            else:
                a, c, fc = c, d, fd
                d = a + g * (b - a)
                fd = f(d)
        return (a + b) / 2  # -log(1 - p*)


@pytest.mark.parametrize("eps", [100, 1000])
def test_optimize_gcms_large_eps_finds_the_true_minimiser(eps):
    from ldpref.gcms import optimize_gcms

    lam = Fraction(1, 3)
    with mpmath.workdps(60):
        target = mpmath.exp(eps)
    r = optimize_gcms(target, lam, 10, 10)
    u_true = _independent_minimiser(eps, lam, 10, digits=2 * eps // 2 + 150)
    with mpmath.workdps(2 * eps + 100):
        u_got = -mpmath.log(1 - r.p_lemma1)
        assert abs(u_got - u_true) < mpmath.mpf(10) ** -8
        assert abs(u_true - (eps / 2 - mpmath.mpf("0.6675"))) < 1  # near 1 - p = e^-49.3 at eps = 100
    # nothing is dropped: the integer-s choices exist (s = 1 is feasible: p_1 = e/(e + 9) < 1)
    assert r.exact is not None and r.lemma1_integer is not None and r.exact.s == 1
    doc = r.as_dict()
    assert doc["p_lemma1_root_isolation"].startswith("1 - ")
    assert r.lemma1_unimodal and r.variance_unimodal


def test_optimize_gcms_reports_why_a_choice_is_missing():
    from ldpref.gcms import optimize_gcms

    r = optimize_gcms(3, Fraction(1, 3), 2, 3, p_min=Fraction(99, 100))  # no s gives p_s >= 99/100
    assert r.exact is None and r.lemma1_integer is None
    assert any("cannot be computed" in note for note in r.notes)


# ---- exactness leak in derivations, duplicates of interest ----------------------------------------------------
def test_ocms_groups_is_exact_for_a_builtin_int():
    from derivations.pan_strict.constructions import ocms_groups, ocms_pq_pooled

    for e_value in (3, Fraction(7, 2)):
        got = ocms_groups(7, 3, e_value)
        symbolic = ocms_groups(7, 3)
        for kk, (pi, responses, base) in got.items():
            assert isinstance(pi, sympy.Rational) and isinstance(base, sympy.Rational)
            spi, sresp, sbase = symbolic[kk]
            e_exact = sympy.Rational(e_value.numerator, e_value.denominator) if isinstance(e_value, Fraction) \
                else sympy.Integer(e_value)
            assert pi == spi.subs(EXP_EPS, e_exact) and base == sbase.subs(EXP_EPS, e_exact) and responses == sresp
        assert all(isinstance(v, sympy.Rational) for v in ocms_pq_pooled(7, 3, e_value))


def test_duplicate_values_of_interest_are_refused():
    from ldpref.losses import worst_case_mse
    from ldpref.mechanisms import grr

    mech = grr(3, 3).mechanism
    with pytest.raises(ParameterError, match="0 given more than once"):
        worst_case_mse(mech, 2, interest=[0, 0])
    assert worst_case_mse(mech, 2, interest=[1, 0]).value == worst_case_mse(mech, 2, interest=[0, 1]).value


@pytest.mark.parametrize("eps", [100])
def test_optimize_gcms_command_at_large_eps_prints_every_line(eps, capsys, tmp_path):
    """The command (issue 10: printed p = 0.5 and dropped two lines at eps = 100): every line present, and the
    JSON's Lemma 1 minimiser equals the independent golden-section search (eps = 1000: the API test above; the
    command passes e^eps through unchanged, as this test shows at eps = 100)."""
    import json

    from ldpref.cli import main

    out = tmp_path / "o.json"
    assert main(["optimize", "gcms", "--set", f"eps={eps}", "lam=1/3", "k=10", "m=10", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    for line in ("Algorithm 4", "root isolation", "Lemma 1 over integer s", "exact-variance optimum",
                 "continuous s"):
        assert line in text
    assert "not computed" not in text
    doc = json.loads(out.read_text())
    p_text = doc["p_lemma1_root_isolation"]
    assert p_text.startswith("1 - ")
    u_true = _independent_minimiser(eps, Fraction(1, 3), 10, digits=eps + 150)
    with mpmath.workdps(50):
        u_got = -mpmath.log(mpmath.mpf(p_text[4:]))
        assert abs(u_got - u_true) < mpmath.mpf(10) ** -10  # 15 printed digits of 1 - p


def test_optimize_gcms_command_refuses_eps_beyond_its_bound(capsys):
    from ldpref.cli import main

    assert main(["optimize", "gcms", "--set", "eps=1001", "lam=1/3", "k=10", "m=10"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "at most 1000" in err[0]


def test_randomised_response_helpers_stay_exact_for_builtin_ints():
    """RR's (p, q) helpers in the derivations returned floats for builtin ints (1 / int): each takes to_exact."""
    from derivations.cross import cms_rr_l2, cms_rr_pq
    from derivations.jiang_gcms.model import brr_pq, grr_pq
    from derivations.pan_cms import tables
    from derivations.pan_cms.basics import rr_pq

    third, half = sympy.Rational(1, 3), sympy.Rational(1, 2)
    assert cms_rr_pq(3, 2) == (half, third) and cms_rr_l2(5, 3, 2, 1) == 41
    assert grr_pq(3, 2) == (half, sympy.Rational(1, 4)) and brr_pq(3) == (sympy.Rational(3, 4), sympy.Rational(1, 4))
    for pq in (rr_pq(3, 2), tables.rr_pq(3, 2)):
        assert pq == (half, sympy.Rational(1, 4))
    for value in (*cms_rr_pq(3, 2), *grr_pq(3, 2), *rr_pq(3, 2), *tables.rr_pq(3, 2), *tables.rr_variances(3, 2)):
        assert isinstance(value, sympy.Rational)
    with pytest.raises(TypeError):
        rr_pq(3, 2.0)


def test_unary_encoding_with_an_absurd_d_is_refused_without_building_two_to_the_d():
    """2^(2^63) cannot be built as an integer: the refusal must come before (a MemoryError was the old answer)."""
    from ldpref.errors import ParameterError
    from ldpref.mechanisms import oue, sue

    for build in (oue, sue):
        with pytest.raises(ParameterError, match=r"2\^9223372036854775808 outputs"):
            build(2**63, 3)
