"""Baccarat banque coups, exact for an infinite shoe (cards dealt with replacement), by the banker's cell.

One banker's hand plays two opposing hands, right and left. Each opposing hand follows the traditional
mandatory rules: it draws on 0-4, stands on 6-7, and on 5 draws or stands as stated (`draw_on_5`). A banker's
natural 8 or 9 ends the coup at once: every hand is compared on two cards. Otherwise a hand holding a natural
shows it and wins at once: the banker, on 7 or less, cannot reach it. As in chemin de fer, a natural ends that
hand's coup. The banker then decides seeing an information cell: his two-card total and what each opposing
hand did (its third card 0-9, STOOD, or NATURAL).

Weights are integers: a card of value 0 weighs 4 and any other 1 (out of 13). So the coups are counted over
13^9 value sequences: banker's two cards, each hand's two and third card, the banker's third card, an unused
slot weighing its full 13.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeAlias

import numpy as np
from numpy.typing import NDArray

from oddscalc.core.errors import ShoeError
from oddscalc.core.progress import Progress
from oddscalc.games.baccarat.deals import deal_weights, ordered_deals
from oddscalc.games.baccarat.tableau import STOOD

__all__ = [
    "CARD",
    "NATURAL",
    "TOTAL_WEIGHT",
    "BanqueCounts",
    "Cell",
    "Tally",
    "action_label",
    "banque_counts",
    "banque_counts_finite",
    "hand_actions",
]

NATURAL = 11
CARD = (4, 1, 1, 1, 1, 1, 1, 1, 1, 1)
_PER_CARD = sum(CARD)
TOTAL_WEIGHT = _PER_CARD**9

#: The banker's information cell: (his two-card total, the right hand's action, the left hand's action).
Cell: TypeAlias = tuple[int, int, int]
#: Weights of coups by (right hand's result + 1, left hand's result + 1), a 3x3 table.
Tally: TypeAlias = tuple[tuple[int, ...], ...]


def action_label(a: int) -> str:
    return "stood" if a == STOOD else "natural" if a == NATURAL else f"drew {a}"


def _two_card() -> list[int]:
    out = [0] * 10
    for a in range(10):
        for b in range(10):
            out[(a + b) % 10] += CARD[a] * CARD[b]
    return out


@lru_cache(maxsize=2)
def hand_actions(draw_on_5: bool) -> dict[int, dict[int, int]]:
    """For a banker without a natural: an opposing hand's {action: {final point: weight}} out of 13^3."""
    out: dict[int, dict[int, int]] = {}
    for t, w in enumerate(_two_card()):
        if t >= 8:
            out.setdefault(NATURAL, {})[t] = out.get(NATURAL, {}).get(t, 0) + w * _PER_CARD
        elif t <= 4 or (t == 5 and draw_on_5):
            for x in range(10):
                d = out.setdefault(x, {})
                d[(t + x) % 10] = d.get((t + x) % 10, 0) + w * CARD[x]
        else:
            d = out.setdefault(STOOD, {})
            d[t] = d.get(t, 0) + w * _PER_CARD
    return out


def _cmp(hand: int, banker: int) -> int:
    """+1 the opposing hand wins, 0 equal points, -1 the banker wins."""
    return (hand > banker) - (hand < banker)


@dataclass(frozen=True)
class BanqueCounts:
    """`cells[(b, aR, aL)][action][rR + 1][rL + 1]`: weight of coups reaching the banker's cell (b, aR, aL).

    There the right and left hands' results are rR and rL if the banker stands (action 0) or draws (1).
    `naturals[rR+1][rL+1]`: coups ended by a banker's natural. All are out of `total` = 13^9."""

    draw_on_5: bool
    cells: dict[Cell, tuple[Tally, ...]]
    naturals: Tally
    total: int


@lru_cache(maxsize=2)
def banque_counts(draw_on_5: bool) -> BanqueCounts:
    two = _two_card()
    hands = hand_actions(draw_on_5)
    # Banker's natural: hands compared on two cards; 13^2 banker x 13^2 each hand, x 13 per unused slot (3).
    naturals = [[0] * 3 for _ in range(3)]
    for b in (8, 9):
        for tr in range(10):
            for tl in range(10):
                naturals[_cmp(tr, b) + 1][_cmp(tl, b) + 1] += two[b] * two[tr] * two[tl] * _PER_CARD**3
    cells: dict[Cell, tuple[Tally, ...]] = {}
    for b in range(8):
        for ar, fr_w in hands.items():
            for al, fl_w in hands.items():
                tally = [[[0] * 3 for _ in range(3)] for _ in range(2)]
                for fr, wr in fr_w.items():
                    for fl, wl in fl_w.items():
                        w = two[b] * wr * wl
                        rr = 1 if ar == NATURAL else None
                        rl = 1 if al == NATURAL else None
                        # stand: the banker's unused third-card slot weighs 13
                        tally[0][(rr if rr is not None else _cmp(fr, b)) + 1][
                            (rl if rl is not None else _cmp(fl, b)) + 1
                        ] += w * _PER_CARD
                        for y in range(10):
                            final = (b + y) % 10
                            tally[1][(rr if rr is not None else _cmp(fr, final)) + 1][
                                (rl if rl is not None else _cmp(fl, final)) + 1
                            ] += w * CARD[y]
                cells[(b, ar, al)] = tuple(tuple(tuple(r) for r in m) for m in tally)
    counts = BanqueCounts(draw_on_5, cells, tuple(tuple(r) for r in naturals), TOTAL_WEIGHT)
    for action in (0, 1):
        assert sum(map(sum, naturals)) + sum(sum(map(sum, v[action])) for v in cells.values()) == TOTAL_WEIGHT
    return counts


# --- Finite shoe ------------------------------------------------------------------------------------------
# Without replacement the hands are no longer independent. The banker's two cards and the right hand's two
# cards are enumerated (multisets of values, weighted by their ordered deals, Python ints); for each, the five
# later positions (left hand's two cards, right's and left's third cards, banker's third card) are weighted
# by `deals.deal_weights` over the cards left (int64: at most 412^5 per sequence, 10^5 sequences, < 2^63) and
# grouped by the banker's cell and the four results, exactly as for one hand in chemin de fer. A slot that a
# hand does not use is still dealt (and summed out), so every count is over ordered nine-card sequences, total
# N(N-1)...(N-8).

_FINITE_CARDS = 9
_CELL_CODES = 12 * 12 * 81
_NAT_BASE = _CELL_CODES


@lru_cache(maxsize=256)
def _finite_grouping(b: int, tr: int, draw_on_5: bool) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.int_]]:
    """Over (l1, l2, xR, xL, y) for a banker on b and a right hand on tr: sort order, group starts, codes.

    Banker without a natural: code = (aR * 12 + aL) * 81 + (rR stand + 1) * 27 + (rR draw + 1) * 9
    + (rL stand + 1) * 3 + (rL draw + 1). Banker's natural: _NAT_BASE + (rR + 1) * 3 + (rL + 1)."""
    l1, l2, xr, xl, y = np.indices((10,) * 5)
    tl = (l1 + l2) % 10
    if b >= 8:
        code = _NAT_BASE + (int(np.sign(tr - b)) + 1) * 3 + np.sign(tl - b) + 1
    else:

        def side(t: NDArray[np.int_], x: NDArray[np.int_]) -> tuple[NDArray[np.int_], ...]:
            draws = (t <= 4) | ((t == 5) & draw_on_5)
            natural = t >= 8
            action = np.where(natural, NATURAL, np.where(draws, x, STOOD))
            final = np.where(draws, (t + x) % 10, t)
            stand = np.where(natural, 1, np.sign(final - b))
            drew = np.where(natural, 1, np.sign(final - (b + y) % 10))
            return action, stand, drew

        ar, rs, rd = side(np.full_like(l1, tr), xr)
        al, ls, ld = side(tl, xl)
        code = (ar * 12 + al) * 81 + (rs + 1) * 27 + (rd + 1) * 9 + (ls + 1) * 3 + ld + 1
    code = np.broadcast_to(code, l1.shape).ravel()
    order = np.argsort(code, kind="stable")
    ordered = code[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    return order, starts, ordered[starts]


def _pairs(counts: list[int]) -> Iterator[tuple[int, int, int]]:
    """Every two-card multiset (lo, hi) the counts can deal, with its number of ordered deals."""
    for lo in range(10):
        for hi in range(lo, 10):
            n = counts[lo] * (counts[hi] - (lo == hi)) * (1 if lo == hi else 2)
            if n > 0:
                yield lo, hi, n


def banque_counts_finite(shoe: tuple[int, ...], draw_on_5: bool, progress: Progress | None = None) -> BanqueCounts:
    """Exact counts over ordered nine-card sequences from `shoe` (cards per point value 0-9)."""
    shoe = tuple(int(n) for n in shoe)
    if len(shoe) != 10 or sum(shoe) < _FINITE_CARDS:
        raise ShoeError(f"a baccarat banque shoe needs counts for the 10 point values and {_FINITE_CARDS} cards")
    acc = {b: np.zeros(_CELL_CODES + 9, dtype=object) for b in range(10)}
    banker_pairs = list(_pairs(list(shoe)))
    for i, (b_lo, b_hi, nb) in enumerate(banker_pairs):
        if progress:
            progress(i, len(banker_pairs), "baccarat banque deals")
        rest = list(shoe)
        rest[b_lo] -= 1
        rest[b_hi] -= 1
        b = (b_lo + b_hi) % 10
        for r_lo, r_hi, nr in _pairs(rest):
            left = list(rest)
            left[r_lo] -= 1
            left[r_hi] -= 1
            if sum(left) < 5:
                continue
            order, starts, codes = _finite_grouping(b, (r_lo + r_hi) % 10, draw_on_5)
            sums = np.add.reduceat(deal_weights(left, 5).ravel()[order], starts)
            acc[b][codes] += sums.astype(object) * (nb * nr)
    if progress:
        progress(len(banker_pairs), len(banker_pairs), "baccarat banque deals")
    naturals = [[0] * 3 for _ in range(3)]
    for b in (8, 9):
        for k in range(9):
            naturals[k // 3][k % 3] += int(acc[b][_NAT_BASE + k])
    cells: dict[Cell, list[list[list[int]]]] = {}
    for b in range(8):
        nonzero = np.flatnonzero(acc[b] != 0)
        for code in nonzero.tolist():
            n = int(acc[b][code])
            pair, res = divmod(code, 81)
            ar, al = divmod(pair, 12)
            rs, rd, ls, ld = res // 27, res // 9 % 3, res // 3 % 3, res % 3
            entry = cells.setdefault((b, ar, al), [[[0] * 3 for _ in range(3)] for _ in range(2)])
            entry[0][rs][ls] += n
            entry[1][rd][ld] += n
    frozen = {k: tuple(tuple(tuple(r) for r in m) for m in v) for k, v in sorted(cells.items())}
    total = ordered_deals(sum(shoe), _FINITE_CARDS)
    counts = BanqueCounts(draw_on_5, frozen, tuple(tuple(r) for r in naturals), total)
    for action in (0, 1):
        assert sum(map(sum, naturals)) + sum(sum(map(sum, v[action])) for v in frozen.values()) == total
    return counts
