"""Exact big integers through residues: int64 arithmetic modulo a few primes, rebuilt by the Chinese remainder
theorem.

Sums of products of counts outgrow int64 long before a card enumeration is done. Modulo primes below 2^21 a
product of two residues is below 2^42 and a sum of up to 2^21 such products stays below 2^63, so numpy can do
the work in int64; once the product of the primes exceeds the largest value the result can take, each
residue vector gives back exactly one integer.

>>> ps = primes_for(10**30)
>>> reconstruct([np.array([10**30 % p]) for p in ps], ps) == [10**30]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import prod

import numpy as np
from sympy import prevprime

__all__ = ["PRIME_LIMIT", "primes_for", "reconstruct"]

#: Every prime used is below this, so that products of two residues and long sums of them fit in int64.
PRIME_LIMIT = 2**21


@lru_cache(maxsize=None)
def _primes(count: int) -> tuple[int, ...]:
    found = [prevprime(PRIME_LIMIT)]
    while len(found) < count:
        found.append(prevprime(found[-1]))
    return tuple(found)


def primes_for(bound: int) -> tuple[int, ...]:
    """The fewest of the largest primes below PRIME_LIMIT whose product exceeds `bound` (values lie in 0..bound)."""
    count = 1
    while prod(_primes(count)) <= bound:
        count += 1
    return _primes(count)


def reconstruct(residues: Sequence[np.ndarray], primes: Sequence[int]) -> list[int]:
    """The exact non-negative integers (flattened, as Python ints) whose residues modulo `primes` are given."""
    modulus = prod(primes)
    total = np.zeros(np.asarray(residues[0]).size, dtype=object)
    for r, p in zip(residues, primes):
        share = modulus // p
        total = total + np.asarray(r, dtype=np.int64).ravel().astype(object) * (share * pow(share, -1, p))
    return [int(x) % modulus for x in total]
