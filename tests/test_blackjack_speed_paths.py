"""The evaluator's fast paths agree exactly with the direct computations they replace.

* Standing: `DealerTable.stand_diff` (banker sums by value index, level sums shared between
  compositions) against the per-outcome banker weights of `dealer.dealer_counts`, for every up-card,
  both soft-17 rules, every player total, with and without a peek hole card, also when the shared level
  sums are dropped mid-way (a tiny memory cap).
* Hitting: `Evaluator.hit_int` / `policy_int` (the hands one card busts summed at once) against a plain
  sum over every next card.
"""

from __future__ import annotations

import random

import pytest

from oddscalc.games.blackjack import player
from oddscalc.games.blackjack.dealer import BJ, BUST, dealer_counts
from oddscalc.games.blackjack.player import HIT, STAND, DealerTable, Evaluator, add, hand_of, total_of
from oddscalc.games.blackjack.rules import RuleSet


def direct_diff(comp: tuple[int, ...], up: int, h17: bool, total: int, peek: bool) -> int:
    """P(win) - P(lose) of standing on `total`, over the banker denominator, from every outcome weight."""
    w, _ = dealer_counts(comp, up + 1, h17)
    diff = w[BUST]
    for o in range(5):
        diff += (17 + o < total) * w[o] - (17 + o > total) * w[o]
    return diff - (0 if peek else w[BJ])


def compositions(seed: int, count: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        base = [rng.randint(12, 24) for _ in range(9)] + [rng.randint(40, 96)]
        out.append(tuple(base))
        for _ in range(3):  # neighbours: a few cards fewer, so level sums are shared
            base[rng.randrange(10)] -= 1
            out.append(tuple(base))
    return out


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("cap", [None, 200])
def test_stand_diff_matches_the_outcome_weights(h17, cap, monkeypatch):
    if cap is not None:
        monkeypatch.setattr(player, "_LEVEL_CAP", cap)
    for up in range(10):
        table = DealerTable(up, h17)
        for comp in compositions(up, 4):
            for total in (4, 12, 16, 17, 18, 19, 20, 21):
                for peek in (False, True):
                    got = table.stand_diff(comp, sum(comp), total, peek)
                    assert got == direct_diff(comp, up, h17, total, peek), (up, comp, total, peek)


def plain_hit(ev: Evaluator, h: tuple[int, ...]) -> int:
    """Hitting summed over every next card (busted hands through `bust_int`)."""
    total = 0
    for c in range(10):
        n = ev.shoe[c] - h[c]
        if n:
            child = add(h, c)
            total += n * (ev.bust_int(child) if total_of(child)[0] > 21 else ev.best_int(child))
    return total


@pytest.mark.parametrize("peek", [False, True])
@pytest.mark.parametrize("up", [0, 5, 9])
def test_hit_sums_the_busting_cards_exactly(peek, up):
    rules = RuleSet(decks=1, peek=peek)
    shoe = add((4,) * 9 + (16,), up, -1)
    ev = Evaluator(shoe, up, rules, DealerTable(up, False))
    hands = [hand_of(cards) for cards in ((7, 9), (1, 9), (0, 4), (2, 9), (0, 0), (5, 9), (1, 2, 9))]
    for h in hands:
        assert ev.hit_int(h) == plain_hit(ev, h)
    policy = {}

    def act(h: tuple[int, ...]) -> str:
        return policy.setdefault(h, HIT if total_of(h)[0] < 15 else STAND)

    for h in hands:
        memo: dict = {}
        want = plain_policy(ev, h, act)
        assert ev.policy_int(h, act, memo) == want


def plain_policy(ev: Evaluator, h: tuple[int, ...], act) -> int:
    if total_of(h)[0] > 21:
        return ev.bust_int(h)
    if act(h) == STAND:
        return ev.stand_int(h)
    return sum((ev.shoe[c] - h[c]) * plain_policy(ev, add(h, c), act) for c in range(10) if ev.shoe[c] - h[c])
