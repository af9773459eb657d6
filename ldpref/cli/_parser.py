"""The argument parser of ``ldpref``: every parser error is one line (exit 2), values may start with '-'."""

from __future__ import annotations

import argparse
import re

from ._common import MAX_INT_DIGITS, UsageError, jobs_limit

_INT_RE = re.compile(r"[+-]?[0-9]+", re.ASCII)

DESCRIPTION = """\
ldpref: exact arithmetic for frequency estimation under local differential privacy.

It checks the claims of three papers (pan-cms, pan-strict, jiang-gcms) against exact derivations, builds
and audits exact mechanisms, and optimises GCMS parameters.  Numbers are exact: integers, p/q and decimals
(2.5e-3 is read as 1/400); e, sqrt(..), exp(..), ln(..) where an irrational value makes sense (e^eps, eps).

Exit status: 0 success; 1 a claim ended in verdict error (verify, docs), a construction could not be
certified (wss), a simulation disagrees with the exact moments (simulate), or an adapter does not conform
or could not run (conform); 2 bad input, with one line 'ldpref: error: ...' naming what is wrong; 130 interrupted
(Ctrl-C), 143 terminated (SIGTERM): one line, workers stopped, no partial file; 141 standard output closed early
('| head')."""

EPILOG = """\
examples:
  ldpref claims --paper jiang-gcms
  ldpref verify --claim jiang-gcms/sec2.B --json verify.json
  ldpref eval pan-cms/thm3.7                    (lists the keys the claim takes)
  ldpref eval pan-cms/thm3.7 --set 'eps=ln(3)' d=10 n=1    (quote parentheses for the shell)
  ldpref mechanism grr --set d=3 exp_eps=3 --json grr.json
  ldpref audit grr.json --counts 2,1,0
  ldpref optimize gcms --set eps=3.64 lam=1/3 k=100 m=100

'ldpref COMMAND --help' describes each command."""

#: --digits of mpmath output: at least 1, at most this many
MAX_DIGITS = 1000
#: --seed: a non-negative integer below this bound
SEED_BOUND = 2 ** 63


_RST_ROLE = re.compile(r":(?:func|mod|class|meth|data|attr|obj|exc|ref|doc):`~?([^`]+)`")
_RST_LITERAL = re.compile(r"``([^`]+)``")


def plain_text(text: str | None) -> str | None:
    """Help text as a terminal shows it: reST roles (``:func:`x```) and inline literals (````x````) become x."""
    if text is None:
        return None
    return _RST_LITERAL.sub(r"\1", _RST_ROLE.sub(r"\1", text))


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors raise UsageError (one line, exit 2) instead of printing the usage block."""

    def __init__(self, *args, epilog_fn=None, **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self.epilog_fn = epilog_fn

    def error(self, message):
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def format_help(self):
        if self.epilog_fn is not None:  # computed when asked for (e.g. the registry of mechanisms)
            self.epilog = self.epilog_fn()
        self.description, self.epilog = plain_text(self.description), plain_text(self.epilog)
        return super().format_help()


def int_type(what: str, low: int | None = None, high: int | None = None):
    """An argparse type: an ASCII integer within [low, high) (argparse prefixes 'argument --what: ')."""

    def convert(text: str) -> int:
        text = text.strip()
        if not _INT_RE.fullmatch(text) or len(text.lstrip("+-")) > MAX_INT_DIGITS:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer (ASCII digits 0-9, at most "
                                             f"{MAX_INT_DIGITS})")
        value = int(text)
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        if high is not None and value >= high:
            raise argparse.ArgumentTypeError(f"{value} is above {high - 1}")
        return value

    convert.__name__ = what
    return convert


def jobs_type(text: str) -> int:
    value = int_type("--jobs", 1)(text)
    limit = jobs_limit()
    if value > limit:
        raise argparse.ArgumentTypeError(f"{value} is above {limit} (4 x the cores, at most 64)")
    return value


def digits_type(text: str) -> int:
    return int_type("--digits", 1, MAX_DIGITS + 1)(text)


def seed_type(text: str) -> int:
    return int_type("--seed", 0, SEED_BOUND)(text)


def join_option_values(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """``--counts -1,2,3`` -> ``--counts=-1,2,3``: argparse would read a value starting with '-' as an option.

    Only for options that take exactly one value, and only when the next word is not itself an option.
    """
    single, known = set(), set()
    for p in _all_parsers(parser):
        for action in p._actions:
            known.update(action.option_strings)
            if action.option_strings and action.nargs is None and not isinstance(
                    action, (argparse._StoreConstAction, argparse._CountAction, argparse._HelpAction,
                             argparse._VersionAction)):
                single.update(s for s in action.option_strings if s.startswith("--"))
    out, i = [], 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            out.extend(argv[i:])
            break
        if word in single and i + 1 < len(argv):
            value = argv[i + 1]
            if value.startswith("-") and value != "-" and value.split("=", 1)[0] not in known:
                out.append(f"{word}={value}")
                i += 2
                continue
        out.append(word)
        i += 1
    return out


def _all_parsers(parser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _all_parsers(sub)


__all__ = ["OneLineParser", "DESCRIPTION", "EPILOG", "int_type", "jobs_type", "digits_type", "seed_type",
           "join_option_values", "MAX_DIGITS", "MAX_INT_DIGITS", "SEED_BOUND"]
