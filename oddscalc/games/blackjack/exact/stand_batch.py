"""The banker's stand sums for many shoe compositions at once, exactly, in modular arithmetic on numpy arrays.

`dealer.StandLayers` evaluates, for a player standing on a total, the signed sum over the banker's endings D of
(coefficient - shift) * orders(D) * prod_c (n_c)_(m_c) * pad(|D|), one composition at a time in Python integers.
Here the same sum is taken for a whole batch of compositions. Every quantity is kept as its residues modulo a
few primes below 2^28 in int64 arrays. A product of two residues is below 2^56, so up to 127 of them add up
without overflow before the next reduction. The sum is evaluated one card value at a time as in `StandLayers`.
The partial sums of a level depend only on the counts of the later values, so they are computed once per
distinct tail of counts. Each composition's value is rebuilt from its residues by the Chinese remainder
theorem.

Exactness (proof by bound): a stand value is P(win) - P(lose) over the denominator (size)_last, so its absolute
value is at most that denominator (below 416^12 < 2^105 for 8 packs). A batch uses the fewest of the primes
whose product M exceeds twice the largest denominator in it. (`lanes_for`: three primes, M ~ 2^84, serve most
batches; four, M ~ 2^112, any shoe of 8 packs or fewer.) `core.residues.reconstruct` takes the integer of
absolute value below M/2 with the residues, asserting 2 * bound < M. So the rebuilt integer is the value itself,
not merely congruent to it. Intermediate sums are residues only (no bound needed). Every product of two
residues is below 2^56 and at most 127 of them are added before the next reduction, so int64 never overflows.
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import prod

import numpy as np

from oddscalc.core import residues
from oddscalc.games.blackjack.exact.banker import StandLayers, falling_row, longest
from oddscalc.games.blackjack.exact.banker import pads as dealer_pads

__all__ = ["MAX_COUNT", "MODULUS", "PRIMES", "PRIME_LIMIT", "lanes_for", "plan", "stand_diffs", "stand_sums"]

#: The residue system's prime limit: a product of two residues is below 2^56, and 127 of them add up in int64.
PRIME_LIMIT = 2**28
#: The four largest primes below 2^28: any shoe of 8 packs or fewer needs at most four (`lanes_for`).
PRIMES = residues.primes_below(PRIME_LIMIT, 4)
MODULUS = prod(PRIMES)
_P = np.array(PRIMES, dtype=np.int64)
_PC = _P[:, None]
_PCC = _P[:, None, None]
_LANES = len(PRIMES)
MAX_COUNT = 8 * 16  #: the most cards of one value the tables serve (the ten-values of 8 packs)
_SUM_CAP = (2**63 - 1) // max(PRIMES) ** 2  # residue products that may be added before reducing


def _falling_table() -> np.ndarray:
    """(n)_m mod p for every lane, m = 0..12 and n = 0..MAX_COUNT, as an array indexed [lane, m, n]."""
    rows = [falling_row(n) for n in range(MAX_COUNT + 1)]  # rows[n][m] = (n)_m
    return np.array([[[row[m] % p for row in rows] for m in range(13)] for p in PRIMES], dtype=np.int64)


_FF = _falling_table()


class _Plan:
    """The level structure of one stand sum (up-card value, soft-17 rule, total class), laid out for arrays.

    Level d (value index d, 9 down to 1) maps the partial sums keyed by (|D|, m_0, .., m_d) to those keyed by
    (|D|, m_0, .., m_(d-1)). The keys of each level are ordered by the multiplicity of the next value up, so
    the children with one multiplicity are a contiguous slice; `parts[d]` lists (m, start, stop, parent
    indices). The top level (Aces and the pads) is summed per composition over the keys (|D|, m_0)."""

    def __init__(self, up: int, hit_soft17: bool, cls: int) -> None:
        self.shift, leaves = StandLayers._endings(up, hit_soft17, cls)
        self.last = longest(up, hit_soft17)
        prefixes: list = [None] * 11
        prefixes[10] = sorted(leaves)
        for d in range(9, -1, -1):
            prefixes[d] = sorted({x[: 1 + d] for x in prefixes[d + 1]})
        order: list = [None] * 11
        order[0] = prefixes[0]
        for d in range(10):  # children grouped by their multiplicity of value d, then in their parents' order
            pos = {x: i for i, x in enumerate(order[d])}
            order[d + 1] = sorted(prefixes[d + 1], key=lambda x: (x[1 + d], pos[x[: 1 + d]]))
        self.leaf = np.array([[leaves[x] % p for x in order[10]] for p in PRIMES], dtype=np.int64)[:, :, None]
        self.parts: list = [None] * 10
        for d in range(9, 0, -1):
            pos = {x: i for i, x in enumerate(order[d])}
            kids = order[d + 1]
            parts, i = [], 0
            while i < len(kids):
                m, j = kids[i][1 + d], i
                while j < len(kids) and kids[j][1 + d] == m:
                    j += 1
                parents = np.array([pos[x[: 1 + d]] for x in kids[i:j]], dtype=np.intp)
                parts.append((m, i, j, parents))
                i = j
            if len(parts) > _SUM_CAP:  # a key's children, one per multiplicity, are summed unreduced
                raise AssertionError("too many children per key for the residue sums")
            self.parts[d] = (len(order[d]), parts)
        top = order[1]
        self.top_k = np.array([x[0] for x in top], dtype=np.intp)
        self.top_m = np.array([x[1] for x in top], dtype=np.intp)
        self.top_chunks = [(s, min(s + _SUM_CAP, len(top))) for s in range(0, len(top), _SUM_CAP)]


@cache
def plan(up: int, hit_soft17: bool, cls: int) -> _Plan:
    """The array layout of the stand sum for up-card value `up` (1..10), the soft-17 rule and total class `cls`."""
    return _Plan(up, hit_soft17, cls)


@lru_cache(maxsize=4096)
def _pads(size: int, last: int) -> tuple[tuple[int, ...], ...]:
    """Per lane, pad(k) = (size - k)_(last - k) mod p for k = 0..12 (zero past `last`)."""
    row = dealer_pads(size, last)
    return tuple(tuple(v % p for v in row) for p in PRIMES)


def lanes_for(bound: int) -> int:
    """The fewest primes (lanes) whose product exceeds 2 * bound: integers of absolute value at most `bound`
    are then rebuilt exactly from their residues (`core.residues.reconstruct`)."""
    lanes = len(residues.primes_for(2 * bound, PRIME_LIMIT))
    if lanes > _LANES:
        raise AssertionError("stand sums too large for the residue system")
    return lanes


def stand_sums(pl: _Plan, comps: np.ndarray, lanes: int = _LANES) -> np.ndarray:
    """Residues (lanes, n), modulo the first `lanes` primes, of a sum over the plan's endings, for `comps`.

    The sum is of (coefficient - shift) * orders(D) * pad(|D|) * prod_c (n_c)_(m_c). The compositions `comps`
    are an (n, 10) int64 array of counts, each of at least `pl.last` cards. So the pads are those of a banker
    who cannot run out.

    The compositions are sorted once by (n_9, n_8, .., n_1), so that those sharing the counts of the values
    d.. (a "tail") are consecutive: each level's partial sums are computed once per distinct tail."""
    n, k = comps.shape[0], lanes
    FF, PC, PCC = _FF[:k], _PC[:k], _PCC[:k]
    order = np.lexsort(comps[:, 1:].T)  # the last key (ten-values) first
    sc = comps[order]
    new_tail = np.zeros(n, dtype=bool)
    new_tail[0] = True
    ids = np.zeros(n, dtype=np.intp)  # each composition's tail index at the level above (one tail at the top)
    vals = pl.leaf[:k]
    for d in range(9, 0, -1):
        col = sc[:, d]
        new_tail[1:] |= col[1:] != col[:-1]
        first = np.flatnonzero(new_tail)
        child, nd = ids[first], col[first]
        ids = np.cumsum(new_tail) - 1
        size, parts = pl.parts[d]
        G = np.take(vals, child, axis=2)
        out = np.zeros((k, size, len(first)), dtype=np.int64)
        for m, s, e, parents in parts:
            X = G[:, s:e, :]
            if m:
                X = X * FF[:, m, nd][:, None, :]
            out[:, parents, :] += X
        np.remainder(out, PCC, out=out)
        vals = out
    # top: sum over keys (|D|, m_0) of pad(size, |D|) * (n_0)_(m_0) * level-1 sum, per composition
    sizes = sc.sum(axis=1)
    group, ginv = np.unique((sizes << 8) | sc[:, 0], return_inverse=True)
    pads = np.array([[_pads(int(g >> 8), pl.last)[i] for g in group] for i in range(k)], dtype=np.int64)
    coef = pads[:, :, pl.top_k] * FF[:, pl.top_m][:, :, group & 255].transpose(0, 2, 1)
    np.remainder(coef, PCC, out=coef)
    In = np.ascontiguousarray(vals.transpose(0, 2, 1))
    total = np.zeros((k, n), dtype=np.int64)
    for s, e in pl.top_chunks:
        part = np.einsum("lxk,lxk->lx", np.take(In[:, :, s:e], ids, axis=1), np.take(coef[:, :, s:e], ginv, axis=1))
        total += part % PC
    out = np.empty_like(total)
    out[:, order] = total % PC
    return out


def stand_diffs(
    pl: _Plan, comps: np.ndarray, sizes: np.ndarray, bj: np.ndarray, dens: dict[int, int], peek: bool
) -> list[int]:
    """`DealerTable.stand_diff` for each composition of `comps` (rows of counts, `sizes` their sums).

    `bj` is the count of the card making a banker two-card 21, zeros if none; `dens` the denominator of each
    size. The result is the stand sum, plus shift * (den - b) and less b without peek. Here b = bj * den / size
    (a banker blackjack with any draw after it)."""
    bound = max(dens.values())  # |P(win) - P(lose)| <= 1: |stand_diff| <= its denominator
    lanes = lanes_for(bound)
    primes, PC = PRIMES[:lanes], _PC[:lanes]
    keys = sorted(dens)
    at = np.searchsorted(np.array(keys, dtype=np.int64), sizes)
    den = np.array([[dens[n] % p for n in keys] for p in primes], dtype=np.int64)[:, at]
    per_card = np.array([[dens[n] // n % p for n in keys] for p in primes], dtype=np.int64)[:, at]
    b = bj[None, :] * per_card % PC
    res = stand_sums(pl, comps, lanes) + pl.shift * (den - b) - (0 if peek else b)
    return residues.reconstruct(res, primes, bound)
