"""ldpref: an exact, checkable reference implementation of frequency estimation under local
differential privacy (LDP), built from three papers on Count-Mean Sketch and its relatives."""

import os
import sys

# Run as the command (``python -m ldpref.cli``: argv[0] is "-m" while the package is imported; or the ``ldpref``
# script): Ctrl-C or SIGTERM during the second of imports below is one line and exit 130/143, not a traceback
# (ldpref.interrupts; ldpref.cli.main installs the full handlers once the command starts).
if sys.argv and (sys.argv[0] == "-m" or os.path.basename(sys.argv[0]) == "ldpref"):
    from .interrupts import quiet_until_main

    quiet_until_main()

# sympy memoises its core operations in one LRU cache whose size it reads once, when sympy is imported
# (SYMPY_CACHE_SIZE, default 1,000 entries).  The ledger's checks build and compare the same expressions
# at thousands of instances, so the default churns: 100,000 entries cut a whole `ldpref verify` run's CPU
# (interleaved runs on 2 cores, benchmarks in the commit) for about 30 MB more per process.  The cache only
# memoises pure functions, so values, equality and LaTeX do not depend on its size (only ``srepr``'s order of
# a symbol's assumptions can: an equal symbol built elsewhere may come back; see tests/tree_repr.py); a value
# set by the user is kept, and a sympy imported before ldpref keeps its own size.
os.environ.setdefault("SYMPY_CACHE_SIZE", "100000")

from .exact import EXP_EPS, to_exact  # noqa: E402
from .family import MechanismFamily  # noqa: E402
from .mechanism import Mechanism  # noqa: E402

__version__ = "0.1.0"

__all__ = ["EXP_EPS", "Mechanism", "MechanismFamily", "to_exact", "__version__"]
