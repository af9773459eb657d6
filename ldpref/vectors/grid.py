"""The grid of the test vectors: which built-in mechanisms, parameters, privacy levels and datasets.

Chosen so that a library author can run every vector in seconds (d <= 4, at most 64 outputs) while every
built-in mechanism of the registry (:data:`ldpref.mechanisms.REGISTRY`) appears, each with a rational e^eps
(eps = ln 3) and two irrational ones (eps = 1/2 and eps = 1), and every hash family both pairwise uniform and
not (flag ``biased-family``).  A vector's id is derived from its parameters (:func:`test_id`), so adding a
grid point never renumbers another.
"""

from __future__ import annotations

#: the privacy levels, as the ``eps=`` text of the command line (natural logarithm)
EPS_GRID = ("ln(3)", "1/2", "1")

#: mechanism name -> list of parameter dicts (without the privacy level); values as ``--set`` text
PARAMETERS: dict[str, list[dict[str, str]]] = {
    "grr": [{"d": "2"}, {"d": "3"}],
    "sue": [{"d": "3"}],
    "oue": [{"d": "3"}],
    "ss": [{"d": "4", "k": "2"}],
    "he": [{"d": "3"}],
    "hr": [{"d": "3"}],
    "rhr": [{"d": "4", "b": "2"}, {"d": "4", "b": "2", "decoder": "eq2"}],
    "olh": [{"d": "2", "m": "2"}, {"d": "3", "m": "4"}, {"d": "3", "m": "3"}],
    "cms": [{"d": "2"}, {"d": "3"}, {"d": "3", "family": "gf2-affine-mod", "m": "3"},
            {"d": "3", "family": "random", "m": "2", "k": "3", "seed": "0"}],
    "cms-he": [{"d": "2"}],
    "gcms": [{"d": "3", "m": "3", "k": "2", "s": "1", "seed": "0"}],
    "ocms-prime": [{"d": "3", "m": "2"}, {"d": "3", "m": "2", "decoder": "grouped"}],
    "hr-acharya": [{"d": "3"}, {"d": "4", "blocks": "2"}],
    "hm": [{"d": "3"}, {"d": "4", "t": "2"}],
    "hcms": [{"d": "2"}, {"d": "3", "family": "random", "m": "4", "k": "2", "seed": "0"}],
    "fastlh": [{"d": "3", "k": "4", "seed": "1"}],
}

#: extra points for one mechanism only (a square e^eps keeps SUE's entries rational)
EXTRA_PRIVACY = {"sue": ("ln(4)",)}


def datasets(d: int) -> list[list[int]]:
    """Three small count vectors for dictionary size d: all clients on value 0, a skewed mix, one per value."""
    skewed = ([2, 1, 0, 1] + [0] * d)[:d]
    return [[3] + [0] * (d - 1), skewed, [1] * d]


def test_id(mechanism: str, params: dict[str, str], eps: str) -> str:
    """The stable id of a vector: the mechanism and its parameters in sorted order, e.g.
    ``grr/d=3,eps=ln(3)``.  Never renumbered: the id is a function of the parameters alone."""
    items = sorted({**params, "eps": eps}.items())
    return mechanism + "/" + ",".join(f"{k}={v}" for k, v in items)


def grid() -> dict[str, list[tuple[dict[str, str], str]]]:
    """mechanism -> [(parameters, eps text)], in a fixed order: the first parameter point of each mechanism
    at every privacy level, the others at eps = ln 3 only (symbolic moments of the larger sketches take
    seconds each, and one irrational point per mechanism already covers the substitution)."""
    out = {}
    for name, points in PARAMETERS.items():
        levels = EPS_GRID + EXTRA_PRIVACY.get(name, ())
        out[name] = [(params, eps) for i, params in enumerate(points) for eps in (levels if i == 0 else
                                                                                  levels[:1])]
    return out


__all__ = ["EPS_GRID", "PARAMETERS", "EXTRA_PRIVACY", "datasets", "test_id", "grid"]
