"""What ``ldpref figure pan-cms/fig2..fig4`` takes from the pan-cms ledger (issue 22, item 8: the library names no
paper; :meth:`ldpref.ledger.papers.Paper.part` imports this module of the registered paper).

pan-cms Section 6: the eps grid, the three datasets (Section 6.1-6.3), the exact per-client variances of HE,
CMS+HE and RHR from the real mechanisms' (P, Q), and the losses summed over the clients -- the same objects the
Section 6 claims check, so the figures and the ledger have one source of truth.
"""

from derivations.pan_cms.experiments import EPS_GRID, dataset, metrics, variances
from .sec6_exact import exact_coefficients

__all__ = ["EPS_GRID", "dataset", "metrics", "variances", "exact_coefficients"]
