"""Mechanism files (``ldpref.mechanism/1``): the shipped JSON Schema, one-line errors naming the file and
the JSON path, exact numbers only, and the size check before parsing (docs/mechanism-file.md)."""

from __future__ import annotations

import json

import jsonschema
import pytest
import sympy

from ldpref.cli import main
from ldpref.errors import FormatError, MechanismError
from ldpref.io import load_mechanism, mechanism_schema, mechanism_to_json, validate_mechanism_document
from ldpref.limits import ResourceLimitError
from ldpref.mechanisms import grr, oue

GOOD = {"format": "ldpref.mechanism/1", "name": "two", "inputs": 2, "outputs": ["a", "b"],
        "P": [["3/4", "1/4"], ["1/4", "3/4"]]}


def _write(tmp_path, doc, name="m.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def test_schema_is_a_valid_draft_2020_12_schema_shipped_with_the_package():
    schema = mechanism_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["required"] == ["format", "inputs", "outputs", "P"]


def test_exported_mechanisms_validate_and_round_trip(tmp_path):
    for mech in (grr(3, 3).mechanism, oue(3, 2).mechanism):
        doc = mechanism_to_json(mech)
        validate_mechanism_document(doc)
        jsonschema.validate(doc, mechanism_schema())  # the plain library agrees
        back = load_mechanism(_write(tmp_path, doc))
        assert back.P.to_list() == mech.P.to_list() and back.Q.to_list() == mech.Q.to_list()


def _error(tmp_path, doc, kind=FormatError):
    path = _write(tmp_path, doc)
    with pytest.raises(kind) as info:
        load_mechanism(path)
    msg = str(info.value)
    assert msg.startswith(path + ": ") and "\n" not in msg
    return msg


def test_missing_format_names_the_key(tmp_path):
    doc = {k: v for k, v in GOOD.items() if k != "format"}
    msg = _error(tmp_path, doc)
    assert "missing key 'format'" in msg and "None" not in msg


@pytest.mark.parametrize("key", ["inputs", "outputs", "P"])
def test_every_required_key_is_named(tmp_path, key):
    doc = {k: v for k, v in GOOD.items() if k != key}
    assert f"missing key {key!r}" in _error(tmp_path, doc)


def test_wrong_format_unknown_key_and_types(tmp_path):
    assert "$.format = 'ldpref.mechanism/2'" in _error(tmp_path, {**GOOD, "format": "ldpref.mechanism/2"})
    assert "unknown key(s) 'extra'" in _error(tmp_path, {**GOOD, "extra": 1})
    assert "$.inputs = 2.0 must be a JSON integer" in _error(tmp_path, {**GOOD, "inputs": 2.0})
    assert "$.outputs[1]" in _error(tmp_path, {**GOOD, "outputs": ["a", 3]})


def test_floats_and_decimals_are_refused_with_their_path(tmp_path):
    msg = _error(tmp_path, {**GOOD, "P": [["3/4", 0.25], ["1/4", "3/4"]]})
    assert "$.P[0][1] = 0.25 is a JSON float" in msg
    msg = _error(tmp_path, {**GOOD, "P": [["3/4", "1/4"], ["0.25", "3/4"]]})
    assert "$.P[1][0] = '0.25' is not an exact rational" in msg
    msg = _error(tmp_path, {**GOOD, "Q": [["1", "0"], ["0", 1.0]]})
    assert "$.Q[1][1] = 1.0 is a JSON float" in msg


def test_shapes_are_checked_against_the_declared_sizes(tmp_path):
    assert "$.P: expected a list of 2 rows, got 1" in _error(tmp_path, {**GOOD, "P": [["1", "1"]]})
    assert "$.P[1]: expected a list of 2 entries, got 3" in _error(tmp_path,
                                                                   {**GOOD, "P": [["3/4", "1/4"], ["1/4", "3/4", "0"]]})


def test_a_bad_mechanism_names_the_file(tmp_path):
    _error(tmp_path, {**GOOD, "P": [["3/4", "1/4"], ["1/2", "3/4"]]}, kind=MechanismError)


def test_binary_and_broken_files_are_named(tmp_path):
    path = tmp_path / "image.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    with pytest.raises(FormatError, match=r"image\.json: not a JSON text file \(byte 0 is not UTF-8\)"):
        load_mechanism(str(path))
    with pytest.raises(FormatError, match=r"m\.json: not valid JSON"):
        load_mechanism(_write(tmp_path, '{"format": '))
    with pytest.raises(FormatError, match=r"m\.json: .*a JSON object"):
        load_mechanism(_write(tmp_path, "[1, 2]"))


def test_declared_size_is_checked_before_parsing(tmp_path):
    # 2 x 10^6 inputs x 3 outputs x 2 matrices: 1.2e7 entries > 1e7; P is not even read
    doc = {**GOOD, "inputs": 2 * 10**6, "outputs": ["a", "b", "c"], "P": []}
    msg = _error(tmp_path, doc, kind=ResourceLimitError)
    assert "12,000,000 exact entries" in msg and "the limit is 10,000,000 entries" in msg


def test_cli_exits_2_with_one_line(tmp_path, capsys):
    path = _write(tmp_path, {k: v for k, v in GOOD.items() if k != "format"})
    assert main(["audit", path]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "missing key 'format'" in err and path in err


def test_deeply_nested_json_is_one_format_error(tmp_path):
    """Found by the fuzz test: 100,000 nested objects made json.loads raise RecursionError (a traceback)."""
    from ldpref.errors import FormatError
    from ldpref.io import load_mechanism

    path = tmp_path / "deep.json"
    path.write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    with pytest.raises(FormatError, match="nested too deeply"):
        load_mechanism(str(path))


def test_file_entries_are_the_text_sympy_gives_each_rational():
    """mechanism_to_json writes QQ elements directly (no sympy printer): the text must equal str(Rational),
    negative and integer entries included."""
    from ldpref import linalg
    from ldpref.io import mechanism_to_json
    from ldpref.mechanisms import grr, subset_selection

    for mech in (grr(3, 3).mechanism, subset_selection(5, 2, sympy.Rational(5, 2)).mechanism):
        doc = mechanism_to_json(mech)
        assert doc["P"] == [[str(x) for x in row] for row in linalg.to_rows(mech.P)]
        assert doc["Q"] == [[str(x) for x in row] for row in linalg.to_rows(mech.Q)]
        assert any(x.startswith("-") for row in doc["Q"] for x in row)
