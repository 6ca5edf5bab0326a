"""The banker's stand values in double precision for many compositions of one shoe (the study evaluator).

Only the protection study's double-precision evaluator (`double_precision.round_value`) uses this; every exact
figure comes from `exact/banker.py`. For the up-card u the banker ends on the draw multisets D of
`exact.banker.terminals`. P(final f) = sum_D orders(D) prod_c (n_c)_(m_c) / (N)_|D| for a composition n of N
cards. As in the exact engine's `dealer.StandLayers`, the sum is taken one card value at a time. The values are
put in an order v_0, .., v_9 (`value_order`). Level d maps the partial sums keyed by (f, |D|, m_v0, .., m_vd) to
those keyed by (f, |D|, m_v0, .., m_v(d-1)) with the factors (n_vd)_m alone. So a level's sums depend only on
the counts of v_d, .., v_9. The compositions are the shoe less a small multiset R (a player's hand, with any
pair cards gone before it). They are visited in the order of their counts of v_9, then v_8, and so on:
consecutive ones share their deeper levels, which are not recomputed. The last level and the division by
(N)_|D| are one sum per final, over (f, |D|, m_v0) with the factor (n_v0)_m / (N)_|D| of each (|D|, m) pair.
Finals 17-21 are summed; the banker's two-card 21 is n_bj / N; the bust is the rest, 1 less the others. (Every
shoe served is large enough that the banker cannot run out of cards; `double_precision.round_value` checks it.)
Every term is a product of positive numbers: the relative error of a chance is a few units in the 16th digit.

A composition's result is the stand value of each total class 16 (any total of 16 or less), 17, .., 21.
That is P(win) - P(lose), the banker's two-card 21 a loss. With `peek` it is left out (the unnormalised value
E[result; no banker blackjack] of `player.Evaluator`).

The compiled loops index with unsigned integers throughout (numba adds a test for negative indices to every
signed one, which doubled the instructions of the inner loops).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from oddscalc.core.compiled import compile_loop
from oddscalc.games.blackjack.exact.banker import longest, terminals
from oddscalc.games.blackjack.rules import ACE, TEN

__all__ = ["CLASSES", "MAX_COUNT", "BankerPlan", "banker_plan", "blackjack_card", "stand_values", "value_order"]

#: The stand classes: column j of a result holds the value of standing on total 16 + j (16: any total <= 16).
CLASSES = 6
_FINALS = 5  # outcomes 0..4 of `exact.banker.terminals`: final totals 17..21 (5 bust and 6 blackjack are derived)
MAX_COUNT = 8 * 16  #: the most cards of one value any shoe holds (the ten-values of 8 packs)
_U = np.uint64


def value_order(first: int) -> tuple[int, ...]:
    """The order of the values by level: `first` at level 0, the others from Aces up (Aces first when
    `first` is 0: the order that shares most between the hands of one shoe)."""
    return (first,) + tuple(v for v in range(10) if v != first)


@dataclass(frozen=True)
class BankerPlan:
    """The level structure of the banker's sums for one up-card value, soft-17 rule and value order.

    It comes as flat arrays (unsigned). Level d's sums (d = 1..9) sit in one buffer from `voff[d]` (level 10:
    the constants, orders(D)). The entries of level d that draw v_d m times are
    `goff[13 d + m]`..`goff[13 d + m + 1]`. Each adds (n_vd)_m x buffer[voff[d+1] + `src`] to
    buffer[voff[d] + `dst`]. No two of one group add to one sum, so the additions do not wait on one another.
    The last sums: the entries of final f are `foff[f]`..`foff[f+1]`. Each is buffer[voff[1] + `fsrc`] times
    the factor of its (|D|, m_v0) pair `fpair`, (n_v0)_`pair_m` / (N)_`pair_k`."""

    up: int
    hit_soft17: bool
    last: int
    perm: np.ndarray
    voff: np.ndarray
    goff: np.ndarray
    dst: np.ndarray
    src: np.ndarray
    foff: np.ndarray
    fsrc: np.ndarray
    fpair: np.ndarray
    pair_k: np.ndarray
    pair_m: np.ndarray
    consts: np.ndarray


@lru_cache(maxsize=128)
def banker_plan(up: int, hit_soft17: bool, first: int = ACE) -> BankerPlan:
    """The plan for up-card value `up` (1 = Ace .. 10 = ten-value), `value_order(first)`."""
    perm = value_order(first)
    weights: dict[tuple[int, ...], int] = {}
    for outcome, group in terminals(up, hit_soft17)[:_FINALS]:
        for orders, drawn, _, multiplicities in group:
            held = dict(multiplicities)
            key = (outcome, drawn) + tuple(held.get(v, 0) for v in perm)
            weights[key] = weights.get(key, 0) + orders
    prefixes = [sorted({k[: 2 + d] for k in weights}) for d in range(11)]  # prefixes[d]: keys of level d's sums
    index = [{k: i for i, k in enumerate(p)} for p in prefixes]
    voff = np.cumsum([0] + [len(p) for p in prefixes]).astype(np.uint64)
    dst: list[int] = []
    src: list[int] = []
    goff: list[int] = []
    for d in range(1, 10):
        entries = sorted((k[2 + d], index[d][k[: 2 + d]], i) for i, k in enumerate(prefixes[d + 1]))
        for m in range(13):
            goff.append(len(dst))
            for _, to, i in (e for e in entries if e[0] == m):
                dst.append(to)
                src.append(i)
    goff.append(len(dst))
    goff = [0] * 13 + goff  # level 0 has no groups: it is summed per final
    pairs = sorted({k[1:3] for k in prefixes[1]})
    finals = sorted((k[0], pairs.index(k[1:3]), i) for i, k in enumerate(prefixes[1]))
    foff = [sum(1 for f, _, _ in finals if f < o) for o in range(_FINALS + 1)]
    return BankerPlan(
        up,
        hit_soft17,
        longest(up, hit_soft17),
        np.array(perm, dtype=np.uint64),
        voff,
        np.array(goff, dtype=np.uint64),
        np.array(dst, dtype=np.uint32),
        np.array(src, dtype=np.uint32),
        np.array(foff, dtype=np.uint64),
        np.array([i for _, _, i in finals], dtype=np.uint32),
        np.array([j for _, j, _ in finals], dtype=np.uint32),
        np.array([k for k, _ in pairs], dtype=np.uint64),
        np.array([m for _, m in pairs], dtype=np.uint64),
        np.array([float(weights[k]) for k in prefixes[10]]),
    )


@lru_cache(maxsize=1)
def _falling_table() -> np.ndarray:
    """(n)_m as doubles for n = 0..MAX_COUNT and m = 0..12."""
    table = np.zeros((MAX_COUNT + 1, 13))
    for n in range(MAX_COUNT + 1):
        table[n, 0] = 1.0
        for m in range(1, 13):
            table[n, m] = table[n, m - 1] * (n - m + 1) if n - m + 1 > 0 else 0.0
    return table


def blackjack_card(up: int) -> int:
    """The value index that makes a banker two-card 21 with up-card value `up`, -1 if none."""
    return TEN if up == 1 else (ACE if up == 10 else -1)


def stand_values(
    plan: BankerPlan,
    ids: np.ndarray,
    removed: np.ndarray,
    removed_size: np.ndarray,
    shoe: np.ndarray,
    peek: bool,
    out: np.ndarray,
) -> None:
    """Fill out[i, j] (the value of standing on total class 16 + j) for every composition `shoe - removed[i]`.

    Here i runs over `ids`, sorted by their counts of v_9, then v_8, .., v_0 of the plan's order. That is the
    order the levels are shared in; any order gives the same values. `shoe`: the cards left once the up-card is
    out."""
    bj = blackjack_card(plan.up)
    _kernel()(
        ids.astype(np.uint64),
        removed,
        removed_size,
        shoe,
        int(shoe.sum()),
        plan.perm,
        plan.voff,
        plan.goff,
        plan.dst,
        plan.src,
        plan.foff,
        plan.fsrc,
        plan.fpair,
        plan.pair_k,
        plan.pair_m,
        plan.consts,
        _falling_table(),
        _U(max(bj, 0)),
        bj >= 0,
        peek,
        out,
    )


def _stand_loop(
    ids,
    removed,
    removed_size,
    shoe,
    shoe_size,
    perm,
    voff,
    goff,
    dst,
    src,
    foff,
    fsrc,
    fpair,
    pair_k,
    pair_m,
    consts,
    ff,
    bj_card,
    has_bj,
    peek,
    out,
):
    """`stand_values` itself (compiled)."""
    buf = np.empty(voff[11])
    top = voff[1]
    for e in range(consts.shape[0]):
        buf[voff[10] + _U(e)] = consts[e]
    fin = np.zeros(5)
    inv = np.zeros(13)
    factor = np.zeros(pair_k.shape[0])
    prev = ids[0]
    first = True
    for i in ids:
        start = _U(9)
        if not first:
            start = _U(0)
            for level in range(9, 0, -1):
                v = perm[level]
                if removed[i, v] != removed[prev, v]:
                    start = _U(level)
                    break
        first = False
        prev = i
        d = start
        while d > _U(0):  # the levels this composition does not share with the one before
            v = perm[d]
            n = shoe[v] - removed[i, v]
            f = ff[_U(n if n > 0 else 0)]
            o0 = voff[d]
            i0 = voff[d + _U(1)]
            for p in range(o0, i0):
                buf[p] = 0.0
            g = _U(13) * d
            for m in range(13):
                c = f[m]
                for e in range(goff[g + _U(m)], goff[g + _U(m + 1)]):
                    buf[o0 + dst[e]] += c * buf[i0 + src[e]]
            d -= _U(1)
        v = perm[0]
        n = shoe[v] - removed[i, v]
        f = ff[_U(n if n > 0 else 0)]
        size = shoe_size - removed_size[i]
        x = 1.0  # (size)_12, then its inverse brought down: inv[k] = 1 / (size)_k
        for k in range(1, 13):
            x *= size - k + 1
        y = 1.0 / x if x > 0 else 0.0
        for k in range(12, 0, -1):
            inv[k] = y
            y *= size - k + 1
        inv[0] = 1.0
        for j in range(pair_k.shape[0]):
            factor[j] = f[pair_m[j]] * inv[pair_k[j]]
        for o in range(5):
            a = 0.0
            for e in range(foff[o], foff[o + 1]):
                a += factor[fpair[e]] * buf[top + fsrc[e]]
            fin[o] = a
        bj = (shoe[bj_card] - removed[i, bj_card]) / size if has_bj and size > 0 else 0.0
        bust = 1.0 - bj - fin[0] - fin[1] - fin[2] - fin[3] - fin[4]
        lose_bj = 0.0 if peek else bj
        below = 0.0  # finals below the player's total (he wins)
        above = fin[0] + fin[1] + fin[2] + fin[3] + fin[4]  # finals above it (he loses)
        out[i, 0] = bust - above - lose_bj  # 16 or less
        for t in range(1, 6):
            above -= fin[t - 1]  # a final of 16 + t: a push on 16 + t
            out[i, t] = bust + below - above - lose_bj
            below += fin[t - 1]


_KERNEL = None


def _kernel():
    """The loop compiled by numba on first use (cached on disk after that: `core.compiled`)."""
    global _KERNEL
    if _KERNEL is None:
        _KERNEL = compile_loop(_stand_loop)
    return _KERNEL
