"""Count the notation patterns of issue 23, item 3 over every displayed form of a ``ldpref verify --json`` file.

The papers write e^{\\epsilon/2} and e^{2\\epsilon}, a sum with its positive terms first, one Var style and E[.];
sympy's own printer gave ``\\sqrt{e^{\\epsilon}}``, ``\\left(e^{\\epsilon}\\right)^{2}``, ``-f + n``, and three Var
styles.  This prints, for the printed / derived / correction LaTeX of every claim, how many forms still show
each pattern (``tests/test_paper_notation.py`` asserts the zeros on the live ledger).

Usage: python benchmarks/notation_counts.py VERIFY.json
"""

from __future__ import annotations

import json
import re
import sys

ITALIC_VAR = re.compile(r"(?<![A-Za-z\\])(?<!\\mathrm\{)Var(?=\s*[(\[|])")
PATTERNS = {
    r"\sqrt{e^{\epsilon}}": lambda t: r"\sqrt{e^{\epsilon}}" in t,
    r"\left(e^{\epsilon}\right)^{": lambda t: r"\left(e^{\epsilon}\right)^{" in t,
    "form starting with a negative term": lambda t: t.lstrip().startswith("-"),
    "negative term first after '=', '{' or '\\left('": lambda t: re.search(r"(=|\{|\\left\() ?- [a-zA-Z\\]", t),
    "mixed Var styles": lambda t: ITALIC_VAR.search(t) and (r"\mathrm{Var}" in t or r"\operatorname{Var}" in t),
    "italic or operatorname Var": lambda t: ITALIC_VAR.search(t) or r"\operatorname{Var}" in t,
    r"\mathbb{E}": lambda t: r"\mathbb{E}" in t,
    r"\alpha_{2 k": lambda t: r"\alpha_{2 k" in t,
}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.splitlines()[-1], file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        claims = json.load(fh)["claims"]
    forms = [c[k] for c in claims for k in ("printed_latex", "derived_latex", "correction_latex") if c.get(k)]
    print(f"{len(forms)} displayed forms")
    for name, test in PATTERNS.items():
        print(f"{sum(1 for t in forms if test(t)):5d}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
