"""The players' stakes test at punto banco tables: an exact randomization test per shoe, turned into e-values.

H0: each of a player's stakes (its size and its side) depends on the shoe's earlier rounds only through their
scorecard entries (per round the player's and the banker's totals and how many cards each hand took) and on
anything independent of the shuffle. A round's class is its scorecard entry. Swapping the card blocks of two
rounds of one class keeps every block's length, every round's entry and the cut, and maps the uniform shuffle to
itself (the burnt cards stay put); under H0 it leaves the stakes as they were. So with G the permutations of the
blocks within classes, g_1..g_B drawn uniformly from G and T(C) the stakes' total exact expectation on the deal
C, p = (1 + #{b: T(g_b C) >= T(C)}) / (B + 1) is superuniform under H0 (Hemerik and Goeman 2018, random group
transformations), and each calibrator kappa p^(kappa - 1) an e-value.

>>> perms = block_permutations([(1, 1, 2, 2), (5, 0, 2, 2), (1, 1, 2, 2)], 4, shoe_seed("P1", 3, 81))
>>> perms.shape, sorted({tuple(p) for p in perms.tolist()}) <= [(0, 1, 2), (2, 1, 0)]
((4, 3), True)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

__all__ = [
    "DRAWS",
    "KAPPAS",
    "block_permutations",
    "compositions_before",
    "log_e_values",
    "p_value",
    "scorecard_class",
    "shoe_seed",
]

#: B, the random block permutations drawn per shoe (the smallest p is 1 / (B + 1)).
DRAWS = 99
#: The calibrators: a shoe's p-value p becomes the e-values kappa p^(kappa - 1), one column each.
KAPPAS = (Fraction(1, 2), Fraction(1, 4), Fraction(1, 8))


def scorecard_class(player: Sequence[int], banker: Sequence[int]) -> list[int]:
    """A round's class, its scorecard entry: the player's and the banker's totals and how many cards each took
    (the hands' point values given).

    >>> scorecard_class([7, 0, 3], [5, 3])
    [0, 8, 3, 2]
    """
    return [sum(player) % 10, sum(banker) % 10, len(player), len(banker)]


def shoe_seed(table: str, marker: object, first: int) -> int:
    """The seed of a shoe's draws, from the table's name, the shoe's marker and its first round only (a restart
    draws the same permutations)."""
    digest = hashlib.sha256(f"{table}\x00{marker!r}\x00{first}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def block_permutations(classes: Sequence[tuple[int, ...]], draws: int, seed: int) -> np.ndarray:
    """`draws` permutations (rows; entry i the round whose block goes to position i), each uniform on the group of
    permutations within classes, independent."""
    rng = np.random.default_rng(seed)
    by_class: dict[tuple[int, ...], list[int]] = {}
    for i, c in enumerate(classes):
        by_class.setdefault(tuple(c), []).append(i)
    groups = [np.array(v) for _, v in sorted(by_class.items()) if len(v) > 1]
    out = np.tile(np.arange(len(classes)), (draws, 1))
    for b in range(draws):
        for idx in groups:
            out[b, idx] = idx[rng.permutation(len(idx))]
    return out


def compositions_before(start: np.ndarray, burns: np.ndarray, blocks: np.ndarray, perms: np.ndarray) -> np.ndarray:
    """The composition before each round of each permuted deal (perms x rounds x kinds): the full shoe `start`,
    less the burns up to the round's own (they stay put), less the blocks dealt at the positions before it."""
    dealt = blocks[perms]  # perms x rounds x kinds
    before = np.cumsum(dealt, axis=1) - dealt
    return start[None, None, :] - np.cumsum(burns, axis=0)[None, :, :] - before


def p_value(t: Sequence[float] | np.ndarray, t0: float) -> float:
    """(1 + #{b: T_b >= T_0}) / (B + 1)."""
    t = np.asarray(t)
    return (1 + int((t >= t0).sum())) / (len(t) + 1)


def log_e_values(p: float) -> list[float]:
    """log(kappa p^(kappa - 1)) for each calibrator of KAPPAS: each e-value has mean at most 1 when p is
    superuniform (the integral of kappa p^(kappa - 1) over (0, 1) is 1)."""
    return [math.log(k) + (float(k) - 1) * math.log(p) for k in map(float, KAPPAS)]
