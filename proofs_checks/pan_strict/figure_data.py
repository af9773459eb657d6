"""What ``ldpref figure pan-strict/fig2`` takes from the pan-strict ledger (issue 22, item 8: the library names no
paper; :meth:`ldpref.ledger.papers.Paper.part` imports this module of the registered paper).

pan-strict Section 5.2 / 6: d' (the smallest prime >= d), the ledger's search for OCMS's integer m, and the
exact l2 of the prime-field OCMS with the pooled and the grouped decoder (Corollary 5.1).
"""

from derivations.pan_strict.constructions import next_prime, ocms_l2_grouped, ocms_l2_pooled
from derivations.pan_strict.experiments import ocms_search

__all__ = ["next_prime", "ocms_l2_grouped", "ocms_l2_pooled", "ocms_search"]
