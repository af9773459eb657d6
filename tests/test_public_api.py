"""The public API: eps= wherever exp_eps= is, the registry complete on import, every builder exported."""

import subprocess
import sys
from pathlib import Path

import pytest
import sympy

import ldpref.mechanisms as M
from ldpref.errors import ParameterError

ROOT = Path(__file__).resolve().parents[1]


def test_registry_is_complete_in_a_fresh_interpreter():
    code = ("from ldpref.mechanisms import REGISTRY; import sys; "
            "sys.stdout.write(' '.join(sorted(REGISTRY)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT)}, check=True).stdout.split()
    assert {"grr", "sue", "oue", "ss", "he", "hr", "rhr", "olh", "cms", "cms-he", "gcms", "ocms-prime"} <= set(out)
    assert REGISTRY_NAMES() == out


def REGISTRY_NAMES():
    return sorted(M.REGISTRY)


def test_every_builder_of_the_submodules_is_exported():
    import importlib

    hidden = {"cms": "count_mean_sketch", "gcms": "generalized_count_mean_sketch"}  # module names
    for module in ("ldpref.mechanisms.pure",) + M.BUILTIN_MODULES + ("ldpref.mechanisms.cms",):
        mod = importlib.import_module(module)
        for name in getattr(mod, "__all__", None) or [n for n in vars(mod) if not n.startswith("_")]:
            obj = getattr(mod, name)
            if callable(obj) and (name.startswith("build") or name in ("grr", "sue", "oue", "subset_selection",
                                                                          "hadamard_encoding", "hadamard_response",
                                                                          "recursive_hadamard_response",
                                                                          "local_hashing", "ocms_prime", "cms",
                                                                          "gcms", "rappor_cohorts")):
                exported = hidden.get(name, name)
                assert exported in M.__all__ and getattr(M, exported) is obj, (module, name)
    # the submodules stay reachable as modules
    import ldpref.mechanisms.gcms as gmod

    assert hasattr(gmod, "draw_classes")


@pytest.mark.parametrize("name, params", [
    ("grr", {"d": 3}), ("oue", {"d": 3}), ("ss", {"d": 4, "k": 2}), ("olh", {"d": 3}), ("hr", {"d": 3}),
    ("ocms-prime", {"d": 3, "m": 2}),
])
def test_registry_builders_take_eps(name, params):
    by_eps = M.REGISTRY[name].build(eps="ln(3)", **params)
    by_exp = M.REGISTRY[name].build(exp_eps=3, **params)
    assert by_eps.perturbation_matrix() == by_exp.perturbation_matrix()
    assert by_eps.decoder_matrix() == by_exp.decoder_matrix()


def test_builders_take_eps_in_every_form():
    three = M.grr(3, 3).mechanism.perturbation_matrix()
    for eps in ("ln(3)", "log(3)", sympy.log(3)):
        assert M.grr(3, eps=eps).mechanism.perturbation_matrix() == three
    half = M.grr(2, eps="1/2").mechanism.perturbation_matrix()
    assert sympy.simplify(half[0, 0] - sympy.exp(sympy.Rational(1, 2)) / (sympy.exp(sympy.Rational(1, 2)) + 1)) == 0
    assert M.grr(2, eps="0.5").mechanism.perturbation_matrix() == half  # decimals are exact
    with pytest.raises(ParameterError, match="not both"):
        M.grr(3, 3, eps="1")
    with pytest.raises(ParameterError, match="positive"):
        M.grr(3, eps="-1")
    with pytest.raises(TypeError):
        M.grr(3, eps=0.5)  # a float is refused, never rounded


def test_structured_and_optimizer_take_eps():
    from ldpref import moments
    from ldpref.gcms import lemma1_objective
    from ldpref.structured.registry import model
    from ldpref.wss import optimal_support_size

    assert moments.variance(model("grr", d=3, eps="ln(3)"), [1, 1, 1]) == moments.variance(
        model("grr", d=3, exp_eps=3), [1, 1, 1])
    assert optimal_support_size(6, eps="ln(3)") == optimal_support_size(6, 3)
    p = sympy.Rational(3, 4)
    assert lemma1_objective(p, eps="ln(3)", lam=10, k=2) == lemma1_objective(p, 3, 10, 2)
