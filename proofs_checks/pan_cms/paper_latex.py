"""pan-cms: the paper's own LaTeX of its printed forms, registered with the library as the paper's part
``paper_latex`` (``ldpref.paper_latex.table``): the table is ``derivations/pan_cms/paper_latex.py``."""

from derivations.pan_cms.paper_latex import *  # noqa: F401,F403
from derivations.pan_cms.paper_latex import SYMBOL_MODULES, SYMBOL_PACKAGE  # noqa: F401
