"""Fair dice: every throw of n six-sided dice, and exact distributions over them (drawing with replacement)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from itertools import product
from typing import TypeVar

__all__ = ["FACES", "throw_distribution", "throws", "total_distribution"]

FACES = (1, 2, 3, 4, 5, 6)

K = TypeVar("K", bound=Hashable)


def throws(n: int) -> Iterator[tuple[int, ...]]:
    """Every ordered throw of `n` dice, each equally likely (6**n of them).

    >>> sum(1 for _ in throws(2)), next(throws(2))
    (36, (1, 1))
    """
    return product(FACES, repeat=n)


def throw_distribution(n: int, key: Callable[[tuple[int, ...]], K]) -> dict[K, Fraction]:
    """Exact probability of each value of key(throw) over all 6**n ordered throws.

    >>> throw_distribution(2, lambda t: t[0] == t[1])  # a pair: 6 of the 36 throws
    {False: Fraction(5, 6), True: Fraction(1, 6)}
    """
    counts = Counter(key(t) for t in throws(n))
    total = 6**n
    return {k: Fraction(c, total) for k, c in sorted(counts.items(), key=lambda kv: repr(kv[0]))}


def total_distribution(n: int) -> dict[int, Fraction]:
    """Exact probability of each total of `n` dice.

    >>> total_distribution(2)[7]  # six of the 36 throws make 7
    Fraction(1, 6)
    """
    return dict(sorted(throw_distribution(n, sum).items()))
