"""Claim checks for pan-strict, one submodule per part (see ``derivations.pan_strict``).

Importing this package registers every pan-strict claim.
"""

from . import (  # noqa: F401  (registration on import)
    constructions, constructions_cor52, constructions_ocms, framework, framework_configurations, framework_urp,
    optimality, optimality_support_size, sec6_experiments)
from . import obligations  # noqa: F401,E402  (all-parameter proofs, issue 25)


#: the paper's title (ldpref.ledger.papers reads it; the paper's key and this package are in proofs_checks.PAPERS)
TITLE = 'M. Pan, "Strict Optimality of Frequency Estimation Under Local Differential Privacy"'
