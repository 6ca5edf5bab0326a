"""The worked examples in the documentation and the core modules' docstrings run as written."""

import doctest
from pathlib import Path

import pytest

import oddscalc.core.mathreport
import oddscalc.core.packed
import oddscalc.core.parallel
import oddscalc.core.partial_law
import oddscalc.core.planning
import oddscalc.core.progress
import oddscalc.core.residues
import oddscalc.games.blackjack.game
import oddscalc.games.blackjack.dealing
import oddscalc.games.blackjack.decisions
import oddscalc.games.blackjack.moments
import oddscalc.protect.bankroll
import oddscalc.protect.indices
import oddscalc.protect.measures
import oddscalc.regulations.model

ROOT = Path(__file__).resolve().parents[1]


def test_api_guide_worked_example_runs():
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False)
    assert result.attempted >= 10 and result.failed == 0


@pytest.mark.parametrize("module", [oddscalc.core.mathreport, oddscalc.core.packed, oddscalc.core.parallel, oddscalc.core.planning, oddscalc.core.progress,
                                    oddscalc.core.partial_law, oddscalc.core.residues,
                                    oddscalc.games.blackjack.game, oddscalc.games.blackjack.dealing,
                                    oddscalc.games.blackjack.moments, oddscalc.regulations.model,
                                    oddscalc.games.blackjack.decisions, oddscalc.protect.measures,
                                    oddscalc.protect.indices, oddscalc.protect.bankroll])
def test_module_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
