"""Poker hand ranking, vectorised: the five-card ranking of Schedule 2 and the three-card ranking of reg 12.

Each ranking is written once, over numpy arrays of hands (one row per hand). So every hand of a pack is
ranked into a table in one pass, and a single hand is ranked by the same code as a one-row array.
A hand's *value* is an integer: category << (4 * size) | tie-break nibbles, so comparing values compares
hands, and equal values are exactly equal hands (suits never rank).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import overload

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "FIVE_CATEGORIES",
    "THREE_CATEGORIES",
    "category_of",
    "five_qualifier",
    "rank_five",
    "rank_three",
    "three_qualifier",
]

#: Five-card categories, lowest first (Schedule 2 para 2, read bottom up; the royal flush is ranked apart).
FIVE_CATEGORIES = (
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
#: Three-card categories, lowest first (reg 12(1)(c) as inserted in 2002: a straight beats a flush).
THREE_CATEGORIES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")


@dataclass(frozen=True)
class _Shape:
    """What every ranking needs to know of a hand: its groups of equal ranks, flush, straight."""

    max_count: np.ndarray  # size of the largest group of equal ranks
    distinct: np.ndarray  # number of distinct ranks
    flush: np.ndarray  # all cards of one suit
    straight_high: np.ndarray  # top card of a straight (5 for A-2-3-4-5, 3 for A-2-3), else 0
    tiebreak: np.ndarray  # ranks ordered by (group size, rank), descending, as 4-bit nibbles


def _straight_tops(k: int) -> np.ndarray:
    """Lookup by rank bit mask (bit r for rank value r): the top card of a k-card straight, else 0."""
    tops = np.zeros(1 << 15, dtype=np.int64)
    for top in range(k + 1, 15):
        tops[sum(1 << r for r in range(top - k + 1, top + 1))] = top
    tops[(1 << 14) | sum(1 << r for r in range(2, k + 1))] = k  # the Ace counted one: A-2-3-4-5, A-2-3
    return tops


_TOPS = {5: _straight_tops(5), 3: _straight_tops(3)}
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 15)], dtype=np.int64)


def _shape(ranks: np.ndarray, suits: np.ndarray) -> _Shape:
    """Shape of each row of `ranks` (values 2..14) and `suits`; a straight's tie-break is its top card alone."""
    ranks = np.asarray(ranks, dtype=np.int64)
    suits = np.asarray(suits, dtype=np.int64)
    n, k = ranks.shape
    rows = np.arange(n)[:, None]
    histogram = np.bincount((rows * 16 + ranks).ravel(), minlength=n * 16).reshape(n, 16)
    counts = histogram[rows, ranks]
    ordered = np.sort(counts * 16 + ranks, axis=1)[:, ::-1] & 15  # by group size, then rank, descending
    shifts = 4 * np.arange(k - 1, -1, -1, dtype=np.int64)
    tiebreak = (ordered << shifts).sum(axis=1)
    rank_mask = np.bitwise_or.reduce(np.int64(1) << ranks, axis=1)
    distinct = _POPCOUNT[rank_mask]
    straight_high = np.where(distinct == k, _TOPS[k][rank_mask], 0)
    tiebreak = np.where(straight_high > 0, straight_high << shifts[0], tiebreak)
    flush = (suits == suits[:, :1]).all(axis=1)
    return _Shape(counts.max(axis=1), distinct, flush, straight_high, tiebreak)


def rank_five(ranks: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """Values of five-card hands (rows of rank values and suits), higher is better (Schedule 2)."""
    s = _shape(ranks, suits)
    straight = s.straight_high > 0
    cat = np.select(
        [
            straight & s.flush & (s.straight_high == 14),
            straight & s.flush,
            s.max_count == 4,
            (s.max_count == 3) & (s.distinct == 2),
            s.flush,
            straight,
            s.max_count == 3,
            (s.max_count == 2) & (s.distinct == 3),
            s.max_count == 2,
        ],
        [9, 8, 7, 6, 5, 4, 3, 2, 1],
        default=0,
    )
    return (cat.astype(np.int64) << 20) | s.tiebreak


def rank_three(ranks: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """Values of three-card hands, higher is better (reg 12: straight flush, trips, straight, flush, pair, high)."""
    s = _shape(ranks, suits)
    straight = s.straight_high > 0
    cat = np.select(
        [straight & s.flush, s.max_count == 3, straight, s.flush, s.max_count == 2], [5, 4, 3, 2, 1], default=0
    )
    return (cat.astype(np.int64) << 12) | s.tiebreak


@overload
def category_of(values: int, size: int) -> int: ...


@overload
def category_of(values: NDArray[np.int64], size: int) -> NDArray[np.int64]: ...


def category_of(values: int | NDArray[np.int64], size: int) -> int | NDArray[np.int64]:
    """Category index (into FIVE_CATEGORIES or THREE_CATEGORIES) of hand values of `size` cards: of one
    value, or of each in an array.

    >>> THREE_CATEGORIES[category_of(three_qualifier(), 3)]  # Queen high: no pair
    'high card'
    """
    if isinstance(values, int):
        return values >> (4 * size)
    return np.asarray(values) >> (4 * size)


def five_qualifier() -> int:
    """The lowest value that is "Ace/King or better" (reg 8(9)): no pair headed by Ace, King.

    Every no-pair hand holding an Ace and a King has a value at least A-K-0-0-0, and none without both does.
    """
    return (14 << 16) | (13 << 12)


def three_qualifier() -> int:
    """The lowest value that is "Queen or better" for the banker in Three Card Poker (reg 12(8))."""
    return 12 << 8
