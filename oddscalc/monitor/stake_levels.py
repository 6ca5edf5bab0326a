"""Stake levels: the bands of a round's total stake that a table's hold test watches apart, as the Gambling
Commission's guidance on return-to-player monitoring asks (a fault confined to high stakes is diluted in a pooled
hold). A table with band edges e_1 < ... < e_k has k + 1 levels; each gets 1 / (k + 1) of the hold test's level.

>>> edges = (Fraction(10), Fraction(100))
>>> stake_level_labels(edges)
('stakes under 10', 'stakes 10 to under 100', 'stakes 100 and over')
>>> stake_level(edges, Fraction(25))  # the index of its label
1
>>> stake_level((), Fraction(25)), stake_level_labels(())  # no levels stated: one pooled hold test
(0, ('',))
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from itertools import pairwise

__all__ = ["stake_level", "stake_level_labels"]


def _amount(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def stake_level_labels(edges: tuple[Fraction, ...]) -> tuple[str, ...]:
    """The levels' names, lowest first ("" alone when no edges are stated: the pooled test)."""
    if not edges:
        return ("",)
    first = (f"stakes under {_amount(edges[0])}",)
    middle = tuple(f"stakes {_amount(a)} to under {_amount(b)}" for a, b in pairwise(edges))
    return first + middle + (f"stakes {_amount(edges[-1])} and over",)


def stake_level(edges: tuple[Fraction, ...], total: Fraction) -> int:
    """The level a round's total stake falls in: its index in `stake_level_labels(edges)` (the labels are made
    once per table, not per round)."""
    return bisect_right(edges, total)
