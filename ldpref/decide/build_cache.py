"""A disk cache of *built* obligations (issue 22's speed bar): the SMT-LIB text a claim's obligations export, keyed
by everything that text is built from.

Building an obligation (the paper's builder, then :func:`ldpref.decide.smtlib.to_smtlib`: radicals, cleared
denominators, SMT-LIB text) is sympy work that costs more than looking its proof up in ``proved.json``.  The text
is a function of

* the claim's forms as this run holds them: the printed and derived *objects* the builder receives, and the
  correction and builder *callables* (code identity and closure contents: a self-check mutation wraps a form in a
  new closure, so it gets another key);
* the source of every module the builder could run: all ``.py`` (and ``.json``: committed minimal edits) files of
  ``ldpref`` and of the packages that registered claims or builders (hashed once per process; any edit there
  changes every key);
* the versions of Python and sympy (the text is sympy's ordering of terms).

:func:`key` hashes these; an object it cannot write down exactly (:class:`Uncacheable`) means no caching.  A hit
gives back the texts, never a verdict: the caller (:mod:`ldpref.decide.record`) still looks each text's SHA-256
up in ``proved.json`` and builds live when any is missing there, so a cache never turns an unproved obligation
into a proved one, and only a build whose every text is proved is stored.  Univariate obligations keep their
Sturm input as rational coefficients (:func:`ldpref.decide.sturm.sturm_input`): the certificate is still
computed and re-checked in every run.

The cache lives in ``$LDPREF_CACHE`` (``off`` disables it), else ``$XDG_CACHE_HOME/ldpref`` or ``~/.cache/ldpref``;
a fresh clone without it builds everything and records the same evidence.  A ``$LDPREF_CACHE`` that cannot be used
(a relative path, a file, a folder that is not writable) turns the cache off for the run, and ``ldpref verify`` says
so in one warning line (:func:`unusable_reason`).  A relative path is refused because its meaning moves with the
working directory: ``LDPREF_CACHE=on`` once wrote a folder ``on/`` into a checkout, and it was committed.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import json
import os
import sys
import types
from fractions import Fraction

import sympy

FORMAT = "ldpref.obligation-cache/1"
#: the files of a package the key covers: its code and the data a form can be built from (minimal_edits.json)
SOURCE_SUFFIXES = (".py", ".json")


class Uncacheable(TypeError):
    """A form or builder holds an object :func:`stable_text` cannot write down exactly."""


#: values of ``$LDPREF_CACHE`` found unusable in this process (:func:`unusable_reason`): the cache is off for them
_UNUSABLE: set = set()


def cache_dir() -> str | None:
    """The folder of the obligation cache, or None when ``LDPREF_CACHE=off`` (or names a path found unusable)."""
    chosen = os.environ.get("LDPREF_CACHE")
    if chosen == "off" or chosen in _UNUSABLE or (chosen and not os.path.isabs(chosen)):
        return None
    if chosen:
        return os.path.join(chosen, "obligations")
    xdg = os.environ.get("XDG_CACHE_HOME")
    # the XDG base-directory spec: a relative value is invalid and ignored (it would name a folder of the checkout)
    base = xdg if xdg and os.path.isabs(xdg) else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ldpref", "obligations")


def unusable_reason() -> str | None:
    """Why the folder ``$LDPREF_CACHE`` names cannot hold the cache (a relative path, a file, a folder that cannot be
    created or is not writable), or None (usable, unset, or ``off``).  An unusable value turns the cache off in this
    process (and in the workers it forks), so the run is what it says: a run without the build cache (same evidence,
    slower). ``ldpref verify`` calls this once and prints the reason as one warning line."""
    chosen = os.environ.get("LDPREF_CACHE")
    if not chosen or chosen == "off":
        return None
    folder = os.path.join(chosen, "obligations")
    if not os.path.isabs(chosen):
        reason = "not an absolute path (give a folder's absolute path, or off)"
    elif os.path.exists(chosen) and not os.path.isdir(chosen):
        reason = "not a folder"
    else:
        try:
            os.makedirs(folder, exist_ok=True)
            reason = None if os.access(folder, os.W_OK | os.X_OK) else "not writable"
        except OSError as exc:
            reason = (exc.strerror or type(exc).__name__).lower()
    if reason is not None:
        _UNUSABLE.add(chosen)
    return reason


def _function_text(fn, seen: set) -> str:
    code = fn.__code__
    parts = [f"fn:{fn.__module__}:{fn.__qualname__}:{code.co_firstlineno}:{code.co_filename.rsplit(os.sep, 1)[-1]}"]
    parts.append(stable_text(fn.__defaults__, seen))
    parts.append(stable_text(fn.__kwdefaults__, seen))
    for cell in fn.__closure__ or ():
        try:
            contents = cell.cell_contents
        except ValueError:  # a cell not yet bound
            parts.append("<empty cell>")
            continue
        parts.append(stable_text(contents, seen))
    return "(" + " ".join(parts) + ")"


def stable_text(obj, seen: set | None = None) -> str:
    """An exact, process-independent text of a form or a callable (no memory address, no hash seed)."""
    seen = set() if seen is None else seen
    if obj is None or isinstance(obj, (bool, int, str, Fraction)):
        return f"{type(obj).__name__}:{obj!r}"
    if isinstance(obj, (sympy.Basic, sympy.MatrixBase)):
        return "sympy:" + sympy.srepr(obj)
    if isinstance(obj, (list, tuple)):
        return f"{type(obj).__name__}[" + ", ".join(stable_text(x, seen) for x in obj) + "]"
    if isinstance(obj, dict):
        items = sorted((stable_text(k, seen), stable_text(v, seen)) for k, v in obj.items())
        return "dict{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    if isinstance(obj, (types.ModuleType, type)):
        return (f"{type(obj).__name__}:{getattr(obj, '__module__', '')}."
                f"{obj.__qualname__ if isinstance(obj, type) else obj.__name__}")
    if id(obj) in seen:  # a closure that refers to itself
        return "<recursive>"
    seen.add(id(obj))
    if isinstance(obj, types.FunctionType):
        return _function_text(obj, seen)
    if isinstance(obj, types.MethodType):
        return f"method({stable_text(obj.__func__, seen)} of {stable_text(obj.__self__, seen)})"
    if isinstance(obj, functools.partial):
        return (f"partial({stable_text(obj.func, seen)}, {stable_text(obj.args, seen)}, "
                f"{stable_text(obj.keywords, seen)})")
    if isinstance(obj, types.BuiltinFunctionType):
        return f"builtin:{getattr(obj, '__module__', '')}.{obj.__qualname__}"
    if hasattr(obj, "__wrapped__") and callable(obj):  # functools.cache / lru_cache and wraps-decorated functions
        return f"wrapped({stable_text(obj.__wrapped__, seen)})"
    if dataclasses.is_dataclass(obj):
        fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
        return f"{type(obj).__module__}.{type(obj).__qualname__}" + stable_text(fields, seen)
    raise Uncacheable(f"no exact text for an object of type {type(obj).__name__}")


def _package_dirs(tops) -> list[str]:
    dirs = []
    for top in sorted(tops):
        module = sys.modules.get(top) or importlib.import_module(top)
        dirs += list(getattr(module, "__path__", []))
    return dirs


@functools.cache
def _source_digest(tops: frozenset) -> str:
    """SHA-256 over the relative path and content of every ``.py`` and ``.json`` file of these top-level packages."""
    h = hashlib.sha256()
    for folder in _package_dirs(tops):
        for root, subdirs, files in os.walk(folder):
            subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(SOURCE_SUFFIXES)):
                path = os.path.join(root, name)
                with open(path, "rb") as fh:
                    h.update(os.path.relpath(path, os.path.dirname(folder)).encode() + b"\0" + fh.read() + b"\0")
    return h.hexdigest()


def source_packages(builder) -> frozenset:
    """``ldpref``, the builder's top-level package, and those of every registered paper's claims and derivations
    (the library names none of them: they are read from the registries)."""
    from ldpref.ledger.claim import _REGISTRY
    from ldpref.ledger.papers import PAPERS

    tops = {__name__.split(".")[0], builder.__module__.split(".")[0]}
    tops |= {p.checks.split(".")[0] for p in PAPERS.values()}
    tops |= {c.derivation.split(".")[0] for c in _REGISTRY.values() if c.derivation}
    tops |= {c.check.__module__.split(".")[0] for c in _REGISTRY.values() if c.check is not None}
    return frozenset(tops)


def key(claim, builder, printed, derived) -> str | None:
    """The cache key of ``claim``'s built obligations, or None when something in it is :class:`Uncacheable`."""
    try:
        parts = [FORMAT, f"python {sys.version_info[0]}.{sys.version_info[1]}", f"sympy {sympy.__version__}",
                 _source_digest(source_packages(builder)), claim.id, stable_text(builder), stable_text(printed),
                 stable_text(derived), stable_text(claim.correction)]
    except Uncacheable:
        return None
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def _path(k: str) -> str | None:
    folder = cache_dir()
    return None if folder is None else os.path.join(folder, k[:2], k + ".json")


def load(k: str | None) -> list | None:
    """The entries stored under ``k`` (None on a miss, a disabled cache, or a file that is not one of ours)."""
    path = None if k is None else _path(k)
    if path is None or not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError):  # unreadable or half-foreign: a miss (the live build decides)
        return None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("key") != k:
        return None
    return doc.get("entries")


def store(k: str | None, entries: list) -> None:
    """Store ``entries`` under ``k`` (silently nothing when the cache is disabled or its folder is not writable:
    the cache changes how long a run takes, never its evidence)."""
    from ldpref.atomic import OutputError, write_file

    path = None if k is None else _path(k)
    if path is None:
        return
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_file(path, json.dumps({"format": FORMAT, "key": k, "entries": entries}, indent=0, sort_keys=True))
    except (OSError, OutputError):
        return
