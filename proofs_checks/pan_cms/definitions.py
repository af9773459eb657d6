"""pan-cms's definition symbols for numeric use and proofs: alpha_0, alpha_1, alpha_2 of Appendix E (the coefficients
of Var(f_hat(x|H')) in c_bar, the sentence before Eq. (47)) by their derived values, registered into
:data:`ldpref.lambdified.DEFINITIONS`, so a minimal edit that keeps the paper's alpha names is proved against the
derived form, which spells them out (:func:`ldpref.ledger.minimal_edit_cli.defined`)."""

from __future__ import annotations

from ldpref.lambdified import DEFINITIONS


def alphas() -> dict:
    """{alpha_0: c^0 coefficient, alpha_1: c^1 coefficient, alpha_2: c^2 coefficient} of the derived variance."""
    from derivations.pan_cms import hashing, symbols_hashing

    c0, c1, c2 = hashing.var_poly_in_c()
    return {symbols_hashing.alpha0: c0, symbols_hashing.alpha1: c1, symbols_hashing.alpha2: c2}


DEFINITIONS["pan-cms"] = alphas
