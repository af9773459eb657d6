"""Exact moments a conformance case is judged against (pan-strict Appendix A.1 via :mod:`ldpref.moments`;
sketches via :mod:`ldpref.structured`).

* ``hash`` absent: the registry mechanism ``mechanism`` with ``params`` (``ldpref mechanism NAME``), its exact
  ``E``, ``Var`` and covariance; GRR, SUE, OUE and SS through their structured models (the same numbers,
  without listing 2^d outputs).
* ``hash: "adapter"``: OLH or CMS over the library's OWN hash functions (rows from the adapter's
  ``hash_functions``), each client picking one of the k functions uniformly (pan-cms Section 3.1): the
  fixed-family sketch of :class:`ldpref.structured.sketch.FixedSketchModel`, so a fixed-seed family is judged
  against its own exact mixture, bias included.
* ``hash: "fresh"``: every client draws its own function, uniform over all functions [d] -> [m] (OLH as Wang
  et al. run it, a fresh seed per client).  This is the limit k -> infinity of the ideal random-hash family
  of :mod:`ldpref.structured.ideal`, whose (co)variances are affine in 1/k (the only k-dependent term is
  ``V/k``): the limit is ``2 M(2) - M(1)``, exact, and checked against ``M(3)`` every time.
* ``postprocess: "clip-normalise"`` (negative estimates set to 0, then divided by their sum when it is
  positive, as multi-freq-ldpy's MI estimator does): exact moments of the post-processed estimator by
  enumerating every response-count outcome (:func:`ldpref.enumeration.response_count_distribution`), for
  small n and |U| only; OLH with a hash option as the exact mechanism over its functions (a fresh function
  per client: the family of all m^d functions, each client picking one uniformly).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ..errors import ParameterError

#: mechanisms whose structured model gives the registry's numbers without building P and Q
STRUCTURED_PURE = ("grr", "sue", "oue", "ss")
#: post-processings whose exact moments :func:`postprocessed_target` computes
POSTPROCESS = ("clip-normalise",)
#: keys a case may hold
CASE_KEYS = {"id", "mechanism", "params", "counts", "hash", "postprocess", "note"}


@dataclass
class Target:
    """Exact moments of one case on one dataset: ``mean``, ``var`` (lists) and ``cov`` (a sympy Matrix)."""

    label: str
    mean: list
    var: list
    cov: object
    model: str


def _text(params: dict) -> dict:
    return {k: v if isinstance(v, str) else str(v) for k, v in params.items()}


def registry_mechanism(name: str, params: dict):
    """The registry's exact Mechanism ``name`` built from ``params`` (as ``ldpref mechanism NAME --set``)."""
    from ..cli.mechanism import load_all_mechanisms, mechanism_params
    from ..mechanisms import REGISTRY

    load_all_mechanisms()
    if name not in REGISTRY:
        raise ParameterError(f"mechanism {name!r} is not in ldpref's registry ({', '.join(sorted(REGISTRY))})")
    spec = REGISTRY[name]
    return spec.build(**mechanism_params(spec, _text(params)))


def _sketch_model(case: dict, hash_rows):
    from ..hashing import HashFamily
    from ..structured import pure, sketch
    from ..structured.registry import parse_exp_eps
    from ..structured.sketch import FixedSketchModel

    name, params = case["mechanism"], _text(case.get("params", {}))
    allowed = {"olh": {"d", "exp_eps", "m"}, "cms": {"d", "exp_eps", "m", "inner"}}
    if name not in allowed:
        raise ParameterError(f"case {case['id']}: hash {case['hash']!r} applies to olh and cms, not {name!r}")
    unknown = sorted(set(params) - allowed[name])
    if unknown or not {"d", "exp_eps", "m"} <= set(params):
        raise ParameterError(f"case {case['id']}: {name} with hash={case['hash']} takes d, exp_eps, m"
                             f"{', inner' if name == 'cms' else ''} (got {', '.join(sorted(params))})")
    d, m, e = int(params["d"]), int(params["m"]), parse_exp_eps(params["exp_eps"])
    if case["hash"] == "fresh":
        from ..structured.registry import model

        extra = {} if name == "olh" else {"inner": params.get("inner", "rr")}
        return [model(name, d=d, exp_eps=params["exp_eps"], m=m, family="ideal", k=k, **extra) for k in (1, 2, 3)]
    from ..limits import check_count
    from ..structured.registry import MAX_FIXED_TABLE

    check_count(f"case {case['id']}: the adapter's hash table (k x d)", len(hash_rows) * d, limit=MAX_FIXED_TABLE,
                unit="hash values")
    if any(not isinstance(y, int) or isinstance(y, bool) for row in hash_rows for y in row):
        raise ParameterError(f"case {case['id']}: the adapter's hash values must be integers")
    family = HashFamily(tuple(tuple(row) for row in hash_rows), m, name=f"{case['id']} hash functions")
    if family.d != d:
        raise ParameterError(f"case {case['id']}: the adapter's hash functions have {family.d} values, d = {d}")
    if name == "olh":
        R = pure.grr(m, e)
        s, o = sketch.olh_terms(R, *R.support)
    else:
        inner = params.get("inner", "rr")
        builders = {"rr": pure.grr, "arp": pure.oue, "srp": pure.sue}
        if inner not in builders:
            raise ParameterError(f"case {case['id']}: inner {inner!r}: choose rr, arp or srp")
        R = builders[inner](m, e)
        s, o = sketch.cms_terms(m, R.domain)
    return [FixedSketchModel(f"{name}[{family.name}]", family, R, s, o)]


#: built-ins judged over the adapter's own hash table as an exact Mechanism (:mod:`ldpref.mechanisms.shipped`)
ADAPTER_HASHED_BUILTINS = ("hcms", "fastlh")


def _adapter_hashed_builtin(case: dict, hash_rows):
    """``hcms`` (keys d, exp_eps, m) or ``fastlh`` (keys d, exp_eps, g) over the adapter's k hash functions."""
    import warnings

    from ..errors import NonUniformFamilyWarning
    from ..hashing import HashFamily
    from ..limits import check_count
    from ..mechanisms.shipped import fast_local_hashing, hadamard_count_mean_sketch
    from ..structured.registry import MAX_FIXED_TABLE, parse_exp_eps

    name, params = case["mechanism"], _text(case.get("params", {}))
    width = "m" if name == "hcms" else "g"
    if set(params) != {"d", "exp_eps", width}:
        raise ParameterError(f"case {case['id']}: {name} with hash=adapter takes d, exp_eps, {width} "
                             f"(got {', '.join(sorted(params))})")
    d, w, e = int(params["d"]), int(params[width]), parse_exp_eps(params["exp_eps"])
    check_count(f"case {case['id']}: the adapter's hash table (k x d)", len(hash_rows) * d, limit=MAX_FIXED_TABLE,
                unit="hash values")
    if any(not isinstance(y, int) or isinstance(y, bool) or not 0 <= y < w for row in hash_rows for y in row):
        raise ParameterError(f"case {case['id']}: the adapter's hash values must be integers in 0..{w - 1}")
    if any(len(row) != d for row in hash_rows):
        raise ParameterError(f"case {case['id']}: the adapter's hash functions must have d = {d} values each")
    if name == "hcms":
        return hadamard_count_mean_sketch(HashFamily(tuple(tuple(r) for r in hash_rows), w,
                                                     name=f"{case['id']} hash functions"), e)
    with warnings.catch_warnings():  # a fixed library family: its bias is what is judged
        warnings.simplefilter("ignore", NonUniformFamilyWarning)
        return fast_local_hashing(d, e, len(hash_rows), g=w, table=hash_rows)


def exact_target(case: dict, counts, hash_rows=None) -> Target:
    """The unbiased-path exact moments of ``case`` on ``counts`` (see the module docstring)."""
    from .. import moments
    from ..structured import moments as smoments
    from ..structured.registry import model

    name, params, how = case["mechanism"], case.get("params", {}), case.get("hash")
    if how is None:
        if name in STRUCTURED_PURE:
            m = model(name, **_text(params))
            return Target("exact", smoments.expectation(m, counts), smoments.variance(m, counts),
                          smoments.covariance(m, counts), m.name)
        mech = registry_mechanism(name, params)
        return Target("exact", moments.expectation(mech, counts), moments.variance(mech, counts),
                      moments.covariance(mech, counts), mech.name)
    if how not in ("adapter", "fresh"):
        raise ParameterError(f"case {case['id']}: hash {how!r}: choose adapter or fresh")
    if how == "adapter" and name in ADAPTER_HASHED_BUILTINS:
        mech = _adapter_hashed_builtin(case, hash_rows)
        return Target("exact", moments.expectation(mech, counts), moments.variance(mech, counts),
                      moments.covariance(mech, counts), mech.name + " (the adapter's own hash functions)")
    models = _sketch_model(case, hash_rows)
    if how == "adapter":
        m = models[0]
        return Target("exact", smoments.expectation(m, counts), smoments.variance(m, counts),
                      smoments.covariance(m, counts), m.name + " (the adapter's own hash functions)")
    m1, m2, m3 = models
    cov1, cov2, cov3 = (smoments.covariance(m, counts) for m in models)
    limit = 2 * cov2 - cov1
    check = (cov3 - (limit + (cov1 - limit) / 3)).applyfunc(sympy.simplify)
    if not check.is_zero_matrix:  # the affine-in-1/k premise failed: never judge against a wrong limit
        raise ParameterError(f"case {case['id']}: the ideal family's covariance is not affine in 1/k here")
    return Target("exact", smoments.expectation(m1, counts), [limit[v, v] for v in range(limit.rows)], limit,
                  m1.name.replace("k=1", "fresh function per client"))


def _clip_normalise(est, dom):
    clipped = [x if x > dom.zero else dom.zero for x in est]
    total = sum(clipped, dom.zero)
    return clipped if total == dom.zero else [x / total for x in clipped]


#: a fresh function per client is enumerated as the family of all m^d functions: at most this many
MAX_ALL_FUNCTIONS = 256


def _hashed_olh_mechanism(case: dict, hash_rows):
    """OLH as one exact Mechanism (:func:`ldpref.mechanisms.variants.local_hashing`) over the adapter's hash
    functions, or for ``hash: fresh`` over the family of every function [d] -> [m] (each client picking one
    uniformly is a fresh uniform function), for the enumeration of a post-processed estimator."""
    import itertools

    from ..hashing import HashFamily
    from ..limits import check_count
    from ..mechanisms.variants import local_hashing
    from ..structured.registry import parse_exp_eps

    params = _text(case.get("params", {}))
    if case["mechanism"] != "olh" or not {"d", "exp_eps", "m"} <= set(params):
        raise ParameterError(f"case {case['id']}: post-processed moments with a hash option are enumerated for "
                             f"olh with d, exp_eps and m only")
    d, m, e = int(params["d"]), int(params["m"]), parse_exp_eps(params["exp_eps"])
    if case["hash"] == "fresh":
        check_count(f"case {case['id']}: every function [d = {d}] -> [m = {m}]", m ** d, limit=MAX_ALL_FUNCTIONS,
                    unit="functions", alternative="use a smaller d or m for a post-processed case")
        rows = list(itertools.product(range(m), repeat=d))
    else:
        rows = [tuple(r) for r in hash_rows]
    return local_hashing(HashFamily(tuple(rows), m, name=f"{case['id']} hash functions"), e)


def postprocessed_target(case: dict, counts, hash_rows=None) -> Target:
    """Exact moments of the post-processed estimator, by enumerating every outcome (small cases only)."""
    from ..enumeration import response_count_distribution

    kind = case.get("postprocess")
    if kind not in POSTPROCESS:
        raise ParameterError(f"case {case['id']}: postprocess {kind!r}: ldpref knows {', '.join(POSTPROCESS)}")
    if case.get("hash") is not None:
        mech = _hashed_olh_mechanism(case, hash_rows)
    else:
        mech = registry_mechanism(case["mechanism"], case.get("params", {}))
    dom, d = mech.domain, mech.d
    Q = mech.Q.to_list()
    n = dom.convert(sum(counts))
    dist = response_count_distribution(mech, counts)
    first = [dom.zero] * d
    second = [[dom.zero] * d for _ in range(d)]
    for k, prob in dist.items():
        est = [sum((Q[v][u] * k[u] for u in range(mech.n_outputs) if k[u]), dom.zero) / n for v in range(d)]
        f = _clip_normalise(est, dom)
        for v in range(d):
            first[v] += prob * f[v]
            for w in range(v, d):
                second[v][w] += prob * f[v] * f[w]
    cov = sympy.zeros(d, d)
    for v in range(d):
        for w in range(v, d):
            cov[v, w] = cov[w, v] = dom.to_sympy(second[v][w] - first[v] * first[w])
    return Target(f"post-processed ({kind})", [dom.to_sympy(x) for x in first], [cov[v, v] for v in range(d)], cov,
                  f"{mech.name} + {kind} by enumeration of {len(dist):,} outcomes")
