"""Adapter of pure-ldp 1.2.0 (Cormode, Maddock and others; PyPI ``pure-ldp``) for ``ldpref conform``.

Runs in the peers' virtual environment (conformance/make_peer_env.sh; numpy < 2).  Conventions mapped here:
pure-ldp takes eps (we pass ln(e^eps) as a float), maps data with ``index_mapper`` (default x - 1; we pass
the identity so inputs are ldpref's 0..d-1), estimates counts (we divide by n), and draws from Python's
``random`` and numpy's global generator (both seeded from the trial seed).

Cases: DE (= GRR), SUE and OUE (UEClient/UEServer), OLH and BLH (LHClient/LHServer: a fresh xxhash seed per
client, judged against a fresh uniform random function per client), FastLH (k fixed seeds: judged against
its own hash functions, and against the fresh-function model it approximates), the Hadamard mechanism with
t = 1 (= ldpref's ``he``: pure-ldp's domain of size 8 with ldpref's value v as pure-ldp's v + 1, row 0 unused),
and Apple's CMS (CMSClient/CMSServer, = ldpref's ``cms`` with inner=srp over pure-ldp's own xxh64 functions).
Built-ins of ldpref.mechanisms.shipped: Hadamard Response at eps <= 1 (pure-ldp's high-privacy scheme =
``hr-acharya``) and at eps > 1 (the blocked general scheme = ``hr-acharya`` with ``blocks``, the library's
public input permutation set to the identity), the Hadamard mechanism with t = 2 and 3 on a power-of-two domain
(= ``hm``, value x is column x), HCMS (CMSClient/CMSServer with is_hadamard=True, = ``hcms`` over pure-ldp's own
xxh64 functions) and FastLH as ``fastlh`` over its own xxh32 seeds.
"""

import math
import random
from fractions import Fraction

import numpy as np
import xxhash
from pure_ldp.core import generate_hash_funcs
from pure_ldp.frequency_oracles.apple_cms import CMSClient, CMSServer
from pure_ldp.frequency_oracles.direct_encoding import DEClient, DEServer
from pure_ldp.frequency_oracles.hadamard_mechanism import HadamardMechClient, HadamardMechServer
from pure_ldp.frequency_oracles.hadamard_response import HadamardResponseClient, HadamardResponseServer
from pure_ldp.frequency_oracles.local_hashing import FastLHClient, FastLHServer, LHClient, LHServer
from pure_ldp.frequency_oracles.unary_encoding import UEClient, UEServer

ADAPTER_NAME = "pure-ldp 1.2.0"

_FLH_COUNTS = [[80, 40, 40, 20, 10, 10]]
CASES = [
    {"id": "de-d4-e3", "mechanism": "grr", "params": {"d": 4, "exp_eps": "3"}},
    {"id": "de-d8-e4", "mechanism": "grr", "params": {"d": 8, "exp_eps": "4"}},
    {"id": "sue-d4-e4", "mechanism": "sue", "params": {"d": 4, "exp_eps": "4"}},
    {"id": "oue-d4-e3", "mechanism": "oue", "params": {"d": 4, "exp_eps": "3"}},
    {"id": "olh-d6-e3", "mechanism": "olh", "params": {"d": 6, "exp_eps": "3", "m": 4}, "hash": "fresh",
     "note": "LHClient(use_olh=True): g = round(e^eps) + 1 = 4, a fresh xxh32 seed per client"},
    {"id": "blh-d6-e3", "mechanism": "olh", "params": {"d": 6, "exp_eps": "3", "m": 2}, "hash": "fresh",
     "note": "LHClient(g=2): binary local hashing"},
    {"id": "flh-d6-e3-k8-own", "mechanism": "olh", "params": {"d": 6, "exp_eps": "3", "m": 4}, "hash": "adapter",
     "counts": _FLH_COUNTS, "note": "FastLH with k = 8 seeds, judged over its own 8 hash functions"},
    {"id": "flh-d6-e3-k8-ideal", "mechanism": "olh", "params": {"d": 6, "exp_eps": "3", "m": 4}, "hash": "fresh",
     "counts": _FLH_COUNTS, "note": "the same FastLH judged against OLH with a fresh function per client"},
    {"id": "hm-t1-d7-e3", "mechanism": "he", "params": {"d": 7, "exp_eps": "3", "size": 8},
     "note": "HadamardMech t = 1 on pure-ldp's domain of 8 (value v is pure-ldp's v + 1)"},
    {"id": "hra-d6-e2", "mechanism": "hr-acharya", "params": {"d": 6, "exp_eps": "2"},
     "note": "HadamardResponse at eps = ln 2 <= 1: Acharya et al.'s high-privacy scheme, K = 8"},
    {"id": "hrg-d6-e5", "mechanism": "hr-acharya", "params": {"d": 6, "exp_eps": "5", "blocks": 4},
     "note": "HadamardResponse at eps = ln 5 > 1: the general scheme, B = 2^floor(log2 min(2d, e^eps)) = 4 blocks "
             "of b = 4; its public input permutation set to the identity (a relabelling of the inputs)"},
    {"id": "hmt-t2-d8-e3", "mechanism": "hm", "params": {"d": 8, "exp_eps": "3", "t": 2},
     "note": "HadamardMech t = 2 on d = 8 (value x is column x of H_8)"},
    {"id": "hmt-t3-d4-e3", "mechanism": "hm", "params": {"d": 4, "exp_eps": "3", "t": 3},
     "note": "HadamardMech t = 3 on d = 4"},
    {"id": "hcms-d6-m4-k4-e3", "mechanism": "hcms", "params": {"d": 6, "exp_eps": "3", "m": 4},
     "hash": "adapter", "counts": [[40, 20, 20, 10, 5, 5]],
     "note": "Apple's HCMS, k = 4 xxh64 functions (seeds 0..3), judged over those functions"},
    {"id": "fastlh-d6-e3-k8-own", "mechanism": "fastlh", "params": {"d": 6, "exp_eps": "3", "g": 4},
     "hash": "adapter", "counts": _FLH_COUNTS, "note": "FastLH (k = 8 seeds) as ldpref's fastlh over its own table"},
    {"id": "cms-d6-m4-k4-e4", "mechanism": "cms", "params": {"d": 6, "exp_eps": "4", "m": 4, "inner": "srp"},
     "hash": "adapter", "counts": [[40, 20, 20, 10, 5, 5]],
     "note": "Apple's CMS, k = 4 xxh64 functions (seeds 0..3), judged over those functions"},
]

_IDENTITY = (lambda x: x)


def _eps(case):
    return math.log(Fraction(str(case["params"]["exp_eps"])))


def _seed(seed):
    random.seed(seed)
    np.random.seed(seed % 2**32)


def _d(case):
    return int(case["params"]["d"])


def _kind(case):
    return case["id"].split("-")[0]


def _flh_k(case):
    return 8


def hash_functions(case):
    """The library's own hash functions: FastLH's xxh32(str(x), seed=i) % g, CMS's xxh64(str(x), seed=i) % m."""
    d, kind = _d(case), _kind(case)
    if kind in ("flh", "fastlh"):
        g = int(case["params"]["m" if kind == "flh" else "g"])
        return [[xxhash.xxh32(str(x), seed=i).intdigest() % g for x in range(d)] for i in range(_flh_k(case))]
    if kind in ("cms", "hcms"):
        m = int(case["params"]["m"])
        return [[h(str(x)) for x in range(d)] for h in generate_hash_funcs(4, m)]
    raise ValueError(f"case {case['id']} has no hash functions")


def client(case, values, seed):
    _seed(seed)
    eps, d, kind = _eps(case), _d(case), _kind(case)
    if kind == "de":
        c = DEClient(eps, d, index_mapper=_IDENTITY)
    elif kind in ("sue", "oue"):
        c = UEClient(eps, d, use_oue=(kind == "oue"), index_mapper=_IDENTITY)
    elif kind == "olh":
        c = LHClient(eps, d, use_olh=True, index_mapper=_IDENTITY)
        assert c.g == int(case["params"]["m"]), c.g
    elif kind == "blh":
        c = LHClient(eps, d, g=2, index_mapper=_IDENTITY)
    elif kind == "flh":
        c = FastLHClient(eps, d, _flh_k(case), use_olh=True, index_mapper=_IDENTITY)
        assert c.g == int(case["params"]["m"]), c.g
    elif kind == "fastlh":
        c = FastLHClient(eps, d, _flh_k(case), g=int(case["params"]["g"]), index_mapper=_IDENTITY)
    elif kind == "hra":
        c = HadamardResponseClient(eps, d, None, index_mapper=_IDENTITY)
    elif kind == "hrg":
        c = HadamardResponseClient(eps, d, list(range(d)), index_mapper=_IDENTITY)
        assert c.hr.part == int(case["params"]["blocks"]), c.hr.part
    elif kind == "hmt":
        c = HadamardMechClient(eps, d, int(case["params"]["t"]), index_mapper=_IDENTITY)
        return [list(c.privatise(v)) for v in values]
    elif kind == "hcms":
        m = int(case["params"]["m"])
        c = CMSClient(eps, generate_hash_funcs(4, m), m, is_hadamard=True)
    elif kind == "hm":
        c = HadamardMechClient(eps, d + 1, 1, index_mapper=_IDENTITY)
        return [c.privatise(v + 1) for v in values]
    elif kind == "cms":
        c = CMSClient(eps, generate_hash_funcs(4, int(case["params"]["m"])), int(case["params"]["m"]))
    else:
        raise ValueError(f"unknown case {case['id']}")
    return [c.privatise(v) for v in values]


def server(case, reports):
    eps, d, kind, n = _eps(case), _d(case), _kind(case), len(reports)
    if kind == "de":
        s = DEServer(eps, d, index_mapper=_IDENTITY)
    elif kind in ("sue", "oue"):
        s = UEServer(eps, d, use_oue=(kind == "oue"), index_mapper=_IDENTITY)
    elif kind == "olh":
        s = LHServer(eps, d, use_olh=True, index_mapper=_IDENTITY)
    elif kind == "blh":
        s = LHServer(eps, d, g=2, index_mapper=_IDENTITY)
    elif kind == "flh":
        s = FastLHServer(eps, d, _flh_k(case), use_olh=True, index_mapper=_IDENTITY)
    elif kind == "fastlh":
        s = FastLHServer(eps, d, _flh_k(case), g=int(case["params"]["g"]), use_olh=False, index_mapper=_IDENTITY)
    elif kind == "hra":
        s = HadamardResponseServer(eps, d, index_mapper=_IDENTITY)
    elif kind == "hrg":
        s = HadamardResponseServer(eps, d, index_mapper=_IDENTITY)
        s.hr.permute, s.hr.reverse = list(range(d)), list(range(d))
    elif kind == "hmt":
        s = HadamardMechServer(eps, d, int(case["params"]["t"]), index_mapper=_IDENTITY)
    elif kind == "hm":
        s = HadamardMechServer(eps, d + 1, 1, index_mapper=_IDENTITY)
        for r in reports:
            s.aggregate(list(r))
        return [s.estimate(v + 1, suppress_warnings=True) / n for v in range(d)]
    elif kind in ("cms", "hcms"):
        s = CMSServer(eps, 4, int(case["params"]["m"]), is_hadamard=(kind == "hcms"))
        for r in reports:
            s.aggregate(r)
        return [s.estimate(v, suppress_warnings=True) / n for v in range(d)]
    else:
        raise ValueError(f"unknown case {case['id']}")
    for r in reports:
        s.aggregate(r)
    return [s.estimate(v, suppress_warnings=True) / n for v in range(d)]
