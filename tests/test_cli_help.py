"""Every ``--help`` reads as plain text (issue 27): each command has a description, none shows reST markup, and the
top-level help lists every exit status a command can return."""

from __future__ import annotations

import re

import pytest

from ldpref.cli import build_parser
from ldpref.cli._parser import plain_text

RST = re.compile(r"``|:(func|mod|class|meth|data|attr|obj|exc|ref|doc):`")


def _commands():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return parser, sub.choices


def test_plain_text_strips_roles_and_literals():
    assert plain_text("see :func:`ldpref.stats.agreement` and ``T`` trials, :mod:`~ldpref.x`") == \
        "see ldpref.stats.agreement and T trials, ldpref.x"
    assert plain_text("a `single` tick stays") == "a `single` tick stays"


@pytest.mark.parametrize("name", sorted(_commands()[1]))
def test_command_help_is_plain_text_with_a_description(name):
    sub = _commands()[1][name]
    text = sub.format_help()
    assert not RST.search(text), text
    assert sub.description and len(sub.description.split()) >= 5, f"ldpref {name} --help has no description"


def test_top_level_help_lists_every_exit_status():
    text = _commands()[0].format_help()
    assert not RST.search(text)
    status = text.split("Exit status:", 1)[1].split("\n\n", 1)[0]
    for word in ("0 success", "verify", "wss", "simulate", "conform", "2 bad input", "130", "143", "141"):
        assert word in status, word
