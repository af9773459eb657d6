"""The built-ins libraries ship (issue 11): hr-acharya, hm (t coefficients), hcms, fastlh.

Each exact mechanism is checked against an independent brute force: the protocol of its source (Acharya et
al. AISTATS 2019 Section 4; Cormode et al. SIGMOD 2018 Section 4.3 / pure-ldp's HadamardMech; Apple's HCMS;
pure-ldp's FastLH) enumerated here with ``fractions.Fraction`` only, every client's contribution to f_hat as an
exact distribution, combined over independent clients by :mod:`tests.bruteforce`.  No randomness: nothing here
can fail by chance.
"""

from __future__ import annotations

import itertools
import warnings
from fractions import Fraction as F

import pytest
import sympy

import bruteforce as bf
from ldpref import moments, privacy
from ldpref.errors import NonUniformFamilyWarning, ParameterError
from ldpref.mechanisms import REGISTRY, fastlh_family, hadamard_mechanism, make_family


def H(i: int, j: int) -> int:
    return -1 if bin(i & j).count("1") % 2 else 1


# ---- independent per-client protocols: {estimate contribution of one client to f_hat_x * n: probability} ----
def hr_acharya_client(d, K, e, v, x):
    out = {}
    for y in range(K):
        prob = F(2) * e / (K * (e + 1)) if H(v + 1, y) == 1 else F(2) / (K * (e + 1))
        est = 2 * (e + 1) / (e - 1) * (F(int(H(x + 1, y) == 1)) - F(1, 2))  # p_hat(C_x) - 1/2, rescaled
        out[est] = out.get(est, F(0)) + prob
    return out


def hr_general_client(d, B, b, e, v, x):
    """Section 5 by the paper's coupling: uniform over [B b] w.p. 2B/(2B-1+e), else uniform over C_v; the
    estimate of p_x is (the frequency of C_x, rescaled) minus (the estimated mass of x's block)."""
    K, den = B * b, 2 * B - 1 + e
    home = lambda u: (u // (b - 1), u % (b - 1) + 1)  # noqa: E731  (block, row)
    in_set = lambda u, y: y // b == home(u)[0] and H(home(u)[1], y % b) == 1  # noqa: E731
    out = {}
    for y in range(K):
        prob = F(2 * B) / den / K + (1 - F(2 * B) / den) * (F(2, b) if in_set(v, y) else 0)
        inter = 2 * (int(in_set(x, y)) * den - 1) / (e - 1)
        block = (den * int(y // b == home(x)[0]) - 2) / (e - 1)
        est = inter - block
        out[est] = out.get(est, F(0)) + prob
    return out


def hm_client(s, t, e, v, x, *, scale_bug=False):
    T = 2**t
    p_tuple = e / (e + T - 1)
    p_sign = p_tuple + (1 - p_tuple) * F(2 ** (t - 1) - 1, T - 1)  # kept, or replaced by a tuple that keeps it
    out = {}
    for js in itertools.product(range(s), repeat=t):
        true = tuple(H(j, v) for j in js)
        for zs in itertools.product((1, -1), repeat=t):
            prob = F(1, s**t) * (p_tuple if zs == true else (1 - p_tuple) / (T - 1))
            unit = F(1, t) if scale_bug else F(1, t) / (2 * p_sign - 1)
            est = unit * sum(z * H(j, x) for z, j in zip(zs, js))
            out[est] = out.get(est, F(0)) + prob
    return out


def hcms_client(table, m, e, v, x):
    k = len(table)
    c = (e + 1) / (e - 1)
    out = {}
    for j, h in enumerate(table):
        for l in range(m):
            for b in (1, -1):
                prob = F(1, k * m) * (e / (e + 1) if b == H(l, h[v]) else 1 / (e + 1))
                sketch = k * c * b * H(l, h[x])  # M[j][l] += k c b, then M H_m read at column h_j(x)
                est = F(m, m - 1) * (sketch / k - F(1, m))
                out[est] = out.get(est, F(0)) + prob
    return out


def lh_client(table, g, e, v, x):
    k = len(table)
    p = e / (e + g - 1)
    out = {}
    for h in table:
        for y in range(g):
            prob = F(1, k) * (p if y == h[v] else (1 - p) / (g - 1))
            est = (F(int(h[x] == y)) - F(1, g)) / (p - F(1, g))
            out[est] = out.get(est, F(0)) + prob
    return out


def brute_moments(client, counts, d):
    """E and Var of f_hat_x for independent clients, from each client's exact contribution distribution."""
    n = sum(counts)
    E, V = [], []
    for x in range(d):
        dists = [client(v, x) for v in range(d)]
        E.append(sum(c * bf.mean(dists[v]) for v, c in enumerate(counts)) / n)
        V.append(sum(c * bf.var(dists[v]) for v, c in enumerate(counts)) / n**2)
    return E, V


def _fractions(values):
    return [F(int(sympy.fraction(v)[0]), int(sympy.fraction(v)[1])) for v in (sympy.nsimplify(v) for v in values)]


def _family_table(fam):
    return [list(h) for h in fam.functions]


CASES = [
    ("hr-acharya", dict(d=3, exp_eps=3), [3, 1, 2], lambda v, x: hr_acharya_client(3, 4, F(3), v, x)),
    ("hr-acharya", dict(d=4, exp_eps=F(5, 2), size=16), [1, 0, 2, 1],
     lambda v, x: hr_acharya_client(4, 16, F(5, 2), v, x)),
    ("hr-acharya", dict(d=6, exp_eps=4, blocks=4), [2, 1, 0, 1, 3, 1],
     lambda v, x: hr_general_client(6, 4, 4, F(4), v, x)),
    ("hr-acharya", dict(d=5, exp_eps=F(9, 2), blocks=2), [1, 0, 2, 1, 1],
     lambda v, x: hr_general_client(5, 2, 4, F(9, 2), v, x)),
    ("hr-acharya", dict(d=3, exp_eps=3, blocks=1), [3, 1, 2], lambda v, x: hr_general_client(3, 1, 4, F(3), v, x)),
    ("hm", dict(d=4, exp_eps=3, t=2), [2, 1, 0, 1], lambda v, x: hm_client(4, 2, F(3), v, x)),
    ("hm", dict(d=3, exp_eps=2, t=1), [1, 2, 1], lambda v, x: hm_client(4, 1, F(2), v, x)),
    ("hm", dict(d=3, exp_eps=4, t=3, size=4), [1, 0, 1], lambda v, x: hm_client(4, 3, F(4), v, x)),
    ("hcms", dict(d=3, exp_eps=3, l=2), [2, 1, 1],
     lambda v, x: hcms_client(_family_table(make_family(3, family="gf2-affine", l=2)), 4, F(3), v, x)),
    ("fastlh", dict(d=3, exp_eps=3, k=8, g=2, seed=1), [2, 1, 1],
     lambda v, x: lh_client(_family_table(fastlh_family(3, 2, 8, 1)), 2, F(3), v, x)),
    ("fastlh", dict(d=4, exp_eps=F(7, 2), k=3, g=3, seed=5), [1, 2, 0, 1],
     lambda v, x: lh_client(_family_table(fastlh_family(4, 3, 3, 5)), 3, F(7, 2), v, x)),
]


@pytest.fixture(autouse=True)
def _quiet_family_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonUniformFamilyWarning)
        yield


@pytest.mark.parametrize("name,params,counts,client", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_moments_match_independent_brute_force(name, params, counts, client):
    M = REGISTRY[name].build(**params)
    E, V = brute_moments(client, counts, M.d)
    assert _fractions(moments.expectation(M, counts)) == E
    assert _fractions(moments.variance(M, counts)) == V
    e = sympy.nsimplify(params["exp_eps"])
    assert privacy.exp_eps(M) <= e  # eps-LDP of P, exactly
    if name != "fastlh":  # tight (a fixed hash family may never separate two values: then its ratio is lower)
        assert privacy.exp_eps(M) == e


@pytest.mark.parametrize("name,params", [("hr-acharya", dict(d=3, exp_eps=3)), ("hr-acharya", dict(d=5, exp_eps=2)),
                                         ("hm", dict(d=4, exp_eps=3, t=2)), ("hm", dict(d=3, exp_eps=5, t=2)),
                                         ("hcms", dict(d=3, exp_eps=3)), ("hcms", dict(d=4, exp_eps=2, l=2))])
def test_unbiased(name, params):
    M = REGISTRY[name].build(**params)
    counts = [1 + v % 3 for v in range(M.d)]
    assert all(b == 0 for b in moments.bias(M, counts))


def test_fastlh_known_bias_is_nonzero_and_warned():
    """FastLH over a fixed, non-pairwise-uniform family is biased; ldpref's expectation is that bias (the
    brute-force comparison above pins its value) and the builder warns."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        M = REGISTRY["fastlh"].build(d=3, exp_eps=3, k=4, g=2)
    assert any(issubclass(w.category, NonUniformFamilyWarning) for w in caught)
    assert any(b != 0 for b in moments.bias(M, [2, 1, 1]))


def test_fastlh_table_is_the_library_family():
    table = [[0, 1, 1], [1, 0, 1], [1, 1, 0], [0, 0, 0]]
    M = REGISTRY["fastlh"].build(d=3, exp_eps=3, k=4, g=2)
    M2 = __import__("ldpref.mechanisms", fromlist=["x"]).fast_local_hashing(3, 3, 4, g=2, table=table)
    E, _ = brute_moments(lambda v, x: lh_client(table, 2, F(3), v, x), [1, 1, 2], 3)
    assert _fractions(moments.expectation(M2, [1, 1, 2])) == E
    assert M.name.startswith("fastlh") and M2.name.startswith("fastlh")


def test_wrong_hm_decoder_is_caught():
    """The brute force can fail: without the 1/(2 p_1 - 1) rescaling the expectation differs."""
    M = hadamard_mechanism(4, 3, t=2)
    E_bug, _ = brute_moments(lambda v, x: hm_client(4, 2, F(3), v, x, scale_bug=True), [2, 1, 0, 1], 4)
    assert _fractions(moments.expectation(M, [2, 1, 0, 1])) != E_bug


def test_general_blocks_as_pure_ldp_chooses_them():
    from ldpref.mechanisms.shipped import hr_acharya_blocks, hr_acharya_general_blocks

    assert hr_acharya_general_blocks(6, 4) == 4 and hr_acharya_general_blocks(6, F(5, 2)) == 2
    assert hr_acharya_general_blocks(2, 100) == 4  # min(2d, e^eps)
    assert hr_acharya_blocks(6, 4) == (4, 4) and hr_acharya_blocks(7, 2) == (2, 8)


def test_eps_accepted():
    a = REGISTRY["hr-acharya"].build(d=3, eps="ln(3)")
    b = REGISTRY["hr-acharya"].build(d=3, exp_eps=3)
    assert a.P == b.P and a.Q == b.Q
    assert REGISTRY["hm"].build(d=3, eps="1/2", t=2).d == 3  # irrational e^eps stays exact


@pytest.mark.parametrize("name,params,needle", [
    ("hr-acharya", dict(d=3, exp_eps=3, size=4 + 2), "power-of-two"),
    ("hr-acharya", dict(d=4, exp_eps=3, size=4), "must exceed 4"),
    ("hm", dict(d=5, exp_eps=3, size=4), "at least d = 5"),
    ("hr-acharya", dict(d=5, exp_eps=3, blocks=3), "power of two"),
    ("hr-acharya", dict(d=2, exp_eps=9, blocks=8), "at most 2d"),
    ("hm", dict(d=3, exp_eps=3, t=0), "t = 0"),
    ("hcms", dict(d=3, exp_eps=3, m=3, family="random", k=2), "power of two"),
    ("fastlh", dict(d=3, exp_eps=3, k=2, g=1), "g = 1"),
    ("hm", dict(d=3, exp_eps=1), "exceed 1"),
])
def test_bad_input_one_line(name, params, needle):
    with pytest.raises(ParameterError) as info:
        REGISTRY[name].build(**params)
    text = str(info.value)
    assert needle in text and "\n" not in text


def test_fastlh_bad_table_one_line():
    with pytest.raises(ParameterError, match="not an integer in 0..1"):
        fastlh_family(3, 2, 1, table=[[0, 1, 2]])
    with pytest.raises(ParameterError, match="k = 2 rows"):
        fastlh_family(3, 2, 2, table=[[0, 1, 1]])


def test_hm_size_refused_before_building():
    from ldpref.limits import ResourceLimitError

    with pytest.raises(ResourceLimitError):
        hadamard_mechanism(64, 3, t=4)


def test_conformance_target_over_adapter_hashes():
    """``ldpref conform`` judges hcms / fastlh cases with hash=adapter over the adapter's own table."""
    from ldpref.conformance.target import exact_target
    from ldpref.hashing import HashFamily
    from ldpref.mechanisms import hadamard_count_mean_sketch

    rows = [[0, 1, 3], [2, 2, 1]]
    case = {"id": "h", "mechanism": "hcms", "params": {"d": 3, "exp_eps": "3", "m": 4}, "hash": "adapter"}
    target = exact_target(case, [2, 1, 1], rows)
    mech = hadamard_count_mean_sketch(HashFamily(tuple(map(tuple, rows)), 4), 3)
    assert list(target.mean) == moments.expectation(mech, [2, 1, 1])
    E, _ = brute_moments(lambda v, x: hcms_client(rows, 4, F(3), v, x), [2, 1, 1], 3)
    assert _fractions(target.mean) == E
    case2 = {"id": "f", "mechanism": "fastlh", "params": {"d": 3, "exp_eps": "3", "g": 2}, "hash": "adapter"}
    E2, V2 = brute_moments(lambda v, x: lh_client([[0, 1, 1], [1, 1, 0]], 2, F(3), v, x), [2, 1, 1], 3)
    t2 = exact_target(case2, [2, 1, 1], [[0, 1, 1], [1, 1, 0]])
    assert _fractions(t2.mean) == E2 and _fractions(t2.var) == V2
    with pytest.raises(ParameterError, match="integers in 0..3"):
        exact_target(case, [2, 1, 1], [[0, 1, 4]])


def test_hm_t1_is_he_shifted():
    """docs/conventions.md: hm with t = 1 on d + 1 = size inputs, read on inputs 1..d, is he on d inputs."""
    he = REGISTRY["he"].build(d=3, exp_eps=3)
    hm = hadamard_mechanism(4, 3, t=1)
    row = {label: u for u, label in enumerate(hm.outputs)}
    for u, label in enumerate(he.outputs):
        j, z = label.split(":")
        v = row[f"{j}:{'+' if z == '+1' else '-'}"]
        assert [hm.P[v, x + 1] for x in range(3)] == [he.P[u, x] for x in range(3)]
        assert [hm.Q[x + 1, v] for x in range(3)] == [he.Q[x, u] for x in range(3)]
