"""Shared test configuration.

* Makes the repository root importable (``import ldpref``) however pytest is started.
* Registers the hypothesis profile ``ldpref``: derandomised (every run tests the same examples), no
  deadline (exact sympy arithmetic has uneven timings) and no example database (nothing is written into
  the repository).  Tests still pass their own ``max_examples``.
"""

import os
import sys

from hypothesis import HealthCheck, settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

settings.register_profile(
    "ldpref",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ldpref")


# ---- one ledger run for the whole session ---------------------------------------------------------
import pytest  # noqa: E402


@pytest.fixture(scope="session")
def ledger():
    """Every claim run once, as ``ldpref verify`` runs it: {claim id: ClaimResult}.

    Tests assert verdicts and evidence from this one run instead of re-running claims.
    """
    from ldpref.ledger.claim import load_claims
    from ldpref.ledger.runner import run_claims

    return {r.claim.id: r for r in run_claims(load_claims(), os.cpu_count() or 1)}
