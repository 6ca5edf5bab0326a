"""Absorbing Markov chains solved exactly: absorption probabilities and expected steps, in Fractions.

Multi-roll dice wagers are such chains (the point stays open until it or a 7 is thrown); solving
(I - Q) x = b by exact Gaussian elimination gives their values without truncating any sequence.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Absorption", "solve_chain"]


@dataclass(frozen=True)
class Absorption:
    """From the start state: probability of ending in each absorbing outcome, and the expected number of steps."""

    outcomes: tuple[tuple[Hashable, Fraction], ...]
    expected_steps: Fraction


def _solve(matrix: list[list[Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve matrix · X = rhs exactly (Gauss-Jordan with pivoting on a non-zero entry)."""
    n = len(matrix)
    a = [row[:] + r[:] for row, r in zip(matrix, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            raise ValueError("singular system: some state never reaches an absorbing outcome")
        a[col], a[pivot] = a[pivot], a[col]
        inv = 1 / a[col][col]
        a[col] = [x * inv for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]


def solve_chain(
    start: Hashable,
    step: Callable[[Hashable], Mapping[Hashable, Fraction]],
    is_absorbing: Callable[[Hashable], bool],
) -> Absorption:
    """Explore the chain from `start` (step(state) gives next-state probabilities) and solve it exactly.

    A craps point of 4: each roll makes it (3 ways in 36), sevens out (6 ways) or rolls again.

    >>> def roll(state):
    ...     return {"win": Fraction(3, 36), "lose": Fraction(6, 36), "point": Fraction(27, 36)}
    >>> chain = solve_chain("point", roll, lambda state: state != "point")
    >>> chain.outcomes, chain.expected_steps
    ((('lose', Fraction(2, 3)), ('win', Fraction(1, 3))), Fraction(4, 1))
    """
    transient: list[Hashable] = []
    absorbing: list[Hashable] = []
    transitions: dict[Hashable, Mapping[Hashable, Fraction]] = {}
    frontier = [start]
    seen = {start}
    while frontier:
        state = frontier.pop()
        if is_absorbing(state):
            absorbing.append(state)
            continue
        transient.append(state)
        transitions[state] = step(state)
        if sum(transitions[state].values()) != 1:
            raise ValueError(f"transition probabilities from {state!r} do not sum to 1")
        for nxt in transitions[state]:
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    if start in absorbing:
        return Absorption(((start, Fraction(1)),), Fraction(0))
    absorbing.sort(key=repr)
    index = {s: i for i, s in enumerate(transient)}
    n = len(transient)
    matrix = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    rhs = [[Fraction(0)] * (len(absorbing) + 1) for _ in range(n)]
    for s, row in transitions.items():
        i = index[s]
        rhs[i][-1] = Fraction(1)  # one step taken from every transient state
        for nxt, p in row.items():
            if nxt in index:
                matrix[i][index[nxt]] -= p
            else:
                rhs[i][absorbing.index(nxt)] += p
    solution = _solve(matrix, rhs)[index[start]]
    outcomes = tuple((a, solution[k]) for k, a in enumerate(absorbing) if solution[k])
    return Absorption(outcomes, solution[-1])
