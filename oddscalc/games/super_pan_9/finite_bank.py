"""A player's Super Pan 9 bank against several hands dealt from the finite shoe, exactly (up to MAX_HANDS hands).

The hands are not independent: every card dealt changes the odds of the next. The weight of a deal is the
falling product of the shoe's counts over the cards it takes. So the hands are counted one four-card block at a
time from what the bank's block and the earlier hands left (`F(j, rest)`: the ordered deals of j hands from
`rest`, by the multiset of the hands' classes). `rest` runs over every composition the shoe can leave, so the
recursion is shared. For four hands there are 210 compositions after the bank's four cards, 3,003 after a hand
more, 18,564 and 74,613 after two and three. Sums of products outgrow int64 by the second hand. So the recursion
runs modulo a few primes below 2^21 (`oddscalc.core.residues`) and the counts are rebuilt exactly at the end.

Cost on the full shoe (one core): two hands 0.2 s, three 3-5 s, four about a minute (so four are cached, see
`laws`). Five would take F(4, ...) over 3,003 compositions by 2,380 class multisets each. That is some 10^9
products for each of nine primes, and the cells grow likewise. Five hands and more are left to the infinite-shoe
model (`infinite_bank`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement

import numpy as np
from numpy.typing import NDArray

from oddscalc.core.errors import LimitError, ShoeError
from oddscalc.core.progress import Progress
from oddscalc.core.residues import primes_for, reconstruct
from oddscalc.games.baccarat.deals import ordered_deals
from oddscalc.games.super_pan_9.bank_law import FINITE, BankLaw, Info, Outcome
from oddscalc.games.super_pan_9.hands import HOLDINGS, VALUES, HandClass, arrangements, bank_result, blocks, point

__all__ = ["MAX_HANDS", "FiniteReachError", "finite_law"]

#: The most hands (the House's included) computed exactly from the finite shoe.
MAX_HANDS = 4
_BLOCK = 4  # cards per hand: three, and the fourth position
_QUADS = tuple(combinations_with_replacement(range(VALUES), _BLOCK))
_QUAD_COUNTS = np.array([[q.count(v) for v in range(VALUES)] for q in _QUADS], dtype=np.int64)
_RADIX = 64  # cards of one value removed stay below 64 (at most 4 x (MAX_HANDS + 1))
_PLACE = _RADIX ** np.arange(VALUES, dtype=np.int64)
_CHUNK = 1 << 22  # int64 entries per working array (32 MB)


class FiniteReachError(LimitError):
    """More hands than the exact finite-shoe computation reaches."""


def _levels(counts: NDArray[np.int64], depth: int) -> list[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """For 1..depth blocks removed: every count vector of removed cards the shoe allows, sorted by key, and keys."""
    out: list[tuple[NDArray[np.int64], NDArray[np.int64]]] = []
    level = _QUAD_COUNTS
    for d in range(depth):
        if d:
            level = (out[-1][0][:, None, :] + _QUAD_COUNTS[None]).reshape(-1, VALUES)
        level = level[(level <= counts).all(axis=1)]
        keys, first = np.unique(level @ _PLACE, return_index=True)
        out.append((level[first], keys))
    return out


def _weights(counts: NDArray[np.int64], removed: NDArray[np.int64]) -> NDArray[np.int64]:
    """[i, q]: ordered ways to deal the four values of multiset q, in one fixed order, from counts - removed[i]."""
    rest = counts[None, :] - removed
    factors = [np.ones_like(rest)]
    for e in range(1, _BLOCK + 1):
        factors.append(factors[-1] * (rest - (e - 1)))  # a zero factor appears once a value runs out
    falling = np.stack(factors)
    w = np.ones((len(removed), len(_QUADS)), dtype=np.int64)
    for v in range(VALUES):
        w *= falling[_QUAD_COUNTS[:, v], :, v].T
    return w


def finite_law(
    counts: tuple[int, ...],
    strategy: Mapping[tuple[int, int, int], str],
    hands: int,
    progress: Progress | None = None,
) -> BankLaw:
    """The exact law of the bank against `hands` hands dealt from `counts`, every hand playing `strategy`."""
    if not 1 <= hands <= MAX_HANDS:
        raise FiniteReachError(
            f"the finite-shoe computation reaches 1 to {MAX_HANDS} hands, not {hands}; "
            "use the infinite-shoe model (rule model=infinite)"
        )
    shoe = np.array(counts, dtype=np.int64)
    size = int(shoe.sum())
    if size < _BLOCK * (hands + 1):
        raise ShoeError(f"the shoe holds {size} cards; the bank and {hands} hands need {_BLOCK * (hands + 1)}")
    found = blocks(strategy)
    classes = sorted({b.hand_class for b in found})
    cls = {c: i for i, c in enumerate(classes)}
    quad = {q: i for i, q in enumerate(_QUADS)}
    per_class = np.zeros((len(classes), len(_QUADS)), dtype=np.int64)
    for b in found:
        per_class[cls[b.hand_class], quad[b.values]] += b.arrangements
    levels = _levels(shoe, hands)
    sets = [list(combinations_with_replacement(range(len(classes)), j)) for j in range(hands + 1)]
    if progress:
        progress(0, hands, "Super Pan 9 bank, finite shoe")
    # One hand from the deepest compositions: exact in int64 (at most N^4 per entry).
    deepest, _ = levels[hands - 1]
    table = _weights(shoe, deepest) @ per_class.T
    primes = primes_for(ordered_deals(size, _BLOCK * (hands + 1)))
    residues = [table % p for p in primes]
    for depth in range(hands - 2, -1, -1):
        j = hands - depth
        removed, _ = levels[depth]
        _, deeper_keys = levels[depth + 1]
        after = ((removed[:, None, :] + _QUAD_COUNTS[None]) @ _PLACE).ravel()
        pos = np.minimum(np.searchsorted(deeper_keys, after), len(deeper_keys) - 1)
        idx = np.where(deeper_keys[pos] == after, pos, len(deeper_keys)).reshape(len(removed), len(_QUADS))
        weights = _weights(shoe, removed)
        index = {s: i for i, s in enumerate(sets[j])}
        target = np.array([index[tuple(sorted(prev + (t,)))] for t in range(len(classes)) for prev in sets[j - 1]])
        order = np.argsort(target, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(target[order]) != 0])
        step: list[NDArray[np.int64]] = []
        rows = max(1, _CHUNK // (len(_QUADS) * len(sets[j - 1])))
        for r, p in zip(residues, primes):
            padded = np.vstack([r, np.zeros((1, r.shape[1]), dtype=np.int64)])
            parts = []
            for lo in range(0, len(removed), rows):
                x = (weights[lo : lo + rows] % p)[:, :, None] * padded[idx[lo : lo + rows]] % p
                a = np.matmul(per_class[None], x) % p  # [i, first hand's class, the others' multiset]
                flat = a.reshape(len(x), -1)[:, order]
                parts.append(np.add.reduceat(flat, starts, axis=1) % p)
            step.append(np.vstack(parts))
        residues = step
        if progress:
            progress(hands - depth - 1, hands, "Super Pan 9 bank, finite shoe")
    _, top_keys = levels[0]
    cells = _bank_cells(counts, residues, primes, top_keys, sets[hands], classes)
    law = BankLaw(FINITE, hands, ordered_deals(size, _BLOCK * (hands + 1)) * hands, cells)
    law.check()
    if progress:
        progress(hands, hands, "Super Pan 9 bank, finite shoe")
    return law


#: An outcome as the maps number them: (drawers, hand 0 drew, beaten, beating, the bank's result against hand 0).
_MapOutcome = tuple[int, bool, int, int, int]


def _outcome_maps(
    multisets: Sequence[tuple[int, ...]], classes: Sequence[HandClass]
) -> tuple[list[_MapOutcome], NDArray[np.int64]]:
    """The outcomes (drawers, hand 0 drew, beaten, beating, result against hand 0), and a matrix per bank final point.

    The matrix [class multiset, outcome] says how many hands of the multiset can be hand 0 with that outcome.
    Hand 0 is any of the hands alike, so each class counts as often as it occurs."""
    found: dict[_MapOutcome, int] = {}
    entries = []
    for bank in range(10):
        for s, ms in enumerate(multisets):
            drawers = sum(classes[c][0] for c in ms)
            beaten = sum(bank_result(bank, classes[c][1]) == 1 for c in ms)
            beating = sum(bank_result(bank, classes[c][1]) == -1 for c in ms)
            for c in sorted(set(ms)):
                drew, final = classes[c]
                key = (drawers, drew, beaten, beating, bank_result(bank, final))
                entries.append((bank, s, found.setdefault(key, len(found)), ms.count(c)))
    maps = np.zeros((10, len(multisets), len(found)), dtype=np.int64)
    for bank, s, o, mult in entries:
        maps[bank, s, o] += mult
    return list(found), maps


def _bank_cells(
    counts: tuple[int, ...],
    residues: Sequence[NDArray[np.int64]],
    primes: Sequence[int],
    keys: NDArray[np.int64],
    multisets: Sequence[tuple[int, ...]],
    classes: Sequence[HandClass],
) -> dict[Info, tuple[dict[Outcome, int], dict[Outcome, int]]]:
    """Weight the hands' law by the bank's own block (three cards, then its fourth) and total it by what the bank
    knows and the outcome: modulo each prime (matrix products), rebuilt exactly at the end."""
    outcomes, maps = _outcome_maps(multisets, classes)
    bank_blocks: list[tuple[int, int, int, int]] = []  # (row of the cards it removes, weight, holding, final point)
    for h, holding in enumerate(HOLDINGS):
        for y in range(VALUES):
            used = [(holding + (y,)).count(v) for v in range(VALUES)]
            weight = arrangements(holding)
            for v in range(VALUES):
                weight *= ordered_deals(counts[v], used[v]) if used[v] <= counts[v] else 0
            if weight:  # at most 6 x 96^4: an int64
                bank_blocks.append(
                    (int(np.searchsorted(keys, np.dot(used, _PLACE))), weight, h, (point(holding) + y) % 10)
                )
    rows, weights, holdings, finals = np.array(bank_blocks, dtype=np.int64).reshape(-1, 4).T
    stand_final = np.array([point(h) for h in HOLDINGS], dtype=np.int64)
    tables = []
    for r, p in zip(residues, primes):
        weighted = (weights % p)[:, None] * r[rows] % p  # [bank block, class multiset]
        stand = np.zeros((len(HOLDINGS), len(multisets)), dtype=np.int64)
        np.add.at(stand, holdings, weighted)
        stand %= p
        out = np.zeros((2, len(HOLDINGS), len(outcomes)), dtype=np.int64)
        for bank in range(10):
            mine = stand_final == bank
            out[0, mine] = stand[mine] @ maps[bank] % p
            drawn = finals == bank
            np.add.at(out[1], holdings[drawn], weighted[drawn] @ maps[bank] % p)
        tables.append(out % p)
    exact = reconstruct(tables, primes)
    shape = (2, len(HOLDINGS), len(outcomes))
    cells: defaultdict[Info, tuple[dict[Outcome, int], dict[Outcome, int]]] = defaultdict(lambda: ({}, {}))
    for flat, w in enumerate(exact):
        if w:
            action, held, o = (int(i) for i in np.unravel_index(flat, shape))
            drawers, drew, beaten, beating, result = outcomes[o]
            holding = HOLDINGS[held]
            cells[(holding, point(holding), drawers, drew)][action][(beaten, beating, result)] = w
    return dict(cells)
