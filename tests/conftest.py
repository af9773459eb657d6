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

_RESULTS: dict = {}
_FULL_RUN = {"wanted": False, "done": False}


def pytest_collection_modifyitems(session, config, items):
    """When the whole-ledger tests are collected, every claim result comes from one parallel run."""
    _FULL_RUN["wanted"] = any(os.path.basename(str(item.fspath)) == "test_ledger_run.py" for item in items)


def _run_all():
    from ldpref.ledger.claim import load_claims
    from ldpref.ledger.runner import run_claims

    for r in run_claims(load_claims(), os.cpu_count() or 1):
        _RESULTS[r.claim.id] = r
    _FULL_RUN["done"] = True


def claim_result(claim_id: str):
    """The result of one claim as ``ldpref verify`` computes it: from the session's whole-ledger run when
    the suite runs it, else by running that claim alone (a single test file stays fast)."""
    if _FULL_RUN["wanted"] and not _FULL_RUN["done"]:
        _run_all()
    if claim_id not in _RESULTS:
        from ldpref.ledger.claim import find_claim
        from ldpref.ledger.runner import run_claim

        _RESULTS[claim_id] = run_claim(find_claim(claim_id))
    return _RESULTS[claim_id]


@pytest.fixture(scope="session")
def ledger():
    """Every claim run once, as ``ldpref verify`` runs it: {claim id: ClaimResult} in ledger order.

    Tests assert verdicts and evidence from this one run instead of re-running claims.
    """
    from ldpref.ledger.claim import load_claims

    if not _FULL_RUN["done"]:
        _run_all()
    return {c.id: _RESULTS[c.id] for c in load_claims()}
