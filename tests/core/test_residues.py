"""The shared residue system (`core.residues`): primes, the fewest that cover a range, and exact rebuilding,
unsigned and signed, for both prime limits in use (2^21: Super Pan 9's long sums; 2^28: blackjack's banker)."""

from __future__ import annotations

import random
from math import prod

import numpy as np
import pytest
import sympy

from oddscalc.core import residues
from oddscalc.games.blackjack.exact import stand_batch


@pytest.mark.parametrize("limit", [residues.PRIME_LIMIT, stand_batch.PRIME_LIMIT])
def test_primes_are_the_largest_below_the_limit(limit):
    """Each list is prime, descending, below the limit, and no prime lies between its members and the limit
    (checked number by number from the limit down)."""
    ps = residues.primes_below(limit, 5)
    assert all(sympy.isprime(p) for p in ps) and list(ps) == sorted(ps, reverse=True) and ps[0] < limit
    between = [n for n in range(ps[-1], limit) if sympy.isprime(n)]
    assert tuple(reversed(between)) == ps
    assert residues.primes_below(limit, 3) == ps[:3]


def test_primes_for_is_the_fewest_covering_the_bound():
    for bound in (0, 1, 10**6, 2**21 - 20, 2**42, 10**30, 10**100):
        ps = residues.primes_for(bound)
        assert (prod(ps) > bound and prod(ps[:-1]) <= bound) or len(ps) == 1


def _residues(xs, ps):
    return [np.array([x % p for x in xs], dtype=np.int64) for p in ps]


@pytest.mark.parametrize("limit,count", [(2**21, 1), (2**21, 3), (2**21, 7), (2**28, 1), (2**28, 2), (2**28, 4)])
def test_every_integer_of_the_range_comes_back(limit, count):
    """Unsigned: 0..M - 1 (the ends and 300 seeded values); signed with bound (M - 1) // 2: -bound..bound; a
    bound whose double reaches M is refused. Python's own integers made the residues."""
    rng = random.Random(limit + count)
    ps = residues.primes_below(limit, count)
    m = prod(ps)
    xs = [0, 1, m - 1] + [rng.randrange(m) for _ in range(300)]
    assert residues.reconstruct(_residues(xs, ps), ps) == xs
    bound = (m - 1) // 2
    ys = [bound, -bound, 0, 1, -1] + [rng.randint(-bound, bound) for _ in range(300)]
    assert residues.reconstruct(_residues(ys, ps), ps, bound) == ys
    with pytest.raises(AssertionError):
        residues.reconstruct(_residues(ys, ps), ps, bound + 1)


def test_arrays_of_any_shape_are_flattened_in_order():
    ps = residues.primes_for(10**20)
    xs = [[(3 * i + j) * 10**18 // 7 for j in range(4)] for i in range(3)]
    res = [np.array([[x % p for x in row] for row in xs], dtype=np.int64) for p in ps]
    assert residues.reconstruct(res, ps) == [x for row in xs for x in row]
