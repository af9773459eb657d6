"""pan-cms claim checks: tables (Section 5, Appendices H and I; see derivations.pan_cms.tables).

The checks live in ``tables_table1`` (Table 1), ``tables_table2`` (Table 2, communication), ``tables_sec5``
(Sections 5.1-5.3) and ``tables_appendix`` (Eq. (22), Appendix I, Appendix H accuracy), on the mechanisms of
``tables_common``; importing this module registers them all.  The root causes of their errata and conditional
claims are in ``root_causes``.

The exact path builds the real mechanisms: CMS from real hash families (``ldpref.hashing``: the
Sylvester-Hadamard family, GF(2^l)-affine families, and linear families ``h(x) = b + <a, x>`` over
GF(q)^t, ``ldpref.hashing.linear_family``),
Recursive Hadamard Response built from its description in Section 4.3, Subset Selection, OUE and SUE
(``ldpref.mechanisms.pure``).  Losses come from ``ldpref.losses`` on the exact ``Mechanism``; how a Table 1 cell is
read (n-free losses, large-d limits as conditional claims) is said in ``tables_table1``.
"""

from __future__ import annotations

from . import tables_appendix, tables_sec5, tables_table1, tables_table2  # noqa: F401  (registration on import)
