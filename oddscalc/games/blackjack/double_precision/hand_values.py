"""The player's hand values in double precision, compiled (numba): the protection study's evaluator only.

The definitions are `player.Evaluator`'s, read as expectations per unit staked on the hand. (With a peek hole
card they are the unnormalised E[result; no banker blackjack].) From a shoe E (the up-card and any pair cards
gone) a hand h draws card c with chance (E_c - h_c) / (|E| - |h|). A busted hand loses its stake (with peek,
only when the hole card is not the banker's blackjack card). Standing takes the banker's value for the total
(`double_precision.banker_values`); doubling stands on one more card for twice the stake. Optimal play
(`optimal`): 21 stands, a hard 11 or less or a soft 16 or less hits. Any other hand stands when standing is
worth at least as much as hitting (the exact engine's tie-break). A fixed play (`walk`, then `fixed`) follows
an action per hand (STAND, HIT, DOUBLE), several plays of one pair in one call.

Arrays (`double_precision.round_value` builds them): hands are numbered as in
`double_precision.hand_arrays.HandSpace`. `child[h, c]` is the number of h plus a card of value c, or `n_hands`
when that busts it. `comp[h]` is the row of the banker's values `st` for hand h on the shoe in use, or the last
row (NaN) when the hand's composition is not listed. Every index is unsigned (numba tests signed indices for
being negative, which doubled the inner loops' work).

Near ties: `optimal` records for each hand how far apart its two choices were (`gap`). A fixed play built
from those choices reports the smallest gap among the hands it reaches. So a caller can refuse a play whose
choices double precision cannot be sure of.
"""

from __future__ import annotations

import numpy as np

from oddscalc.core.compiled import compile_loop

__all__ = ["DOUBLE", "HIT", "STAND", "fixed", "optimal", "walk"]

STAND, HIT, DOUBLE = 0, 1, 2


def _bust(E, size, hands, h, c, peek, bj_card):
    """The value of hand h busted by a card of value c (the stake lost; with peek only without a banker 21)."""
    if peek and bj_card < 10:
        left = size - hands[h].sum() - 1
        bj = E[bj_card] - hands[h, bj_card] - (1 if c == bj_card else 0)
        return -(left - bj) / left
    return -1.0


def _stand(h, total, comp, st):
    t = total[h]
    return st[comp[h], t - 16 if t > 16 else 0]


def _feasible(E, hands, h):
    for c in range(10):
        if hands[h, c] > E[c]:
            return False
    return True


def _optimal(E, order, hands, size, total, soft, child, n_hands, comp, st, peek, bj_card, best, hitv, act, gap, dbl):
    """Optimal values of the hands in `order` (children first) drawn from E; also each hand's value of
    hitting, its action, the gap between its choices (inf where there is no choice) and, for two-card hands,
    the value of doubling. Hands E cannot hold get NaN."""
    n_all = E.sum()
    for h in order:
        if not _feasible(E, hands, h):
            best[h] = np.nan
            continue
        left = n_all - size[h]
        hit = 0.0
        double = 0.0
        two = size[h] == 2
        for c in range(10):
            n = E[c] - hands[h, c]
            if n > 0:
                ch = child[h, c]
                if ch < n_hands:
                    hit += n * best[ch]
                    if two:
                        double += n * _stand(ch, total, comp, st)
                else:
                    b = _bust(E, n_all, hands, h, c, peek, bj_card)
                    hit += n * b
                    if two:
                        double += n * b
        hit /= left
        hitv[h] = hit
        dbl[h] = 2.0 * double / left
        t = total[h]
        gap[h] = np.inf
        if t == 21:
            best[h] = _stand(h, total, comp, st)
            act[h] = STAND
        elif t <= 11 or (soft[h] and t <= 16):
            best[h] = hit
            act[h] = HIT
        else:
            s = _stand(h, total, comp, st)
            gap[h] = abs(s - hit)
            if s >= hit:
                best[h] = s
                act[h] = STAND
            else:
                best[h] = hit
                act[h] = HIT


def _walk(starts, rising, shoes, acts, gaps, policy, comps, shift, hands, child, n_hands, need, reached):
    """Mark, for each fixed play j, the hands it reaches from `starts` and the banker rows it asks for.

    Play j has its shoe shoes[j], its actions and gaps acts[policy[j]], gaps[policy[j]], and its banker rows
    comps[shift[j]]. The hands go in `reached[j]` (one pass over the hands in `rising` order, parents before
    children), the rows in `need`. Return the smallest gap among the hands reached."""
    smallest = np.inf
    for j in range(shoes.shape[0]):
        E, act, gap, comp, mine = shoes[j], acts[policy[j]], gaps[policy[j]], comps[shift[j]], reached[j]
        for h in starts:
            if _feasible(E, hands, h):
                mine[h] = True
        for h in rising:  # a hand is marked only when E holds it
            if not mine[h]:
                continue
            if gap[h] < smallest:
                smallest = gap[h]
            a = act[h]
            if a == STAND:
                need[comp[h]] = True
                continue
            for c in range(10):
                ch = child[h, c]
                if ch < n_hands and E[c] > hands[h, c]:
                    if a == DOUBLE:
                        need[comp[ch]] = True
                    else:
                        mine[ch] = True
    return smallest


def _fixed(
    order, reached, shoes, acts, policy, comps, shift, hands, size, total, child, n_hands, st, peek, bj_card, value
):
    """Values under each fixed play j (as in `_walk`) of the hands it reached, children first (`order`)."""
    for j in range(shoes.shape[0]):
        E, act, comp, mine, val = shoes[j], acts[policy[j]], comps[shift[j]], reached[j], value[j]
        n_all = E.sum()
        for h in order:
            if not mine[h]:
                continue
            a = act[h]
            if a == STAND:
                val[h] = _stand(h, total, comp, st)
                continue
            left = n_all - size[h]
            v = 0.0
            for c in range(10):
                n = E[c] - hands[h, c]
                if n > 0:
                    ch = child[h, c]
                    if ch >= n_hands:
                        v += n * _bust(E, n_all, hands, h, c, peek, bj_card)
                    elif a == DOUBLE:
                        v += n * _stand(ch, total, comp, st)
                    else:
                        v += n * val[ch]
            val[h] = (2.0 if a == DOUBLE else 1.0) * v / left


_COMPILED = None


def _compiled():
    """The kernels compiled by numba on first use (cached on disk after that: `core.compiled`)."""
    global _COMPILED, _bust, _stand, _feasible
    if _COMPILED is None:
        _bust = compile_loop(_bust, inline=True)
        _stand = compile_loop(_stand, inline=True)
        _feasible = compile_loop(_feasible, inline=True)
        _COMPILED = tuple(compile_loop(f) for f in (_optimal, _walk, _fixed))
    return _COMPILED


def optimal(*args) -> None:
    """`_optimal` compiled."""
    _compiled()[0](*args)


def walk(*args) -> float:
    """`_walk` compiled: fixed plays' hands and banker rows."""
    return _compiled()[1](*args)


def fixed(*args) -> None:
    """`_fixed` compiled: fixed plays' values."""
    _compiled()[2](*args)
