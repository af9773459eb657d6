"""The errata LaTeX document builder (issue 23, item 5): structure and escaping."""

from ldpref.errata_tex import correction_tex, document, escape_text


def test_escape_text_special_characters():
    assert escape_text("a_b & 50%") == r"a\_b \& 50\%"


def test_document_has_one_section_per_root_cause():
    e = {"claim": "jiang-gcms/eq11", "printed_latex": "x + y", "correction_latex": "x - y",
         "counterexample": "n = 3"}
    doc = document([("wrong sign", "wrong stated result", [e]), ("other", "typesetting", [])])
    assert doc.startswith("\\documentclass") and doc.endswith("\\end{document}\n")
    assert doc.count("\\section{") == 2
    assert "x - y" in doc and "jiang-gcms/eq11".replace("_", r"\_") in doc
    assert correction_tex({}) is None
