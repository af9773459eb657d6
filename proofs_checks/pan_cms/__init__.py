"""Claim checks for pan-cms, one submodule per part of the paper (see ``derivations.pan_cms``).

Importing this package registers every pan-cms claim.
"""

from . import (basics, connections, hashing, hashing_original, hashing_thm38, hashing_thm39, optimized,  # noqa: F401
               tables)  # noqa: F401  (registration on import)
