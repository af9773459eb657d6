"""Root causes of pan-strict's errata and conditional claims (see ldpref.ledger.root_causes).

Each checks module keeps its root causes beside its claims as a module-level ``ROOT_CAUSES`` list; this
module gathers them.  A label is defined once and may be named by claims of any module.
"""

from . import (constructions, constructions_cor52, constructions_ocms, framework, framework_configurations,
               framework_urp, optimality, optimality_support_size)

ROOT_CAUSES = [rc for mod in (constructions, constructions_ocms, constructions_cor52, framework, framework_configurations,
                              framework_urp, optimality, optimality_support_size)
               for rc in getattr(mod, "ROOT_CAUSES", [])]
