"""Where a claim's form callable really lives (issue 22, items 1, 7 and 8): the helper shared by
``tests/test_printed_home.py`` (printed forms in printed modules) and ``tests/test_derived_home.py`` (derived forms
and corrections in derivation modules), so both rules judge a form's home alike.

A form is judged by every layer of its code -- a wrapper (``functools.wraps``, ``__wrapped__``) and what it wraps,
through ``functools.partial`` -- each by the module its code really lives in (``__globals__['__name__']``, which
``functools.wraps`` does not copy, unlike ``__module__``), so a wrapper written beside a record cannot pass for the
form it names.
"""

from __future__ import annotations

import functools
from typing import Callable


def layer_modules(form) -> list[str]:
    """The module that really defines each Python layer of a form callable, outermost first: a wrapper's
    ``__globals__`` (which ``functools.wraps`` does not copy, unlike ``__module__``), through ``__wrapped__`` and
    ``functools.partial``; C-level wrappers (``functools.cache``) and partials add no layer of code.  A function a
    layer closes over, or a partial is given as an argument, is a layer too: a wrapper that takes the form it shows
    as an argument (no ``functools.wraps``) cannot hide it."""
    out, todo, seen = [], [form], set()
    while todo:
        fn = todo.pop(0)
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        if isinstance(fn, functools.partial):
            todo[:0] = [fn.func, *(a for a in (*fn.args, *fn.keywords.values()) if _is_code(a))]
            continue
        if hasattr(fn, "__code__"):
            out.append(fn.__globals__.get("__name__", ""))
            todo += [v for v in map(_cell, fn.__closure__ or ()) if _is_code(v)]
        inner = getattr(fn, "__wrapped__", None)
        if inner is not None:
            todo.insert(0, inner)
        elif not out:
            out.append(getattr(fn, "__module__", None) or "")
    return out


def _cell(cell):
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell (a name the closure binds later)
        return None


def _is_code(obj) -> bool:
    """A Python function, a partial, or a wrapper of one (``functools.cache``): what can hold a form's code."""
    return isinstance(obj, functools.partial) or hasattr(obj, "__code__") or hasattr(obj, "__wrapped__")


def form_home(form, is_home: Callable[[str], bool]) -> str:
    """The first layer of a form callable defined outside a module ``is_home`` accepts, else its innermost layer's
    module."""
    layers = layer_modules(form)
    return next((m for m in layers if not is_home(m)), layers[-1])


def is_printed_module(module: str) -> bool:
    """A module under ``derivations`` whose last component starts with ``printed``."""
    parts = module.split(".")
    return parts[0] == "derivations" and len(parts) > 1 and parts[-1].startswith("printed")


def is_derivation_module(module: str) -> bool:
    """A module under ``derivations`` that is not a printed module (``derivations/<paper>/printed*.py``)."""
    parts = module.split(".")
    return parts[0] == "derivations" and len(parts) > 1 and not parts[-1].startswith("printed")
