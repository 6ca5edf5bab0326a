"""A split's expectation from its hands' values, in double precision: `splits.expectation._by_patterns` for the study
evaluator.

The method is `splits/expectation.py`'s (docs/blackjack.md, "Splits"). Every second card is dealt first, and the
pair / non-pair pattern of those cards is counted by ballot numbers. A hand's value with i uniform non-pair cards
gone is taken from its values with only pair cards gone. The recurrence is
h(j, i+1) = ((|U|-j-i) h(j, i) - (n_U-j) h(j+1, i)) / (m_U - i). The chances of the patterns are computed
exactly (Python integers) and rounded once; the sums run compiled. g[t, x] is the value of the split hand (pair, x)
played from the shoe less t extra pair cards.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from oddscalc.games.blackjack.exact.banker import falling
from oddscalc.games.blackjack.splits.patterns import ballot_patterns

__all__ = ["split_value"]


@lru_cache(maxsize=64)
def _ballots(limit: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """`split.ballot_patterns(limit)` as tuples: (s, count) of the patterns ending with every hand non-pair after
    s new hands, and (q, count) of those reaching the limit after q non-pair cards."""
    end_a, end_b = ballot_patterns(limit)
    return tuple(sorted(end_a.items())), tuple(sorted(end_b.items()))


def split_value(left: np.ndarray, pair: int, partners: int, limit: int, g: np.ndarray) -> float:
    """E[sum over the split hands of their results] per unit initial stake.

    `left`: the shoe once the up-card is out (both pair cards still in). `partners`: the cards left that may
    join the pair. `limit`: the most hands. g[t, x] for t up to min(2 (limit - 2), partners)."""
    shoe = left.copy()
    shoe[pair] -= 2
    big_n = int(shoe.sum())
    return _kernel()(g, shoe, pair, partners, big_n - partners, big_n, limit, *_chances(partners, big_n, limit))


@lru_cache(maxsize=256)
def _chances(n: int, big_n: int, limit: int) -> tuple[np.ndarray, ...]:
    """The patterns with a chance (`splits.expectation._by_patterns`), exact then rounded: s and chance of those ending
    with
    every hand non-pair, q and chance of those reaching the limit; `n` pair cards among `big_n`."""
    m = big_n - n
    end_a, end_b = _ballots(limit)
    a = [(s, count * falling(n, s) * falling(m, s + 2) / falling(big_n, 2 * s + 2)) for s, count in end_a]
    spawns = limit - 2
    b = [(q, count * falling(n, spawns) * falling(m, q) / falling(big_n, spawns + q)) for q, count in end_b]
    a = [x for x in a if x[1]]
    b = [x for x in b if x[1]]
    return (
        np.array([s for s, _ in a], dtype=np.int64),
        np.array([p for _, p in a]),
        np.array([q for q, _ in b], dtype=np.int64),
        np.array([p for _, p in b]),
    )


def _remove(f, target, size, n_pair, n_other):
    """E[f(U - Y)] for Y `target` uniform non-pair cards, from f[j] = f(U - j pair cards)."""
    row = f.copy()
    for i in range(target):
        for j in range(min(target - i - 1, n_pair) + 1):
            prev = (n_pair - j) * row[j + 1] if n_pair - j > 0 else 0.0
            row[j] = ((size - j - i) * row[j] - prev) / (n_other - i)
    return row[0]


def _nonpair_first(g, nonpair, n, m, big_n, s, extra):
    """E over a non-pair second card x, then `extra` more uniform non-pair removals, from the shoe less s
    extra pair cards."""
    total = 0.0
    top = min(extra, n - s)
    f = np.zeros(top + 1)
    for x in range(10):
        if nonpair[x]:
            for j in range(top + 1):
                f[j] = g[s + j, x]
            total += nonpair[x] * _remove(f, extra, big_n - s - 1, n - s, m - 1)
    return total / m


def _any_second(g, shoe, pair, t):
    """The split hand with an unconditioned second card, from the shoe less t extra pair cards."""
    total = 0.0
    size = 0
    for y in range(10):
        rest = shoe[y] - (t if y == pair else 0)
        if rest:
            total += rest * g[t, y]
            size += rest
    return total / size


def _sum(g, shoe, pair, n, m, big_n, limit, a_s, a_p, b_q, b_p):
    """`splits.expectation._by_patterns`'s sum over the patterns with their chances given (`split_value`)."""
    nonpair = shoe.copy()
    nonpair[pair] -= n
    value = 0.0
    for i in range(a_s.shape[0]):
        s = a_s[i]
        value += a_p[i] * (s + 2) * _nonpair_first(g, nonpair, n, m, big_n, s, s + 1)
    spawns = limit - 2
    for i in range(b_q.shape[0]):
        q = b_q[i]
        part = 0.0
        if q:
            part += q * _nonpair_first(g, nonpair, n, m, big_n, spawns, q - 1)
        if limit - q:
            top = min(q, n - spawns)
            f = np.zeros(top + 1)
            for j in range(top + 1):
                f[j] = _any_second(g, shoe, pair, spawns + j)
            part += (limit - q) * _remove(f, q, big_n - spawns, n - spawns, m)
        value += b_p[i] * part
    return value


_KERNEL = None


def _kernel():
    """The sums compiled by numba on first use (cached on disk after that)."""
    global _KERNEL, _remove, _nonpair_first, _any_second
    if _KERNEL is None:
        from numba import njit

        _remove = njit(cache=True)(_remove)
        _nonpair_first = njit(cache=True)(_nonpair_first)
        _any_second = njit(cache=True)(_any_second)
        _KERNEL = njit(cache=True)(_sum)
    return _KERNEL
