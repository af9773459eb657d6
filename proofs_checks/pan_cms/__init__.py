"""Claim checks for pan-cms, one submodule per part of the paper (see ``derivations.pan_cms``).

Importing this package registers every pan-cms claim.
"""

from . import (basics, basics_variance, basics_mse, basics_appC, basics_appA, basics_appB,  # noqa: F401
               connections, connections_lh, connections_rappor, connections_rhr, hashing,  # noqa: F401
               hashing_original, hashing_thm38, hashing_thm39, optimized, optimized_l2, optimized_mse,  # noqa: F401
               sec6_experiments, tables)  # noqa: F401  (registration on import)
from . import (model_proofs, obligations, obligations_optimized, obligations_statements,  # noqa: F401,E402
               obligations_corrections, obligations_predicates, obligations_sec5, obligations_sec6,  # noqa: F401,E402
               obligations_thm38, obligations_l2, obligations_lemmas, symbolic_proofs)  # noqa: F401,E402  (issue 25)
from . import definitions  # noqa: F401,E402  (alpha_0..2 of Appendix E for proofs of minimal edits)


#: the paper's title (ldpref.ledger.papers reads it; the paper's key and this package are in proofs_checks.PAPERS)
TITLE = 'M. Pan, "Count-mean Sketch as an Optimized Framework for Frequency Estimation with LDP"'
