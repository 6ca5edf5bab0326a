"""Chemin de fer as a game: the player's choice on 5 against the banker's choices, solved exactly.

The player's only choice is on a two-card 5 (q = his probability of drawing). The banker's are binary, one
per information cell he may choose in. He may choose in every cell (`FREE`, the model of Kemeny and Snell 1957
and of Downton and Lockwood 1975 / Ethier and Gamez 2013). Or he may choose only in the traditional tableau's
optional cells (`CLASSICAL`). The payoff is additive over cells, so the game is an additive 2 x 2^n game solved by
`core.matrix_game` without writing the matrix out. Payoffs are per unit staked on the player's hand: +1 when
the player wins, -1 when the banker wins, 0 on equal points. With a commission c the banker receives only
1 - c of a win, and the game is a bimatrix game (the player's payoffs unchanged).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.matrix_game import AdditiveSolution, Cell, Equilibrium, additive_equilibria, solve_additive
from oddscalc.games.chemin_de_fer.coups import CoupCounts, InfoCell, hand_total
from oddscalc.games.chemin_de_fer.tableau import is_optional, mandatory_draw

__all__ = [
    "CLASSICAL",
    "FREE",
    "Game",
    "Profile",
    "banker_ev",
    "best_response",
    "build",
    "equilibria",
    "outcome",
    "player_ev",
    "profile",
    "solve",
]

FREE, CLASSICAL = "free", "classical"


@dataclass(frozen=True)
class Profile:
    """A strategy profile: q = P(player draws on 5), `banker[(hand, column)]` = P(banker draws) in every cell."""

    q: Fraction
    banker: dict[InfoCell, Fraction]


@dataclass(frozen=True)
class Game:
    """The additive game of one shoe: constants (naturals and fixed cells) and the banker's choice cells."""

    counts: CoupCounts
    commission: Fraction
    freedom: str
    row_constant: tuple[Fraction, Fraction]
    column_constant: tuple[Fraction, Fraction]
    cells: tuple[Cell[InfoCell], ...]
    fixed: dict[InfoCell, int]  # 0/1 for the cells the rules decide


def _pair(xs: list[Fraction]) -> tuple[Fraction, Fraction]:
    return xs[0], xs[1]


def _bank(result: int, commission: Fraction) -> Fraction:
    """The banker's net gain per unit on a result seen from the player (+1 player wins)."""
    return Fraction(-1) if result > 0 else (1 - commission) if result < 0 else Fraction(0)


def build(counts: CoupCounts, commission: Fraction = Fraction(0), freedom: str = FREE) -> Game:
    """The additive game of `counts` with the banker's `commission` on his winnings, free in every cell (`FREE`)
    or only in the tableau's optional cells (`CLASSICAL`)."""
    if freedom not in (FREE, CLASSICAL):
        raise InputError(f"unknown banker freedom {freedom!r}; allowed: {FREE}, {CLASSICAL}")
    commission = Fraction(commission)
    total = counts.total
    bw, _tie, pw = counts.naturals
    nat_row = Fraction(pw - bw, total)
    nat_col = (_bank(-1, commission) * bw + _bank(1, commission) * pw) / total
    row_c = [nat_row, nat_row]
    col_c = [nat_col, nat_col]
    cells: list[Cell[InfoCell]] = []
    fixed: dict[InfoCell, int] = {}
    for hand, column in counts.cells:
        row = [[Fraction(0)] * 2 for _ in range(2)]
        col = [[Fraction(0)] * 2 for _ in range(2)]
        for action in (0, 1):
            for policy in (0, 1):
                res = counts.result_counts(policy, hand, column, action)
                row[action][policy] = Fraction(res[2] - res[0], total)
                col[action][policy] = sum((_bank(r - 1, commission) * res[r] for r in range(3)), Fraction(0)) / total
        if freedom == FREE or is_optional(hand_total(hand), column):
            cells.append(
                Cell(
                    (hand, column),
                    (_pair(row[0]), _pair(row[1])),
                    (_pair(col[0]), _pair(col[1])) if commission else None,
                )
            )
        else:
            a = int(mandatory_draw(hand_total(hand), column))
            fixed[(hand, column)] = a
            for policy in (0, 1):
                row_c[policy] += row[a][policy]
                col_c[policy] += col[a][policy]
    return Game(counts, commission, freedom, _pair(row_c), _pair(col_c), tuple(cells), fixed)


def solve(game: Game) -> AdditiveSolution[InfoCell]:
    """The zero-sum solution (no commission): value to the player, optimal q, the banker's optimal cells."""
    if game.commission:
        raise InputError("with a commission the game is not zero-sum: use equilibria()")
    return solve_additive(game.row_constant, game.cells)


def equilibria(game: Game) -> tuple[Equilibrium[InfoCell], ...]:
    """Every Nash equilibrium (one representative per family) of the game with the commission."""
    return additive_equilibria(game.row_constant, game.column_constant, game.cells)


def profile(game: Game, q: Fraction, choices: Mapping[InfoCell, Fraction | int]) -> Profile:
    """A full profile from q and the banker's probabilities in his choice cells (fixed cells added)."""
    banker = {k: Fraction(v) for k, v in game.fixed.items()}
    banker.update({k: Fraction(v) for k, v in choices.items()})
    return Profile(Fraction(q), banker)


def best_response(game: Game, q: Fraction) -> Profile:
    """The banker's best response (by his own payoff) to the player drawing on 5 with probability q; on an
    exact tie in a cell he follows the tableau."""
    q = Fraction(q)
    choices: dict[InfoCell, int] = {}
    for c in game.cells:
        d = c.own(1, q) - c.own(0, q)
        hand, column = c.key
        choices[c.key] = 1 if d > 0 else 0 if d < 0 else int(mandatory_draw(hand_total(hand), column))
    return profile(game, q, choices)


def outcome(counts: CoupCounts, prof: Profile) -> tuple[Fraction, Fraction, Fraction]:
    """(P banker wins, P tie, P player wins) under a profile, exactly."""
    sums = [Fraction(0)] * 3
    for policy, weight in ((0, 1 - prof.q), (1, prof.q)):
        if not weight:
            continue
        part = [Fraction(n) for n in counts.naturals]
        for hand, column in counts.cells:
            p = prof.banker[(hand, column)]
            for action, w in ((1, p), (0, 1 - p)):
                if w:
                    res = counts.result_counts(policy, hand, column, action)
                    for r in range(3):
                        part[r] += w * res[r]
        for r in range(3):
            sums[r] += weight * part[r]
    banker, tie, player = (s / counts.total for s in sums)
    return banker, tie, player


def player_ev(counts: CoupCounts, prof: Profile) -> Fraction:
    b, _, p = outcome(counts, prof)
    return p - b


def banker_ev(counts: CoupCounts, prof: Profile, commission: Fraction = Fraction(0)) -> Fraction:
    b, _, p = outcome(counts, prof)
    return (1 - Fraction(commission)) * b - p
