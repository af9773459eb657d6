"""Exact evaluation of a jiang-gcms form at rational parameter values: the one evaluator's
:func:`ldpref.ledger.forms.value_at` (its compiled fmpq program, with subs + cancel as the fallback).  Its own module
so the pure-protocol and GCMS checks both import it and not each other (issue 22: no import cycles)."""

from __future__ import annotations

from ldpref.ledger.forms import value_at as _at  # noqa: F401  (the checks import _at from here)
