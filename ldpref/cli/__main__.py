"""``python -m ldpref.cli``."""

import sys

from . import main

sys.exit(main())
