"""Exact solutions of small two-person games, in `Fraction`s throughout.

- `solve_zero_sum`: any m x n zero-sum matrix game, by the simplex method on rationals (Bland's rule, so it
  cannot cycle): the value and an optimal mixed strategy for each player.
- `solve_2xn`: a 2 x n zero-sum game by the lower envelope (the row player's mixing probability q maximises
  the minimum of n lines in q): a second, independent method for the games with a binary row choice.
- `solve_additive` / `additive_equilibria`: *additive* 2 x 2^n games (Foster's term, as used by Ethier and
  Gamez 2013 for baccara). The column player makes n binary choices, one per information cell, and the payoff
  is a constant plus one term per cell. Such a game is never written out as a matrix (2^88 or 2^484 columns
  in chemin de fer). The row player's guaranteed payoff V(q) is a constant plus a sum of per-cell minima of
  lines in q. It is concave and piecewise linear, so its maximum is found exactly at a breakpoint or an end.
  `additive_equilibria` finds every Nash equilibrium of the non-zero-sum (bimatrix) version. There the
  column player maximises his own payoffs (a house commission on the bank's winnings).
- `solve_additive_box`: the same with several binary choices for the row player (q in [0,1]^n, as when the
  player's play on 5 depends on his two cards' composition), by a rational linear programme (`simplex`).

Row strategies are behavioural: q is the probability of the row player's choice 1.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeAlias, TypeVar

from oddscalc.core.errors import InputError

__all__ = [
    "AdditiveSolution",
    "Affine",
    "BoxSolution",
    "Cell",
    "Equilibrium",
    "MatrixGameError",
    "Payoff",
    "ZeroSumSolution",
    "additive_equilibria",
    "lines_value",
    "simplex",
    "solve_2xn",
    "solve_additive",
    "solve_additive_box",
    "solve_zero_sum",
]


#: A payoff as given: a whole number or an exact fraction.
Payoff: TypeAlias = Fraction | int
#: A cell's key, naming the column player's choice (chemin de fer: the banker's hand and the player's card).
K = TypeVar("K", bound=Hashable)


class MatrixGameError(InputError):
    """An empty or ragged payoff matrix, or a cell with a wrong shape."""


@dataclass(frozen=True)
class ZeroSumSolution:
    """The value (to the row player) and an optimal mixed strategy for each player."""

    value: Fraction
    row: tuple[Fraction, ...]
    column: tuple[Fraction, ...]


def _matrix(matrix: Sequence[Sequence[Payoff]]) -> list[list[Fraction]]:
    rows = [[Fraction(x) for x in row] for row in matrix]
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise MatrixGameError("a payoff matrix needs at least one row and one column, all rows the same length")
    return rows


def simplex(
    a: Sequence[Sequence[Fraction]], b: Sequence[Fraction], c: Sequence[Fraction]
) -> tuple[Fraction, tuple[Fraction, ...], tuple[Fraction, ...]]:
    """max c.x subject to A x <= b, x >= 0, for b >= 0 (the slack basis is feasible), exactly.

    Tableau simplex with Bland's rule (lowest index enters and leaves on ties), so it cannot cycle.
    Returns (optimum, x, y) with y the dual solution (y >= 0, A^T y >= c, b.y = optimum).

    Maximise x1 + x2 with x1 + 2 x2 <= 4 and 3 x1 + x2 <= 6: both bind at (8/5, 6/5).

    >>> F = Fraction
    >>> simplex([[F(1), F(2)], [F(3), F(1)]], [F(4), F(6)], [F(1), F(1)])
    (Fraction(14, 5), (Fraction(8, 5), Fraction(6, 5)), (Fraction(2, 5), Fraction(1, 5)))
    """
    m, n = len(a), len(c)
    if any(x < 0 for x in b):
        raise MatrixGameError("simplex needs a non-negative right-hand side")
    tab = [[Fraction(x) for x in a[i]] + [Fraction(int(i == j)) for j in range(m)] + [Fraction(b[i])] for i in range(m)]
    obj = [-Fraction(x) for x in c] + [Fraction(0)] * m + [Fraction(0)]
    basis = [n + i for i in range(m)]
    while True:
        entering = next((j for j in range(n + m) if obj[j] < 0), None)
        if entering is None:
            break
        best: tuple[Fraction, int] | None = None
        for i in range(m):
            if tab[i][entering] > 0:
                ratio = tab[i][-1] / tab[i][entering]
                if best is None or ratio < best[0] or (ratio == best[0] and basis[i] < basis[best[1]]):
                    best = (ratio, i)
        if best is None:
            raise MatrixGameError("unbounded linear programme")
        r = best[1]
        piv = tab[r][entering]
        tab[r] = [x / piv for x in tab[r]]
        for i in range(m):
            if i != r and tab[i][entering]:
                f = tab[i][entering]
                tab[i] = [x - f * y for x, y in zip(tab[i], tab[r])]
        if obj[entering]:
            f = obj[entering]
            obj = [x - f * y for x, y in zip(obj, tab[r])]
        basis[r] = entering
    x = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            x[var] = tab[i][-1]
    return obj[-1], tuple(x), tuple(obj[n : n + m])


def solve_zero_sum(matrix: Sequence[Sequence[Payoff]]) -> ZeroSumSolution:
    """Solve max_x min_y x^T A y exactly.

    Shift A so every entry is positive (the value is then positive), and solve the column player's LP
    max sum(u) subject to A u <= 1, u >= 0 with `simplex`. Then value = 1/sum(u) - shift, the column
    strategy is u/sum(u), and the row strategy is the dual solution over sum(u).

    Row 1 with probability 1/3 makes both columns pay 3/3 - 2/3 = 1/3:

    >>> solve_zero_sum([[3, -1], [-1, 1]])
    ZeroSumSolution(value=Fraction(1, 3), row=(Fraction(1, 3), Fraction(2, 3)), column=(Fraction(1, 3), Fraction(2, 3)))
    """
    a = _matrix(matrix)
    m, n = len(a), len(a[0])
    shift = 1 - min(min(r) for r in a)
    a = [[x + shift for x in r] for r in a]
    total, u, duals = simplex(a, [Fraction(1)] * m, [Fraction(1)] * n)
    value = 1 / total - shift
    return ZeroSumSolution(value, tuple(d / total for d in duals), tuple(x / total for x in u))


def lines_value(lines: Sequence[tuple[Fraction, Fraction]], q: Fraction) -> Fraction:
    """min over lines (a, b) of (1 - q) a + q b: the row player's payoff at q against a best reply.

    Matching pennies: a pure row loses 1 to the right column; mixing half and half holds it to 0.

    >>> pennies = [(Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1))]
    >>> lines_value(pennies, Fraction(0)), lines_value(pennies, Fraction(1, 2))
    (Fraction(-1, 1), Fraction(0, 1))
    """
    return min((1 - q) * a + q * b for a, b in lines)


def solve_2xn(matrix: Sequence[Sequence[Payoff]]) -> ZeroSumSolution:
    """A 2 x n zero-sum game by its lower envelope: q = P(row 1) maximises min_j ((1-q) A[0][j] + q A[1][j]).

    The maximum of the concave envelope lies at q = 0, q = 1 or a crossing of two lines; the column player
    mixes the two lines crossing there (slopes of opposite sign) so that the row player is indifferent.

    The third column is never worth playing: against q = 2/3 it gives the row player 4/3, not 1/3.

    >>> solve_2xn([[3, -1, 0], [-1, 1, 2]]).column
    (Fraction(1, 3), Fraction(2, 3), Fraction(0, 1))
    """
    a = _matrix(matrix)
    if len(a) != 2:
        raise MatrixGameError(f"solve_2xn needs exactly 2 rows, not {len(a)}")
    lines = list(zip(a[0], a[1]))
    candidates = {Fraction(0), Fraction(1)}
    for i, (a0, b0) in enumerate(lines):
        for a1, b1 in lines[i + 1 :]:
            den = (b0 - a0) - (b1 - a1)
            if den:
                q = (a1 - a0) / den
                if 0 < q < 1:
                    candidates.add(q)
    q = max(sorted(candidates), key=lambda c: lines_value(lines, c))
    value = lines_value(lines, q)
    active = [j for j, (x, y) in enumerate(lines) if (1 - q) * x + q * y == value]
    slope = {j: lines[j][1] - lines[j][0] for j in active}
    column = [Fraction(0)] * len(lines)
    flat = next((j for j in active if slope[j] == 0), None)
    if flat is not None:
        column[flat] = Fraction(1)
    elif q == 0:
        column[min(active, key=lambda j: slope[j])] = Fraction(1)
    elif q == 1:
        column[max(active, key=lambda j: slope[j])] = Fraction(1)
    else:
        up = next(j for j in active if slope[j] > 0)
        down = next(j for j in active if slope[j] < 0)
        w = -slope[down] / (slope[up] - slope[down])  # w*slope_up + (1-w)*slope_down = 0
        column[up], column[down] = w, 1 - w
    return ZeroSumSolution(value, (1 - q, q), tuple(column))


@dataclass(frozen=True)
class Cell(Generic[K]):
    """One binary choice of the column player in an additive 2 x 2^n game.

    `row[a][r]`: the row player's payoff contribution when the column player takes action a (0 or 1) in this
    cell and the row player plays pure row r; `column[a][r]`: the column player's own (None: zero-sum, the
    negative of `row`).
    """

    key: K
    row: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]
    column: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]] | None = None

    def payoff(self, action: int, q: Fraction) -> Fraction:
        """The row player's payoff from this cell when the column player takes `action` and row 1 has chance q.

        >>> pennies = Cell("pennies", ((Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1))))
        >>> pennies.payoff(0, Fraction(1, 4))  # 3/4 of 1 and 1/4 of -1
        Fraction(1, 2)
        """
        r0, r1 = self.row[action]
        return (1 - q) * r0 + q * r1

    def slope(self, action: int) -> Fraction:
        """How the row player's payoff from this cell changes with q under `action`: row 1's minus row 0's.

        >>> Cell("pennies", ((Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1)))).slope(0)
        Fraction(-2, 1)
        """
        return self.row[action][1] - self.row[action][0]

    def own(self, action: int, q: Fraction) -> Fraction:
        """The column player's payoff from this cell.

        >>> pennies = Cell("pennies", ((Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1))))
        >>> pennies.own(0, Fraction(1, 4))  # zero-sum: minus the row player's 1/2
        Fraction(-1, 2)
        """
        if self.column is None:
            return -self.payoff(action, q)
        c0, c1 = self.column[action]
        return (1 - q) * c0 + q * c1

    def crossing(self, own: bool = False) -> Fraction | None:
        """The q in (0, 1) where the column player is indifferent between the two actions, if any (`own`: by
        his own payoffs rather than the zero-sum ones).

        >>> Cell("pennies", ((Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1)))).crossing()
        Fraction(1, 2)
        """
        f = self.own if own else (lambda a, q: -self.payoff(a, q))
        d0 = f(1, Fraction(0)) - f(0, Fraction(0))
        d1 = f(1, Fraction(1)) - f(0, Fraction(1))
        if (d0 < 0 < d1) or (d1 < 0 < d0):
            return d0 / (d0 - d1)
        return None


@dataclass(frozen=True)
class AdditiveSolution(Generic[K]):
    """The solution of an additive zero-sum game.

    `q`: the row player's optimal probability of row 1 (`q_unique` false when a whole interval is optimal).
    `column[k]`: the column player's probability of action 1 in cell k. `mixed`: cells where it is strictly
    between 0 and 1. `column_unique`: false when several column strategies are optimal in the cells that
    matter (those where some row play makes the actions differ)."""

    value: Fraction
    q: Fraction
    q_unique: bool
    column: dict[K, Fraction]
    mixed: tuple[K, ...]
    column_unique: bool


def _prefer(cell: Cell[K], q: Fraction) -> int | None:
    """The column player's strictly better action at q (by his own payoff), or None when indifferent."""
    d = cell.own(1, q) - cell.own(0, q)
    return 1 if d > 0 else 0 if d < 0 else None


def _best_reply(
    cells: Sequence[Cell[K]], q: Fraction, slope: Fraction
) -> tuple[dict[K, Fraction], Fraction, list[Cell[K]]]:
    """The column player's strict best reply at q cell by cell, the row payoff's slope in q given those
    choices (starting from `slope`), and the cells where he is indifferent (left for the caller to set)."""
    column: dict[K, Fraction] = {}
    tied = []
    for c in cells:
        a = _prefer(c, q)
        if a is None:
            tied.append(c)
        else:
            column[c.key] = Fraction(a)
            slope += c.slope(a)
    return column, slope, tied


def solve_additive(constant: tuple[Fraction, Fraction], cells: Sequence[Cell[K]]) -> AdditiveSolution[K]:
    """Solve the zero-sum additive game: row payoff = (1-q) c0 + q c1 + sum over cells of its contribution.

    V(q) = constant + sum of per-cell minima (the column player's best reply cell by cell) is concave and
    piecewise linear with kinks only where a cell's two lines cross; its maximum is at a kink or an end.
    The column player's optimal strategy is his best reply at q*, mixed in the cell(s) indifferent at q*
    so that the row player's payoff is flat there (interior q*), or tilted the right way (q* at an end).

    >>> pennies = Cell("pennies", ((Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1))))
    >>> solution = solve_additive((Fraction(0), Fraction(0)), [pennies])
    >>> solution.value, solution.q, solution.column
    (Fraction(0, 1), Fraction(1, 2), {'pennies': Fraction(1, 2)})
    """
    c0, c1 = (Fraction(x) for x in constant)
    kinks = sorted({k for k in (c.crossing() for c in cells) if k is not None})
    candidates = [Fraction(0), *kinks, Fraction(1)]

    def v(q: Fraction) -> Fraction:
        return (1 - q) * c0 + q * c1 + sum((min(c.payoff(0, q), c.payoff(1, q)) for c in cells), Fraction(0))

    values = [v(q) for q in candidates]
    best = max(values)
    optimal = [q for q, val in zip(candidates, values) if val == best]
    q = optimal[0]
    column, slope, tied = _best_reply(cells, q, c1 - c0)
    relevant_tied = [c for c in tied if c.row[0] != c.row[1]]
    for c in tied:
        if c not in relevant_tied:
            column[c.key] = Fraction(0)
    unique = True
    if 0 < q < 1:
        # choose mixes making the total slope zero: fill the tied cells in order (unique when only one)
        need = -slope - sum((c.slope(0) for c in relevant_tied), Fraction(0))
        for c in relevant_tied:
            span = c.slope(1) - c.slope(0)
            w = min(max(need / span, Fraction(0)), Fraction(1)) if span else Fraction(0)
            column[c.key] = w
            need -= w * span
        unique = len([c for c in relevant_tied if c.slope(1) != c.slope(0)]) <= 1
    else:
        # q* = 0 needs a right slope <= 0; q* = 1 a left slope >= 0: tilt each tied cell accordingly
        for c in relevant_tied:
            pick = min if q == 0 else max
            column[c.key] = Fraction(pick((0, 1), key=lambda a: c.slope(a)))
        unique = not relevant_tied
    mixed = tuple(k for k, p in column.items() if 0 < p < 1)
    return AdditiveSolution(best, q, len(optimal) == 1, column, mixed, unique)


@dataclass(frozen=True)
class Equilibrium(Generic[K]):
    """A Nash equilibrium of an additive bimatrix game: q, the column strategy by cell, and both payoffs.

    `family` is true when the equilibrium is one of infinitely many (an interval of q, or a free mix)."""

    q: Fraction
    column: dict[K, Fraction]
    row_payoff: Fraction
    column_payoff: Fraction
    family: bool


def _payoffs(
    constant: tuple[Fraction, Fraction],
    column_constant: tuple[Fraction, Fraction],
    cells: Sequence[Cell[K]],
    q: Fraction,
    column: dict[K, Fraction],
) -> tuple[Fraction, Fraction]:
    c0, c1 = constant
    d0, d1 = column_constant
    row = (1 - q) * c0 + q * c1
    col = (1 - q) * d0 + q * d1
    for c in cells:
        p = column[c.key]
        row += p * c.payoff(1, q) + (1 - p) * c.payoff(0, q)
        col += p * c.own(1, q) + (1 - p) * c.own(0, q)
    return row, col


def additive_equilibria(
    constant: tuple[Fraction, Fraction], column_constant: tuple[Fraction, Fraction], cells: Sequence[Cell[K]]
) -> tuple[Equilibrium[K], ...]:
    """Every Nash equilibrium of an additive bimatrix game (one representative per family).

    The column player's best reply to q is cell by cell, constant between the q where some cell's own
    payoffs cross. So an equilibrium sits in one of three places. It may sit at q = 0 or 1 (the row player's
    slope against some best reply has the right sign). It may sit inside an interval where that slope is
    exactly zero (a family). Or it sits at a crossing where mixing the indifferent cells can make the slope
    zero.

    >>> pennies = Cell("pennies", ((Fraction(1), Fraction(-1)), (Fraction(-1), Fraction(1))))  # zero-sum
    >>> zero = (Fraction(0), Fraction(0))
    >>> [(e.q, e.column) for e in additive_equilibria(zero, zero, [pennies])]
    [(Fraction(1, 2), {'pennies': Fraction(1, 2)})]
    """
    c0, c1 = (Fraction(x) for x in constant)
    kinks = sorted({k for k in (c.crossing(own=True) for c in cells) if k is not None})
    found: list[Equilibrium[K]] = []

    def at(q: Fraction, want: str) -> None:
        column, slope, tied = _best_reply(cells, q, c1 - c0)
        live = [c for c in tied if c.slope(0) != c.slope(1)]
        for c in tied:
            if c not in live:
                column[c.key] = Fraction(0)
        low = slope + sum((min(c.slope(0), c.slope(1)) for c in live), Fraction(0))
        high = slope + sum((max(c.slope(0), c.slope(1)) for c in live), Fraction(0))
        if want == "left" and low <= 0:  # q = 0: some best reply leaves a right slope <= 0
            for c in live:
                column[c.key] = Fraction(min((0, 1), key=c.slope))
            family = bool(live) and low < 0
        elif want == "right" and high >= 0:  # q = 1: some best reply leaves a left slope >= 0
            for c in live:
                column[c.key] = Fraction(max((0, 1), key=c.slope))
            family = bool(live) and high > 0
        elif want in ("inner", "flat") and low <= 0 <= high and (live or want == "flat"):
            need = -slope - sum((c.slope(0) for c in live), Fraction(0))
            for c in live:
                span = c.slope(1) - c.slope(0)
                w = min(max(need / span, Fraction(0)), Fraction(1))
                column[c.key] = w
                need -= w * span
            family = want == "flat" or len(live) > 1
        else:
            return
        row, col = _payoffs((c0, c1), column_constant, cells, q, column)
        found.append(Equilibrium(q, column, row, col, family))

    at(Fraction(0), "left")
    for k in kinks:
        at(k, "inner")
    points = [Fraction(0), *kinks, Fraction(1)]
    for lo, hi in itertools.pairwise(points):
        at((lo + hi) / 2, "flat")
    at(Fraction(1), "right")
    return tuple(found)


#: An affine function of the row player's q in [0,1]^n: (c0, c), meaning c0 + c . q.
Affine: TypeAlias = tuple[Fraction, tuple[Fraction, ...]]


def _at(f: Affine, q: Sequence[Fraction]) -> Fraction:
    return f[0] + sum((c * x for c, x in zip(f[1], q)), Fraction(0))


@dataclass(frozen=True)
class BoxSolution(Generic[K]):
    """The solution of an additive game where the row player picks q in [0,1]^n (n binary choices mixed):
    value, the row player's optimal q, and the column player's probability of action 1 in each cell."""

    value: Fraction
    q: tuple[Fraction, ...]
    column: dict[K, Fraction]
    contested: tuple[K, ...]


def solve_additive_box(constant: Affine, cells: Sequence[tuple[K, Affine, Affine]]) -> BoxSolution[K]:
    """max over q in [0,1]^n of constant(q) + sum over cells (key, A0, A1) of min(A0(q), A1(q)), exactly,
    with the column player's optimal mix per cell (zero-sum; he minimises).

    A cell whose two affine payoffs are ordered the same way at every vertex of the box is decided (its smaller
    line is folded into the constant). For the rest (contested), m_k = base_k(q) - s_k with base the smaller
    line at q = 0, and m_k <= other_k(q) becomes (base - other)(q) - s_k <= other(0) - base(0), a non-negative
    right-hand side: `simplex` starts feasible. The dual of cell k's constraint is the column player's
    probability of the other action. The result is checked as a saddle point before it is returned.

    One choice q; the column player picks the smaller of 1 - 2q and 2q - 1, so q = 1/2 is best.

    >>> F = Fraction
    >>> solve_additive_box((F(0), (F(0),)), [("cell", (F(1), (F(-2),)), (F(-1), (F(2),)))])
    BoxSolution(value=Fraction(0, 1), q=(Fraction(1, 2),), column={'cell': Fraction(1, 2)}, contested=('cell',))
    """
    n = len(constant[1])
    vertices = [tuple(Fraction((v >> i) & 1) for i in range(n)) for v in range(2**n)]
    const0, grad = constant[0], list(constant[1])
    column: dict[K, Fraction] = {}
    contested = []
    for key, a0, a1 in cells:
        diff = [_at(a1, v) - _at(a0, v) for v in vertices]
        if all(d >= 0 for d in diff) or all(d <= 0 for d in diff):
            act = 1 if all(d <= 0 for d in diff) and any(d < 0 for d in diff) else 0
            line = a1 if act else a0
            column[key] = Fraction(act)
            const0 += line[0]
            grad = [g + c for g, c in zip(grad, line[1])]
        else:
            contested.append((key, a0, a1))
    rows, rhs, bases = [], [], []
    obj = list(grad)
    for _, a0, a1 in contested:
        base_is_1 = a1[0] < a0[0]
        base, other = (a1, a0) if base_is_1 else (a0, a1)
        bases.append(base_is_1)
        const0 += base[0]
        obj = [o + c for o, c in zip(obj, base[1])]
        rows.append([b - o for b, o in zip(base[1], other[1])])
        rhs.append(other[0] - base[0])
    k = len(contested)
    a = [row + [Fraction(-int(i == j)) for j in range(k)] for i, row in enumerate(rows)]
    a += [[Fraction(int(i == j)) for j in range(n)] + [Fraction(0)] * k for i in range(n)]  # q_i <= 1
    best, x, y = simplex(a, rhs + [Fraction(1)] * n, obj + [Fraction(-1)] * k)
    q = x[:n]
    for (key, _, _), base_is_1, p_other in zip(contested, bases, y[:k]):
        column[key] = 1 - p_other if base_is_1 else p_other
    value = best + const0
    # certificate: q guarantees the value against any reply, and the column mix holds every q to it
    guaranteed = _at(constant, q) + sum((min(_at(a0, q), _at(a1, q)) for _, a0, a1 in cells), Fraction(0))
    held0 = constant[0] + sum((column[key] * a1[0] + (1 - column[key]) * a0[0] for key, a0, a1 in cells), Fraction(0))
    held = held0 + sum(
        (
            max(
                Fraction(0),
                constant[1][i]
                + sum((column[key] * a1[1][i] + (1 - column[key]) * a0[1][i] for key, a0, a1 in cells), Fraction(0)),
            )
            for i in range(n)
        ),
        Fraction(0),
    )
    assert guaranteed == value == held, "the box solution must be a saddle point"
    return BoxSolution(value, q, column, tuple(key for key, _, _ in contested))
