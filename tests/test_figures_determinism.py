"""A figure's theory curves do not depend on the sympy work its process did before (the fig8 CSV flake).

``tests/test_fuzz_faults.py::test_concurrent_figure_writers_leave_whole_files`` failed once in a fresh-clone
``.ci/run``: a ``figure jiang-gcms/fig8 --quick`` run left a CSV unlike an identical run's.  Plain runs in a loop
reproduce it without any concurrency (4 of 254 runs, 2026-11-29): the p = 0.57 curve "Thm 3 (derived)" differs in
the last digit at 3 of its 16 points.  ``sympy.lambdify`` named the form's arguments that are not Python identifiers
(``\\alpha_{1}``, ``\\alpha_{2}``, the sum of the other squared counts) ``Dummy_<N>``, N the process's running
count of Dummies, and the printer orders a sum's terms by those names: at N = 98 (``Dummy_98``, ``Dummy_99``,
``Dummy_100`` sort as text, 100 first) the terms of ``a1 - a1^2 - a2`` came in another order, and floats added
in another order round differently.  N at that call varied from run to run (84 to 123 in 12 runs): building the
ledger's forms makes a number of Dummies that depends on the process's random state (sympy's own random generator,
its random Dummy index base, the hash seed; with all three fixed, N was the same in every run).
``theory.numpy_function`` names the arguments by position instead.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
import sympy

from ldpref.figures import datasets, jiang_gcms, theory
from ldpref.gcms import algorithm3_q, algorithm4_s


def _fig8_curve(which: str) -> np.ndarray:
    """Theorem 3's Var f_hat(d) (``which`` form) at Fig 8's p = 0.57, eps 3.75, m = k = 100 on the Adult counts,
    evaluated as ``jiang_gcms._fig8`` does (the series that differed)."""
    _, counts = datasets.adult_education()
    f = counts.astype(np.float64)
    m = k = 100
    p = 0.57
    s = algorithm4_s(p, math.exp(3.75), m)
    return jiang_gcms._thm3_var(which, p, algorithm3_q(p, s, m), m, k, int(counts.sum()), f,
                                float((f ** 2).sum()) - f ** 2)


def _make_dummies_until(count: int) -> None:
    """Make Dummies until sympy's running count (the N of the next ``Dummy_<N>``) reaches ``count``, as earlier
    sympy work in the process would (the count only grows: no Dummy name or index is reused)."""
    while sympy.Dummy._count < count:
        sympy.Dummy()


@pytest.mark.parametrize("which", ["derived", "printed"])
def test_fig8_curve_is_the_same_whatever_the_dummy_count(which):
    before = _fig8_curve(which)
    # the next count at which the three arguments' Dummy names straddle a power of ten (98, 99, 100 before the
    # fix: the derived curve's last digits changed at 3 of 16 points)
    boundary = 10 ** len(str(sympy.Dummy._count + 10)) - 2
    _make_dummies_until(boundary)
    at_boundary = _fig8_curve(which)
    _make_dummies_until(sympy.Dummy._count + 7)
    after = _fig8_curve(which)
    assert before.tobytes() == at_boundary.tobytes() == after.tobytes(), (before - at_boundary, before - after)


def test_numpy_function_makes_no_dummy():
    """The generated code names its arguments by position whatever their symbols' names (a LaTeX name, a Python
    keyword such as lambda), so sympy makes no Dummy and the code is the same in every process."""
    fn = theory.function(jiang_gcms.VAR, "derived", jiang_gcms._VAR_KEYS)
    assert "Dummy" not in inspect.getsource(fn)
    lam, a1 = sympy.Symbol("lambda"), sympy.Symbol(r"\alpha_{1}")
    count = sympy.Dummy._count
    g = theory.numpy_function([lam, a1], lam - a1 ** 2 + a1)
    assert sympy.Dummy._count == count and "Dummy" not in inspect.getsource(g)
    assert g(0.5, 3.0) == 0.5 - 9.0 + 3.0


def test_numpy_function_refuses_a_symbol_without_argument():
    x, y = sympy.symbols("x0 y")
    with pytest.raises(ValueError, match="no argument for x0"):
        theory.numpy_function([y], x + y)  # x0 is not an argument, even though the first is renamed x0


def test_every_library_lambdify_names_its_arguments_by_position():
    """The ledger's lambdified forms (``ldpref.lambdified``: numpy and mpmath), ``ldpref eval``'s numpy value and the
    vector builder compile through :func:`ldpref.positional_lambdify.positional_lambdify`: no Dummy is made, so
    their floats do not depend on the process's earlier sympy work.  A plain ``sympy.lambdify`` left in the library
    fails here."""
    import pathlib

    from ldpref.lambdified import lambdify_expr

    lam, a1 = sympy.Symbol("lambda"), sympy.Symbol(r"\alpha_{1}")
    count = sympy.Dummy._count
    f = lambdify_expr("t", lam - a1 ** 2 + a1)
    assert f.keys == ("alpha_1", "lambda")
    assert f.numpy(**{"alpha_1": 3.0, "lambda": 0.5}) == 0.5 - 9.0 + 3.0
    assert f.mpmath(3.0, 0.5) == 0.5 - 9.0 + 3.0
    assert sympy.Dummy._count == count
    root = pathlib.Path(__file__).resolve().parent.parent / "ldpref"
    plain = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if "sympy.lambdify(" in p.read_text(encoding="utf-8") and p.name not in ("positional_lambdify.py",
                                                                                      "gcms.py")]
    assert not plain, f"sympy.lambdify outside positional_lambdify: {plain}"
