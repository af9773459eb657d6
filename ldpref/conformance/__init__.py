"""Conformance of other implementations to ldpref's exact moments (``ldpref conform``; issue 11, part 2).

An **adapter** is one Python file that wraps a library's client and server.  It is imported by
:mod:`.serve` in the interpreter given by ``--python`` (default: the one running ldpref), so a library that
needs numpy < 2 runs in its own virtual environment; the harness talks to it over a JSON-lines pipe.  The
adapter defines, with the standard library and the library under test only (no ldpref):

``ADAPTER_NAME``
    a string, e.g. ``"pure-ldp 1.2.0"``.
``CASES``
    a list of dicts, one per (mechanism, parameters) it covers:
    ``id`` (unique string), ``mechanism`` (a name of ldpref's registry, ``ldpref mechanisms``), ``params``
    (that mechanism's ``--set`` keys: ``d``, ``exp_eps`` as an exact rational string, ...; ``eps=ln(3)``
    also works), and optionally ``counts`` (a list of datasets, counts per input; default one skewed
    dataset of at least 40 clients), ``hash`` (``"adapter"``: judge OLH/CMS over the library's own hash
    functions; ``"fresh"``: a new uniform random function per client), ``postprocess``
    (``"clip-normalise"``) and ``note``.
``client(case, values, seed)``
    randomise a batch: ``values`` is a list of inputs in 0..d-1 (ldpref's indexing), ``seed`` an integer
    the adapter must use to seed every random generator the library uses; returns one report per value
    (any Python objects: they never leave the adapter's interpreter).
``server(case, reports)``
    aggregate the reports; returns d floats, the estimated **frequencies** (fractions of n, not counts),
    index v for input v.
``hash_functions(case)`` (optional)
    the library's own hash functions for a case with ``hash: "adapter"``: k rows, row j = (h_j(0), ...,
    h_j(d-1)) with values in 0..m-1, each client choosing row j uniformly.

See docs/conformance.md for the wire format and the statistics (:mod:`.harness`).
"""

from .harness import FORMAT, default_datasets, report_text, run
from .runner import AdapterError, AdapterProcess

__all__ = ["run", "report_text", "default_datasets", "FORMAT", "AdapterError", "AdapterProcess"]
