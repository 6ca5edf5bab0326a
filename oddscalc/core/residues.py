"""Exact big integers through residues: int64 arithmetic modulo a few primes, rebuilt by the Chinese remainder
theorem.

Sums of products of counts outgrow int64 long before a card enumeration is done. Modulo primes below a limit L
a product of two residues is below L^2. So numpy can do the work in int64 as long as at most 2^63 / L^2 such
products are added before the next reduction. Primes below 2^21 (`PRIME_LIMIT`) allow 2^21 of them, primes
below 2^28 (blackjack's banker sums) 127. Once the product M of the primes exceeds the range of the values
(`primes_for`), each residue vector gives back exactly one integer (`reconstruct`). It is in 0..M - 1, or,
given a bound B with 2B < M, in -B..B.

>>> ps = primes_for(10**30)
>>> reconstruct([np.array([10**30 % p]) for p in ps], ps) == [10**30]
True
>>> ps = primes_below(2**28, 2)
>>> reconstruct([np.array([-5 % p, 7 % p]) for p in ps], ps, bound=10)
[-5, 7]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import prod

import numpy as np
from sympy import prevprime

__all__ = ["PRIME_LIMIT", "primes_below", "primes_for", "reconstruct"]

#: The default prime limit: products of two residues and long sums of them (2^21 terms) fit in int64.
PRIME_LIMIT = 2**21

_INT64_LIMIT = 2**63


@cache
def primes_below(limit: int, count: int) -> tuple[int, ...]:
    """The `count` largest primes below `limit`, largest first (so fewer of them are a prefix of more).

    >>> primes_below(100, 3)
    (97, 89, 83)
    """
    found = [prevprime(limit)]
    while len(found) < count:
        found.append(prevprime(found[-1]))
    return tuple(found)


def primes_for(bound: int, limit: int = PRIME_LIMIT) -> tuple[int, ...]:
    """The fewest of the largest primes below `limit` whose product exceeds `bound` (values lie in 0..bound).

    >>> primes_for(10**6, limit=100)  # 97 x 89 x 83 = 716,539 is not enough
    (97, 89, 83, 79)
    """
    count = 1
    while prod(primes_below(limit, count)) <= bound:
        count += 1
    return primes_below(limit, count)


@cache
def _garner(primes: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """Garner's inverses (inverse of primes[j] modulo primes[i], j < i) and the digit chunks (start, stop)
    whose mixed-radix value stays below 2^63, so that it is computed on int64 arrays."""
    inverses = tuple(tuple(pow(primes[j], -1, primes[i]) for j in range(i)) for i in range(len(primes)))
    chunks, start = [], 0
    while start < len(primes):
        stop = start + 1
        while stop < len(primes) and prod(primes[start : stop + 1]) < _INT64_LIMIT:
            stop += 1
        chunks.append((start, stop))
        start = stop
    return inverses, tuple(chunks)


def reconstruct(residues: Sequence[np.ndarray], primes: Sequence[int], bound: int | None = None) -> list[int]:
    """The exact integers (flattened, as Python ints) whose residues modulo `primes` are given.

    They are those in 0..M - 1 (M the primes' product), or with `bound`, those in -bound..bound. The latter
    asserts 2 * bound < M, the proof of exactness: one integer of that range per residue vector.

    Garner's mixed-radix digits are taken on the int64 arrays; a run of digits whose radix stays below 2^63
    is combined there too, and only the runs are joined in Python integers.

    Modulo 7, 11 and 13 (product 1001), the residues of 100 give back 100, and with a bound those of -5 give -5:

    >>> reconstruct([np.array([100 % p]) for p in (7, 11, 13)], (7, 11, 13))
    [100]
    >>> reconstruct([np.array([-5 % p]) for p in (7, 11, 13)], (7, 11, 13), bound=500)
    [-5]
    """
    primes = tuple(primes)
    modulus = prod(primes)
    if bound is not None and not 2 * bound < modulus:
        raise AssertionError("values too large for the residue system")
    inverses, chunks = _garner(primes)
    digits: list[np.ndarray] = []
    for i, p in enumerate(primes):
        v = np.asarray(residues[i], dtype=np.int64).ravel() % p
        for j in range(i):
            v = (v - digits[j]) % p * inverses[i][j] % p
        digits.append(v)
    out: list[int] = []
    for start, stop in reversed(chunks):  # x = c_0 + R_0 (c_1 + R_1 (c_2 + ..)), R_i the primes of chunk i
        value = digits[stop - 1]
        for k in range(stop - 2, start - 1, -1):
            value = digits[k] + primes[k] * value
        radix = prod(primes[start:stop])
        out = value.tolist() if not out else [lo + radix * hi for lo, hi in zip(value.tolist(), out)]
    if bound is None:
        return out
    half = modulus // 2
    return [x - modulus if x > half else x for x in out]
