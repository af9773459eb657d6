"""A correct GRR adapter (numpy only): the in-repo reference that ``ldpref conform`` must pass.

Generalised randomised response (Wang et al. 2017, "direct encoding"): keep the value with probability
p = e^eps / (e^eps + d - 1), else report one of the other d - 1 values uniformly; the server's unbiased
estimate is (nu_v - q) / (p - q) with q = 1 / (e^eps + d - 1).
"""

from fractions import Fraction

import numpy as np

ADAPTER_NAME = "reference GRR (numpy)"

CASES = [
    {"id": "grr-d4-e3", "mechanism": "grr", "params": {"d": 4, "exp_eps": "3"}},
    {"id": "grr-d3-e5/2", "mechanism": "grr", "params": {"d": 3, "exp_eps": "5/2"}, "counts": [[10, 0, 2], [4, 4, 4]]},
]


def _pq(case):
    d, e = int(case["params"]["d"]), float(Fraction(case["params"]["exp_eps"]))
    return d, e / (e + d - 1), 1 / (e + d - 1)


def client(case, values, seed):
    d, p, _ = _pq(case)
    rng = np.random.default_rng(seed)
    values = np.asarray(values, dtype=np.int64)
    keep = rng.random(len(values)) < p
    other = rng.integers(0, d - 1, size=len(values))
    other = other + (other >= values)  # uniform over the d - 1 other values
    return np.where(keep, values, other).tolist()


def server(case, reports):
    d, p, q = _pq(case)
    nu = np.bincount(np.asarray(reports, dtype=np.int64), minlength=d) / len(reports)
    return ((nu - q) / (p - q)).tolist()
