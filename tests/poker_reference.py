"""Poker hands ranked apart from the engines, for the tests: five- and three-card keys by counting ranks and suits, and the qualifying rules."""

from __future__ import annotations

from collections import Counter

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
