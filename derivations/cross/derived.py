"""Cross-paper derived forms displayed by ``proofs_checks/cross`` (``cross/cms-formula``, ``cross/draw-term``,
``cross/ocms-vs-cms``), built on the derivations of :mod:`derivations.cross` -- the derived functions defined there
(``cms_rr_l2``, ``draw_term_derived_freq``), never its printed transcriptions (:mod:`derivations.cross.printed`).

* :func:`cms_formula_derived` -- n l2 of CMS + m-ary RR with collision rate 1/m (pan-cms Eq. (35)), derived as a
  pure protocol with p = e^eps/(e^eps + m - 1), q = 1/m;
* :func:`draw_term_pair_derived` -- the variance over the draw of k fully random functions of E[f_hat | draw], once
  for each of the two printed terms it is compared with (jiang Theorem 3's alpha_2 term, pan-cms Eq. (20));
* :func:`ocms_vs_cms_derived` -- pan-strict's OCMS l2 (:data:`OCMS_L2`, put in at each instance) below the l2 of
  pan-cms's collision-uniform CMS + RR at the same (d, m, e^eps).
"""

from __future__ import annotations

import sympy

from . import cms_rr_l2, d, draw_term_derived_freq, e, m

#: the left side of cross/ocms-vs-cms's derived statement: the l2 of pan-strict's OCMS at (d, m, e^eps)
OCMS_L2 = sympy.Symbol(r"l_2(\mathrm{OCMS}_{d', m})")


def cms_formula_derived():
    """pan-cms Eq. (35): n l2 of CMS + RR at hash range m (symbolic d, m, e^eps)."""
    return sympy.Eq(sympy.Symbol(r"n\,l_2(\mathrm{CMS}, m)"), cms_rr_l2())


def draw_term_pair_derived() -> list:
    """[the draw variance, the draw variance]: the derived value of jiang's term and of pan-cms Eq. (20) alike."""
    return [draw_term_derived_freq(), draw_term_derived_freq()]


def ocms_vs_cms_derived():
    """l2(OCMS) < l2(CMS + RR) at the same (d, m, e^eps)."""
    return sympy.Lt(OCMS_L2, cms_rr_l2(d, m, e))
