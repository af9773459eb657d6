"""The paper's own LaTeX against ldpref's printed forms (issue 23, item 1), one line per entry and the counts.

Reads a paper's table (``derivations/<paper>/paper_latex.py``) and runs :func:`ldpref.paper_latex.compare` on
each entry: sympy's LaTeX parser (lark backend) reads the paper's formula and the result is proved equal to the
claim's printed object, or the entry's difference / reason for not parsing is shown.  The same comparison runs
in ``tests/test_paper_latex.py``; this script is the report a transcriber reads while filling a table.

Usage (from the repository root): python benchmarks/paper_latex_check.py [-v] [--paper PAPER] [CLAIM_ID ...]
(paper: pan-cms, the default, or jiang-gcms; -v prints the equal entries too).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout: ldpref, derivations

from ldpref import paper_latex as PL  # noqa: E402
from ldpref.ledger.claim import find_claim  # noqa: E402


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    paper = argv[argv.index("--paper") + 1] if "--paper" in argv else "pan-cms"
    wanted = [a for a in argv if a.startswith(paper + "/")]
    module = PL.table(paper)
    if module is None:
        print(f"no paper LaTeX table for {paper}", file=sys.stderr)
        return 2
    counts: Counter = Counter()
    for claim_id in module.PAPER_LATEX:
        if wanted and claim_id not in wanted:
            continue
        status, detail = PL.compare(find_claim(claim_id))
        counts[status] += 1
        if verbose or status != "equal":
            print(f"{status:9s} {claim_id}: {detail}")
    no_latex = len(getattr(module, "NO_PAPER_LATEX", {}))
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), f"entries={sum(counts.values())}",
          f"no_paper_latex={no_latex}")
    return 1 if counts["differs"] > len(getattr(module, "KNOWN_DIFFERS", {})) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
