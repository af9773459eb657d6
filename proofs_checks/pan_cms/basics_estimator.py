"""pan-cms claim checks: the estimator grids of Eqs. (2) and (8) (Section 3, Section 3.3) and a numeric step that
reads the forms.  No claims are registered here.

An estimator form ``f_hat = a S + b`` is turned into a decoder of the real CMS perturbation (the y-mechanism of
:func:`basics_common.y_mech`, Eq. (23)); its expectation over every dataset of the grid is the value compared with
the true frequencies.  Derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import sympy

import derivations.pan_cms.basics as D
from derivations.pan_cms.symbols import m as m_sym
from ldpref import enumeration, moments
from ldpref.ledger.evidence import Evidence
from ldpref.ledger.generic import Exact, Grid, Numeric, Point

from .basics_common import ENUMERATION_LIMIT, R, _fr, _inner_params, cms_mech, datasets, family, fsize, y_mech


@dataclass(frozen=True)
class FormsNumeric(Numeric):
    """A numeric check of the model side against the claim's derived form: ``decide(form)`` gets the derived form
    (read through the evidence object, ``ev.derived()``) and returns ``(passed, instances, detail)``, recorded as a
    :class:`Numeric` outcome (e.g. a library decoder against the decoder the derived form defines).  A claim that
    displays a correction of its own has it decided the same way, recorded as correction vs exact (as a
    :class:`Grid` evaluates the correction on its points)."""

    def run(self, ev, has_printed: bool) -> None:
        """Record the check's outcome on ``ev``, and the displayed correction's."""
        ev.numeric(self.name, *self.decide(ev.derived()))
        if ev.derived_slot == "derived" and len(ev.forms) > 2 and ev.forms[2] is not None:
            slot = Evidence(derived_slot="correction")  # records its numeric outcome as correction vs exact
            slot.numeric(self.name, *self.decide(ev.correction()))
            ev.records += slot.records


def constant_rate(fam) -> tuple:
    """Eq. (8)'s substitution for a family with constant collision rate: c_bar = that rate (hashable)."""
    return ((D.cbar, _fr(fam.has_constant_collision_rate())),)


@cache
def estimator_mechanism(key, kind, ee, form, extra=()):
    """The real CMS perturbation with the decoder read off a sympy estimator a S + b (``extra``: further
    substitutions, e.g. c_bar): Q[x, (j, z)] = scale * Q_R[h_j(x), z] + offset."""
    fam = family(key)
    scale, offset = D.estimator_coefficients(form)
    subs = {m_sym: fam.m, **dict(extra)}
    scale, offset = sympy.cancel(scale.subs(subs)), sympy.cancel(offset.subs(subs))
    ym = y_mech(key, kind, ee)
    Qy = ym.decoder_matrix()
    Q = [[scale * Qy[xx, uu] + offset for uu in range(ym.n_outputs)] for xx in range(fam.d)]
    return ym.with_decoder(Q, name=f"estimator[{key}; {kind}; {ee}]")


def estimator_grid(name, keys, *, extra_of=None, part=None, max_n=2):
    """E[f_hat] of each estimator form as the decoder of the real CMS perturbation, over the families ``keys`` x
    three inner mechanisms x every dataset of at most ``max_n`` clients (one client beyond 64 outputs), against the
    true frequencies; the path says whether the mean was enumerated or taken from ldpref.moments (same P, Q)."""

    def points():
        for key in keys:
            fam = family(key)
            extra = extra_of(fam) if extra_of else ()
            for kind, ee in _inner_params(fam.m)[:3]:
                n_outputs = y_mech(key, kind, ee).n_outputs
                for counts in datasets(fam.d, max_n if n_outputs <= 64 else 1):
                    small = enumeration.outcome_count(n_outputs, counts) <= ENUMERATION_LIMIT
                    yield Point({"family": key, "R": kind, "exp_eps": ee, "counts": counts},
                                data=(key, kind, ee, extra, counts, small), size=(*fsize(key), sum(counts), ee))

    def oracle(point):
        counts, small = point.data[4:]
        return Exact([R(c, sum(counts)) for c in counts], "enumeration" if small else "moment-formula")

    def value(form, point):
        key, kind, ee, extra, counts, small = point.data
        mech = estimator_mechanism(key, kind, ee, form, extra)
        return enumeration.enumerated_moments(mech, counts)["mean"] if small else moments.expectation(mech, counts)

    return Grid(name, points, oracle, part=part, value=value)


def library_decoder_check(name, keys, decoder, *, extra_of=None):
    """ldpref's CMS decoder (``decoder``: "eq2" or "eq8") equals the decoder the derived form defines, on every
    family of ``keys`` x three inner mechanisms (a numeric record over the families)."""

    def decide(derived):
        mismatch = []
        for key in keys:
            fam = family(key)
            extra = extra_of(fam) if extra_of else ()
            for kind, ee in _inner_params(fam.m)[:3]:
                lib = cms_mech(key, kind, ee, decoder)
                if lib.decoder_matrix() != estimator_mechanism(key, kind, ee, derived, extra).decoder_matrix():
                    mismatch.append((key, kind, ee))
        return not mismatch, len(keys), "identical Q matrices" if not mismatch else f"differs for {mismatch}"

    return FormsNumeric(name, decide)
