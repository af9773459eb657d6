"""Corrections as minimal edits of the printed form (issue 23, item 2).

For an erratum, the paper's printed formula (the claim's ``printed`` sympy object) and ldpref's derived
(correct) form are known.  :func:`search` looks for the smallest edit of the printed expression tree -- one
subtree replaced -- whose result is **proved** equal to the derived form (exact: :func:`ldpref.exact.is_zero`
of the difference; rational points are used only to *reject* candidates, exactly, never to accept one).

Edits, in order of cost (lower first; ties broken by the size of the replaced subtree, then the path):

* ``swap``: a difference ``c - x`` with a numeric term turned round (``(1-m)/m`` -> ``(m-1)/m``), cost 1;
* ``sign``: the sign of one term of a sum flipped, cost 2;
* ``negate`` (another factor or a difference of symbols), ``invert`` (x -> 1/x), ``drop-term``,
  ``drop-factor``, ``exponent`` (an integer exponent changed by +-1 or doubled/halved), ``number`` (a
  numeric leaf changed by +-1, negated, inverted or doubled), cost 3;
* ``add-term`` / ``times-factor``: the printed sum completed by one missing term, or the whole right-hand
  side scaled by one factor, cost 4 -- only when that term/factor is small (at most ``MAX_NEW_LEAVES``
  leaves).

Guard against nonsense edits: every edit replaces *one* subtree, and the replaced subtree plus the new one
together touch few leaves (``MAX_TOUCHED_LEAVES``); an edit that rewrites most of the formula is no minimal
edit, and the claim falls back to the derived form with a reason.  Equations ``lhs = rhs`` are edited on the
right-hand side only and require the left-hand sides to be identical.  Conditionals are not edited (their
correction is the printed form under the condition, shown by the claim's condition text).

The search is bounded (``MAX_CANDIDATES``, ``TIME_CAP`` seconds) and deterministic (tree order).  Results are
committed per paper in ``proofs_checks/<paper>/minimal_edits.json`` (``scripts``: ``python -m
ldpref.ledger.minimal_edit``) and *applied* at verify time by :func:`corrected`.
"""

from __future__ import annotations

import json
import os
import random
import time

import sympy

from ..exact import rational_function_zero
from ..latex import to_latex

MAX_TOUCHED_LEAVES = 12
MAX_NEW_LEAVES = 6
MAX_CANDIDATES = 4000
TIME_CAP = 20.0
HIGHLIGHT = r"\textcolor{red}"  # amsmath + xcolor; GitHub/KaTeX math fences render \textcolor too


def _leaves(e) -> int:
    return 1 if not e.args else sum(_leaves(a) for a in e.args)


def _subtree(e, path):
    for i in path:
        e = _args(e)[i]
    return e


def _args(e):
    return list(e) if isinstance(e, (tuple, list)) else list(e.args)


def _replace(e, path, new):
    if not path:
        return new
    args = _args(e)
    args[path[0]] = _replace(args[path[0]], path[1:], new)
    return type(e)(args) if isinstance(e, (tuple, list)) else e.func(*args)


def _walk(e, path=()):
    """Nodes in tree order, descending only through sums, products and powers (not into Indexed, functions...)."""
    yield path, e
    if e.is_Add or e.is_Mul or e.is_Pow or isinstance(e, sympy.Function):
        for i, a in enumerate(e.args):
            yield from _walk(a, path + (i,))


def _candidates(rhs, target):
    """(cost, size, path, op, new) for every edit of ``rhs``, cheapest first."""
    out = []
    for path, node in _walk(rhs):
        if not isinstance(node, sympy.Expr):
            continue
        size = _leaves(node)
        parent = _subtree(rhs, path[:-1]) if path else None
        if node.is_Add and len(node.args) == 2 and any(a.is_Number for a in node.args):
            out.append((1, size, path, "swap", -node))
        if parent is not None and parent.is_Add:
            out.append((2, size, path, "sign", -node))
            out.append((3, size, path, "drop-term", sympy.Integer(0)))
        elif not node.is_Number:
            out.append((3, size, path, "negate", -node))
        if parent is not None and parent.is_Mul:
            out.append((3, size, path, "drop-factor", sympy.Integer(1)))
        if not node.is_Number and node != 0:
            out.append((3, size, path, "invert", 1 / node))
        if node.is_Pow and node.exp.is_Integer:
            k = int(node.exp)
            for k2 in sorted({k + 1, k - 1, 2 * k, k // 2 if k % 2 == 0 else k} - {k, 0}):
                out.append((3, size, path, "exponent", sympy.Pow(node.base, k2)))
        if node.is_Symbol:
            for t in sorted(target.free_symbols - {node}, key=str):
                out.append((3, 1, path, "symbol", t))
                out.append((3, 1, path, "symbol", 1 / t))
        if node.is_Number and parent is not None:
            for v in (node + 1, node - 1, -node, 2 * node) + ((1 / node,) if node != 0 else ()):
                if v != node:
                    out.append((3, 1, path, "number", v))
    residual = sympy.cancel(sympy.together(target - rhs))
    if _leaves(residual) <= MAX_NEW_LEAVES:
        out.append((4, _leaves(residual), (), "add-term", rhs + residual))
    if rhs != 0:
        ratio = sympy.cancel(sympy.together(target / rhs))
        if _leaves(ratio) <= MAX_NEW_LEAVES and ratio != 1:
            out.append((4, _leaves(ratio), (), "times-factor", rhs * ratio))
    out.sort(key=lambda c: (c[0], c[1], c[2], c[3]))
    return out


def _touched(op: str, size: int) -> int:
    """Leaves an edit touches: one sign or one leaf for sign/negate/swap/invert/exponent/number; the removed
    subtree for drop-*; the added term or factor for add-term/times-factor (``size`` holds its leaves)."""
    return size if op in ("drop-term", "drop-factor", "add-term", "times-factor") else 1


def _points(symbols, n=3, seed=23):
    rng = random.Random(seed)
    return [{s: sympy.Rational(rng.randint(3, 40), rng.randint(2, 9)) for s in symbols} for _ in range(n)]


def _exactly_nonzero_somewhere(diff, points) -> bool:
    """True when ``diff`` is exactly a nonzero rational at one of the rational points (a disproof)."""
    for p in points:
        try:
            v = diff.xreplace(p)
        except (ValueError, TypeError):  # e.g. Min/Max of a non-real value: no disproof here, the proof decides
            continue
        if v.is_Rational and v != 0:
            return True
    return False


def _proved_zero(diff) -> bool:
    """Exact proof that ``diff`` is 0: as a rational function over Q (python-flint), else ``cancel`` giving 0.
    No ``simplify`` (unbounded time); an edit it cannot prove is not taken."""
    fast = rational_function_zero(diff)
    if fast is not None:
        return fast
    return sympy.cancel(sympy.together(diff)) == 0


def _is_expr(e) -> bool:
    return isinstance(e, sympy.Expr) and not isinstance(e, sympy.Tuple)


def _search_expr(rhs, target, prefix, time_cap):
    """One edit of the expression ``rhs`` proved equal to ``target``: [] (already equal), [edit] or a reason."""
    diff0 = rhs - target
    if _proved_zero(diff0):
        return []
    points = _points(sorted(rhs.free_symbols | target.free_symbols, key=str))
    start = time.monotonic()
    for n, (cost, size, path, op, new) in enumerate(_candidates(rhs, target)):
        if n >= MAX_CANDIDATES or time.monotonic() - start > time_cap:
            return f"no edit found within the search cap ({n} candidates)"
        if _touched(op, size) > MAX_TOUCHED_LEAVES:
            continue
        try:
            edited = _replace(rhs, path, new)
        except (ValueError, TypeError):  # an edit sympy cannot build (e.g. a non-comparable Min/Max argument)
            continue
        diff = edited - target
        if _exactly_nonzero_somewhere(diff, points):
            continue
        if _proved_zero(diff):
            return [{"path": list(prefix + tuple(path)), "op": op, "new": sympy.srepr(new), "cost": cost}]
    return "no single-subtree edit of the printed form equals the derived form"


def _diff(printed, derived, prefix, time_cap):
    """Edits turning ``printed`` into ``derived`` along their common structure, or a reason string."""
    if _is_expr(printed) and _is_expr(derived):
        if (isinstance(printed, sympy.Function) and printed.func == derived.func and printed != derived
                and len(printed.args) == len(derived.args)):  # exp(...), argmin(...): edit inside the function
            return _seq_diff(printed.args, derived.args, prefix, time_cap)
        return _search_expr(printed, derived, prefix, time_cap)
    if printed == derived:
        return []
    seq = isinstance(printed, (tuple, list)) and isinstance(derived, (tuple, list))
    if not seq and not (isinstance(printed, sympy.Basic) and isinstance(derived, sympy.Basic)):
        return f"not a sympy object ({type(printed).__name__})"
    pa, da = _args(printed), _args(derived)
    if len(pa) != len(da):
        return "printed and derived forms differ in shape"
    if not seq and printed.func != derived.func:
        if isinstance(printed, sympy.core.relational.Relational) and isinstance(derived,
                                                                                sympy.core.relational.Relational) \
                and all(p == d for p, d in zip(pa, da)):
            return [{"path": list(prefix), "op": "relation", "new": sympy.srepr(derived.func(*pa)), "cost": 1}]
        return f"printed and derived forms differ in kind ({type(printed).__name__} vs {type(derived).__name__})"
    if not seq and not pa:
        return "printed and derived atoms differ"
    return _seq_diff(pa, da, prefix, time_cap)


def _seq_diff(pa, da, prefix, time_cap):
    """Edits of corresponding arguments (at most 2 in all), or a reason string."""
    out = []
    for i, (p, d) in enumerate(zip(pa, da)):
        sub = _diff(p, d, prefix + (i,), time_cap)
        if isinstance(sub, str):
            return sub
        out += sub
    if len(out) > 2:
        return f"{len(out)} separate edits needed (at most 2 shown as a minimal edit)"
    return out


def search(printed, derived, time_cap: float = TIME_CAP) -> dict:
    """The minimal edits as ``{"edits": [{"path", "op", "new", "cost"}]}`` (``new`` a sympy srepr) or
    ``{"fallback": reason}``."""
    res = _diff(printed, derived, (), time_cap)
    if isinstance(res, str):
        return {"fallback": res}
    if not res:
        return {"fallback": "printed form already equal to the derived form"}
    return {"edits": res}


def apply(printed, edit: dict):
    """The printed object with the edits applied (the displayed, evaluated correction)."""
    for e in edit["edits"]:
        printed = _replace(printed, tuple(e["path"]), sympy.sympify(e["new"]))
    return printed


def highlighted_latex(printed, edit: dict) -> str:
    """LaTeX of the corrected form with each changed subtree in ``\\textcolor{red}{...}`` (a flipped sign
    alone in red), where the new subtree's LaTeX occurs once in the corrected form's; else the plain LaTeX."""
    corrected = apply(printed, edit)
    text = to_latex(corrected)
    for e in edit["edits"]:
        new_tex = to_latex(sympy.sympify(e["new"]))
        mark = (f"{HIGHLIGHT}{{-}} " + new_tex[2:] if e["op"] == "sign" and new_tex.startswith("- ")
                else f"{HIGHLIGHT}{{{new_tex}}}")
        path = tuple(e["path"])
        for up in range(len(path) + 1):  # the smallest enclosing subtree whose LaTeX occurs once
            context = to_latex(_subtree(corrected, path[:len(path) - up]))
            if new_tex and text.count(context) == 1 and context.count(new_tex) == 1:
                text = text.replace(context, context.replace(new_tex, mark, 1), 1)
                break
    return text


def data_path(paper: str) -> str:
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(root, "proofs_checks", paper.replace("-", "_"), "minimal_edits.json")


_DATA: dict = {}


def edits(paper: str) -> dict:
    """The committed minimal edits of one paper (claim id -> edit or fallback)."""
    if paper not in _DATA:
        p = data_path(paper)
        _DATA[paper] = json.load(open(p, encoding="utf-8")) if os.path.exists(p) else {}
    return _DATA[paper]


def corrected(claim, printed):
    """The minimal-edit correction of an erratum claim, or None (no committed edit)."""
    edit = edits(claim.paper).get(claim.id)
    if not edit or "fallback" in edit or printed is None:
        return None
    return apply(printed, edit)


class _SearchTimeout(Exception):
    """A claim's search ran past ``CLAIM_CAP`` seconds (a symbolic cancel without bound)."""


CLAIM_CAP = 30


def _search_with_alarm(printed, derived) -> dict:
    """:func:`search` stopped after ``CLAIM_CAP`` seconds (SIGALRM; the generator runs in the main thread)."""
    import signal

    def stop(signum, frame):
        raise _SearchTimeout

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(CLAIM_CAP)
    try:
        return search(printed, derived)
    except _SearchTimeout:
        return {"fallback": f"no edit proved within {CLAIM_CAP} s (symbolic proof too slow)"}
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def generate(claim_ids: list[str]) -> dict:
    """Search every listed claim; {paper: {claim id: edit}}."""
    from .claim import find_claim

    out: dict = {}
    for cid in claim_ids:
        c = find_claim(cid)
        if c.printed is None:
            res = {"fallback": "no printed form"}
        else:
            res = _search_with_alarm(c.printed(), c.derived())
        out.setdefault(c.paper, {})[cid] = res
        print(cid, [e["op"] for e in res["edits"]] if "edits" in res else res["fallback"], flush=True)
    return out


def main(argv=None) -> int:
    """``python -m ldpref.ledger.minimal_edit VERIFY_JSON``: regenerate the committed files from the erratum
    claims of a ``verify --json`` document."""
    import argparse

    from ..atomic import write_file

    ap = argparse.ArgumentParser(prog="minimal_edit")
    ap.add_argument("verify_json")
    a = ap.parse_args(argv)
    doc = json.load(open(a.verify_json, encoding="utf-8"))
    ids = [c["id"] for c in doc["claims"] if c["verdict"] == "erratum"]
    for paper, data in generate(ids).items():
        write_file(data_path(paper), json.dumps(data, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
