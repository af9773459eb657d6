"""Adapter of multi-freq-ldpy 0.2.5 (Arcolezi et al.; PyPI ``multi-freq-ldpy``) for ``ldpref conform``.

Runs in the peers' virtual environment (conformance/make_peer_env.sh; numpy < 2, numba).  Conventions mapped
here: the library takes eps (we pass ln(e^eps) as a float) and inputs 0..k-1 (ldpref's d is its k); its
clients GRR, UE and SS are numba-compiled, and numba keeps a random generator of its own, so the adapter seeds
numba's generator (inside a compiled function) as well as numpy's global one.

Every ``*_Aggregator_MI`` post-processes: it clips negative estimates to 0 and divides by their sum
(``estimators.Histogram_estimator.MI``).  The cases therefore declare ``postprocess: clip-normalise``: ldpref
judges them against the exact moments of that post-processed estimator (by enumeration, hence the small
datasets) and reports, separately, the comparison with the unbiased target.  LH's reports carry a fresh
xxh32 seed per client, a fresh function: ldpref enumerates it as the family of all m^d functions, which
is small only for tiny d and m (case olh-d3-e5/4); at d = 6, m = 4 (4,096 functions) it is not enumerated,
so that case is compared with the unbiased target only and is reported as not judged.
"""

import math
from fractions import Fraction

import numpy as np
from numba import njit
from multi_freq_ldpy.pure_frequency_oracles.GRR import GRR_Aggregator_MI, GRR_Client
from multi_freq_ldpy.pure_frequency_oracles.LH import LH_Aggregator_MI, LH_Client
from multi_freq_ldpy.pure_frequency_oracles.SS import SS_Aggregator_MI, SS_Client
from multi_freq_ldpy.pure_frequency_oracles.UE import UE_Aggregator_MI, UE_Client

ADAPTER_NAME = "multi-freq-ldpy 0.2.5"

CASES = [
    {"id": "grr-d3-e3", "mechanism": "grr", "params": {"d": 3, "exp_eps": "3"}, "postprocess": "clip-normalise",
     "counts": [[6, 4, 2], [8, 0, 0]]},
    {"id": "sue-d3-e4", "mechanism": "sue", "params": {"d": 3, "exp_eps": "4"}, "postprocess": "clip-normalise",
     "counts": [[3, 2, 1]], "note": "UE_Client(optimal=False)"},
    {"id": "oue-d3-e3", "mechanism": "oue", "params": {"d": 3, "exp_eps": "3"}, "postprocess": "clip-normalise",
     "counts": [[3, 2, 1]], "note": "UE_Client(optimal=True)"},
    {"id": "ss-d5-k2-e3/2", "mechanism": "ss", "params": {"d": 5, "exp_eps": "3/2", "k": 2},
     "postprocess": "clip-normalise", "counts": [[3, 1, 1, 0, 0]],
     "note": "the library's subset size max(1, rint(d / (e^eps + 1))) = 2"},
    {"id": "olh-d6-e3", "mechanism": "olh", "params": {"d": 6, "exp_eps": "3", "m": 4}, "hash": "fresh",
     "postprocess": "clip-normalise", "note": "LH_Client(optimal=True): g = round(e^eps) + 1 = 4"},
    {"id": "olh-d3-e5/4", "mechanism": "olh", "params": {"d": 3, "exp_eps": "5/4", "m": 2}, "hash": "fresh",
     "postprocess": "clip-normalise", "counts": [[2, 1, 0]],
     "note": "LH_Client(optimal=True): g = round(5/4) + 1 = 2; small enough to enumerate all 8 functions"},
]


@njit
def _seed_numba(seed):
    np.random.seed(seed)


def _eps(case):
    return math.log(Fraction(str(case["params"]["exp_eps"])))


def _kind(case):
    return case["id"].split("-")[0]


def client(case, values, seed):
    np.random.seed(seed % 2**32)
    _seed_numba(seed % 2**32)
    eps, d, kind = _eps(case), int(case["params"]["d"]), _kind(case)
    if kind == "grr":
        return [int(GRR_Client(v, d, eps)) for v in values]
    if kind in ("sue", "oue"):
        return [UE_Client(v, d, eps, kind == "oue") for v in values]
    if kind == "ss":
        return [SS_Client(v, d, eps) for v in values]
    if kind == "olh":
        return [LH_Client(v, d, eps, True) for v in values]
    raise ValueError(f"unknown case {case['id']}")


def server(case, reports):
    eps, d, kind = _eps(case), int(case["params"]["d"]), _kind(case)
    if kind == "grr":
        return list(GRR_Aggregator_MI(reports, d, eps))
    if kind in ("sue", "oue"):
        return list(UE_Aggregator_MI(np.array(reports), eps, kind == "oue"))
    if kind == "ss":
        return list(SS_Aggregator_MI(reports, d, eps))
    if kind == "olh":
        return list(LH_Aggregator_MI(reports, d, eps, True))
    raise ValueError(f"unknown case {case['id']}")
