"""Minimal edits written by hand (issue 23, item 2): where the search cannot reach an edit, a committed entry marked
``"found": "by hand"`` holds it (or a written fallback reason) and says why.  Such an edit is trusted no more than a
searched one: the suite proves it equal to the derived form (test_minimal_edit), a wrong one fails that proof and gives
``error`` when the claim runs, and the generator never overwrites it."""

import dataclasses

import pytest
import sympy

from ldpref.ledger import minimal_edit
from ldpref.ledger.claim import find_claim
from ldpref.ledger.edit_proof import linear_sums, max_content, proved_equal
from ldpref.ledger.minimal_edit_cli import kept_by_hand
from ldpref.ledger.runner import run_claim

PAPERS = ("pan-cms", "pan-strict", "jiang-gcms")

#: committed minimal edits over the three papers: a ratchet (raise it when edits are added, never lower it)
MIN_COMMITTED_EDITS = 76


def _entries():
    return [(cid, e) for p in PAPERS for cid, e in sorted(minimal_edit.edits(p).items())]


def test_committed_edits_do_not_shrink():
    assert sum("edits" in e for _, e in _entries()) >= MIN_COMMITTED_EDITS


def test_every_entry_by_hand_says_why():
    by_hand = [(cid, e) for cid, e in _entries() if e.get("found") == "by hand"]
    assert by_hand
    for cid, e in by_hand:
        assert ("edits" in e and len(e.get("why", "")) > 40) or len(e.get("fallback", "")) > 40, cid


def test_the_generator_keeps_entries_by_hand():
    kept = kept_by_hand("pan-cms")
    assert kept["pan-cms/thm5.2"] == minimal_edit.edits("pan-cms")["pan-cms/thm5.2"]
    assert "pan-cms/eq1" not in kept  # a searched entry is regenerated


def _wrong(cid: str, index: int, new) -> dict:
    edit = minimal_edit.edits(find_claim(cid).paper)[cid]
    edits = [dict(e) for e in edit["edits"]]
    edits[index]["new"] = sympy.srepr(new)
    return dict(edit, edits=edits)


def _with_edit(cid, edit):
    c = find_claim(cid)
    return dataclasses.replace(c, correction=minimal_edit.edited_form(c.printed, edit), edit=edit)


@pytest.mark.parametrize("cid, index, make", [
    # one bit too many per response (the grid's m are powers of two: a dropped ceiling would go unseen there)
    ("pan-cms/sec5.3.client-group-public", 0, lambda L, s: sympy.ceiling(L(s["m"])) + 1),
    # 3 for 4 in the generator's bits (the grid's n <= 4 never makes 2 ceil(log2 n) the max)
    ("pan-cms/sec5.3.client-group-public", 1,
     lambda L, s: sympy.Max(3 * sympy.ceiling(L(s["d"])), 2 * sympy.ceiling(L(s["n"])))),
    # Theorem 5.2 with 3 for 4: its check evaluates the correction itself (a correction grid)
    ("pan-cms/thm5.2", 0, lambda L, s: sympy.Max(3 * sympy.ceiling(L(s["d"])), 2 * sympy.ceiling(L(s["n"])))),
])
def test_a_wrong_edit_by_hand_is_not_proved_and_gives_error(cid, index, make):
    c = find_claim(cid)
    printed = c.printed()
    symbols = {s.name: s for s in printed.free_symbols}
    log2 = next(type(f) for f in printed.atoms(sympy.Function) if "log" in type(f).__name__)
    wrong = _wrong(cid, index, make(log2, symbols))
    edited, target = minimal_edit.apply(printed, wrong), c.derived()
    side = 1 if isinstance(edited, sympy.Equality) else 0  # the value of "bits = ...", the left side of ">= b_min"
    assert not proved_equal(edited.args[side], target.args[side])
    r = run_claim(_with_edit(cid, wrong))
    assert r.verdict == "error", r.reason


def test_the_sum_edit_is_proved_by_linearity_and_a_wrong_one_is_not():
    """Appendix B, Eq. (6), the sum: f(x) -> f(x') and (1-m) -> (m-1) inside the summand; without the swap the edit
    is not proved (the proof is no rubber stamp)."""
    cid = "pan-cms/appB.eq6-sum"
    c = find_claim(cid)
    edit = minimal_edit.edits(c.paper)[cid]
    assert [e["op"] for e in edit["edits"]] == ["symbol", "swap"]
    assert proved_equal(minimal_edit.apply(c.printed(), edit).rhs, c.derived().rhs)
    half = dict(edit, edits=edit["edits"][:1])
    assert not proved_equal(minimal_edit.apply(c.printed(), half).rhs, c.derived().rhs)


def test_linear_sums_and_max_content_are_identities():
    i, n, a, b = sympy.symbols("i n a b", positive=True, integer=True)
    f = sympy.Function("f")
    s = sympy.Sum(3 * a * f(i) + a * i, (i, 1, 4))
    split = linear_sums(s)
    assert split != s and sympy.expand(split.doit() - s.doit()) == 0
    assert proved_equal(sympy.Sum(a * f(i), (i, 1, n)), a * sympy.Sum(f(i), (i, 1, n)))
    assert not proved_equal(sympy.Sum(a * f(i), (i, 1, n)), sympy.Sum(f(i), (i, 1, n)))
    assert max_content(sympy.Max(4 * a, 6 * b)) == 2 * sympy.Max(2 * a, 3 * b)
    assert max_content(sympy.Max(4 * a, -6 * b)) == sympy.Max(4 * a, -6 * b)  # a negative coefficient: left alone
    assert max_content(sympy.Min(a, 2 * b)) == sympy.Min(a, 2 * b)


@pytest.mark.parametrize("cid", ["pan-cms/thm3.8", "pan-cms/appE.eq43", "pan-cms/appE.translate"])
def test_theorem_3_8_is_one_where_edit_m_0_shown_and_evaluated(cid):
    """Theorem 3.8 and Appendix E: the derivative bound taken at m_0 = m(1 - (2q+1)^{-2}), not at m -- one ``where``
    edit: the printed layout with m_0 in red at its three places (the leading m stays) and m_0's definition after
    it; the display with m_0 substituted back is the evaluated correction; m_0 off in the third power of (2q+1) is
    not proved, and m_0 = m (the printed form) gives error."""
    from ldpref.latex import to_latex

    c = find_claim(cid)
    edit = minimal_edit.edits(c.paper)[cid]
    assert [e["op"] for e in edit["edits"]] == ["where"]
    printed, e = c.printed(), edit["edits"][0]
    corrected = minimal_edit.apply(printed, edit)
    tex = minimal_edit.highlighted_latex(corrected, edit, to_latex(printed), printed)
    plain = minimal_edit.plain_latex(corrected, edit, printed)
    assert tex.count(r"\textcolor{red}{m_{0}}") == 3 and r"\textcolor{red}{m_{0} = " in tex
    assert plain.count("m_{0}") == 4 and r"\frac{m \left(" in plain  # the leading m stays
    assert len(plain) <= 1.25 * len(to_latex(printed)) + 20  # the coverage script's length rule
    m, m0, value = (sympy.sympify(e[k]) for k in ("symbol", "name", "new"))
    shown = minimal_edit._replace_all(printed, minimal_edit.where_table(printed, e, minimal_edit._subtree)[1])
    assert shown.xreplace({m0: value}) == corrected  # the displayed object is the evaluated one
    assert proved_equal(corrected.args[0].lhs - corrected.args[0].rhs,
                        c.derived().args[0].lhs - c.derived().args[0].rhs)
    q = next(s for s in printed.free_symbols if s.name == "q")
    wrong = minimal_edit.apply(printed, {"edits": [dict(e, new=sympy.srepr(m - m / (2 * q + 1) ** 3))]})
    assert not proved_equal(wrong.args[0].lhs - wrong.args[0].rhs, c.derived().args[0].lhs - c.derived().args[0].rhs)
    r = run_claim(_with_edit(cid, {"edits": [dict(e, new=sympy.srepr(m))]}))
    assert r.verdict == "error" and "correction vs exact" in r.reason, r.reason
