"""Chemin de fer coups counted by the banker's information cell, for both player choices on 5.

A coup deals the player (punto) two cards, the banker two, then the player's third card if he draws and the
banker's third card if he draws. That is the value sequence (p1, b1, p2, b2, x, y), x the fifth card and y the
sixth.
When the player stands, the banker's third card is x (the next card). Either hand holding a natural 8 or 9
ends the coup.

The banker decides seeing an information cell: his hand (its total, or the composition of his two cards)
and the column (the player's third card, or `STOOD`). Take each cell and each pure choice of the player on
5 (policy 0: stand, 1: draw). This module counts the deals by (result if the banker stands, result if he
draws), results +1 player wins, 0 tie, -1 banker wins. Every strategy profile's outcome is a sum of these
counts, so one count serves every solution.

Weights: a finite shoe counts ordered six-card sequences of distinct cards (`deals.deal_weights`, falling
products, total N(N-1)...(N-5)). An infinite shoe (cards with replacement) counts value sequences weighted
4 for a ten-value and 1 for every other value, out of 13^6. Integers throughout, grouped with numpy as in
`baccarat.deals` (int64: at most 416^6 < 2^63).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeAlias

import numpy as np
from numpy.typing import NDArray

from oddscalc.core.errors import InputError, ShoeError
from oddscalc.games.baccarat.deals import deal_weights, ordered_deals
from oddscalc.games.baccarat.tableau import STOOD

__all__ = [
    "COMPOSITION",
    "INFINITE_WEIGHTS",
    "TOTAL",
    "CoupCounts",
    "InfoCell",
    "Tally",
    "coup_counts",
    "hand_label",
    "hand_total",
    "with_replacement_weights",
]

TOTAL, COMPOSITION = "total", "composition"
#: One pack's cards per point value, for the with-replacement (infinite shoe) weights out of 13 per card.
INFINITE_WEIGHTS = (4, 1, 1, 1, 1, 1, 1, 1, 1, 1)
_COLUMNS = 11  # player's third card 0-9, or STOOD
_HANDS = 100  # hand index: total b (0-9) or 10 * low card + high card
_NATURAL_CODE = _HANDS * _COLUMNS * 9

#: The banker's information cell: (his hand index, the column: the player's third card 0-9 or `STOOD`).
InfoCell: TypeAlias = tuple[int, int]
#: Coups by (result if the banker stands + 1, result if he draws + 1), a 3x3 table of counts.
Tally: TypeAlias = tuple[tuple[int, ...], ...]


def hand_total(hand: int) -> int:
    """The banker's two-card total from a hand index of either information model."""
    return hand % 10 if hand < 10 else (hand // 10 + hand % 10) % 10


def hand_label(hand: int, info: str) -> str:
    """`5` for a total, `2+3` for a composition."""
    return str(hand) if info == TOTAL else f"{hand // 10}+{hand % 10}"


@lru_cache(maxsize=6)
def _grouping(
    info: str, draw_on_5: bool, split_fives: bool = False
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.int_]]:
    """Sort order, group starts and codes over the 10^6 value sequences for one player policy on 5.

    Code = (hand * 11 + column) * 9 + (stand result + 1) * 3 + (draw result + 1) for coups where the banker
    decides; natural coups get _NATURAL_CODE * 6 + (result + 1). With `split_fives` the code also carries the
    player's hand class k (0-4: his two-card 5 as 0+5, 1+4, 2+3, 6+9, 7+8; 5: any other total) as
    k * _NATURAL_CODE + code."""
    p1, b1, p2, b2, x, y = np.indices((10,) * 6)
    t, b = (p1 + p2) % 10, (b1 + b2) % 10
    natural = (t >= 8) | (b >= 8)
    draws = (t <= 4) | ((t == 5) & draw_on_5)
    column = np.where(draws, x, STOOD)
    final = np.where(draws, (t + x) % 10, t)
    card = np.where(draws, y, x)
    stand = np.sign(final - b)
    drew = np.sign(final - (b + card) % 10)
    hand = b if info == TOTAL else np.minimum(b1, b2) * 10 + np.maximum(b1, b2)
    code = (hand * _COLUMNS + column) * 9 + (stand + 1) * 3 + drew + 1
    if split_fives:
        low = np.minimum(p1, p2)
        klass = np.where(t == 5, np.where(low < 5, low, low - 3), 5)  # 0+5, 1+4, 2+3 -> 0-2; 6+9, 7+8 -> 3-4
        code = klass * _NATURAL_CODE + code
    code = np.where(natural, 6 * _NATURAL_CODE + np.sign(t - b) + 1, code).ravel()
    order = np.argsort(code, kind="stable")
    ordered = code[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    return order, starts, ordered[starts]


def with_replacement_weights(weights: Sequence[int], cards: int = 6) -> NDArray[np.int64]:
    """int64 array over value sequences: the product of per-card weights (dealing with replacement)."""
    w = np.asarray(weights, dtype=np.int64)
    out = w.copy()
    for k in range(1, cards):
        out = out[..., None] * w.reshape((1,) * k + (len(w),))
    return out


@dataclass(frozen=True)
class CoupCounts:
    """Deals by information cell, from `cells[(hand, column)][policy][s + 1][d + 1]`.

    It counts the coups reaching the cell under the player's policy on 5 (0 stand, 1 draw) whose result is s
    if the banker stands and d if he draws. `naturals[r + 1]`: the coups ended by a natural with result r.
    `total`: all deals."""

    info: str
    cells: dict[InfoCell, tuple[Tally, ...]]
    naturals: tuple[int, int, int]
    total: int
    shoe: tuple[int, ...] | None  # None: infinite shoe

    def result_counts(self, policy: int, hand: int, column: int, action: int) -> tuple[int, int, int]:
        """(banker wins, ties, player wins) in one cell for the banker's action (0 stand, 1 draw)."""
        n = self.cells[(hand, column)][policy]
        by = [sum(n[s][r] for s in range(3)) for r in range(3)] if action else [sum(n[r]) for r in range(3)]
        return by[0], by[1], by[2]


def coup_counts(shoe: Sequence[int] | None, info: str = COMPOSITION) -> CoupCounts:
    """Exact counts for the shoe `shoe` (cards per point value 0-9) or, with None, the infinite shoe."""
    if info not in (TOTAL, COMPOSITION):
        raise InputError(f"unknown information model {info!r}; allowed: {TOTAL}, {COMPOSITION}")
    if shoe is None:
        weights = with_replacement_weights(INFINITE_WEIGHTS).ravel()
        total = 13**6
    else:
        shoe = tuple(int(n) for n in shoe)
        if len(shoe) != 10 or sum(shoe) < 6:
            raise ShoeError("a chemin de fer shoe needs counts for the 10 point values and at least 6 cards")
        weights = deal_weights(shoe).ravel()
        total = ordered_deals(sum(shoe))
    cells: dict[InfoCell, list[list[list[int]]]] = {}
    naturals = [0, 0, 0]
    for policy in (0, 1):
        order, starts, codes = _grouping(info, bool(policy))
        sums = np.add.reduceat(weights[order], starts)
        for code, n in zip(codes.tolist(), sums.tolist()):
            if not n:
                continue
            if code >= 6 * _NATURAL_CODE:
                if policy == 0:
                    naturals[code - 6 * _NATURAL_CODE] += n
                continue
            cell, rest = divmod(code, 9)
            hand, column = divmod(cell, _COLUMNS)
            entry = cells.setdefault((hand, column), [[[0] * 3 for _ in range(3)] for _ in range(2)])
            entry[policy][rest // 3][rest % 3] += n
    frozen = {k: tuple(tuple(tuple(r) for r in m) for m in v) for k, v in sorted(cells.items())}
    counts = CoupCounts(info, frozen, (naturals[0], naturals[1], naturals[2]), total, shoe)
    for policy in (0, 1):
        assert sum(naturals) + sum(sum(map(sum, v[policy])) for v in frozen.values()) == total
    return counts
