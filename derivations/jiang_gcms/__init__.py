"""jiang-gcms (Jiang et al., "When Focus Enhances Utility ..."): symbols, printed forms and derivations.

* :mod:`.symbols` -- the paper's symbols and display helpers;
* :mod:`.printed_sections`, :mod:`.printed_appendices`, :mod:`.printed_statements` -- the formulas as printed (pure
  transcriptions);
* :mod:`.model` -- the derived forms, built from the model only.

``import derivations.jiang_gcms as J`` gives all three under one name (``J.eq3_printed``, ``J.eq3_derived``).
"""

from . import model, printed_appendices, printed_sections, printed_statements, symbols
from .model import *  # noqa: F401,F403
from .model import _binom_ratio, _boundary_parts, _tidy  # noqa: F401
from .printed_appendices import *  # noqa: F401,F403
from .printed_sections import *  # noqa: F401,F403
from .printed_statements import *  # noqa: F401,F403
from .symbols import *  # noqa: F401,F403
