"""The OpenDP cross-check of Algorithm 6's privacy (jiang-gcms Section V-B, Theorem 4): OpenDP's privacy map of
``make_laplace_threshold`` (the same release: Laplace noise of scale b on each count, keys whose noisy count is
``>= threshold`` kept) evaluated at the distance of one client added or removed (one key changes by 1:
``d_in = (l0, l1, linf) = (1, 1, 1)``), against ldpref's derived (eps, delta).

Semantics reconciled:

* OpenDP measures standard approximate DP (``Approximate<MaxDivergence>``): its eps is 1/b; Eq. (8)'s max with
  -log(1 - g) is not in it (the non-release ratio is covered by delta, see ``derivations.jiang_gcms.discovery``);
* OpenDP releases the noisy counts with the keys; Algorithm 6 releases the items only.  Both have the same
  (eps, delta): the density ratio of a released count is at most e^{1/b}, and the key only one dataset holds is
  released with the same probability g;
* float counts: continuous Laplace semantics (OpenDP samples it exactly on a fine lattice and rounds its map up):
  its delta is g = e^{-(T-1)/b}/2;
* integer counts: discrete Laplace noise, P(Z = z) proportional to e^{-|z|/b}.  The exact delta of that release is
  P(1 + Z >= T) = e^{-(T-1)/b}/(1 + e^{-1/b}) (T >= 2 an integer); OpenDP 0.16's map reports P(Z > T - 1), which
  leaves out the mass at 1 + Z = T (smaller by the factor e^{-1/b}): opendp/opendp issue #2922.

Floats appear here only as OpenDP's outputs; ldpref's exact values leave the exact world through ``to_mpf``.
"""

from __future__ import annotations

import mpmath
import sympy

from ldpref.exact import to_mpf
from ldpref.ledger.generic import External

NOT_RUN = "OpenDP cross-check not run (opendp not installed)"

#: (b, T) points of the cross-check: b and T exact, T an integer so both OpenDP paths (float and int) apply
POINTS = [(sympy.Rational(b_), sympy.Integer(t_)) for b_ in ("1/2", "1", "2", "10") for t_ in (1, 2, 5, 20)]

#: how far above the exact value OpenDP's float map may lie: it rounds up (conservative), samples continuous
#: Laplace on a fine lattice (relative excess about 1e-9 seen at b = 1, T = 20), and computes 1 - (1 - delta)^l0 in
#: f64 (a tiny delta comes back as 2^-53); it must never lie below the exact value (beyond f64 rounding)
REL_TOL = mpmath.mpf(10) ** -6
ABS_TOL = mpmath.mpf(2) ** -52
BELOW_TOL = mpmath.mpf(10) ** -12


def _opendp():
    """opendp.prelude with the 'contrib' features on, or None when opendp is not installed."""
    try:
        import opendp.prelude as dp
    except ImportError:
        return None
    dp.enable_features("contrib")
    return dp


def opendp_maps(points=POINTS):
    """OpenDP's (eps, delta) at d_in = (1, 1, 1) for each (b, T), float and int paths; None without opendp."""
    dp = _opendp()
    if dp is None:
        return None
    out = []
    for b_, t_ in points:
        row = {"b": b_, "T": t_}
        for kind, T_type in (("float", float), ("int", int)):
            if kind == "int" and t_ < 2:
                continue  # T = 1 with integer counts: delta is a half-mass point case, left out
            domain = dp.map_domain(dp.atom_domain(T=str),
                                   dp.atom_domain(T=T_type, **({"nan": False} if kind == "float" else {})))
            metric = dp.l01inf_distance(dp.absolute_distance(T=T_type))
            meas = dp.m.make_laplace_threshold(domain, metric, scale=float(b_), threshold=T_type(int(t_)))
            row[kind] = meas.map((1, T_type(1), T_type(1)))
        out.append(row)
    return out


def _close(reported, exact) -> bool:
    """OpenDP's float is the exact value rounded up: not below it, and above it by at most its float error."""
    value, got = to_mpf(exact, 30), mpmath.mpf(reported)
    return value * (1 - BELOW_TOL) <= got <= value * (1 + REL_TOL) + ABS_TOL


CHECK_NAME = ("OpenDP make_laplace_threshold (float counts, continuous Laplace) privacy map at d_in = (1, 1, 1) "
              "== derived (1/b, e^{-(T-1)/b}/2), and its integer path's eps == 1/b")


def outcome(eps_of, delta_of):
    """OpenDP's privacy map against the derived (eps_of(b, T), delta_of(b, T)): ``(passed, points, detail, notes)``,
    the notes saying what OpenDP's integer path reports; None when opendp is not installed."""
    maps = opendp_maps()
    if maps is None:
        return None
    bad, discrete_bug, discrete_exact = [], [], []
    for row in maps:
        b_, t_ = row["b"], row["T"]
        e_od, d_od = row["float"]
        if not (_close(e_od, eps_of(b_, t_)) and _close(d_od, delta_of(b_, t_))):
            bad.append(f"b={b_} T={t_}: OpenDP ({e_od}, {d_od}), derived ({eps_of(b_, t_)}, {delta_of(b_, t_)})")
        if "int" in row:
            e_i, d_i = row["int"]
            r = sympy.exp(-1 / b_)
            exact_int = r ** (t_ - 1) / (1 + r)  # P(1 + Z >= T), Z discrete Laplace of scale b
            if not _close(e_i, 1 / b_):
                bad.append(f"b={b_} T={t_} (int): OpenDP eps {e_i}, derived {1 / b_}")
            elif to_mpf(exact_int * r, 30) < mpmath.mpf(10) ** -12:
                continue  # both candidates lie within f64's absolute rounding of 1 - (1 - delta)^l0: undecidable
            elif _close(d_i, exact_int):
                discrete_exact.append((b_, t_))
            elif _close(d_i, exact_int * r):
                discrete_bug.append((b_, t_))
            else:
                bad.append(f"b={b_} T={t_} (int): OpenDP delta {d_i}, exact P(1 + Z >= T) = {exact_int}")
    n = len(maps)
    notes = []
    if discrete_bug:
        notes.append(f"OpenDP's integer path (discrete Laplace) reports delta = P(Z > T - 1) at {len(discrete_bug)} "
                     "points, e^{-1/b} times the exact release probability P(1 + Z >= T) of a key held by one client: "
                     "its map leaves out the mass at the threshold although the key is kept at noisy count == T "
                     "(opendp/opendp issue #2922); the float path agrees with ldpref exactly.")
    if discrete_exact:
        notes.append(f"OpenDP's integer path reports the exact delta P(1 + Z >= T) at {len(discrete_exact)} points.")
    notes.append("OpenDP's eps is 1/b everywhere (standard approximate DP): Eq. (8)'s second term -log(1 - g) bounds "
                 "the non-release ratio of the new bin, which standard (eps, delta)-DP absorbs into delta = g.")
    detail = (f"{n} (b, T) points, b in {{1/2, 1, 2, 10}}, T in {{1, 2, 5, 20}}"
              + (f"; disagreements: {bad[:3]}" if bad else ""))
    return not bad, n, detail, notes


def crosscheck(eps_of, delta_of, *, reads_forms: bool = False) -> External:
    """The cross-check as a step: a numeric record and OpenDP's notes, or with opendp missing only a note saying so
    (and no check: the path is not claimed).  With ``reads_forms`` the derived values are ``eps_of(forms, b, T)``,
    ``delta_of(forms, b, T)``, the claim's forms read through the evidence."""
    if reads_forms:
        return External(CHECK_NAME, lambda forms: outcome(lambda b_, t_: eps_of(forms, b_, t_),
                                                          lambda b_, t_: delta_of(forms, b_, t_)), NOT_RUN,
                        reads_forms=True)
    return External(CHECK_NAME, lambda: outcome(eps_of, delta_of), NOT_RUN)
