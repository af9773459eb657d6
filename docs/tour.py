"""Regenerate the generated pages ``docs/tour.md`` and ``docs/mechanisms.md`` from real runs
(``python docs/tour.py``).

* in ``docs/tour.md``, between ``<!-- tour:start -->`` and ``<!-- tour:end -->``: each command below, run as ``python -m
  ldpref.cli`` from this checkout (so the output is that of the code beside this page), with its real output (stdout
  and stderr, as a terminal shows them); a file the command writes is shown in a block of its own
  (``$ cat FILE``), never as if the command had printed it;
* in ``docs/mechanisms.md``, between ``<!-- mechanisms:start -->`` and ``<!-- mechanisms:end -->``: the table of
  built-in mechanisms and their ``--set`` keys, read from the registry (``ldpref mechanisms --json -``).

So the pages cannot drift from what the commands do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TMP = tempfile.mkdtemp(prefix="ldpref-tour-")
GRR = os.path.join(TMP, "grr.json")
WSS = os.path.join(TMP, "wss.json")
#: the command of this checkout (``ldpref`` on the PATH may be another installation)
LDPREF = [sys.executable, "-m", "ldpref.cli"]

COMMANDS = [
    ("List the claims of a paper", ["ldpref", "claims", "--paper", "jiang-gcms"], None, 12),
    ("Verify claims (the table; `--json -` gives `ldpref.verify/1` on stdout)",
     ["ldpref", "verify", "--claim", "jiang-gcms/sec2.B"], None, None),
    ("Verify a whole key: the cross-paper reconciliation", ["ldpref", "verify", "--paper", "cross"], None, None),
    ("LaTeX of a claim: printed, derived and, for an erratum, corrected",
     ["ldpref", "latex", "jiang-gcms/sec2.B.estimator"], None, None),
    ("LaTeX of a derived optimum (pan-cms Theorem 3.7)", ["ldpref", "latex", "pan-cms/thm3.7"], None, None),
    ("Evaluate a claim's forms: exact where rational, mpmath digits otherwise, numpy as a cross-check",
     ["ldpref", "eval", "pan-cms/thm3.7", "--set", "exp_eps=3", "d=10", "n=1", "--digits", "25"], None, None),
    ("The built-in mechanisms and their keys", ["ldpref", "mechanisms"], None, 8),
    ("Export a built-in mechanism", ["ldpref", "mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", GRR],
     GRR, None),
    ("Audit a mechanism file exactly", ["ldpref", "audit", GRR, "--counts", "2,1,0"], None, None),
    ("Build a certified Weighted Subset Selection mechanism (pan-strict Section 5.3)",
     ["ldpref", "wss", "--set", "d=8", "exp_eps=3", "--json", WSS], None, None),
    ("Optimal GCMS parameters (jiang-gcms Lemma 1 / Algorithm 4) beside the exact-variance optimum: the Adult "
     "experiment's two targets (Fig. 8: p = 0.74 at eps = 3.64, p = 0.57 at eps = 3.75)",
     ["ldpref", "optimize", "gcms", "--set", "eps=3.64", "lam=1/3", "k=100", "m=100"], None, None),
    ("", ["ldpref", "optimize", "gcms", "--set", "eps=3.75", "f=1500", "n=48842", "k=100", "m=100"], None, None),
    ("Exact moments by structure, without listing outputs: SUE at e^eps = e (computed in t = e^(eps/2), "
     "substituted last) and Apple's CMS at the papers' m = 1024, k = 65536 over the ideal random-hash family",
     ["ldpref", "moments", "sue", "--set", "d=4", "exp_eps=e", "--counts", "3,1,0,0", "--values", "0,2"], None, None),
    ("", ["ldpref", "moments", "cms", "--set", "d=3", "m=1024", "k=65536", "inner=srp", "exp_eps=4", "--counts",
          "5,3,2", "--values", "0"], None, None),
    ("A build too large for exact matrices is refused at once, naming the size and the structured alternative",
     ["ldpref", "mechanism", "oue", "--set", "d=30", "exp_eps=3", "--json", "-"], None, None),
    ("List the keys a claim takes (ASCII names of its symbols, with their LaTeX and meaning)",
     ["ldpref", "eval", "jiang-gcms/thm3"], None, None),
    ("Bad input is named in one line and exits 2 (0.5 is read exactly as 1/2)",
     ["ldpref", "mechanism", "grr", "--set", "d=3", "exp_eps=0.5", "--json", "-"], None, None),
]


def _shown(text: str) -> str:
    return text.replace(GRR, "grr.json").replace(WSS, "wss.json")


def render_tour() -> str:
    parts = []
    for title, argv, show_file, max_lines in COMMANDS:
        proc = subprocess.run([*LDPREF, *argv[1:]], capture_output=True, text=True, cwd=ROOT)
        lines = (proc.stdout + proc.stderr).rstrip().splitlines()
        if max_lines and len(lines) > max_lines:
            lines = lines[:max_lines] + [f"... ({len(lines) - max_lines} more lines)"]
        block = f"```console\n$ {_shown(' '.join(argv))}\n" + "".join(_shown(line) + "\n" for line in lines)
        if show_file:  # what the command wrote, shown as what it is: the file, not the command's output
            with open(show_file, encoding="utf-8") as fh:
                block += f"$ cat {_shown(show_file)}\n{fh.read().rstrip()}\n"
        parts.append((f"**{title}**\n\n" if title else "") + block + "```\n"
                     + (f"(exit status {proc.returncode})\n" if proc.returncode else ""))
    return "\n".join(parts)


def render_mechanisms() -> str:
    proc = subprocess.run([*LDPREF, "mechanisms", "--json", "-"], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    rows = ["| name | mechanism | keys (`--set`) |", "|---|---|---|"]
    for entry in json.loads(proc.stdout)["mechanisms"]:
        keys = []
        for key in entry["keys"]:
            state = "required" if key["required"] else (f"default `{key['default']}`" if key["default"] else "optional")
            keys.append(f"`{key['key']}` ({state}): {key['help']}")
        rows.append(f"| `{entry['name']}` | {entry['description']} | " + "<br>".join(keys).replace("|", "\\|") + " |")
    return "\n".join(rows) + "\n"


def _replace(text: str, name: str, body: str) -> str:
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    if start not in text or end not in text:
        raise SystemExit(f"the page has no {name} markers")
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    return head + start + "\n" + body + end + tail


def _regenerate(page: str, name: str, body: str) -> None:
    path = os.path.join(ROOT, "docs", page)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    from ldpref.atomic import write_file

    write_file(path, _replace(text, name, body))


def main() -> int:
    _regenerate("mechanisms.md", "mechanisms", render_mechanisms())
    _regenerate("tour.md", "tour", render_tour())
    return 0


if __name__ == "__main__":
    sys.exit(main())
