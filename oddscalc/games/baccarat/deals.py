"""Exact enumeration of baccarat coups over a shoe composition, as integer counts of ordered deals.

A coup uses at most six cards, dealt player, banker, player, banker, then the player's and the
banker's third cards. Every coup is counted as the ordered sequences of six distinct cards from the
shoe that begin with it (the usual convention; the total is N(N-1)...(N-5) for N cards), so every
count is an integer and a probability is a count over that total.

Why numpy: the 10^6 point-value sequences (p1, b1, p2, b2, x, y) of a six-card deal are weighted by the
number of ordered card sequences having those values, a falling product of the shoe's counts. Built by
broadcasting, those weights are one int64 array (at most 416^6 < 2^63 for eight packs, checked), and the
final points of both hands for a tableau are a fixed array, so a composition query is a few array
operations. Integers throughout; nothing is rounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from oddscalc.core.errors import ShoeError
from oddscalc.games.baccarat.tableau import NATURALS, STOOD, Tableau
from oddscalc.wager_results import ShoeRunsOut

__all__ = ["CARDS_PER_DEAL", "JointCounts", "deal_weights", "final_points", "joint_counts", "ordered_deals"]

#: Cards in a full baccarat deal (two hands of two, two third cards).
CARDS_PER_DEAL = 6
_VALUES = 10


def ordered_deals(size: int, cards: int = CARDS_PER_DEAL) -> int:
    """N(N-1)...(N-cards+1): ordered sequences of `cards` distinct cards from `size`."""
    result = 1
    for k in range(cards):
        result *= size - k
    return result


@cache
def _repeats(values: int, cards: int) -> tuple[np.ndarray, ...]:
    """For position k, an array over the first k+1 values: how many earlier positions hold the same value."""
    out = []
    for k in range(cards):
        grids = np.indices((values,) * (k + 1))
        out.append(
            sum((grids[j] == grids[k]).astype(np.int64) for j in range(k)) if k else np.zeros(values, dtype=np.int64)
        )
    return tuple(out)


def deal_weights(counts: Sequence[int], cards: int = CARDS_PER_DEAL) -> np.ndarray:
    """int64 array over value sequences (v1..v_cards): the number of ordered card sequences with those values.

    Each weight is the falling product c[v1] * (c[v2] - [v2 == v1]) * ...; once a value runs out a factor is
    zero, so sequences the shoe cannot deal weigh zero.
    """
    c = np.asarray(counts, dtype=np.int64)
    values = len(c)
    if int(c.sum()) ** cards >= 2**63:  # every weight and every sum of weights is at most N^cards
        raise OverflowError("shoe too large for int64 deal weights")
    reps = _repeats(values, cards)
    w = c.copy()
    for k in range(1, cards):
        w = w[..., None] * (c.reshape((1,) * k + (values,)) - reps[k])
    return w


@lru_cache(maxsize=8)
def final_points(tableau: Tableau) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Over (p1, b1, p2, b2, x, y): the player's and banker's final points and whether each drew."""
    p1, b1, p2, b2, x, y = np.indices((_VALUES,) * CARDS_PER_DEAL)
    p, b = (p1 + p2) % 10, (b1 + b2) % 10
    natural = np.isin(p, NATURALS) | np.isin(b, NATURALS)
    player_rule = np.array(tableau.player_draws, dtype=bool)
    banker_rule = np.array(tableau.banker_draws, dtype=bool)
    player_drew = ~natural & player_rule[p]
    column = np.where(player_drew, x, STOOD)
    banker_drew = ~natural & banker_rule[b, column]
    # The banker's third card is the fifth card dealt when the player stood, the sixth when he drew.
    banker_card = np.where(player_drew, y, x)
    pf = np.where(player_drew, (p + x) % 10, p)
    bf = np.where(banker_drew, (b + banker_card) % 10, b)
    return pf, bf, player_drew, banker_drew


@lru_cache(maxsize=8)
def _grouping(tableau: Tableau) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A permutation sorting the deals by (player final, banker final), the group starts, and their codes."""
    pf, bf, _, _ = final_points(tableau)
    code = (pf * 10 + bf).ravel()
    order = np.argsort(code, kind="stable")
    sorted_codes = code[order]
    starts = np.flatnonzero(np.r_[True, sorted_codes[1:] != sorted_codes[:-1]])
    return order, starts, sorted_codes[starts]


@dataclass(frozen=True)
class JointCounts:
    """Ordered six-card deals by final points: `cells[p][b]` deals end with the player on p, the banker on b."""

    cells: tuple[tuple[int, ...], ...]
    total: int

    @property
    def banker(self) -> int:
        return sum(self.cells[p][b] for p in range(10) for b in range(10) if b > p)

    @property
    def player(self) -> int:
        return sum(self.cells[p][b] for p in range(10) for b in range(10) if p > b)

    @property
    def tie(self) -> int:
        return sum(self.cells[p][p] for p in range(10))

    def tie_on(self, point: int) -> int:
        return self.cells[point][point]


def joint_counts(counts: Sequence[int], tableau: Tableau) -> JointCounts:
    """Exact counts of ordered six-card deals from the shoe `counts` (per point value 0-9) by final points."""
    if len(counts) != _VALUES:
        raise ShoeError(f"a baccarat shoe has counts for the 10 point values, not {len(counts)}")
    size = sum(counts)
    if size < CARDS_PER_DEAL:
        raise ShoeRunsOut(f"the shoe holds {size} cards; a coup needs {CARDS_PER_DEAL}")
    order, starts, codes = _grouping(tableau)
    sums = np.add.reduceat(deal_weights(counts).ravel()[order], starts)
    cells = [[0] * 10 for _ in range(10)]
    for code, n in zip(codes.tolist(), sums.tolist()):
        cells[code // 10][code % 10] += int(n)
    joint = JointCounts(tuple(tuple(row) for row in cells), ordered_deals(size))
    assert sum(map(sum, joint.cells)) == joint.total, "deal weights must add up to every ordered deal"
    return joint
