"""Derivations for pan-cms (M. Pan, "Count-mean Sketch as an Optimized Framework for Frequency
Estimation with LDP"), one submodule per part of the paper:

* ``basics``      -- Sections 3.1-3.3, Appendices A-C (expectation, variance, g(x), Chernoff); its notation and
  exact evaluation of the sum formulas in ``basics_notation``, Section 2 in ``basics_sec2``
* ``optimized``   -- Section 3.4, Appendix D (inner mechanisms, optimal m, optimal losses)
* ``hashing``     -- Sections 3.5-3.6, Appendices E-F (imperfect hashing, the original CMS's bias)
* ``connections`` -- Section 4, Appendix G (TnS, HE, HR, RHR, OLH, recursive CMS, RAPPOR)
* ``tables``      -- Section 5, Appendices H-I (Tables 1-2, randomness, communication, empirical MSE bound)

Printed forms (the paper's text, mistakes included) live only in the ``printed_*`` modules: ``printed_sec2``,
``printed_basics``, ``printed_appendix_c``, ``printed_optimized``, ``printed_hashing``, ``printed_connections``,
``printed_tables``, ``printed_sec6``; no derivation imports them.  Shared symbols live in
:mod:`derivations.pan_cms.symbols` and the ``symbols_*`` tables (``symbols_basics`` holds the sum notation).
"""
