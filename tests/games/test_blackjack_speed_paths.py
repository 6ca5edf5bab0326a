"""The evaluator's fast paths agree exactly with the direct computations they replace.

* Standing: `DealerTable.stand_diff` (banker sums by value index, level sums shared between
  compositions) against the per-outcome banker weights of `exact.banker.dealer_counts`, for every up-card,
  both soft-17 rules, every player total, with and without a peek hole card, also when the shared level
  sums are dropped mid-way (a tiny memory cap).
* Hitting: `Evaluator.hit_int` / `policy_int` (the hands one card busts summed at once) against a plain
  sum over every next card.
* Standing in batches: `DealerTable.fill` (`stand_batch`: residues on arrays, rebuilt exactly) against the
  one-by-one `new_stand_diff` and the outcome weights, on shoes from tiny to 8 packs; the residue system's
  bound; the full game with batches on and off.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import sympy

from oddscalc.games.blackjack.exact import player, stand_batch
from oddscalc.games.blackjack.exact.banker import BJ, BUST, dealer_counts, falling, longest
from oddscalc.games.blackjack.exact.player import HIT, STAND, DealerTable, Evaluator, add, hand_of, total_of
from oddscalc.games.blackjack.game import full_game
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


# --- the banker's stand values in batches (stand_batch: residues on arrays, rebuilt exactly) ----------------


def batch_compositions(rng: random.Random, last: int) -> list[tuple[int, ...]]:
    """Shoes from tiny (around the banker's longest draw, some too small for it) to 8 packs, with
    neighbours a card or two apart (shared level sums), and one with a negative count (never a shoe)."""
    out = []
    for most, tens in ((1, 4), (2, 6), (4, 16), (32, 128)):
        for _ in range(6):
            base = [rng.randint(0, most) for _ in range(9)] + [rng.randint(0, tens)]
            out.append(tuple(base))
            for _ in range(2):
                c = rng.randrange(10)
                base[c] = max(0, base[c] - 1)
                out.append(tuple(base))
    out.append(tuple([-1] + [8] * 9))
    out += [tuple(c) for c in ((1,) * 9 + (max(0, last - 9),), (0,) * 9 + (last,), (0,) * 9 + (last - 1,))]
    return out


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("peek", [False, True])
def test_batch_stand_values_equal_the_one_by_one_values(h17, peek, monkeypatch):
    """`DealerTable.fill` gives the very integers `new_stand_diff` gives one by one (and, for some, the
    per-outcome banker weights), for every up-card and total class; a shoe the banker could run out of, or
    a count below zero, is left to the one-by-one path (which checks the shoe)."""
    monkeypatch.setattr(player, "_BATCH_MIN", 1)
    rng = random.Random(7 + 2 * h17 + peek)
    for up in range(10):
        table, single = DealerTable(up, h17), DealerTable(up, h17)
        comps = batch_compositions(rng, table.last)
        totals = [rng.choice((4, 12, 16, 17, 18, 19, 20, 21)) for _ in comps]
        table.fill([(np.array(comps, dtype=np.int64), np.array(totals, dtype=np.int64))], peek)
        batched = 0
        for i, (comp, total) in enumerate(zip(comps, totals)):
            got = table.stands(peek)[total].get(comp)
            if min(comp) < 0 or sum(comp) < table.last:
                assert got is None, comp
                continue
            batched += 1
            assert got == single.new_stand_diff(comp, sum(comp), total, peek), (up, comp, total)
            if i % 5 == 0:
                assert got == direct_diff(comp, up, h17, total, peek), (up, comp, total)
        assert batched > 40


def test_lanes_cover_the_bound():
    """`lanes_for` takes the fewest of the primes whose product exceeds twice the bound (the product worked
    here), refuses a bound beyond all four, and the largest denominator of a game (8 packs, the banker's
    longest draw) fits."""
    assert all(sympy.isprime(p) and p < 2**28 for p in stand_batch.PRIMES)
    product = 1
    for k, p in enumerate(stand_batch.PRIMES, start=1):
        product *= p
        assert stand_batch.lanes_for((product - 1) // 2) == k
        if k < len(stand_batch.PRIMES):
            assert stand_batch.lanes_for((product + 1) // 2) == k + 1
    with pytest.raises(AssertionError):
        stand_batch.lanes_for((stand_batch.MODULUS + 1) // 2)
    longest_draw = max(longest(up, h17) for up in range(1, 11) for h17 in (False, True))
    assert stand_batch.lanes_for(falling(8 * 52, longest_draw)) <= len(stand_batch.PRIMES)


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(decks=1),
        RuleSet(decks=2, hit_soft17=True, peek=True, post_split="cdz-"),
        RuleSet(decks=1, split_values=frozenset(), double_totals=None),
    ],
)
def test_game_is_identical_with_batches_on_and_off(rules, monkeypatch):
    """The full game for three up-cards (Ace and ten: a banker blackjack; 6: neither), the banker's values
    computed in batches (checked to happen) and one by one: every value of every starting hand equal."""
    calls = []
    sums = stand_batch.stand_sums
    monkeypatch.setattr(stand_batch, "stand_sums", lambda *a: calls.append(1) or sums(*a))
    batched = full_game(rules, ups=(0, 5, 9))
    assert len(calls) > 10
    monkeypatch.setattr(player, "_BATCH_MIN", 10**9)
    single = full_game(rules, ups=(0, 5, 9))
    assert len(calls) > 10 and single.ev == batched.ev and single.per_up == batched.per_up
    assert [(r.up, r.cards, r.values, r.cases) for r in single.rows] == [
        (r.up, r.cards, r.values, r.cases) for r in batched.rows
    ]
