"""``ldpref simulate``: exact side equal to ``ldpref audit``, a biased simulator caught, --jobs independence, bad
input.  Seeded: the agreeing runs use alpha = 1e-3 family-wise (false alarm at most about 1e-3 each, and fixed by
the seed); the biased run's bias is many times its minimum detectable bias."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ldpref.cli import main
from ldpref.cli import simulate as S
from ldpref.cli import simulate_core as SC
from ldpref.simulation import SIMULATORS, keys_of, simulator
from ldpref.simulation.base import register


def _run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_agrees_with_audit(tmp_path, capsys):
    mech = tmp_path / "oue.json"
    assert _run(capsys, "mechanism", "oue", "--set", "d=4", "exp_eps=3", "--json", str(mech))[0] == 0
    code, out, _ = _run(capsys, "audit", str(mech), "--counts", "5,3,2,0", "--json", "-")
    assert code == 0
    audit = json.loads(out)
    code, out, err = _run(capsys, "simulate", "oue", "--set", "exp_eps=3", "--data", "counts:5,3,2,0",
                          "--trials", "400", "--seed", "7", "--json", "-")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["format"] == "ldpref.simulate/1" and doc["d"] == 4 and doc["n"] == 10
    assert [r["exact_mean"]["exact"] for r in doc["values"]] == audit["expectation"]
    assert [r["exact_variance"]["exact"] for r in doc["values"]] == audit["variance"]
    assert [r["exact_mse"]["exact"] for r in doc["values"]] == audit["mse"]
    assert doc["agreement"]["agrees"] is True
    # a pure protocol: the bounded tests of ldpref.calibrated (issue 26), one mean and one variance test per value
    assert doc["agreement"]["calibration"].startswith("bounded")
    assert {t["name"] for t in doc["agreement"]["tests"]} >= {"mean[v=0]", "variance[v=3]"}
    assert "agrees with the exact moments: yes" in err       # the text goes to stderr with --json -
    assert "\r" not in err                                   # no progress line


def test_protocol_method_and_eps(capsys):
    code, out, err = _run(capsys, "simulate", "grr", "--set", "eps=1", "--data", "counts:30,10,0", "--trials", "60",
                          "--method", "protocol", "--seed", "3")
    assert code == 0, err
    assert "60 trials by the protocol method" in out and "agrees with the exact moments: yes" in out


class _Biased:
    """Wraps the OUE simulator and adds 0.05 to the estimate of value 0: a deliberately wrong client."""

    def __init__(self, **params):
        self.inner = simulator("oue", **params)
        self.name, self.params, self.d = "biased-oue", self.inner.params, self.inner.d

    def exact(self):
        return self.inner.exact()

    def sufficient_many(self, counts, trials, rng):
        est = self.inner.sufficient_many(counts, trials, rng)
        est[:, 0] += 0.05
        return est


@pytest.fixture
def biased():
    register("biased-oue", _Biased, keys=keys_of("oue"))
    yield "biased-oue"
    SIMULATORS.pop("biased-oue")
    SC._WORKER_CACHE.clear()


def test_biased_simulator_is_reported(biased, capsys):
    code, out, err = _run(capsys, "simulate", biased, "--set", "exp_eps=3", "--data", "counts:50,30,20,0",
                          "--trials", "400", "--seed", "1", "--json", "-")
    assert code == 1, err
    doc = json.loads(out)
    assert doc["agreement"]["agrees"] is False
    assert "z-mean[v=0]" in doc["agreement"]["rejected"]
    assert "NO -- rejected" in err


def test_results_do_not_depend_on_jobs():
    one = S.simulate("oue", {"d": "3", "exp_eps": "3"}, (4, 2, 1), 40, 5, jobs=1)
    two = S.simulate("oue", {"d": "3", "exp_eps": "3"}, (4, 2, 1), 40, 5, jobs=2)
    assert one.shape == (40, 3) and np.array_equal(one, two)
    other = S.simulate("oue", {"d": "3", "exp_eps": "3"}, (4, 2, 1), 40, 6, jobs=1)
    assert not np.array_equal(one, other)


@pytest.mark.parametrize("argv, message", [
    (["--trials", "1"], "at least 2 trials"),
    (["--data", "counts:0,0,0"], "empty"),
    (["--data", "zipf:d=3,n=5,z=2"], "unknown key 'z'"),
    (["--data", "zipf:d=3,n=0"], "n = 0"),
    (["--json", "/nonexistent-folder/x.json"], "does not exist"),
    (["--set", "d=5"], "3 values, but oue has d = 5"),
    (["--set", "nope=1"], "unknown key"),
    (["--trials", "x"], "not an integer"),
    (["--alpha", "2"], "between 0 and 1"),
])
def test_bad_input_one_line_exit_2(capsys, argv, message):
    base = {"--data": "counts:3,2,1", "--trials": "10"}
    sets = ["exp_eps=3"]
    extra = []
    i = 0
    while i < len(argv):
        if argv[i] == "--set":
            sets.append(argv[i + 1])
        elif argv[i] in base:
            base[argv[i]] = argv[i + 1]
        else:
            extra += argv[i:i + 2]
        i += 2
    args = ["simulate", "oue", "--set", *sets]
    for k, v in base.items():
        args += [k, v]
    code, out, err = _run(capsys, *args, *extra)
    assert code == 2 and out == ""
    assert err.startswith("ldpref: error:") and err.count("\n") == 1 and message in err, err
