"""The exact matrix-game solvers against direct methods written here: the lower envelope enumerated over
every crossing of two lines, saddle-point certificates, and additive games expanded to full matrices."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from oddscalc.core.matrix_game import (
    Cell,
    MatrixGameError,
    additive_equilibria,
    solve_2xn,
    solve_additive,
    solve_zero_sum,
)
from tests.matrix_checks import direct_2xn

F = Fraction


def assert_saddle(matrix, sol):
    """The row strategy guarantees at least the value against every column, the column strategy at most."""
    m, n = len(matrix), len(matrix[0])
    assert sum(sol.row) == 1 and sum(sol.column) == 1
    assert all(p >= 0 for p in sol.row + sol.column)
    for j in range(n):
        assert sum(sol.row[i] * matrix[i][j] for i in range(m)) >= sol.value
    for i in range(m):
        assert sum(sol.column[j] * matrix[i][j] for j in range(n)) <= sol.value


def test_textbook_games():
    # Matching pennies: value 0, both players mix 1/2 (symmetry). Rock-paper-scissors: value 0, uniform.
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    s = solve_zero_sum(rps)
    assert s.value == 0 and s.row == (F(1, 3),) * 3 and s.column == (F(1, 3),) * 3
    # [[3, -1], [-1, 1]]: equalise 3p - (1 - p) = -p + (1 - p) => p = 1/3, value 3/3 - 2/3 = 1/3.
    s = solve_zero_sum([[3, -1], [-1, 1]])
    assert s.value == F(1, 3) and s.row == (F(1, 3), F(2, 3))
    assert solve_2xn([[3, -1], [-1, 1]]).value == F(1, 3)
    # A saddle point in pure strategies: row 0 guarantees 2, column 1 holds it to 2.
    s = solve_zero_sum([[4, 2, 3], [1, 0, 5]])
    assert s.value == 2 and s.row == (1, 0) and s.column == (0, 1, 0)


def test_bad_matrix():
    with pytest.raises(MatrixGameError):
        solve_zero_sum([])
    with pytest.raises(ValueError):
        solve_zero_sum([[1, 2], [3]])
    with pytest.raises(ValueError):
        solve_2xn([[1], [2], [3]])


@pytest.mark.parametrize("seed", range(40))
def test_random_games(seed):
    rng = random.Random(seed)
    m, n = rng.randint(1, 4), rng.randint(1, 5)
    matrix = [[F(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(n)] for _ in range(m)]
    s = solve_zero_sum(matrix)
    assert_saddle(matrix, s)
    two = [[F(rng.randint(-9, 9), rng.randint(1, 3)) for _ in range(n + 1)] for _ in range(2)]
    value, qs = direct_2xn(two)
    e = solve_2xn(two)
    assert e.value == value == solve_zero_sum(two).value
    assert e.row[1] in qs
    assert_saddle(two, e)


def random_cells(rng, n, zero_sum=True):
    cells = []
    for k in range(n):
        row = tuple(tuple(F(rng.randint(-6, 6), 7) for _ in range(2)) for _ in range(2))
        col = None if zero_sum else tuple(tuple(F(rng.randint(-6, 6), 7) for _ in range(2)) for _ in range(2))
        cells.append(Cell(k, row, col))
    return cells


def expand(constant, cells, own=False):
    """The full 2 x 2^n matrix of an additive game: column j's k-th bit is its action in cell k."""
    cols = list(itertools.product((0, 1), repeat=len(cells)))

    def pay(r, actions):
        if own:
            total = constant[r]
            for c, a in zip(cells, actions):
                total += c.column[a][r] if c.column else -c.row[a][r]
            return total
        return constant[r] + sum(c.row[a][r] for c, a in zip(cells, actions))

    return [[pay(r, acts) for acts in cols] for r in (0, 1)], cols


@pytest.mark.parametrize("seed", range(30))
def test_additive_zero_sum_against_full_matrix(seed):
    rng = random.Random(100 + seed)
    cells = random_cells(rng, rng.randint(1, 5))
    constant = (F(rng.randint(-3, 3), 5), F(rng.randint(-3, 3), 5))
    matrix, _cols = expand(constant, cells)
    value, qs = direct_2xn(matrix)
    sol = solve_additive(constant, cells)
    assert sol.value == value
    assert sol.q in qs and sol.q_unique == (len(qs) == 1)
    # the behavioural column strategy holds the row player to the value whichever row he plays
    for r in (0, 1):
        total = constant[r] + sum(
            sol.column[c.key] * c.row[1][r] + (1 - sol.column[c.key]) * c.row[0][r] for c in cells
        )
        assert total <= value


@pytest.mark.parametrize("seed", range(30))
def test_additive_equilibria_are_equilibria(seed):
    rng = random.Random(500 + seed)
    cells = random_cells(rng, rng.randint(1, 4), zero_sum=False)
    constant = (F(rng.randint(-3, 3), 5), F(rng.randint(-3, 3), 5))
    ccon = (F(rng.randint(-3, 3), 5), F(rng.randint(-3, 3), 5))
    found = additive_equilibria(constant, ccon, cells)
    assert found, "a finite game always has an equilibrium"
    rows, cols = expand(constant, cells)
    own, _ = expand(ccon, cells, own=True)
    for e in found:
        # the column mixture's probability of each pure column (independent cells)
        weight = [1] * len(cols)
        for j, acts in enumerate(cols):
            for c, a in zip(cells, acts):
                weight[j] *= e.column[c.key] if a else 1 - e.column[c.key]
        row_pay = [sum(w * rows[r][j] for j, w in enumerate(weight)) for r in (0, 1)]
        # the row player's mix is a best reply
        best = max(row_pay)
        if 0 < e.q < 1:
            assert row_pay[0] == row_pay[1]
        else:
            assert row_pay[int(e.q)] == best
        # no pure column does better for the column player against q
        col_pay = [(1 - e.q) * own[0][j] + e.q * own[1][j] for j in range(len(cols))]
        mine = sum(w * p for w, p in zip(weight, col_pay))
        assert mine == max(col_pay)
        assert mine == e.column_payoff and (1 - e.q) * row_pay[0] + e.q * row_pay[1] == e.row_payoff


def test_zero_sum_equilibrium_matches_solution():
    rng = random.Random(7)
    for _ in range(10):
        cells = random_cells(rng, 4)
        constant = (F(1, 3), F(-1, 5))
        sol = solve_additive(constant, cells)
        eqs = additive_equilibria(constant, (-constant[0], -constant[1]), cells)
        assert all(e.row_payoff == sol.value for e in eqs)


@pytest.mark.parametrize("seed", range(25))
def test_box_game_against_the_full_matrix(seed):
    """Several binary row choices: the LP solution against the full 2^n x 2^k matrix solved by simplex,
    and the row player's pure strategies' guaranteed payoffs (no pure row may beat the value)."""
    from oddscalc.core.matrix_game import solve_additive_box

    rng = random.Random(900 + seed)
    n, k = rng.randint(1, 3), rng.randint(1, 4)

    def affine():
        return (F(rng.randint(-6, 6), 5), tuple(F(rng.randint(-6, 6), 5) for _ in range(n)))

    constant = affine()
    cells = [(j, affine(), affine()) for j in range(k)]

    def pay(q, acts):
        total = constant[0] + sum(c * x for c, x in zip(constant[1], q))
        for (_, a0, a1), a in zip(cells, acts):
            line = a1 if a else a0
            total += line[0] + sum(c * x for c, x in zip(line[1], q))
        return total

    rows = list(itertools.product((0, 1), repeat=n))
    cols = list(itertools.product((0, 1), repeat=k))
    matrix = [[pay(r, c) for c in cols] for r in rows]
    full = solve_zero_sum(matrix)
    box = solve_additive_box(constant, cells)
    assert box.value == full.value
    # the row mixture's marginals are a behavioural q achieving the value (payoff is affine in q)
    marg = tuple(sum(p for p, r in zip(full.row, rows) if r[i]) for i in range(n))
    assert min(pay(marg, c) for c in cols) == full.value
