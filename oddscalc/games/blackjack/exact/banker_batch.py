"""The banker's outcome weights for many card unions at once, in a compiled loop modulo primes.

A resplit law (`splits.dealing.banker_weights`) needs, once per card union of the split hands, the weight of each
banker result on the cards the union leaves. These are the sums of `exact.banker.compiled`: orders(D) prod_c
(n_c)_(m_c) pad(|D|) over the banker's final draw multisets D (bust through the hard 12-16 states,
`exact.banker.stiff_states`). Python integers take them one composition at a time, tens of microseconds each,
and a 6-pack law meets tens of millions of unions. Here the same sums are laid out once per up-card as a tree
of products (`circuit`: a node's value is its constant plus, over its children, a variable times the child's
value). The tree is evaluated for a whole chunk of unions in one compiled loop, modulo a few primes below 2^26
(the lanes). Each result's residues are then carried to the law's primes (below 2^30) through Garner's
mixed-radix digits, and multiplied by the union's card orders (S)_M there.

Exact, by bound: every weight handed on lies in 0..den(size) (a sum of banker outcome weights, each a count of
card orders over that denominator). The lanes' product exceeds den(size) for the largest size met
(`lanes_for`). So its residues are those of one integer, which the digits rebuild modulo each law prime. A
weight is zero (and left unflagged, as `splits.dealing.banker_groups` leaves it out) exactly when every lane's
residue is.
Every value is an integer in int64: a residue times a variable is below 2^53 in absolute value. The
remainder's quotient is estimated in double precision, a guide only: off by at most one. That leaves the
remainder in -q..2q - 1, an exact integer congruent to the right one; the outputs are brought to 0..q - 1 at
the end. Tested against the Python integers for every up-card (tests/test_blackjack_packing.py). Shoes the
banker could run out of, and counts beyond 8 packs, are left to the Python integers (`fits`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from math import prod

import numpy as np

from oddscalc.core.compiled import compile_loop
from oddscalc.core.residues import primes_below
from oddscalc.games.blackjack.exact.banker import falling, longest, pads, stiff_states, terminals
from oddscalc.games.blackjack.exact.stand_batch import MAX_COUNT

__all__ = ["LANE_LIMIT", "MAX_COUNT", "MAX_SIZE", "Circuit", "circuit", "fits", "lanes_for", "weights"]

LANE_LIMIT = 2**26  #: the lanes' primes are below it: a product of two residues is below 2^52
MAX_SIZE = 8 * 52  #: the most cards a composition holds (8 packs)

# Variables of the tree, per union and lane: 1; F(c, m) = (n_c)_m; pad(k); the cards busting a hard 12..16.
_ONE = 0
_F = 1  # + 12 c + m - 1, m = 1..12
_PAD = _F + 10 * 12  # + k, k = 0..12
_BUST = _PAD + 13  # + t - 12, t = 12..16
_VARS = _BUST + 5
_OUTPUTS = 6  # nodes 0..4: the banker's totals 17..21; node 5: bust


class Circuit:
    """One up-card's banker sums as a tree in preorder (a parent before its children): node i adds
    var[i] x value(i) into node parent[i]; nodes 0..5 are the outputs (totals 17..21, bust), with no parent.
    `const` holds each node's constant as a Python integer (the orders of a draw multiset ending there)."""

    def __init__(self, up: int, hit_soft17: bool) -> None:
        self.up, self.hit_soft17 = up, hit_soft17
        self.last = longest(up, hit_soft17)
        parent, var, const = [-1] * _OUTPUTS, [_ONE] * _OUTPUTS, [0] * _OUTPUTS
        index: dict[tuple, int] = {}

        def node(key: tuple, up_node: int, v: int) -> int:
            found = index.get(key)
            if found is None:
                found = index[key] = len(parent)
                parent.append(up_node)
                var.append(v)
                const.append(0)
            return found

        def path(out: int, pad: int, pairs: tuple) -> int:
            at = node((out, pad), out, _PAD + pad)
            for i, (c, m) in enumerate(pairs):
                at = node((out, pad) + pairs[: i + 1], at, _F + 12 * c + m - 1)
            return at

        groups = dict(terminals(up, hit_soft17))
        for out in range(5):
            for orders, k, _, pairs in groups[out]:
                const[path(out, k, pairs)] += orders
        for orders, k, t, pairs in stiff_states(up, hit_soft17):  # orders x (busting cards left - those in S)
            at = path(5, k + 1, pairs)
            inside = sum(m for c, m in pairs if c + 1 >= 22 - t)
            const[node(("bust", at), at, _BUST + t - 12)] += orders
            if inside:
                const[at] -= orders * inside
        children = np.bincount(np.array(parent[_OUTPUTS:], dtype=np.int64), minlength=len(parent))
        if children.max() >= 1 << 11:  # `_loop` adds a node's children unreduced
            raise AssertionError("a node of the banker's tree has too many children")
        self.parent = np.array(parent, dtype=np.int64)
        self.var = np.array(var, dtype=np.int64)
        self.const = const


@cache
def circuit(up: int, hit_soft17: bool) -> Circuit:
    """The banker's sums for up-card value `up` (1..10) and the soft-17 rule, laid out once."""
    return Circuit(up, hit_soft17)


def lanes_for(size: int, up: int, hit_soft17: bool) -> tuple[int, ...]:
    """The fewest primes below `LANE_LIMIT` whose product exceeds the banker's denominator for `size` cards
    (and so for every smaller composition: (size)_last grows with size)."""
    bound = falling(size, longest(up, hit_soft17))
    count = 1
    while prod(primes_below(LANE_LIMIT, count)) <= bound:
        count += 1
    return primes_below(LANE_LIMIT, count)


def fits(left: np.ndarray, last: int) -> np.ndarray:
    """Which compositions (rows of counts) the compiled loop serves: at least `last` cards (the banker cannot
    run out), at most `MAX_COUNT` of a value and `MAX_SIZE` in all."""
    sizes = left.sum(axis=1)
    return (sizes >= last) & (sizes <= MAX_SIZE) & (left.max(axis=1) <= MAX_COUNT) & (left.min(axis=1) >= 0)


@lru_cache(maxsize=64)
def _tables(up: int, hit_soft17: bool, lanes: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """Per lane: the constants, (n)_m for n = 0..MAX_COUNT and m = 0..12, and for every size the pads and the
    denominator's share per card (den(size) / size: a banker blackjack followed by any draw)."""
    cir = circuit(up, hit_soft17)
    last = cir.last
    const = np.array([[c % q for q in lanes] for c in cir.const], dtype=np.int64)  # [node, lane]
    ff = np.array(
        [[[falling(n, m) % q for n in range(MAX_COUNT + 1)] for m in range(13)] for q in lanes], dtype=np.int64
    )
    pad = np.zeros((len(lanes), MAX_SIZE + 1, 13), dtype=np.int64)
    per_card = np.zeros((len(lanes), MAX_SIZE + 1), dtype=np.int64)
    for size in range(max(last, 1), MAX_SIZE + 1):
        row = pads(size, last)
        d = falling(size, last)
        for i, q in enumerate(lanes):
            pad[i, size] = [v % q for v in row]
            per_card[i, size] = d // size % q
    return const, ff, pad, per_card


@lru_cache(maxsize=64)
def _orders_table(shoe: tuple[int, ...], primes: tuple[int, ...]) -> np.ndarray:
    """(shoe_c)_m mod each law prime, indexed [prime, c, m], m = 0..max(shoe) (zero past shoe_c)."""
    top = max(shoe)
    out = np.zeros((len(primes), 10, top + 1), dtype=np.int64)
    for i, p in enumerate(primes):
        for c, n in enumerate(shoe):
            out[i, c, : n + 1] = [falling(n, m) % p for m in range(n + 1)]
    return out


def weights(
    up: int,
    hit_soft17: bool,
    shoe: tuple[int, ...],
    fields: np.ndarray,
    tops: np.ndarray,
    peek: bool,
    bj_card: int,
    primes: Sequence[int],
) -> np.ndarray:
    """`splits.dealing.banker_weights` for unions whose leftovers all `fits`: (unions, 7, primes + 1) words.

    A union is given by its card counts (`fields`) and its hands' highest total of 21 or less (`tops`). Per
    union come the union's card orders times each banker result's weight modulo each law prime. Then comes a
    flag where the result has any weight. `bj_card` is the value index that makes a banker blackjack with the
    up-card, -1 if none."""
    cir = circuit(up, hit_soft17)
    lanes = lanes_for(sum(shoe), up, hit_soft17)
    const, ff, pad, per_card = _tables(up, hit_soft17, lanes)
    law = tuple(int(p) for p in primes)
    if max(law, default=0) >= 1 << 30 or max(lanes) >= LANE_LIMIT:  # products below 2^60 in the loop
        raise AssertionError("primes too large for the banker's loop")
    inverses, lane_mod_law = _carry_tables(tuple(lanes), law)
    left = np.asarray(shoe, dtype=np.int64) - fields.astype(np.int64)
    out = np.zeros((len(fields), 7, len(law) + 1), dtype=np.uint64)
    _kernel()(
        left,
        fields.astype(np.int64),
        np.asarray(tops, dtype=np.int64),
        bj_card,
        peek,
        cir.parent,
        cir.var,
        const,
        np.array(lanes, dtype=np.int64),
        ff,
        pad,
        per_card,
        inverses,
        np.array(law, dtype=np.int64),
        lane_mod_law,
        _orders_table(tuple(shoe), law),
        out,
    )
    return out


@lru_cache(maxsize=64)
def _carry_tables(lanes: tuple[int, ...], law: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Garner's inverses among the lanes' primes, and each lane prime modulo each law prime.

    The inverses are of lanes[j] modulo lanes[i], j < i; 0 elsewhere. They carry a union's digits to the law's
    primes, made once per pair of prime sets rather than once per call."""
    inverses = np.array(
        [[pow(lanes[j], -1, lanes[i]) if j < i else 0 for j in range(len(lanes))] for i in range(len(lanes))],
        dtype=np.int64,
    )
    lane_mod_law = np.array([[q % p for q in lanes] for p in law], dtype=np.int64)
    return inverses, lane_mod_law


_KERNEL = None


def _kernel():
    """The loop compiled by numba on first use (cached on disk after that: `core.compiled`)."""
    global _KERNEL, _near
    if _KERNEL is None:
        _near = compile_loop(_near, inline=True)
        _KERNEL = compile_loop(_loop)
    return _KERNEL


_BLOCK = 256  # unions evaluated side by side (the innermost loop, vectorised)


def _near(t, q, qinv):
    """A residue of the integer t (|t| < 2^62) modulo q in -q..2q - 1: the quotient estimated in double
    precision (t rounded to 53 bits, then divided) is off by at most one; the rest is integer arithmetic."""
    return t - q * np.int64(np.floor(np.float64(t) * qinv))


def _loop(
    left,
    fields,
    tops,
    bj_card,
    peek,
    parent,
    var,
    const,
    lanes,
    ff,
    pad,
    per_card,
    inverses,
    law,
    lane_mod_law,
    orders,
    out,
):
    """`weights` compiled. The tree is evaluated for `_BLOCK` unions side by side (the innermost loop), lane by lane.

    A node's sum is brought to -q..2q - 1 once its children are all in. It is multiplied by its variable (below
    q: the product is below 2^53 in absolute value). It is brought there again before it joins its parent (a
    node has fewer than 2^11 children: every sum stays below 2^39). Then per union come the seven results'
    residues. (They are the columns of `dealing.BANKER_RESULTS`: totals 17..21 up to the hands' top, bust, and
    what beats every hand.) Garner's digits are carried to each law prime, times the union's card orders."""
    n_lanes = lanes.shape[0]
    n_nodes = parent.shape[0]
    n_law = law.shape[0]
    n = left.shape[0]
    qinv = np.empty(n_lanes, dtype=np.float64)
    for i in range(n_lanes):
        qinv[i] = 1.0 / lanes[i]
    X = np.empty((_VARS, _BLOCK), dtype=np.int64)
    val = np.empty((n_nodes, _BLOCK), dtype=np.int64)
    outs = np.empty((n_lanes, _OUTPUTS, _BLOCK), dtype=np.int64)
    sizes = np.empty(_BLOCK, dtype=np.int64)
    res = np.empty((7, n_lanes), dtype=np.int64)
    digits = np.empty(n_lanes, dtype=np.int64)
    w = np.empty(n_law, dtype=np.int64)
    for g0 in range(0, n, _BLOCK):
        nb = min(_BLOCK, n - g0)
        for u in range(nb):
            s = 0
            for c in range(10):
                s += left[g0 + u, c]
            sizes[u] = s
        for i in range(n_lanes):
            q = lanes[i]
            qi = qinv[i]
            for u in range(nb):
                g = g0 + u
                X[_ONE, u] = 1
                for k in range(13):
                    X[_PAD + k, u] = pad[i, sizes[u], k]
                for c in range(10):
                    cnt = left[g, c]
                    for m in range(1, 13):
                        X[_F + 12 * c + m - 1, u] = ff[i, m, cnt]
                b = 0
                for t in range(5):
                    b += left[g, 9 - t]
                    X[_BUST + t, u] = b
            for j in range(n_nodes):
                cj = const[j, i]
                for u in range(nb):
                    val[j, u] = cj
            for j in range(n_nodes - 1, _OUTPUTS - 1, -1):
                p = parent[j]
                v = var[j]
                for u in range(nb):
                    val[p, u] += _near(X[v, u] * _near(val[j, u], q, qi), q, qi)
            for o in range(_OUTPUTS):
                for u in range(nb):
                    r = _near(val[o, u], q, qi)
                    if r < 0:
                        r += lanes[i]
                    elif r >= lanes[i]:
                        r -= lanes[i]
                    outs[i, o, u] = r
        for u in range(nb):
            g = g0 + u
            top = tops[g]
            size = sizes[u]
            for i in range(n_lanes):
                qq = lanes[i]
                above = 0
                if bj_card >= 0 and not peek:
                    above = left[g, bj_card] * per_card[i, size] % qq
                for o in range(5):
                    r = outs[i, o, u]
                    if 17 + o <= top:
                        res[o, i] = r
                    else:
                        res[o, i] = 0
                        above += r
                res[5, i] = outs[i, 5, u]
                res[6, i] = above % qq
            for pi in range(n_law):
                p = law[pi]
                x = 1
                for c in range(10):
                    x = x * orders[pi, c, fields[g, c]] % p
                w[pi] = x
            for col in range(7):
                nonzero = False
                for i in range(n_lanes):
                    if res[col, i] != 0:
                        nonzero = True
                if not nonzero:
                    continue
                for i in range(n_lanes):  # Garner's mixed-radix digits: x = d_0 + q_0 (d_1 + q_1 (d_2 + ..))
                    v = res[col, i]
                    for j in range(i):
                        v = (v - digits[j] + lanes[i]) * inverses[i, j] % lanes[i]
                    digits[i] = v
                for pi in range(n_law):
                    p = law[pi]
                    x = digits[n_lanes - 1]
                    for i in range(n_lanes - 2, -1, -1):
                        x = (x * lane_mod_law[pi, i] + digits[i]) % p
                    out[g, col, pi] = np.uint64(x * w[pi] % p)
                out[g, col, n_law] = 1
    return out
