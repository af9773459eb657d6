"""Regenerate the command tour in README.md from a real run (python docs/tour.py).

Runs each command below with the installed ``ldpref`` and replaces the text between the
``<!-- tour:start -->`` and ``<!-- tour:end -->`` markers, so the README shows real output.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TMP = tempfile.mkdtemp(prefix="ldpref-tour-")
GRR = os.path.join(TMP, "grr.json")

COMMANDS = [
    ("List the claims of a paper", ["ldpref", "claims", "--paper", "jiang-gcms"], None),
    ("Verify one claim (the table; `--json -` gives `ldpref.verify/1` on stdout)",
     ["ldpref", "verify", "--claim", "jiang-gcms/sec2.B"], None),
    ("LaTeX of a claim: printed, derived and, for an erratum, corrected",
     ["ldpref", "latex", "jiang-gcms/sec2.B.estimator"], None),
    ("Evaluate a claim's forms: exact where rational, mpmath digits otherwise, numpy as a cross-check",
     ["ldpref", "eval", "jiang-gcms/sec3.A.SUE", "--set", "exp_eps=3", "--digits", "25"], None),
    ("Export a built-in mechanism", ["ldpref", "mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", GRR],
     GRR),
    ("Audit a mechanism file exactly", ["ldpref", "audit", GRR, "--counts", "2,1,0"], None),
    ("Bad input is named and exits 2",
     ["ldpref", "mechanism", "grr", "--set", "d=3", "exp_eps=0.5", "--json", "-"], None),
]


def render() -> str:
    parts = []
    for title, argv, show_file in COMMANDS:
        proc = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        output = proc.stdout + proc.stderr
        if show_file:
            with open(show_file, encoding="utf-8") as fh:
                output += fh.read()
        shown = " ".join(a if a != GRR else "grr.json" for a in argv)
        output = output.replace(GRR, "grr.json")
        parts.append(f"**{title}**\n\n```console\n$ {shown}\n{output.rstrip()}\n```\n"
                     + (f"(exit status {proc.returncode})\n" if proc.returncode else ""))
    return "\n".join(parts)


def main() -> int:
    path = os.path.join(ROOT, "README.md")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    start, end = "<!-- tour:start -->", "<!-- tour:end -->"
    if start not in text or end not in text:
        print("README.md has no tour markers", file=sys.stderr)
        return 1
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(head + start + "\n" + render() + end + tail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
