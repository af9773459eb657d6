"""jiang-gcms: the paper's own LaTeX of its printed forms, registered with the library as the paper's part
``paper_latex`` (``ldpref.paper_latex.table``): the table is ``derivations/jiang_gcms/paper_latex.py``."""

from derivations.jiang_gcms.paper_latex import *  # noqa: F401,F403
from derivations.jiang_gcms.paper_latex import SYMBOL_MODULES, SYMBOL_PACKAGE  # noqa: F401
