"""``python -m ldpref.cli``."""

from . import entry

entry()
