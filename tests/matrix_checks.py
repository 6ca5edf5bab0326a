"""A direct solver of small 2 x n zero-sum games, for tests: independent of oddscalc.core.matrix_game."""

import itertools
from fractions import Fraction as F


def direct_2xn(matrix):
    """max over q in {0, 1, every crossing of two columns' lines} of the minimum over columns: (value, qs)."""
    lines = list(zip(matrix[0], matrix[1]))
    qs = {F(0), F(1)}
    for (a0, b0), (a1, b1) in itertools.combinations(lines, 2):
        den = (b0 - a0) - (b1 - a1)
        if den and 0 <= (a1 - a0) / den <= 1:
            qs.add(F(a1 - a0) / den)
    scored = {q: min((1 - q) * a + q * b for a, b in lines) for q in qs}
    best = max(scored.values())
    return best, sorted(q for q, v in scored.items() if v == best)
