"""Exact enumeration of baccarat coups over a shoe composition, as integer counts of ordered deals.

A coup uses at most six cards, dealt player, banker, player, banker, then the player's and the
banker's third cards. Every coup is counted as the ordered sequences of six distinct cards from the
shoe that begin with it (the usual convention; the total is N(N-1)...(N-5) for N cards). So every
count is an integer and a probability is a count over that total.

Why numpy: the 10^6 point-value sequences (p1, b1, p2, b2, x, y) of a six-card deal are weighted by the
number of ordered card sequences having those values, a falling product of the shoe's counts. Built by
broadcasting, those weights are one int64 array (at most 416^6 < 2^63 for eight packs, checked). The
final points of both hands for a tableau are a fixed array, so a composition query is a few array
operations. Integers throughout; nothing is rounded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from oddscalc.core.compiled import compile_loop
from oddscalc.core.errors import ShoeError
from oddscalc.games.baccarat.tableau import NATURALS, STOOD, Tableau
from oddscalc.wager_results import ShoeRunsOut

__all__ = [
    "CARDS_PER_DEAL",
    "JointCounts",
    "deal_patterns",
    "deal_weights",
    "final_points",
    "joint_cells",
    "joint_counts",
    "ordered_deals",
]

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


@lru_cache(maxsize=8)
def deal_patterns(tableau: Tableau) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 10^6 value sequences of a deal grouped by the multiset of their six values (5,005 of them).

    The result is (values, times, cells). Row m of `values`/`times` holds the multiset's distinct values and how
    often each occurs (padded with value 0 taken 0 times). cells[m, 10 pf + bf] counts its sequences ending with
    the player on pf and the banker on bf.

    Why: a sequence's weight (`deal_weights`) is a product of falling factorials of the counts, c_v (c_v - 1)...,
    one per value v. It depends on the multiset alone. So the joint counts of any shoe are
    sum_m cells[m] * prod_v fall(c_v, k_v), 5,005 weights in place of 10^6 (`joint_cells`).
    """
    seqs = np.indices((_VALUES,) * CARDS_PER_DEAL).reshape(CARDS_PER_DEAL, -1)
    key = np.zeros(seqs.shape[1], dtype=np.int64)
    for row in seqs:
        key += np.int64(CARDS_PER_DEAL + 1) ** row  # base 7: digit v counts the cards of value v (at most 6)
    keys, pattern = np.unique(key, return_inverse=True)
    pf, bf, _, _ = final_points(tableau)
    code = (pf * 10 + bf).ravel()
    cells = np.bincount(pattern.ravel() * 100 + code, minlength=len(keys) * 100).reshape(len(keys), 100)
    digits = np.stack([(keys // (CARDS_PER_DEAL + 1) ** v) % (CARDS_PER_DEAL + 1) for v in range(_VALUES)], axis=1)
    values = np.zeros((len(keys), CARDS_PER_DEAL), dtype=np.intp)
    times = np.zeros((len(keys), CARDS_PER_DEAL), dtype=np.intp)
    for m, row in enumerate(digits):
        present = np.flatnonzero(row)
        values[m, : len(present)] = present
        times[m, : len(present)] = row[present]
    return values, times, cells.astype(np.int64)


def _pattern_sums(
    falling: np.ndarray, values: np.ndarray, times: np.ndarray, table: np.ndarray, out: np.ndarray
) -> None:
    """out[r, j] = sum_m table[m, j] prod_i falling[r, values[m, i], times[m, i]] (a multiset's slots past its
    distinct values hold times 0, a factor of 1)."""
    for r in range(falling.shape[0]):
        f = falling[r]
        for j in range(table.shape[1]):
            out[r, j] = 0
        for m in range(values.shape[0]):
            w = f[values[m, 0], times[m, 0]]
            for i in range(1, values.shape[1]):
                t = times[m, i]
                if t == 0:
                    break
                w *= f[values[m, i], t]
            if w:
                for j in range(table.shape[1]):
                    out[r, j] += w * table[m, j]


_LOOPS: dict[str, Callable[..., None]] = {}


def joint_cells(rows: np.ndarray, tableau: Tableau, columns: np.ndarray | None = None) -> np.ndarray:
    """Exact counts of ordered six-card deals by final points for many shoes at once.

    `rows` (shoes x 10, counts per point value) -> int64 (shoes x 100), cell 10 pf + bf. With `columns`
    (100 x k, 0/1) the cells are summed into k groups instead. These are the same counts as `joint_counts`, by
    `deal_patterns`' 5,005 multisets in a compiled loop. (core.compiled: some 20 microseconds a shoe, where
    `joint_counts` takes milliseconds.)

    Every product and every partial sum is at most N^6 for a shoe of N cards (checked below 2^63), so int64
    holds them exactly.
    """
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, _VALUES)
    sizes = rows.sum(axis=1)
    if rows.size and (rows.min() < 0 or int(sizes.max()) ** CARDS_PER_DEAL >= 2**63):
        raise OverflowError("shoe counts negative or too large for int64 deal weights")
    if rows.size and int(sizes.min()) < CARDS_PER_DEAL:
        raise ShoeRunsOut(f"a shoe holds {int(sizes.min())} cards; a coup needs {CARDS_PER_DEAL}")
    values, times, cells = deal_patterns(tableau)
    table = cells if columns is None else cells @ np.asarray(columns, dtype=np.int64)
    falling = np.ones((len(rows), _VALUES, CARDS_PER_DEAL + 1), dtype=np.int64)
    for k in range(1, CARDS_PER_DEAL + 1):
        falling[:, :, k] = falling[:, :, k - 1] * np.maximum(rows - (k - 1), 0)
    out = np.empty((len(rows), table.shape[1]), dtype=np.int64)
    loop = _LOOPS.get("sums")
    if loop is None:
        loop = _LOOPS["sums"] = compile_loop(_pattern_sums)
    loop(falling, values, times, np.ascontiguousarray(table), out)
    return out
