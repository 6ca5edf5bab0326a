"""Model B3 of Ethier and Gamez (2013): the player's play on 5 may depend on his two cards' composition.

A finite shoe makes the composition informative: a 5 made of 0+5, 1+4, 2+3, 6+9 or 7+8 leaves different
cards in the shoe. The player then has five binary choices (q_k = P(draw) with the 5 of class k) and the
banker one per cell (his composition and the column), so the game is 2^5 x 2^484. Its payoff is affine in
the vector q for each banker action. `core.matrix_game.solve_additive_box` solves it exactly by a rational
linear programme (checked there as a saddle point). Only the zero-sum game (no commission) is solved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

import numpy as np

from oddscalc.core.errors import InputError
from oddscalc.core.matrix_game import Affine, BoxSolution, solve_additive_box
from oddscalc.games.baccarat.deals import deal_weights, ordered_deals
from oddscalc.games.chemin_de_fer import coups
from oddscalc.games.chemin_de_fer.coups import COMPOSITION, InfoCell, hand_total
from oddscalc.games.chemin_de_fer.solve import CLASSICAL, FREE
from oddscalc.games.chemin_de_fer.tableau import is_optional, mandatory_draw

__all__ = ["FIVES", "B3Solution", "ClassTallies", "SplitCounts", "outcome_b3", "solve_b3", "split_counts"]

#: The compositions of a two-card 5, in the order of the classes k = 0..4 (class 5: any other total).
FIVES = ("0+5", "1+4", "2+3", "6+9", "7+8")
_OTHER = 5

#: One cell's counts by the player's class k, his policy on 5 and the two results: `[k][policy][s + 1][d + 1]`.
ClassTallies: TypeAlias = list[list[list[list[int]]]]


@dataclass(frozen=True)
class SplitCounts:
    """`cells[(hand, column)][k][policy][s + 1][d + 1]`, as `coups.CoupCounts` but by the player's class k."""

    cells: dict[InfoCell, ClassTallies]
    naturals: tuple[int, int, int]
    total: int


def split_counts(shoe: Sequence[int]) -> SplitCounts:
    """Exact counts for the finite shoe `shoe` (cards per point value 0-9), split by the player's class k."""
    shoe = tuple(int(n) for n in shoe)
    weights = deal_weights(shoe).ravel()
    cells: dict[InfoCell, ClassTallies] = {}
    naturals = [0, 0, 0]
    base = coups._NATURAL_CODE
    for policy in (0, 1):
        order, starts, codes = coups._grouping(COMPOSITION, bool(policy), True)
        sums = np.add.reduceat(weights[order], starts)
        for code, n in zip(codes.tolist(), sums.tolist()):
            if not n:
                continue
            if code >= 6 * base:
                if policy == 0:
                    naturals[code - 6 * base] += n
                continue
            klass, rest = divmod(code, base)
            cell, res = divmod(rest, 9)
            key = divmod(cell, coups._COLUMNS)
            entry = cells.setdefault(key, [[[[0] * 3 for _ in range(3)] for _ in range(2)] for _ in range(6)])
            entry[klass][policy][res // 3][res % 3] += n
    total = ordered_deals(sum(shoe))
    return SplitCounts(cells, (naturals[0], naturals[1], naturals[2]), total)


def _row(tally: Sequence[Sequence[int]], action: int) -> int:
    """The player's net wins in a 3x3 (stand result, draw result) tally for the banker's action."""
    if action:
        return sum(tally[s][2] - tally[s][0] for s in range(3))
    return sum(tally[2]) - sum(tally[0])


def _affine(entry: ClassTallies, action: int, total: int) -> Affine:
    """The player's payoff from one cell for a banker action, affine in q (one coefficient per class)."""
    const = Fraction(_row(entry[_OTHER][0], action), total)
    grad = []
    for k in range(5):
        stand, draw = (Fraction(_row(entry[k][p], action), total) for p in (0, 1))
        const += stand
        grad.append(draw - stand)
    return const, tuple(grad)


@dataclass(frozen=True)
class B3Solution:
    """The solution: value to the player, q per class of 5 (FIVES order), the banker's P(draw) per cell."""

    value: Fraction
    q: tuple[Fraction, ...]
    banker: dict[InfoCell, Fraction]
    box: BoxSolution[InfoCell]


def solve_b3(counts: SplitCounts, freedom: str = FREE) -> B3Solution:
    """The exact zero-sum solution of Model B3, the banker free in every cell or only in the optional ones."""
    bw, _, pw = counts.naturals
    const = Fraction(pw - bw, counts.total)
    grad = [Fraction(0)] * 5
    cells: list[tuple[InfoCell, Affine, Affine]] = []
    fixed: dict[InfoCell, Fraction] = {}
    for key, entry in counts.cells.items():
        a0, a1 = _affine(entry, 0, counts.total), _affine(entry, 1, counts.total)
        hand, column = key
        if freedom == FREE or is_optional(hand_total(hand), column):
            cells.append((key, a0, a1))
        else:
            line = a1 if mandatory_draw(hand_total(hand), column) else a0
            fixed[key] = Fraction(int(mandatory_draw(hand_total(hand), column)))
            const += line[0]
            grad = [g + c for g, c in zip(grad, line[1])]
    if freedom not in (FREE, CLASSICAL):
        raise InputError(f"unknown banker freedom {freedom!r}; allowed: {FREE}, {CLASSICAL}")
    box = solve_additive_box((const, tuple(grad)), cells)
    return B3Solution(box.value, box.q, {**fixed, **box.column}, box)


def outcome_b3(
    counts: SplitCounts, q: Sequence[Fraction], banker: Mapping[InfoCell, Fraction]
) -> tuple[Fraction, Fraction, Fraction]:
    """(P banker wins, P tie, P player wins) when the player draws on a 5 of class k with probability q[k]."""
    sums = [Fraction(n) for n in counts.naturals]
    for key, entry in counts.cells.items():
        p = banker[key]
        for k in range(6):
            for policy, w in ((0, 1 - q[k]), (1, q[k])) if k < _OTHER else ((0, Fraction(1)),):
                if not w:
                    continue
                tally = entry[k][policy]
                for action, wa in ((1, p), (0, 1 - p)):
                    if not wa:
                        continue
                    for r in range(3):
                        n = sum(tally[s][r] for s in range(3)) if action else sum(tally[r])
                        sums[r] += w * wa * n
    banker_wins, tie, player_wins = (x / counts.total for x in sums)
    return banker_wins, tie, player_wins
