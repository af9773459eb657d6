"""Decision procedures for the ledger's inequalities, bounds and optima, with checkable certificates (issue 25).

An :class:`~ldpref.decide.obligation.Obligation` is a statement over real (or integer) parameters with
assumptions (``t = e^eps > 1``, ``m >= 2``, ``0 < p < 1``, ...) and a goal (a sympy relational or Boolean of
rational inequalities).  :mod:`~ldpref.decide.algebraic` makes it polynomial (``e^eps`` is the symbol ``t``;
square roots become fresh variables ``r >= 0, r^2 = x``; a denominator is cleared together with its sign, which
the proof must establish), :mod:`~ldpref.decide.smtlib` writes it as SMT-LIB 2 (the assertion is the negated
goal: ``unsat`` means proved), :mod:`~ldpref.decide.solvers` runs z3 (untrusted, finds the proof) and cvc5 (a
second, independent solver that re-checks it), :mod:`~ldpref.decide.sturm` decides univariate goals by Sturm
sequences in exact arithmetic (python-flint) and checks its own certificate (and :mod:`~ldpref.decide.for_all`
gives ``verify`` the exact signs of a rational function above bounds from those certificates),
:mod:`~ldpref.decide.enclosure`
certifies a rational interval around e^x (a claim at a figure's eps), :mod:`~ldpref.decide.optimum`
turns an optimality claim into first/second-order obligations.  :mod:`~ldpref.decide.ledger_obligations` is
the list of ledger claims proved this way; :mod:`~ldpref.decide.record` records the proofs on a claim's
evidence (so the claim's scope becomes ``all-parameters``); :mod:`~ldpref.decide.build_cache` keeps the built texts on
disk, keyed by the forms and source they are built from.  docs/proofs.md explains the design.
"""
