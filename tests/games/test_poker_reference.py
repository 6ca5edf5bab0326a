"""An independent reference poker evaluator for the brute-force tests (tuples and Counter, no numpy, no
bit-packing), and checks that it agrees with the counting formulas before anything relies on it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

from tests.poker_reference import FIVE, THREE, key3, key5


def test_reference_five_card_counts_match_the_formulas_for_hands_holding_the_ace_of_clubs():
    """All 2,598,960 hands would take the pure-Python reference ~20 s; the C(51,4) hands holding one fixed
    card have every category and their own counting formulas."""
    deck = [(r, s) for r in range(2, 15) for s in range(4)]
    ace = (14, 0)
    counts = Counter(FIVE[key5((ace,) + h)[0]] for h in combinations([c for c in deck if c != ace], 4))
    assert counts == {
        "royal flush": 1,
        "straight flush": 1,  # 5-4-3-2-A of clubs
        "four of a kind": 48 + 12,  # four Aces + any; A + four of another rank
        "full house": comb(3, 2) * 12 * comb(4, 2) + 3 * 12 * comb(4, 3),  # AAA+pair; AA+trips
        "flush": comb(12, 4) - 2,  # clubs less the two straight flushes
        "straight": 2 * (4**4) - 2,  # A-high and 5-high, less straight flushes
        "three of a kind": comb(3, 2) * (comb(12, 2) * 16) + 12 * comb(4, 3) * 11 * 4,
        "two pairs": 3 * 12 * comb(4, 2) * 44 + comb(12, 2) * comb(4, 2) ** 2,  # Ace paired; Ace kicker
        "one pair": 3 * comb(12, 3) * 4**3 + 12 * comb(4, 2) * comb(11, 2) * 4**2,
        "no pair": (comb(12, 4) - 2) * (4**4 - 1),  # not straight ranks, not all clubs
    }


def test_reference_three_card_counts_match_the_formulas():
    deck = [(r, s) for r in range(2, 15) for s in range(4)]
    counts = Counter(THREE[key3(h)[0]] for h in combinations(deck, 3))
    assert counts == {
        "straight flush": 12 * 4,
        "three of a kind": 13 * comb(4, 3),
        "straight": 12 * (4**3 - 4),
        "flush": 4 * comb(13, 3) - 12 * 4,
        "pair": 13 * comb(4, 2) * 48,
        "high card": (comb(13, 3) - 12) * (4**3 - 4),
    }
