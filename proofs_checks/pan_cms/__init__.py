"""Claim checks for pan-cms, one submodule per part of the paper (see ``derivations.pan_cms``).

Importing this package registers every pan-cms claim.
"""

from . import basics, connections, hashing, optimized, tables  # noqa: F401  (registration on import)
