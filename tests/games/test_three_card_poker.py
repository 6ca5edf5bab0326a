"""Three Card Poker: the engine against a brute force on reduced packs, and the full pack against counting
formulas (Pair Plus) and published figures (Ante/Play under the US 1-4-5 Ante Bonus, which the law's is)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from oddscalc import api
from oddscalc.games.poker.cards import Deck
from oddscalc.games.three_card_poker import play_threshold
from oddscalc.games.three_card_poker.counting import tcp_counts
from oddscalc.games.three_card_poker.strategy import TcpPays, evaluate
from tests.poker_reference import key3, three_qualifies

LAW = TcpPays(Fraction(1), Fraction(1), Fraction(1), (0, 0, 0, Fraction(1), Fraction(4), Fraction(5)))


def deal_tallies(deck: Deck) -> list[tuple[int, Counter]]:
    """For every player hand: its category and how its banker hands fall (every deal listed)."""
    cards = [(r, s) for r in deck.ranks for s in range(deck.suits)]
    n = len(cards)
    keys = {h: key3([cards[c] for c in h]) for h in combinations(range(n), 3)}
    quals = {h: three_qualifies([cards[c] for c in h]) for h in keys}
    out = []
    for player, kp in keys.items():
        rest = [c for c in range(n) if c not in player]
        tally: Counter = Counter()
        for banker in combinations(rest, 3):
            if not quals[banker]:
                tally["nq"] += 1
            else:
                kb = keys[banker]
                tally["win" if kb < kp else "tie" if kb == kp else "lose"] += 1
        out.append((kp[0], tally))
    return out


def brute_force(tallies: list[tuple[int, Counter]], pays: TcpPays) -> Counter:
    """Net returns per unit Ante of every deal, each player hand played only if that beats folding exactly."""
    returns: Counter = Counter()
    for cat, tally in tallies:
        b = pays.bonus[cat]
        by_return = Counter(
            {
                pays.ante_not_qualifying + b: tally["nq"],
                pays.ante + pays.play + b: tally["win"],
                b: tally["tie"],
                -2 + b: tally["lose"],
            }
        )
        deals = sum(tally.values())
        if sum(r * k for r, k in by_return.items()) > -deals:
            returns.update(+by_return)
        else:
            returns[Fraction(-1)] += deals
    return returns


@pytest.mark.parametrize(
    "deck", [Deck((2, 3, 4, 10, 11, 12, 13, 14), 2), Deck((2, 3, 12, 13, 14), 4), Deck((9, 10, 11, 12, 13, 14), 3)]
)
def test_engine_equals_brute_force_on_a_reduced_pack(deck):
    odd = TcpPays(
        Fraction(1), Fraction(3, 2), Fraction(1), (0, 0, Fraction(1, 2), Fraction(2), Fraction(4), Fraction(5))
    )
    tallies = deal_tallies(deck)
    for pays in (LAW, odd):
        got = evaluate(tcp_counts(deck), pays)
        assert {Fraction(r): n for r, n in got.returns.items()} == dict(brute_force(tallies, pays))


def test_ante_play_matches_published_figures():
    # Wizard of Odds, Three Card Poker (Ante Bonus 1-4-5): house edge 3.37%, element of risk 2.01%,
    # optimal strategy "play Q-6-4 or better".
    r = api.analyse("three-card-poker", "2002", "ante-play").result("ante-play")
    assert abs(float(r.edge("initial")) - 0.0337) < 5e-5
    assert abs(float(r.edge("element-of-risk")) - 0.0201) < 5e-5
    res = evaluate(tcp_counts(Deck()), LAW)
    assert play_threshold(res) == ("Q-6-4", 0)
    assert res.total == comb(52, 3) * comb(49, 3)
    assert r.distribution.mean == res.ev


def test_pair_plus_by_counting_formulas():
    r = api.analyse("three-card-poker", "2002", "pair-plus").result("pair-plus")
    counts = {  # straights 12 (A-2-3 to Q-K-A)
        Fraction(35): 12 * 4,  # straight flush
        Fraction(33): 13 * comb(4, 3),  # three of a kind
        Fraction(6): 12 * (4**3 - 4),  # straight
        Fraction(4): 4 * comb(13, 3) - 12 * 4,  # flush
        Fraction(1): 13 * comb(4, 2) * 48,  # pair
        Fraction(-1): (comb(13, 3) - 12) * (4**3 - 4),  # high card
    }
    assert r.distribution.mean == sum(k * n for k, n in counts.items()) / comb(52, 3)
    assert r.edge("initial") == Fraction(596, 22100)
    # Pair Plus 40-30-6-4-1 (the common US table) has edge 2.32% (Wizard of Odds): same engine, user pays
    us = api.analyse(
        "three-card-poker",
        "2002",
        "pair-plus",
        pay={"pair-plus.straight-flush": "40:1", "pair-plus.three-of-a-kind": "30:1"},
    )
    assert us.custom and abs(float(us.result("pair-plus").edge("initial")) - 0.0232) < 5e-5


def test_three_card_poker_only_from_2002():
    with pytest.raises(ValueError):
        api.analyse("three-card-poker", "1994")
    keys = [w.key for w in api.wagers("three-card-poker", "2002")]
    assert keys == ["ante-play", "pair-plus"]
    w = api.wagers("three-card-poker", "2002")[0]
    assert any("12(8)(a)" in s for s in w.reconstructions)


def test_cli_edge_three_card_poker():
    out = subprocess.run(
        [sys.executable, "-m", "oddscalc", "edge", "three-card-poker", "--detail"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert "686689/20358520" in out.stdout and "play Q-6-4 or better" in out.stdout
