"""Casino stud poker engine against a brute force that lists every deal of a reduced pack.

The brute force uses the reference evaluator (tuples, no numpy), lists every (player hand, up-card, hidden
four) deal, decides each (hand, up-card) by comparing exact Fractions, and totals the outcomes. The engine
(suit classes, rank-multiset counting, flush corrections) must agree exactly on the same pack.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from oddscalc.games.casino_stud_poker.counting import pair_outcome, stud_counts
from oddscalc.games.casino_stud_poker.strategy import ante_returns, evaluate
from oddscalc.games.poker.cards import Deck
from tests.poker_reference import FIVE, key5, stud_qualifies

# A pay table whose figures all differ (the common US table), so a misfiled category shows.
US = tuple(Fraction(x) for x in (1, 1, 2, 3, 4, 5, 7, 20, 50, 100))


def brute_force(deck: Deck, pays) -> tuple[Counter, Fraction]:
    cards = [(r, s) for r in deck.ranks for s in range(deck.suits)]
    n = len(cards)
    keys = {h: key5([cards[c] for c in h]) for h in combinations(range(n), 5)}
    quals = {h: stud_qualifies([cards[c] for c in h]) for h in keys}
    totals: Counter = Counter()
    ret = Fraction(0)
    for player in keys:
        kp = keys[player]
        cat = FIVE[kp[0]]
        rest = [c for c in range(n) if c not in player]
        for up in rest:
            others = [c for c in rest if c != up]
            tally = Counter()
            for hidden in combinations(others, 4):
                banker = tuple(sorted(hidden + (up,)))
                if not quals[banker]:
                    tally["banker does not qualify"] += 1
                elif keys[banker] < kp:
                    tally[f"player wins with {cat}"] += 1
                elif keys[banker] == kp:
                    tally["push"] += 1
                else:
                    tally["banker wins"] += 1
            deals = sum(tally.values())
            wins = tally[f"player wins with {cat}"]
            raise_ev = Fraction(
                tally["banker does not qualify"] + wins * (1 + 2 * pays[kp[0]]) - 3 * tally["banker wins"], deals
            )
            if raise_ev > -1:
                totals.update(tally)
                ret += raise_ev * deals
            else:
                totals["fold"] += deals
                ret -= deals
    return totals, ret


@pytest.mark.slow
@pytest.mark.parametrize(
    "deck",
    [Deck((2, 3, 4, 5, 6, 13, 14), 2), Deck((12, 13, 14), 4), Deck((10, 11, 12, 13, 14), 3)],
    ids=["7 ranks x 2 suits", "3 ranks x 4 suits", "5 ranks x 3 suits"],
)
def test_engine_equals_brute_force_on_a_reduced_pack(deck):
    expected, expected_return = brute_force(deck, US)
    result = evaluate(stud_counts(deck), US)
    got = {name: n for name, n in result.outcomes if n}
    assert got == dict(expected)
    assert result.rule_return("optimal") == expected_return
    assert sum(ante_returns(US)[k] * n for k, n in got.items()) == expected_return
    assert result.total == sum(expected.values())


def test_every_pair_count_equals_listing_the_banker_hands_four_suits():
    """Four suits and seven ranks: flushes, suit classes and the rank-multiset counts all in play."""
    deck = Deck((2, 3, 4, 5, 6, 13, 14), 4)
    counts = stud_counts(deck)
    rng = random.Random(7)
    checked = 0
    for g in counts.groups:
        for i in rng.sample(range(len(g.rep)), 25):
            hand = tuple(int(c) for c in counts.rep_cards[g.rep[i]])
            got = (int(g.nq[i]), int(g.lt[i]), int(g.eq[i]), int(g.gt[i]))
            assert got == pair_outcome(deck, hand, int(g.up[i])), (hand, int(g.up[i]))
            checked += 1
    assert checked == 25 * len(deck.ranks)


def test_decision_rows_equal_single_hand_listing():
    """The per-(hand class, up-card) export agrees with listing one hand's banker hands outright."""
    from oddscalc import api
    from oddscalc.games.casino_stud_poker import decisions, hand_decision

    deck = Deck((2, 3, 4, 5, 6, 13, 14), 2)
    w = api.wagers("casino-stud-poker", "1994")[0]
    rows = list(decisions(w, "all", deck=deck))
    assert sum(weight for _, _, weight, *_ in rows) == 2002 * 9  # C(14,5) hands x 9 up-cards
    for hand, up, _, nq, lt, eq, gt, ev, decision in rows[::97]:
        d = hand_decision(w, hand, up, deck)
        assert (d.no_qualify, d.player_wins, d.void, d.banker_wins, d.raise_ev, d.decision) == (
            nq,
            lt,
            eq,
            gt,
            ev,
            decision,
        )
