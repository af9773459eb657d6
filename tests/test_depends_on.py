"""depends_on (issue 22, item 5): a check reads another claim's form only through ``Evidence.form_of``, which
refuses a claim its record does not name in ``depends_on``; the runner turns the refusal into ``error``."""

import dataclasses

import pytest

from ldpref.ledger.claim import find_claim, load_claims
from ldpref.ledger.evidence import Evidence, UndeclaredDependency
from ldpref.ledger.runner import result_to_json, run_claim


def test_form_of_refuses_an_undeclared_claim():
    ev = Evidence(forms=(None, None, None), depends_on=(), lookup=find_claim)
    with pytest.raises(UndeclaredDependency):
        ev.form_of("jiang-gcms/eq8")


def test_form_of_hands_a_declared_form_and_records_the_read():
    ev = Evidence(forms=(None, None, None), depends_on=("jiang-gcms/eq8",), lookup=find_claim)
    assert ev.form_of("jiang-gcms/eq8") == find_claim("jiang-gcms/eq8").printed()
    assert ev.read_from == [("jiang-gcms/eq8", "printed")]


def test_an_undeclared_read_makes_the_claim_an_error():
    eq9 = find_claim("jiang-gcms/eq9")
    assert eq9.depends_on == ("jiang-gcms/eq8",)
    result = run_claim(dataclasses.replace(eq9, depends_on=()))
    assert result.verdict == "error" and "UndeclaredDependency" in result.reason


def test_declared_dependencies_exist_and_are_shown():
    claims = {c.id: c for c in load_claims()}
    for c in claims.values():
        assert set(c.depends_on) <= set(claims), c.id
        assert c.id not in c.depends_on, c.id
    assert claims["jiang-gcms/thm4"].depends_on == ("jiang-gcms/eq8", "jiang-gcms/eq9")
    assert result_to_json(run_claim(claims["jiang-gcms/eq8"]))["depends_on"] == []


def _printed_owners(claims):
    owners = {}
    for c in claims:
        if c.printed is not None:
            owners.setdefault(id(c.printed), set()).add(c.id)
    return owners


def test_no_check_calls_another_claims_printed_form_directly():
    """Static half of the enforcement: a check function's body names no other claim's printed callable (through a
    module attribute or a global); ``ev.form_of`` is the only way in.  (Helpers the check calls are covered at run
    time only for reads that go through ``form_of``.)"""
    import ast
    import inspect
    import textwrap
    claims = load_claims()
    owners = _printed_owners(claims)
    bad = []
    for c in claims:
        if c.check is None:  # a record: its steps read forms only through the evidence object
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(c.check)))
        fn = tree.body[0]
        glb = c.check.__globals__
        for node in ast.walk(ast.Module(body=fn.body, type_ignores=[])):
            obj = None
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in glb:
                obj = getattr(glb[node.value.id], node.attr, None)
            elif isinstance(node, ast.Name) and node.id in glb:
                obj = glb[node.id]
            ids = owners.get(id(obj), set()) if callable(obj) else set()
            if ids and c.id not in ids and not ids & set(c.depends_on):
                bad.append((c.id, sorted(ids)))
    assert not bad, bad
