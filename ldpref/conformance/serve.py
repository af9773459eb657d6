"""The adapter side of ``ldpref conform``: a standalone JSON-lines server (standard library only).

Run by the harness as ``PYTHON serve.py ADAPTER_FILE`` in the interpreter that has the library under test
(for the peers, a virtual environment with numpy < 2 and no ldpref).  It imports the adapter module from its
file and answers one request per line on standard input with one response per line on standard output; the
adapter's own prints go to standard error so they cannot corrupt the protocol.  The protocol itself is
described in :mod:`ldpref.conformance` (docs/conformance.md):

* ``{"call": "describe"}`` -> ``{"ok": true, "result": {"name": ..., "cases": [...], "hash_functions": bool}}``
* ``{"call": "trial", "case": ID, "counts": [c0, c1, ...], "seed": S}`` -> ``{"ok": true, "result": [f0, f1, ...]}``:
  the clients' values are ``counts[x]`` copies of each x (in order), ``client(case, values, S)`` randomises
  them, ``server(case, reports)`` estimates the frequencies
* ``{"call": "hash_functions", "case": ID}`` -> ``{"ok": true, "result": [[h_0(0), ..., h_0(d-1)], ...]}``
* on any failure ``{"ok": false, "error": "<call>: <exception type>: <message>"}``; the server goes on.
"""

import importlib.util
import json
import math
import sys
import traceback


def _load(path):
    spec = importlib.util.spec_from_file_location("ldpref_conform_adapter", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path} (not a Python file?)")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _case(module, case_id):
    for case in getattr(module, "CASES", []):
        if case.get("id") == case_id:
            return case
    raise KeyError(f"no case {case_id!r} in CASES")


def _number(x):
    """A float for JSON; non-finite values as strings (JSON has no NaN or infinity)."""
    value = float(x)
    return value if math.isfinite(value) else repr(value)


def _answer(module, request):
    call = request.get("call")
    if call == "describe":
        cases = getattr(module, "CASES", None)
        if not isinstance(cases, (list, tuple)):
            raise TypeError("the adapter has no CASES list")
        return {"name": str(getattr(module, "ADAPTER_NAME", module.__name__)), "cases": list(cases),
                "client": callable(getattr(module, "client", None)),
                "server": callable(getattr(module, "server", None)),
                "hash_functions": callable(getattr(module, "hash_functions", None))}
    case = _case(module, request["case"])
    if call == "trial":
        values = [x for x, c in enumerate(request["counts"]) for _ in range(c)]
        reports = module.client(case, values, int(request["seed"]))
        estimate = module.server(case, reports)
        return [_number(x) for x in estimate]
    if call == "hash_functions":
        return [[int(y) for y in row] for row in module.hash_functions(case)]
    raise ValueError(f"unknown call {call!r}")


def main(argv):
    """Load the adapter named in ``argv[1]`` and answer one JSON request per line on stdin until EOF."""
    out = sys.stdout
    sys.stdout = sys.stderr  # the adapter's prints must not reach the protocol stream
    try:
        module = _load(argv[1])
    except BaseException as exc:  # report every import failure (SyntaxError, SystemExit, ...) as one line
        out.write(json.dumps({"ok": False, "error": f"import: {type(exc).__name__}: {exc}"}) + "\n")
        out.flush()
        return 3
    out.write(json.dumps({"ok": True, "result": "ready"}) + "\n")
    out.flush()
    for line in sys.stdin:
        try:
            request = json.loads(line)
            response = {"ok": True, "result": _answer(module, request)}
        except Exception as exc:  # the adapter's failure is the answer: the harness reports it, never as conforming
            where = request.get("call", "?") if isinstance(request, dict) else "?"
            tail = traceback.extract_tb(exc.__traceback__)[-1]
            response = {"ok": False, "error": f"{where}: {type(exc).__name__}: {exc} "
                                              f"(at {tail.filename.rsplit('/', 1)[-1]}:{tail.lineno})"}
        out.write(json.dumps(response) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
