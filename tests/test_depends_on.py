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
