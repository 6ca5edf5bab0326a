"""Text that a reader saw break (issue 55, item 5): each output checked as it prints."""

from __future__ import annotations

import re

import pytest
from cli_run import run_cli

from oddscalc import api
from oddscalc.regulations.versions import VERSIONS
from oddscalc.report.text import WIDTH

_ATOM = re.compile(r"\((?:[^()]|\([^()]*\))*\)|'[^']+'|\"[^\"]+\"|SI \d{4}/\d+(?: (?:reg|Sch) \w+)?")


def _units(citation: str) -> list[str]:
    """The parts of a citation a fold must not cut: a parenthesis, a quoted heading, "SI 1994/2899 reg 7"."""
    return _ATOM.findall(citation)


@pytest.mark.parametrize("game", ["three-card-poker", "dice", "casino-stud-poker", "blackjack", "big-six"])
def test_wagers_never_fold_a_citation_inside_a_reference(game, capsys):
    for version in VERSIONS:
        if game not in VERSIONS[version].games:
            continue
        code, out, err = run_cli(["wagers", game, "--version", version], capsys)
        assert code == 0, err
        lines = out.splitlines()
        assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
        for w in api.wagers(game, version):
            for unit in _units(w.citations):
                assert any(unit in line for line in lines), (version, w.key, unit)
