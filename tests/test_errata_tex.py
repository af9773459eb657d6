"""The errata LaTeX document and the line breaking of displayed forms (issue 23, items 3 and 5).

The compile test typesets every displayed form of the ledger (``ldpref latex --all``) and the errata document with
pdflatex, once each, and fails on a LaTeX error or on any ``Overfull \\hbox`` wider than 20pt (or ``Overfull \\vbox``, a
display taller than the page, higher than 20pt: the closest-integer case splits once ran 789pt off a page).  Where
pdflatex is not installed it is skipped with that reason, except when ``LDPREF_REQUIRE_PDFLATEX=1`` (``.ci/run``), where
the missing program is a failure.
"""

import json
import os
import re
import shutil
import subprocess

import pytest

from ldpref.cli import main
from ldpref.errata_tex import escape_text, errata_document, forms_document, value_tex
from ldpref.texbreak import display, layout, parse, render, width

#: the widest overfull box the compiled documents may have (pt)
OVERFULL_LIMIT_PT = 20.0
_OVERFULL = re.compile(r"Overfull \\[hv]box \(([0-9.]+)pt too (?:wide|high)\)")


def _bare(latex: str) -> str:
    """``latex`` without white space and without the wrappers line breaking adds."""
    for token in (r"\qquad", r"\right.", r"\left.", "&", r"\\", "{}", r"\begin{aligned}[t]", r"\end{aligned}"):
        latex = latex.replace(token, "")
    return re.sub(r"\s+", "", latex)


LONG_SUM = " + ".join(f"a_{{{i}}} b_{{{i}}} c_{{{i}}}" for i in range(40))


def test_a_long_sum_is_split_at_plus_and_rows_keep_every_token():
    rows = layout("x = " + LONG_SUM, 36).rows
    assert len(rows) > 1 and all(width(parse(r)) <= 36 for r in rows)
    assert _bare("".join(rows)) == _bare("x = " + LONG_SUM)
    assert all(r.lstrip().startswith((r"\qquad {}+", r"\qquad {}=")) for r in rows[1:])  # binary spacing kept


def test_a_tuple_of_equations_is_one_per_row():
    rows = layout(r"a = 1,\quad b = 2,\quad c = 3", 36).rows
    assert rows == ["a = 1", "b = 2", "c = 3"]


def test_a_wide_parenthesis_is_split_with_matching_null_delimiters():
    rows = layout(r"y = 2 \left(" + LONG_SUM + r"\right)^{2}", 36).rows
    assert len(rows) > 2 and rows[0].count(r"\left(") == 1 and rows[-1].endswith(r"\right)^{2}")
    assert sum(r.count(r"\left") for r in rows) == sum(r.count(r"\right") for r in rows)
    assert _bare("".join(rows)) == _bare(r"y = 2 \left(" + LONG_SUM + r"\right)^{2}")


def test_a_wide_fraction_stacks_its_numerator():
    rows = layout(r"v = \frac{" + LONG_SUM + "}{n}", 36).rows
    assert any(r"\frac{\begin{aligned}" in r for r in rows)


def test_no_break_inside_a_conditional_variance_name():
    """``Var(R|=)``: the ``=`` is followed by ``)``, not by an operand: never a place to break."""
    rows = layout(r"\mathrm{Var} = " + " + ".join(["Var(R|=) f(x)"] * 12), 36).rows
    assert not any(r.rstrip().endswith("|") or r.lstrip(r"\qquad {}").startswith("=)") for r in rows)


def test_a_long_text_run_wraps():
    words = r"\text{" + " ".join(["word"] * 60) + "}"
    out, scaled = display("x = " + words)
    assert r"\parbox" in out and scaled == 0


def test_unbalanced_latex_is_refused_by_the_parser():
    with pytest.raises(ValueError):
        parse(r"\frac{a}{b")
    with pytest.raises(ValueError):
        parse(r"\left( a")


def test_escape_text_special_and_unicode_characters():
    assert escape_text("a_b & 50%") == r"a\_b \& 50\%"
    assert escape_text("3·2 ≈ 6") == r"3$\cdot$2 $\approx$ 6"


def test_value_tex_raises_powers_and_names_words():
    assert value_tex("3·2^(1/4) ≈ 3.567621") == r"$3\cdot 2^{1/4} \approx  3.567621$"
    assert r"\mathrm{exp}" in value_tex("[-1 + 2·exp(-1), 3]")


FAKE = {"format": "ldpref.verify/1", "claims": [
    {"id": "jiang-gcms/eq11", "paper": "jiang-gcms", "location": "Eq. (11)", "statement": "the variance",
     "verdict": "erratum", "printed_latex": "x + y", "correction_latex": "x - y", "derived_latex": "x - y",
     "condition": None, "counterexample": {"params": {"n": "3", "exp_eps": "2"}, "printed": "5", "exact": "1",
                                           "printed_text": "5", "exact_text": "1", "quantity": "Var"},
     "root_cause": {"label": "eq11.sign", "location": "Eq. (11)", "summary": "last sign", "kind": "error",
                    "severity": "result"}},
    {"id": "jiang-gcms/eq12", "paper": "jiang-gcms", "location": "Eq. (12)", "statement": "s", "verdict": "verified",
     "printed_latex": "z", "derived_latex": "z", "correction_latex": None, "counterexample": None,
     "root_cause": None}],
    "distinct_errors": {"jiang-gcms": {"erratum": {"eq11.sign": ["jiang-gcms/eq11"]}, "conditional": {},
                                       "unnamed": []}},
    "severities": {"jiang-gcms": {"slip": 0, "intermediate": 0, "condition": 0, "overstated": 0, "result": 1}}}


def test_errata_document_has_counts_and_one_section_per_root_cause():
    tex, shown = errata_document(FAKE)
    assert tex.startswith("\\documentclass") and tex.endswith("\\end{document}\n")
    assert tex.count("\\subsection{") == 1 and "(result)}" in tex and "last sign" in tex
    assert re.search(r"jiang-\\allowbreak\{\}gcms\} & 1 & 1 & 1 & 0 & 0 & 0 & 0", tex)
    assert "x - y" in tex and "$n = 3$" in tex and "$e^{\\epsilon} = 2$" in tex
    assert "eq12" not in tex and shown.shown == 2


def test_forms_document_shows_every_claim():
    tex, shown = forms_document(FAKE["claims"])
    assert "eq11" in tex and "eq12" in tex and shown.shown == 5


def test_cli_errata_from_json_and_bad_arguments(tmp_path, capsys):
    src = tmp_path / "verify.json"
    src.write_text(json.dumps(FAKE))
    out = tmp_path / "e.tex"
    assert main(["errata", "--from-json", str(src), "--tex", str(out)]) == 0
    assert out.read_text().count("\\subsection{") == 1
    capsys.readouterr()
    for argv, text in ((["errata"], "give --tex FILE"), (["errata", "--tex", str(tmp_path / "no" / "x.tex")],
                                                          "does not exist"),
                       (["errata", "--tex", str(out), "--from-json", str(out)], "not JSON"),
                       (["latex"], "or --all"), (["latex", "--all", "jiang-gcms/eq11"], "no claim id"),
                       (["latex", "jiang-gcms/eq11", "--tex", str(out)], "go with --all")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("ldpref: error: ") and text in err, (argv, err)


def test_cli_pdf_without_pdflatex_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no pdflatex there
    src = tmp_path / "verify.json"
    src.write_text(json.dumps(FAKE))
    assert main(["errata", "--from-json", str(src), "--pdf", str(tmp_path / "e.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pdflatex is not installed" in err
    assert not (tmp_path / "e.pdf").exists()


def _verify_doc(ledger) -> dict:
    from ldpref.ledger.runner import verify_document

    return verify_document(list(ledger.values()))


def test_every_displayed_form_parses(ledger):
    """The breaker's parser reads every form of the ledger (a form it could not read would be shown unbroken)."""
    doc = _verify_doc(ledger)
    forms = [c[k] for c in doc["claims"] for k in ("printed_latex", "derived_latex", "correction_latex") if c.get(k)]
    assert len(forms) > 900
    for f in forms:
        assert _bare(render(parse(f))) == _bare(f)


def _pdflatex_or_skip():
    program = shutil.which("pdflatex")
    if program is None:
        if os.environ.get("LDPREF_REQUIRE_PDFLATEX") == "1":
            pytest.fail("LDPREF_REQUIRE_PDFLATEX=1 but pdflatex is not installed")
        pytest.skip("pdflatex is not installed (Debian: texlive-latex-base, -recommended, -extra): the rendered "
                    "width of the displayed forms cannot be measured")
    return program


def _compile(program: str, tex: str, folder) -> str:
    (folder / "doc.tex").write_text(tex, encoding="utf-8")
    proc = subprocess.run([program, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], cwd=folder,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=600)
    log = (folder / "doc.log").read_text(encoding="latin-1")
    assert proc.returncode == 0, [line for line in log.splitlines() if line.startswith("!")][:3]
    return log


def _overfull(log: str) -> list[float]:
    return [float(x) for x in _OVERFULL.findall(log) if float(x) > OVERFULL_LIMIT_PT]


@pytest.mark.parametrize("which", ["forms", "errata"])
def test_documents_compile_without_overfull_boxes(ledger, tmp_path, which):
    """One pdflatex run of the whole document: every displayed form (``latex --all``), or the errata document."""
    program = _pdflatex_or_skip()
    doc = _verify_doc(ledger)
    tex, shown = forms_document(doc["claims"]) if which == "forms" else errata_document(doc)
    assert shown.shown > (900 if which == "forms" else 200)
    assert shown.scaled <= 1  # the rows nothing could break (the highlighted correction of thm3.6.closest-integer)
    log = _compile(program, tex, tmp_path)
    assert _overfull(log) == []


def test_the_compile_check_can_fail(tmp_path):
    """An unbroken 14-text-width formula is reported (the check is not blind)."""
    program = _pdflatex_or_skip()
    tex = ("\\documentclass[11pt]{article}\\usepackage{amsmath}\\begin{document}\\[" + LONG_SUM * 3
           + "\\]\\end{document}\n")
    assert _overfull(_compile(program, tex, tmp_path))


def test_no_break_inside_plain_brackets():
    """``\\bar{c}(x', x)``: a comma or an operator inside plain brackets is not a place to break."""
    rows = layout(" + ".join([r"\bar{c}(x', x) f(x' + 1)"] * 12), 36).rows
    assert len(rows) > 1 and all(r.count("(") == r.count(")") for r in rows)
