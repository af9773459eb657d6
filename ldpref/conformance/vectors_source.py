"""Test vectors (``ldpref.vectors/1``, issue 11 part 1) as the target of ``ldpref conform --vectors DIR``.

A case without ``hash`` or ``postprocess`` is matched to the vector of its mechanism whose parameters are the
case's (e^eps compared by value at 40 digits, so ``exp_eps=3`` matches ``eps=ln(3)``; other keys as
integers or text); it is then run on the vector's datasets and judged against the vector's moments, read
from their 50-digit decimals with mpmath (which also covers irrational e^eps).  A case that matches no
vector is judged against the registry, and the report says which source each case used.
"""

from __future__ import annotations

import os

import mpmath

from ..errors import FormatError
from ..json_input import load_file
from .target import Target

VECTORS_FORMAT = "ldpref.vectors/1"
#: digits at which e^eps of a case and of a vector must agree
MATCH_DIGITS = 40


def load_vectors(folder: str) -> dict[str, list[dict]]:
    """mechanism name -> its tests, from every ``*.json`` of ``folder`` (FormatError on a file that is not
    ``ldpref.vectors/1``)."""
    if not os.path.isdir(folder):
        raise FormatError(f"--vectors {folder}: not a folder")
    out: dict[str, list[dict]] = {}
    names = sorted(f for f in os.listdir(folder) if f.endswith(".json"))
    if not names:
        raise FormatError(f"--vectors {folder}: no .json files")
    for name in names:
        path = os.path.join(folder, name)
        try:
            doc = load_file(path, source=f"--vectors {path}")  # duplicate keys refused, named
        except OSError as exc:
            raise FormatError(f"--vectors {path}: not readable ({exc.strerror or exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != VECTORS_FORMAT or not isinstance(doc.get("tests"), list):
            raise FormatError(f"--vectors {path}: not an {VECTORS_FORMAT} file")
        out.setdefault(str(doc.get("mechanism")), []).extend(doc["tests"])
    return out


def _exp_eps_value(params: dict):
    from ..cli.mechanism import exp_eps_value

    text = {k: str(v) for k, v in params.items() if k in ("exp_eps", "eps")}
    value = exp_eps_value(text, rational=False, required=False)
    return None if value is None else mpmath.mpf(str(value.evalf(MATCH_DIGITS + 10)))


def _rest(params: dict) -> dict:
    return {k: str(v).strip() for k, v in params.items() if k not in ("exp_eps", "eps")}


def match(vectors: dict, case: dict):
    """The vector test for ``case`` or None."""
    if case.get("hash") is not None or case.get("postprocess") is not None:
        return None
    params = case.get("params", {})
    with mpmath.workdps(MATCH_DIGITS + 10):
        e = _exp_eps_value(params)
        for test in vectors.get(case["mechanism"], []):
            tp = test.get("parameters", {})
            if _rest(tp) != _rest(params):
                continue
            te = mpmath.mpf(test["exp_eps"]["decimal"])
            if e is not None and abs(te - e) <= abs(e) * mpmath.mpf(10) ** (-MATCH_DIGITS):
                return test
    return None


def vector_targets(test: dict) -> list[tuple[list[int], Target]]:
    """(counts, Target) per dataset of a vector test, moments read from the 50-digit decimals."""
    out = []
    with mpmath.workdps(60):
        for ds in test["datasets"]:
            mean = [mpmath.mpf(x) for x in ds["expectation"]["decimal"]]
            var = [mpmath.mpf(x) for x in ds["variance"]["decimal"]]
            cov = [[mpmath.mpf(x) for x in row] for row in ds["covariance"]["decimal"]]
            out.append((list(ds["counts"]), Target("vector", mean, var, cov, f"vector {test['tcId']}")))
    return out
