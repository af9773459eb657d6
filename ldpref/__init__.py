"""ldpref: an exact, checkable reference implementation of frequency estimation under local
differential privacy (LDP), built from three papers on Count-Mean Sketch and its relatives."""

from .exact import EXP_EPS, to_exact
from .family import MechanismFamily
from .mechanism import Mechanism

__version__ = "0.1.0"

__all__ = ["EXP_EPS", "Mechanism", "MechanismFamily", "to_exact", "__version__"]
