"""A LaTeX errata document an author can receive (issue 23, item 5), and every claim's forms as one document.

:func:`errata_document` turns a ``verify --json`` document (``ldpref.verify/1``) into a complete LaTeX file:
counts per paper per severity up front, then per paper one section per root cause (its location, severity and
summary, the claims it affects) and, for each affected claim, what the paper prints, the correction, and the
smallest counterexample in reading notation with exact and decimal values.  :func:`forms_document` shows the
printed, derived and corrected forms of every claim (``ldpref latex --all``).

Every display goes through :func:`ldpref.texbreak.display`, which breaks long formulas over rows; the test
``tests/test_errata_tex.py`` compiles the whole-ledger document with pdflatex and fails on any overfull box wider
than 20pt.  The correction LaTeX comes from :func:`correction_tex` alone (today the claim result's
``correction_latex``), so a minimal-edit rendering can replace it in one place.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

from . import __version__
from .texbreak import display

PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage{amsmath,amssymb,graphicx,color}
\usepackage[a4paper,margin=2.5cm]{geometry}
\allowdisplaybreaks
% a display row taller than 0.8 of the page (a nested case split) is scaled to that height; others are unchanged
\newsavebox{\ldprefrow}
\newcommand{\fittopage}[1]{\sbox{\ldprefrow}{$\displaystyle #1$}%
  \ifdim\dimexpr\ht\ldprefrow+\dp\ldprefrow\relax>0.8\textheight
    \resizebox*{!}{0.8\textheight}{\usebox{\ldprefrow}}\else\usebox{\ldprefrow}\fi}
\sloppy
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.5ex}
\AtBeginDocument{\raggedright}
"""
_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
            "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "<": r"\textless{}",
            ">": r"\textgreater{}", "|": r"\textbar{}"}
_UNICODE = {"≈": r"$\approx$", "·": r"$\cdot$", "π": r"$\pi$", "ε": r"$\epsilon$", "≤": r"$\leq$",
            "≥": r"$\geq$", "≠": r"$\neq$", "×": r"$\times$", "−": "-", "–": "--", "—": "---", "’": "'",
            "‘": "`", "“": "``", "”": "''", "λ": r"$\lambda$", "Δ": r"$\Delta$", "α": r"$\alpha$",
            "β": r"$\beta$", "∞": r"$\infty$"}
#: severities, most serious first, with the heading each gets in the document
SEVERITY_ORDER = ("result", "overstated", "condition", "intermediate", "slip")


def escape_text(text: str) -> str:
    """``text`` for LaTeX's text mode: special characters escaped, the few non-ASCII characters ldpref writes
    (``≈``, ``·``, Greek letters) as math, any other as its code point (pdflatex has no glyph for it)."""
    out = []
    text = re.sub(r'"([^"]*)"', r"``\1''", str(text))  # "quoted" as TeX's opening and closing quotes
    for ch in text:
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif ch in _UNICODE:
            out.append(_UNICODE[ch])
        elif ord(ch) > 127:
            out.append(r"\texttt{[U+%04X %s]}" % (ord(ch), escape_text(unicodedata.name(ch, "").lower())))
        else:
            out.append(ch)
    return "".join(out)


def tt(text: str) -> str:
    """A name (a claim id, a root-cause label) in typewriter type, breakable after ``/``, ``.`` and ``-``."""
    return r"\texttt{" + re.sub(r"([/.\-])", r"\1\\allowbreak{}", escape_text(text)) + "}"


_POWER_GROUP = re.compile(r"\^\(([^()]*)\)")
_POWER_ATOM = re.compile(r"\^(-?[0-9A-Za-z.]+)")
_WORD = re.compile(r"(?<![\\A-Za-z])([A-Za-z]{2,})")


def value_tex(text: str) -> str:
    """A value in reading notation (``3·2^(1/4) ≈ 3.567621``, :mod:`ldpref.ledger.readable`) as inline math:
    powers raised, ``·`` and ``≈`` as symbols, words upright, a break allowed after every comma."""
    s = str(text)
    s = _WORD.sub(lambda m: "\x00" + m.group(1) + "\x01", s)  # protect words from the escaping below
    s = "".join(_SPECIAL[ch] if ch in "&%$#_{}~\\" else ch for ch in s)
    s = s.replace("\x00", r"\mathrm{").replace("\x01", "}")
    s = _POWER_GROUP.sub(r"^{\1}", s)
    s = _POWER_ATOM.sub(r"^{\1}", s)
    s = (s.replace("·", r"\cdot ").replace("≈", r"\approx ").replace("π", r"\pi ").replace("ε", r"\epsilon ")
         .replace("<=", r"\leq ").replace(">=", r"\geq ").replace(",", r",\allowbreak "))
    s = "".join(_UNICODE.get(ch, ch).strip("$") if ord(ch) > 127 else ch for ch in s)
    return "$" + s + "$"


_PARAM_NAMES = {"exp_eps": r"e^{\epsilon}", "eps": r"\epsilon", "lam": r"\lambda", "lambda": r"\lambda",
                "alpha": r"\alpha", "beta": r"\beta", "tau": r"\tau", "delta": r"\delta"}


def param_tex(name: str, value: str) -> str:
    """One parameter of a counterexample, ``name = value``."""
    key = _PARAM_NAMES.get(name)
    if key is None:
        key = name if re.fullmatch(r"[A-Za-z]", name) else r"\text{" + escape_text(name) + "}"
    if re.fullmatch(r"[-+0-9./*()^ e]+", re.sub(r"\b(sqrt|exp|log|ln)\(", "(", value)):
        shown = value_tex(value).strip("$")
    else:
        shown = r"\text{" + escape_text(value) + "}"
    return "$" + key + " = " + shown + "$"


def counterexample_tex(ce: Mapping) -> str:
    """The smallest counterexample as a paragraph: the point, the quantity compared, printed and exact values."""
    point = ", ".join(param_tex(k, str(v)) for k, v in ce["params"].items())
    what = f" Quantity compared: {escape_text(ce['quantity'])}." if ce.get("quantity") else ""
    printed = value_tex(ce.get("printed_text", ce["printed"]))
    exact = value_tex(ce.get("exact_text", ce["exact"]))
    return (f"Smallest counterexample at {point}.{what} The paper's form gives {printed}; the exact value is "
            f"{exact}.\n\n")


def correction_tex(entry: Mapping) -> str | None:
    """The displayed correction of one erratum (today ``correction_latex`` from ``verify --json``)."""
    return entry.get("correction_latex")


class Displays:
    """Renders displays and counts the rows that had to be scaled (nothing could break them)."""

    def __init__(self, limit_em: float = 36.0):
        self.limit_em = limit_em
        self.shown = 0
        self.scaled = 0

    def __call__(self, latex: str) -> str:
        text, scaled = display(latex, self.limit_em)
        self.shown += 1
        self.scaled += scaled
        return text


def _claim_entry(e: Mapping, show: Displays) -> str:
    parts = [r"\subsubsection*{" + tt(e["id"]) + f" ({escape_text(e['verdict'])})" + "}\n",
             r"\emph{" + escape_text(e["location"]) + "}: " + escape_text(e["statement"]) + "\n\n"]
    if e.get("printed_latex"):
        parts += ["The paper prints\n", show(e["printed_latex"])]
    else:
        parts.append("The paper's formula is not available to ldpref (see the ledger entry).\n\n")
    corr = correction_tex(e)
    if corr:
        head = "Correction:" if e["verdict"] == "erratum" else \
            "Holds only if: " + escape_text(e.get("condition") or "(see the root cause)") + ". Correct form:"
        parts += [head + "\n", show(corr)]
    if e.get("counterexample"):
        parts.append(counterexample_tex(e["counterexample"]))
    return "".join(parts)


def _severity_table(doc: Mapping) -> str:
    errors, sev = doc.get("distinct_errors", {}), doc.get("severities", {})
    cols = [s for s in SEVERITY_ORDER] + (["unnamed"] if any(v.get("unnamed") for v in sev.values()) else [])
    lines = [r"\begin{tabular}{l" + "r" * (len(cols) + 2) + "}", r"paper & root causes & claims & "
             + " & ".join(cols) + r" \\ \hline"]
    for paper, d in errors.items():
        # a root cause behind both an erratum and a conditional claim is one root cause
        n_causes = len(dict.fromkeys([*d["erratum"], *d["conditional"]])) + len(d["unnamed"])
        n_claims = sum(len(v) for v in d["erratum"].values()) + sum(len(v) for v in d["conditional"].values()) \
            + len(d["unnamed"])
        counts = sev.get(paper, {})
        lines.append(tt(paper) + f" & {n_causes} & {n_claims} & "
                     + " & ".join(str(counts.get(c, 0)) for c in cols) + r" \\")
    lines.append(r"\end{tabular}")
    return "\n".join(lines) + "\n\n"


def _severity_meanings() -> str:
    from .ledger.root_causes import SEVERITIES

    items = "".join(r"\item[" + escape_text(s) + "] " + escape_text(SEVERITIES[s]) + "\n" for s in SEVERITY_ORDER)
    return "\\begin{description}\n" + items + "\\end{description}\n"


def errata_document(doc: Mapping, limit_em: float = 36.0) -> tuple[str, Displays]:
    """The errata document (LaTeX) of a ``verify --json`` document, and the display counter used."""
    from .ledger.claim import PAPER_TITLES

    show = Displays(limit_em)
    by_id = {c["id"]: c for c in doc["claims"]}
    head = [PREAMBLE, r"\title{Errata of " + ", ".join(tt(p) for p in doc.get("distinct_errors", {}))
            + "}\n", r"\author{generated by ldpref " + escape_text(__version__) + r" from one verify run}" + "\n",
            r"\date{}" + "\n", "\\begin{document}\n\\maketitle\n",
            "Every claim whose verdict is \\emph{erratum} (the printed form disagrees with the exact value of the "
            "real mechanism at the counterexample shown) or \\emph{conditional} (it holds only under a condition "
            "the paper does not state), grouped by root cause: one error of the paper that makes several claims "
            "fail is one section.  Root causes by severity (an error and a missing condition counted once each):\n\n",
            _severity_table(doc), _severity_meanings()]
    body = []
    for paper, d in doc.get("distinct_errors", {}).items():
        body.append(r"\section{" + tt(paper) + ": " + escape_text(PAPER_TITLES.get(paper, paper)) + "}\n")
        causes = []
        for verdict in ("erratum", "conditional"):
            for label, ids in d[verdict].items():
                causes.append((label, ids))
        causes.sort(key=lambda t: _severity_rank(by_id, t[1]))
        for label, ids in causes:
            rc = next((by_id[i]["root_cause"] for i in ids if by_id[i].get("root_cause")), None) or {}
            body.append(r"\subsection{" + tt(label) + " (" + escape_text(rc.get("severity") or "unknown") + ")}\n")
            body.append(r"\emph{" + escape_text(rc.get("location", "")) + "}: " + escape_text(rc.get("summary", ""))
                        + "\n\n")
            body.append("Claims affected: " + ", ".join(tt(i) for i in ids) + ".\n\n")
            body += [_claim_entry(by_id[i], show) for i in ids]
        if d["unnamed"]:
            body.append(r"\subsection{Claims that name no root cause yet}" + "\n")
            body += [_claim_entry(by_id[i], show) for i in d["unnamed"]]
    if not doc.get("distinct_errors"):
        body.append("No errata found.\n")
    return "".join(head) + "".join(body) + "\\end{document}\n", show


def _severity_rank(by_id: Mapping, ids: Iterable[str]) -> int:
    rc = next((by_id[i]["root_cause"] for i in ids if by_id[i].get("root_cause")), None) or {}
    sev = rc.get("severity")
    return SEVERITY_ORDER.index(sev) if sev in SEVERITY_ORDER else len(SEVERITY_ORDER)


def forms_document(claims: Iterable[Mapping], limit_em: float = 36.0) -> tuple[str, Displays]:
    """Every claim's printed, derived and (erratum, conditional) corrected form as one LaTeX document
    (``ldpref latex --all``); ``claims`` are ``verify --json`` claim entries."""
    show = Displays(limit_em)
    parts = [PREAMBLE, "\\begin{document}\n", r"\section*{Forms of the ldpref ledger}" + "\n",
             "The printed form (as transcribed), the derived form and, for an erratum or a conditional claim, the "
             "correction of every claim, as ldpref " + escape_text(__version__) + " evaluates them.\n\n"]
    for c in claims:
        parts.append(r"\subsubsection*{" + tt(c["id"]) + " (" + escape_text(c["verdict"]) + ")}\n")
        parts.append(r"\emph{" + escape_text(c["location"]) + "}\n\n")
        for key, label in (("printed_latex", "Printed form"), ("derived_latex", "Derived form"),
                           ("correction_latex", "Correction")):
            if c.get(key):
                parts += [label + ":\n", show(c[key])]
            elif key == "printed_latex":
                parts.append("Printed form: not available.\n\n")
    parts.append("\\end{document}\n")
    return "".join(parts), show
