"""A deliberately WRONG GRR adapter: the server's decoder takes p and q for d - 1 values instead of d (an
off-by-one in the domain size), so its estimates are biased.  ``ldpref conform`` must reject it."""

from fractions import Fraction

import numpy as np

ADAPTER_NAME = "biased GRR (numpy, wrong decoder on purpose)"

CASES = [
    {"id": "grr-d4-e3", "mechanism": "grr", "params": {"d": 4, "exp_eps": "3"}},
]


def client(case, values, seed):
    d, e = int(case["params"]["d"]), float(Fraction(case["params"]["exp_eps"]))
    p = e / (e + d - 1)
    rng = np.random.default_rng(seed)
    values = np.asarray(values, dtype=np.int64)
    other = rng.integers(0, d - 1, size=len(values))
    other = other + (other >= values)
    return np.where(rng.random(len(values)) < p, values, other).tolist()


def server(case, reports):
    d, e = int(case["params"]["d"]), float(Fraction(case["params"]["exp_eps"]))
    p, q = e / (e + d - 2), 1 / (e + d - 2)  # the deliberate error: d - 1 values instead of d
    nu = np.bincount(np.asarray(reports, dtype=np.int64), minlength=d) / len(reports)
    return ((nu - q) / (p - q)).tolist()
