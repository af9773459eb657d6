"""Root causes of pan-cms's errata and conditional claims (see ldpref.ledger.root_causes).

Two tables, one per half of the paper's checks, so each can be edited beside its claims; a label is
defined once and may be named by claims of either half.
"""

from .root_causes_core import ROOT_CAUSES as _CORE  # basics.py, optimized.py
from .root_causes_sketch import ROOT_CAUSES as _SKETCH  # hashing.py, tables.py, connections.py

ROOT_CAUSES = _CORE + _SKETCH
