"""Blackjack's edge without the law of a round: a rule set not shipped gives its edge and the figures
that need only the game, says which it leaves out, and gives them too with --law; the game's figures equal the
law's, computed the slow way, on a reduced case (1 pack, splits without resplits, a custom rule set whose
law takes seconds)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from oddscalc import api, door
from oddscalc.core.store import cache_folder
from oddscalc.games.blackjack.rules import rule_set
from oddscalc.games.blackjack.stored_summary import compute_summary, game_summary, has_law
from tests.cli_run import run_cli as run

#: The reduced case: 1 pack, no resplit (so every split's law is two hands'), the 1994 split rule, the banker
#: drawing to soft 17 with a peeked hole card: a custom rule set under 2007 (same-rank splits), shipped nowhere.
RULES = {
    "decks": "1",
    "split": "no-4-5-10",
    "max_hands": "2",
    "soft17": "hit",
    "hole_card": "peek",
    "das": "no",
}
ARGV = ["--version", "2007", "--custom", *(x for k, v in RULES.items() for x in ("--rule", f"{k}={v}"))]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A user cache of this module's own, empty at the start (nothing of the reduced case is cached)."""
    path = tmp_path_factory.mktemp("edge-only")
    with cache_folder(path):
        yield path


def _initial_rows(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.lstrip().startswith("initial (")]


def test_without_law_the_edge_comes_alone_and_says_what_it_leaves_out(folder, capsys):
    if list(folder.glob("blackjack-game-*")):
        pytest.skip("the law is cached already (another test of this module ran first on this process)")
    code, out, err = run(["edge", "blackjack", *ARGV], capsys)
    assert code == 0, err
    rows = _initial_rows(out)
    assert len(rows) == 2 and all(row.count("not computed") == 2 for row in rows)  # hit freq. and SD, both plays
    words = " ".join(out.split())
    assert "the law of a round was not computed" in words and "--law" in words
    assert "hit frequency (P(win))" in words and "standard deviation" in words
    assert "computing the law" not in err  # no law asked for, none computed
    assert list(folder.glob("blackjack-edge-*")) and not list(folder.glob("blackjack-game-*"))
    # the side wagers need no law of a round: their figures are all there
    insurance = next(line for line in out.splitlines() if line.lstrip().startswith("insurance"))
    assert "not computed" not in insurance


def test_with_law_the_hit_frequency_and_sd_come_too_and_are_kept(folder, capsys):
    code, out, err = run(["edge", "blackjack", *ARGV, "--law"], capsys)
    assert code == 0, err
    assert re.search(r"computing the law of a round .*about \d+ (s|min)", err)
    law = game_summary(rule_set(api.resolved_rules("blackjack", "2007", RULES, custom=True)[0]))
    for row, name in zip(_initial_rows(out), ("optimal", "basic")):
        assert "not computed" not in row
        dist = [(Fraction(r), Fraction(p)) for r, p in law["laws"][name]["distribution"]]
        p_win = sum(p for r, p in dist if r > 0)
        assert f"{float(p_win):.4%}" in row  # the hit frequency, P(net return > 0), from the law itself
    assert "the law of a round was not computed" not in " ".join(out.split())
    code, again, err = run(["edge", "blackjack", *ARGV], capsys)  # without --law: the law is cached now
    assert code == 0 and again == out and "computing the law" not in err


def test_the_games_figures_equal_the_laws_computed_the_slow_way(folder):
    """The edge-only summary's expectations are the means of the round laws (each summed over the law's net
    returns here), and its events and stakes are the law's; `oddscalc.edge` gives that edge."""
    rs = rule_set(api.resolved_rules("blackjack", "2007", RULES, custom=True)[0])
    edge = compute_summary(rs, with_distribution=False)
    law = game_summary(rs)  # the slow way: both strategies' whole round laws (cached by the test above if run)
    assert not has_law(edge) and has_law(law)
    for name, key in (("optimal", "ev"), ("basic", "td_ev")):
        dist = [(Fraction(r), Fraction(p)) for r, p in law["laws"][name]["distribution"]]
        assert sum(p for _, p in dist) == 1
        assert sum(r * p for r, p in dist) == Fraction(edge[key])
        assert edge["plays"][name]["events"] == law["laws"][name]["events"]
        assert edge["plays"][name]["stake"] == law["laws"][name]["stake"]
    assert edge["ev"] != edge["td_ev"]  # the two plays differ, so the comparison above can tell them apart
    assert door.edge("blackjack", "initial", version="2007", rules=RULES, custom=True) == -Fraction(edge["ev"])
