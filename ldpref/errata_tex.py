"""A LaTeX errata document an author can receive (issue 23, item 5) -- first slice, not yet wired to a command.

One section per root cause: what the paper prints, the correction, the counterexample (exact and decimal),
the claims affected and the severity.  The correction LaTeX comes from :func:`correction_tex` alone, so a
later minimal-edit rendering (with highlighting) can replace it in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

PREAMBLE = ("\\documentclass[11pt]{article}\n\\usepackage{amsmath,amssymb}\n\\usepackage[margin=2.5cm]{geometry}\n"
            "\\begin{document}\n")
_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
            "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def escape_text(text: str) -> str:
    """``text`` with LaTeX's special characters escaped, for use outside math mode."""
    return "".join(_SPECIAL.get(ch, ch) for ch in text)


def correction_tex(entry: Mapping) -> str | None:
    """The displayed correction of one erratum (today ``correction_latex`` from ``verify --json``)."""
    return entry.get("correction_latex")


def _display(latex: str) -> str:
    return "\\begin{multline*}\n" + latex + "\n\\end{multline*}\n"


def section(cause: str, severity: str, entries: Iterable[Mapping]) -> str:
    """The section for one root cause over the claims ``entries`` it affects."""
    entries = list(entries)
    parts = [f"\\section{{{escape_text(cause)}}}\n", f"Severity: {escape_text(severity)}.\n\n",
             "Claims affected: " + ", ".join("\\texttt{" + escape_text(e["claim"]) + "}" for e in entries) + ".\n"]
    for e in entries:
        parts.append(f"\\subsection*{{\\texttt{{{escape_text(e['claim'])}}}}}\n")
        if e.get("printed_latex"):
            parts += ["The paper prints\n", _display(e["printed_latex"])]
        corr = correction_tex(e)
        if corr:
            parts += ["Correction:\n", _display(corr)]
        if e.get("counterexample"):
            parts.append("Counterexample: " + escape_text(str(e["counterexample"])) + ".\n")
    return "".join(parts)


def document(causes: Iterable[tuple[str, str, Iterable[Mapping]]]) -> str:
    """The whole document: ``causes`` is (root cause, severity, affected claim entries), in display order."""
    return PREAMBLE + "".join(section(c, s, es) for c, s, es in causes) + "\\end{document}\n"
