"""An independent reference poker evaluator for the brute-force tests (tuples and Counter, no numpy, no
bit-packing), and checks that it agrees with the counting formulas before anything relies on it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

FIVE = (
    "no pair",
    "one pair",
    "two pairs",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
THREE = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")


def _groups(ranks):
    return sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)


def _straight_high(ranks):
    uniq = sorted(set(ranks))
    if len(uniq) != len(ranks):
        return None
    if uniq[-1] - uniq[0] == len(ranks) - 1:
        return uniq[-1]
    if uniq == list(range(2, len(ranks) + 1)) + [14]:
        return len(ranks)
    return None


def key5(cards):
    """(category index into FIVE, tie-break tuple) for five (rank, suit) cards."""
    ranks = [r for r, _ in cards]
    groups = _groups(ranks)
    sizes = [n for _, n in groups]
    flush = len({s for _, s in cards}) == 1
    high = _straight_high(ranks)
    tb = tuple(r for r, _ in groups)
    if high and flush:
        return (9 if high == 14 else 8, (high,))
    if sizes[0] == 4:
        return 7, tb
    if sizes == [3, 2]:
        return 6, tb
    if flush:
        return 5, tb
    if high:
        return 4, (high,)
    if sizes[0] == 3:
        return 3, tb
    if sizes == [2, 2, 1]:
        return 2, tb
    if sizes[0] == 2:
        return 1, tb
    return 0, tb


def key3(cards):
    """(category index into THREE, tie-break tuple) for three (rank, suit) cards; a straight beats a flush."""
    ranks = [r for r, _ in cards]
    groups = _groups(ranks)
    flush = len({s for _, s in cards}) == 1
    high = _straight_high(ranks)
    tb = tuple(r for r, _ in groups)
    if high and flush:
        return 5, (high,)
    if groups[0][1] == 3:
        return 4, tb
    if high:
        return 3, (high,)
    if flush:
        return 2, tb
    if groups[0][1] == 2:
        return 1, tb
    return 0, tb


def stud_qualifies(cards) -> bool:
    """Reg 8(9): at least an Ace and a King, or any better hand (a pair or more)."""
    cat, _ = key5(cards)
    ranks = {r for r, _ in cards}
    return cat > 0 or {13, 14} <= ranks


def three_qualifies(cards) -> bool:
    """Queen-high or better."""
    cat, _ = key3(cards)
    return cat > 0 or max(r for r, _ in cards) >= 12


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
