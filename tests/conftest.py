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

import ldpref  # noqa: E402,F401  (first, so sympy is imported with ldpref's cache size: see ldpref/__init__.py)

settings.register_profile(
    "ldpref",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ldpref")

# young objects collected every 50,000 allocations instead of 700, as in the ledger's workers
# (ldpref.ledger.runner.worker_setup): sympy's large expression cache keeps many objects alive, and the default
# collections walk them again and again; collection only frees unreachable cycles, so no result depends on it
import gc  # noqa: E402

gc.set_threshold(50_000, 20, 100)


# ---- one ledger run for the whole session ---------------------------------------------------------
import pytest  # noqa: E402

_RESULTS: dict = {}
_FULL_RUN = {"wanted": False, "done": False}


def pytest_collection_modifyitems(session, config, items):
    """When the whole-ledger tests are collected, every claim result comes from one parallel run.

    In one pytest process (``-n 0``) the run starts in the background as soon as collection ends, and the tests
    that do not read ledger results run first, beside it (the pytest process would otherwise idle while the
    workers run).  Under pytest-xdist (pyproject's addopts) every worker collects every test; the tests that read
    the ledger come first, the first worker to need a result runs the ledger once with its own pool of
    ``cpu_count`` processes and leaves the results in the session's temporary folder, and every other worker
    reads them from there (:func:`_shared_run`)."""
    if config.option.collectonly:  # nothing will run: no ledger run to start (it cost --collect-only 25 CPU-s)
        return
    if not any(os.path.basename(str(item.fspath)) == "test_ledger_run.py" for item in items):
        return
    _FULL_RUN["wanted"] = True
    reads = {id(item): _reads_ledger(item) for item in items}
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the same order in every worker
        _FULL_RUN["shared"] = str(config._tmp_path_factory.getbasetemp().parent)  # the whole session's folder
        items.sort(key=lambda item: not reads[id(item)])  # stable: file order kept within each group
        return
    items.sort(key=lambda item: reads[id(item)])
    _start_background_run()


def _reads_ledger(item) -> bool:
    """Whether the test waits for the whole-ledger run: it takes the ``ledger`` fixture, or its function (or a
    fixture or helper function of its module that it names, followed through nested calls) names
    ``claim_result``.  Only the order depends on this: a test that calls ``claim_result`` by a path not seen
    here still gets the ledger's result, it just waits for the run where it stands.  Tests of such a module
    that do not read the ledger (e.g. ones running a modified claim) thus run beside the background run
    instead of after it, when one core would idle (issue 9)."""
    if "ledger" in getattr(item, "fixturenames", ()):
        return True
    module = getattr(item, "module", None)
    if module is None or not hasattr(module, "claim_result"):
        return False
    function = getattr(item, "function", None)
    function = getattr(getattr(function, "hypothesis", None), "inner_test", function)
    start = [function] + [getattr(module, name, None) for name in getattr(item, "fixturenames", ())]
    return any(_names_claim_result(obj, vars(module), set()) for obj in start if obj is not None)


def _names_claim_result(obj, namespace: dict, seen: set) -> bool:
    """Whether ``obj`` (a function, fixture or code object) names ``claim_result``, directly, in a nested
    function, or through a function of ``namespace`` (its module) that it names."""
    obj = getattr(obj, "_get_wrapped_function", lambda: obj)()  # a pytest fixture definition
    obj = getattr(obj, "__wrapped__", obj)
    code = getattr(obj, "__code__", obj)
    if not hasattr(code, "co_names") or id(code) in seen:
        return False
    seen.add(id(code))
    if "claim_result" in code.co_names:
        return True
    nested = [c for c in code.co_consts if hasattr(c, "co_names")]
    helpers = [namespace[n] for n in code.co_names if callable(namespace.get(n)) and hasattr(namespace[n], "__code__")]
    return any(_names_claim_result(o, namespace, seen) for o in nested + helpers)


def _start_background_run():
    """Workers forked and every claim submitted here, in the main thread (``start_parallel``); a thread only
    collects the results."""
    import threading

    from ldpref.ledger.claim import load_claims
    from ldpref.ledger.runner import start_parallel

    results = start_parallel(load_claims(), os.cpu_count() or 1)
    _lower_worker_priority()

    def collect():
        for r in results:
            _RESULTS[r.claim.id] = r

    _FULL_RUN["thread"] = threading.Thread(target=collect, name="ledger-run", daemon=True)
    _FULL_RUN["thread"].start()


#: nice increment of the background ledger workers (CFS weight 335 against the pytest process's 1024)
WORKER_NICE = 5


def _lower_worker_priority():
    """Lower the ledger workers' CPU priority (``WORKER_NICE``), so the pytest process keeps a whole core.

    The pytest process runs the other tests single-threaded (about 105 CPU-s) beside ``cpu_count`` workers
    (the ledger, about 155 CPU-s).  At equal priority three processes share two cores, each gets about 2/3 of a
    core, the workers finish first and the pytest process then runs the rest alone while a core idles (measured:
    the first test reading the ledger started after the workers had finished).  With the workers niced the
    pytest process has a core to itself and the workers share the other, then take both cores once it waits for
    them: the wall time becomes max(tests, (tests + ledger) / 2) CPU-s, the least two cores allow (issue 9).
    Only the scheduling changes; every worker still runs every claim it was given."""
    import multiprocessing

    for child in multiprocessing.active_children():  # the pool's workers, forked by start_parallel
        try:
            os.setpriority(os.PRIO_PROCESS, child.pid,
                           min(19, os.getpriority(os.PRIO_PROCESS, child.pid) + WORKER_NICE))
        except ProcessLookupError:  # a worker that already exited has nothing left to schedule
            pass


def _run_all():
    thread = _FULL_RUN.get("thread")
    if thread is not None:
        thread.join()
        _FULL_RUN["done"] = True  # a result missing here means its worker failed: the tests reading it fail
        return
    if _FULL_RUN.get("shared"):
        _RESULTS.update({r.claim.id: r for r in _shared_run(_FULL_RUN["shared"])})
        _FULL_RUN["done"] = True
        return
    from ldpref.ledger.claim import load_claims
    from ldpref.ledger.runner import run_claims

    for r in run_claims(load_claims(), os.cpu_count() or 1):
        _RESULTS[r.claim.id] = r
    _FULL_RUN["done"] = True


def _shared_run(folder: str) -> list:
    """Under pytest-xdist: the whole ledger's results, run once for the session by the first worker that asks
    (under an exclusive lock on a file in the session's temporary folder; the others wait for it there and then
    read its pickled results, each claim re-attached to this process's record).  A run that fails leaves no
    results behind: the next worker runs the ledger itself, and its tests fail the same way."""
    import fcntl
    import pickle

    from ldpref.ledger.claim import find_claim, load_claims
    from ldpref.ledger.runner import run_claims

    path = os.path.join(folder, "ldpref-ledger-results.pickle")
    with open(os.path.join(folder, "ldpref-ledger-results.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the lock file is closed
        if not os.path.exists(path):
            results = run_claims(load_claims(), os.cpu_count() or 1)
            for r in results:  # a record holds lambdas: the results travel by claim id, as from the ledger's workers
                r.claim = r.claim.id
            with open(path + ".part", "wb") as fh:
                pickle.dump(results, fh)
            os.replace(path + ".part", path)
        else:
            with open(path, "rb") as fh:
                results = pickle.load(fh)
    load_claims()
    for r in results:
        r.claim = find_claim(r.claim)
    return results


def claim_result(claim_id: str):
    """The result of one claim as ``ldpref verify`` computes it: from the session's whole-ledger run when
    the suite runs it, else by running that claim alone (a single test file stays fast)."""
    if _FULL_RUN["wanted"] and (not _FULL_RUN["done"] or _FULL_RUN.get("thread") is not None):
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

    if _FULL_RUN.get("thread") is not None or not _FULL_RUN["done"]:
        _run_all()
    return {c.id: _RESULTS[c.id] for c in load_claims()}


@pytest.fixture
def toy(request):
    """A factory of throw-away claim records (``pan-cms/zz-toy-<label>``, derivation ``tests.toy``) for the generic
    runner's tests; every record made is removed from the registry afterwards."""
    import importlib

    claim_module = importlib.import_module("ldpref.ledger.claim")  # the package's ``claim`` is a function

    made = []

    def make(label, printed, derived, steps, **kw):
        cid = f"pan-cms/zz-toy-{label}"
        made.append(cid)
        return claim_module.record(id=cid, location="nowhere", statement="toy", printed=printed, derived=derived,
                                   steps=steps, **{"derivation": "tests.toy", "module": request.module.__name__, **kw})

    yield make
    for cid in made:
        claim_module._REGISTRY.pop(cid, None)


# ---- the ledger's proof obligations, built once per test process ---------------------------------------
_OBLIGATIONS: list = []


def committed_obligations() -> tuple:
    """Every proof obligation of the ledger, as :func:`ldpref.decide.export.all_obligations` builds it from the
    claims' own (unmodified) printed and derived forms, built once per test process.

    Building them all is sympy work of several CPU-seconds (pan-cms Section 6's bounds most of it), and the
    decide tests each filter a few out of the whole list: at one build per test the suite spent about 30 builds
    (issue 9's time budget).  Only tests that read the committed obligations use this; a test of a modified
    form builds its own, and ``test_decide.py`` still compares a fresh ``smtlib_files()`` with proofs/smtlib."""
    if not _OBLIGATIONS:
        from ldpref.decide.export import all_obligations

        _OBLIGATIONS.append(tuple(all_obligations()))
    return _OBLIGATIONS[0]
