"""Root causes of pan-cms's errata and conditional claims (see ldpref.ledger.root_causes).

Each checks module keeps its root causes beside its claims as a module-level ``ROOT_CAUSES`` list; this
module gathers them.  A label is defined once and may be named by claims of any module.
"""

from . import (basics, basics_appC, basics_mse, basics_variance, connections, connections_lh, connections_rappor,
               connections_rhr, hashing, hashing_original, hashing_thm38, hashing_thm39, optimized, sec6_experiments,
               tables)

ROOT_CAUSES = [rc for mod in (basics, basics_variance, basics_mse, basics_appC, connections, connections_rhr,
                              connections_lh, connections_rappor, hashing, hashing_thm38, hashing_thm39,
                              hashing_original, optimized, sec6_experiments, tables)
               for rc in getattr(mod, "ROOT_CAUSES", [])]
