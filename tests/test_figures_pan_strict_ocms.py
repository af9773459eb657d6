"""pan-strict Fig 2: OCMS at its best hash range m < d' (prime field, pooled decoder) with its exact l2 curve.

The best m and the exact l2 are recomputed here from the family's definition: h_{a,b}(x) = ((a x + b) mod d') mod m,
a in 1..d'-1, b in 0..d'-1, collision rate counted over all d'(d'-1) functions for the pair (0, 1) (numpy); the
l2 of the pooled decoder is that of a pure protocol with p = e/(e + m - 1), q = c p + (1 - c)/(e + m - 1).
"""

import math

import numpy as np
import pytest

from ldpref.figures import pan_strict
from ldpref.figures.spec import Context, FigureData, Panel

D, DP = 100, 101


def _collision(m):
    a = np.arange(1, DP)[:, None]
    b = np.arange(DP)[None, :]
    return float(np.mean((b % DP) % m == ((a + b) % DP) % m))


def _l2(m, eps, n=1):
    e, c = math.exp(eps), _collision(m)
    p = e / (e + m - 1)
    q = c * p + (1 - c) / (e + m - 1)
    return (D * q * (1 - q) + (p - q) * (1 - p - q)) / (n * (p - q) ** 2)


def test_best_m_is_the_exhaustive_argmin_below_d_prime():
    want = [min(range(2, DP), key=lambda m: _l2(m, eps)) for eps in (1, 2, 3, 4, 5)]
    assert want == [4, 8, 20, 51, 100]  # issue 24's values; m = d' = 101 is not a mechanism
    assert [pan_strict.ocms_best_m(D, eps) for eps in (1, 2, 3, 4, 5)] == want


def test_ocms_curves_and_simulated_m():
    counts = np.array([4000, 2000, 1000] + [30] * 97, dtype=np.int64)
    n = int(counts.sum())
    ctx = Context(trials=3, seed=1, quick=True)
    data = FigureData([Panel("l1", "eps", "l1"), Panel("l2", "eps", "l2")])
    pan_strict._part(ctx, data, counts, "Zipf", 0, 1, [("OCMS", "ocms-prime")], True, 1)
    by = {s.label: s for s in data.series}
    exact = by["OCMS exact (pooled decoder, best m)"]
    assert exact.x == [1, 3, 5] and exact.params == ["m=4", "m=20", "m=100"]
    for eps, y, m in zip(exact.x, exact.y, (4, 20, 100)):
        assert math.isclose(y, _l2(m, eps, n), rel_tol=1e-9)
    grouped = by["OCMS Cor 5.1 (grouped decoder, derived)"]
    assert all(g <= p for g, p in zip(grouped.y, exact.y))  # own-configuration decoding never loses
    sim = by["OCMS simulated"]
    assert sim.params == ["m=4", "m=20", "m=100"]


def test_wss_k_is_the_exact_argmin_and_a_tie_is_refused(monkeypatch):
    """WSS's k: the 60-digit ranking's winner is the exact argmin over 1..d-1 (every pair ordered by ldpref.exact);
    when the runner-up's loss equals the winner's, the winner is not confirmed and the figure refuses it."""
    import sympy

    import ldpref.wss as W
    from ldpref.exact import exact_order

    for d, eps in ((8, 1), (16, 2)):
        k = pan_strict._wss_k(d, eps)
        E = sympy.exp(eps)
        best = W.osc_l2_per_client(d, k, E)
        assert all(exact_order(W.osc_l2_per_client(d, j, E), best) == 1 for j in range(1, d) if j != k)
    monkeypatch.setattr(W, "osc_l2_per_client", lambda d, k, e: sympy.sqrt(2))
    with pytest.raises(ArithmeticError, match="not confirmed"):
        pan_strict._wss_k(8, 1)
