"""The exact chance, mean and second moment of a split's resplit rounds, from one and two hands at a time.

The law of a round with three or four split hands needs the hands' joint law with the banker: millions of
card unions at six packs (`laws/split_law.py`). Its first two moments do not. The net result is R = sum_i X_i over
the hands, so E[R^2] = sum_i E[X_i^2] + sum_(i != j) E[X_i X_j], and each term needs only hands i, j and the
banker, by exchangeability:

* Take a resplit pattern (`laws.split_law.split_patterns`): s pair cards that started new hands; q "N" hands
  whose second card is a non-pair card; the rest, "x" hands, any card. The chance of hand blocks B_1..B_k and
  banker cards D is count * prod orders(B_i) * orders(D) * (S)_(M) / (N)_|M|, M every card dealt. It is
  symmetric in the blocks and the banker's cards. So hands i and j and the banker may be dealt first. An x hand
  dealt after them sums to one, whatever came before (it always ends; six packs cannot run out).
* An N hand dealt after them is an x hand less one whose second card is a pair card. By inclusion and
  exclusion over the m such hands, the term is sum_a (-1)^a C(m, a) times the chance that a pair cards come
  first, (P)_(s+a) / (N)_(s+a). That is times hands i, j and the banker dealt from the shoe less s + a pair
  cards.

So every term is a two-hand (or one-hand) sum over card unions, as for the rounds without a resplit, on the
shoe less t pair cards for the few t the patterns need. The chance and the mean come the same way (no hand,
one hand); `laws.hand_law.split_round_law` checks both against the values it takes by difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from oddscalc.core import packed
from oddscalc.core.residues import primes_for, reconstruct
from oddscalc.games.blackjack.exact.banker import falling
from oddscalc.games.blackjack.exact.player import DealerTable
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.splits.blocks import _outcome, hand_blocks
from oddscalc.games.blackjack.splits.dealing import (
    BANKER_RESULTS,
    CLASS_INDEX,
    CLASSES,
    NET,
    banker_chunks,
    banker_groups,
    net_all,
    union_orders,
)

__all__ = ["Moments", "resplit_moments"]

Moments = tuple[Fraction, Fraction, Fraction]  # (chance, E[R; rounds], E[R^2; rounds])

_N, _X = 0, 1  # hand kinds: second card a non-pair card; any second card
_CLASS_TOTALS = tuple(total for total, _ in CLASSES)


def _blocks(
    pair: int, policy, shoe: tuple[int, ...]
) -> list[tuple[tuple[int, ...], list[tuple[tuple[int, int], int, int]]]]:
    """Each block (cards drawn after the pair card) with its endings: (result class, orders as an N hand,
    orders as an x hand)."""
    by_block: dict[tuple[int, ...], dict[tuple[int, int], list[int]]] = {}
    for kind, non_pair in ((_N, True), (_X, False)):
        for (b, total, stake), w in hand_blocks(pair, policy, shoe, non_pair).items():
            slot = by_block.setdefault(b, {}).setdefault(_outcome(total, stake), [0, 0])
            slot[kind] += w
    return [(b, [(o, n, x) for o, (n, x) in ends.items()]) for b, ends in by_block.items()]


class _Terms:
    """The one- and two-hand sums on the shoe less t pair cards, each over its own denominators, memoised.

    `none(t)`: the banker's mass (no hand). `one(t, kind, power)`: sum of E[X^power] for one hand of `kind`.
    `two(t, kinds)`: sum over ordered pairs of blocks of E[X_i X_j] for hands of `kinds` (N or x each)."""

    def __init__(self, shoe: tuple[int, ...], pair: int, rules: RuleSet, dealer: DealerTable, policy) -> None:
        self.shoe, self.pair, self.rules, self.dealer = shoe, pair, rules, dealer
        self.blocks = _blocks(pair, policy, shoe)
        self._one: dict[int, tuple[Fraction, ...]] = {}
        self._two: dict[int, tuple[Fraction, Fraction, Fraction]] = {}
        self._banker: dict[tuple[tuple[int, ...], int], list[tuple[int, int]]] = {}
        self._unions: _Unions | None = None

    def shoe_less(self, t: int) -> tuple[int, ...]:
        return tuple(n - t if c == self.pair else n for c, n in enumerate(self.shoe))

    def groups(self, left: tuple[int, ...], top: int) -> list[tuple[int, int]]:
        key = (left, top)
        found = self._banker.get(key)
        if found is None:
            found = self._banker[key] = banker_groups(self.dealer, left, sum(left), top, self.rules.peek)
        return found

    def none(self, t: int) -> Fraction:
        """The banker's mass alone (every hand summed out) on the shoe less t pair cards."""
        left = self.shoe_less(t)
        size = sum(left)
        return Fraction(sum(w for _, w in self.groups(left, 0)), self.dealer.den(size))

    def one(self, t: int, kind: int, power: int) -> Fraction:
        if t not in self._one:
            self._one[t] = self._one_sums(t)
        return self._one[t][2 * kind + power - 1]

    def _one_sums(self, t: int) -> tuple[Fraction, ...]:
        """(N: E[X], E[X^2]; x: E[X], E[X^2]) for one hand and the banker on the shoe less t pair cards."""
        shoe = self.shoe_less(t)
        size = sum(shoe)
        by_size: dict[int, list[int]] = {}
        for b, ends in self.blocks:
            weight = union_orders(shoe, b)
            if not weight:
                continue
            k = sum(b)
            top = max((o[0] for o, _, _ in ends if o[0] <= 21), default=0)
            groups = self.groups(tuple(s - x for s, x in zip(shoe, b)), top)
            acc = by_size.setdefault(k, [0, 0, 0, 0])
            for o, n, x in ends:
                first = second = 0
                for banker, bw in groups:
                    if bw:
                        net = net_all((o,), banker)
                        first += net * bw
                        second += net * net * bw
                acc[0] += weight * n * first
                acc[1] += weight * n * second
                acc[2] += weight * x * first
                acc[3] += weight * x * second
        return tuple(
            sum(
                (Fraction(acc[i], falling(size, k) * self.dealer.den(size - k)) for k, acc in by_size.items()),
                Fraction(0),
            )
            for i in range(4)
        )

    def two(self, t: int, kinds: tuple[int, int]) -> Fraction:
        if t not in self._two:
            self.prepare_two([t])
        return self._two[t][sum(kinds)]  # (N, N) -> 0, (N, x) -> 1, (x, x) -> 2

    def prepare_two(self, ts: list[int]) -> None:
        """`two`'s sums for every t of `ts` at once, so that a leftover met under several t (a union holding
        one more pair card, with one fewer taken out first) takes its banker weights once."""
        todo = sorted({t for t in ts if t not in self._two})
        if todo:
            self._two.update(self._two_sums(todo))

    def _pair_unions(self) -> _Unions:
        """Unordered pairs of blocks grouped by union (the banker sees only the union).

        Each union gets its card counts, its highest hand total of 21 or less and, per banker result, the
        (N, N), (N, x) and (x, x) sums of orders times X_i X_j. A pair of different blocks is counted in both
        orders (X_i X_j is symmetric). None of it depends on the pair cards taken out first, so it is computed
        once, on int64 arrays. Every pair of endings is taken at once, unions by their mixed-radix codes (exact:
        the sums are bounded below 2^62 first)."""
        if self._unions is None:
            self._unions = _pair_unions(self.blocks)
        return self._unions

    def _two_sums(self, ts: list[int]) -> dict[int, tuple[Fraction, Fraction, Fraction]]:
        """E[X_i X_j] summed over ordered pairs of blocks, for hands (N, N), (N, x) and (x, x), on the shoe
        less t pair cards, for each t of `ts`.

        A union m on the shoe less t pair cards leaves what the union m + t pair cards leaves on the whole
        shoe S. Its card orders are (S_p)_t times fewer: orders_(S - t)(m) = orders_S(m + t) / (S_p)_t, with
        (size)_(|m| + t) = (size)_t (size - t)_|m|. So each distinct m + t takes its banker weights once, on S.
        It takes them from `splits.dealing.banker_chunks`, card orders included, a chunk at a time. A union gets
        the highest top it is met with: finer banker groups leave every sum unchanged. For each t, the sum over sizes
        K = |m| + t of weights times the union's sums, over (size)_K den(size - K), is scaled by
        (size)_t / (S_p)_t. The sums are taken modulo primes whose product passes twice the largest possible
        one and rebuilt exactly (`core.residues.reconstruct`, signed)."""
        shoe, pair = self.shoe, self.pair
        size = sum(shoe)
        unions = self._pair_unions()
        out: dict[int, tuple[Fraction, Fraction, Fraction]] = {}
        full = np.asarray(shoe, dtype=np.int64)
        rows, combined, at_top = [], [], []
        for t in ts:
            moved = unions.fields.copy()
            moved[:, pair] += t
            drawable = np.flatnonzero((moved <= full).all(axis=1))  # else no card orders
            rows.append(drawable)
            combined.append(moved[drawable])
            at_top.append(unions.tops[drawable])
        every = np.concatenate(combined)
        if not len(every):
            return {t: (Fraction(0),) * 3 for t in ts}
        radix = full + 1  # every count is at most the shoe's
        place = _places(radix)
        codes, which = np.unique(every @ place, return_inverse=True)
        which = which.ravel()
        distinct = _digits(codes, radix, place)
        tops = np.zeros(len(distinct), dtype=np.int64)
        np.maximum.at(tops, which, np.concatenate(at_top))
        sizes = distinct.sum(axis=1)
        dens = {k: falling(size, k) * self.dealer.den(size - k) for k in set(sizes.tolist())}
        # per size K: the card orders of every union of K cards sum to at most (size)_K, the banker's weights of
        # each to den(size - K), and every union's sums are at most the largest in absolute value
        bound = int(np.abs(unions.sums).max()) * max(dens.values())
        primes = primes_for(2 * bound, 1 << 30)
        weights = np.empty((len(distinct), len(BANKER_RESULTS), len(primes) + 1), dtype=np.uint64)
        for g0, g1, chunk in banker_chunks(self.dealer, shoe, distinct, tops, self.rules.peek, list(primes)):
            weights[g0:g1] = chunk
        ks = sorted(dens)
        where = np.searchsorted(np.array(ks), sizes)  # each distinct union's size, as an index into ks
        # the sums split into their positive and negative parts, (N, N), (N, x), (x, x) each: tables of
        # nonnegative words for `core.packed.fold_nets`, one row per union and t
        table = np.concatenate([np.maximum(unions.sums, 0), np.maximum(-unions.sums, 0)], axis=2).astype(np.uint64)
        acc = np.zeros((len(ts) * len(ks), 6, len(primes)), dtype=np.uint64)
        moduli = np.array(primes, dtype=np.uint64)
        start = 0
        for n, drawable in enumerate(rows):
            ids = which[start : start + len(drawable)]
            start += len(drawable)
            packed.fold_nets(table[drawable], weights[ids], n * len(ks) + where[ids], moduli, acc)
        values = reconstruct([acc[..., i] for i in range(len(primes))], primes)
        pairs = shoe[pair]
        for n, t in enumerate(ts):
            scale = Fraction(falling(size, t), falling(pairs, t)) if falling(pairs, t) else Fraction(0)
            nn, nx, xx = (
                scale
                * sum(
                    (
                        Fraction(
                            values[(n * len(ks) + j) * 6 + kind] - values[(n * len(ks) + j) * 6 + 3 + kind], dens[k]
                        )
                        for j, k in enumerate(ks)
                    ),
                    Fraction(0),
                )
                for kind in range(3)
            )
            out[t] = nn, nx, xx
        return out


@dataclass(frozen=True)
class _Unions:
    """Unions of two blocks as arrays: card counts (unions x 10), highest total of 21 or less (unions), and the
    (N, N), (N, x), (x, x) sums of orders times X_i X_j per banker result (unions x `BANKER_RESULTS` x 3)."""

    fields: np.ndarray
    tops: np.ndarray
    sums: np.ndarray


def _places(radix: np.ndarray) -> np.ndarray:
    """Place values of mixed-radix codes whose digit e stays below radix[e]: a row of counts is `row @ place`, one
    int64 (checked: every code below 2^62), and codes add as the rows do while no digit reaches its radix.

    >>> place = _places(np.array([3, 5]))
    >>> int(np.array([2, 4]) @ place), _digits(np.array([14]), np.array([3, 5]), place).tolist()
    (14, [[2, 4]])
    """
    if float(np.prod(radix.astype(float))) >= 2.0**62:
        raise AssertionError("card counts too large for int64 codes")
    return np.cumprod(np.r_[1, radix[:-1]]).astype(np.int64)


def _digits(codes: np.ndarray, radix: np.ndarray, place: np.ndarray) -> np.ndarray:
    """The rows of counts of mixed-radix `codes` (`_places`), one row per code."""
    return (codes[:, None] // place[None, :]) % radix[None, :]


def _pair_unions(blocks) -> _Unions:
    """`_Terms._pair_unions` itself."""
    comps = np.array([b for b, _ in blocks], dtype=np.int64).reshape(-1, 10)
    radix = 2 * comps.max(axis=0) + 1  # a digit of a union of two blocks stays below its radix
    place = _places(radix)
    code = comps @ place
    # every ending of every block: its block, result class and orders as an N and as an x hand
    item_block, item_class, item_n, item_x = (
        np.array(v, dtype=np.int64)
        for v in zip(*[(i, CLASS_INDEX[o], n, x) for i, (_, ends) in enumerate(blocks) for o, n, x in ends])
    )
    if max(int(item_n.max()), int(item_x.max())) ** 2 * 2 * 4 * len(item_n) ** 2 >= 2**62:
        raise AssertionError("orders too large for int64 sums")
    first, second = np.triu_indices(len(item_block))
    keep = item_block[first] <= item_block[second]  # unordered pairs of blocks; endings of one block all ways
    first, second = first[keep], second[keep]
    b1, b2 = item_block[first], item_block[second]
    twice = np.where(b1 == b2, 1, 2)
    same_block_other_order = (b1 == b2) & (first != second)  # (e, f) and (f, e) of one block: both ordered
    n1, n2, x1, x2 = item_n[first], item_n[second], item_x[first], item_x[second]
    weights = np.stack(
        [
            twice * n1 * n2 + same_block_other_order * n1 * n2,
            np.where(b1 == b2, n1 * x2 + same_block_other_order * n2 * x1, n1 * x2 + n2 * x1),
            twice * x1 * x2 + same_block_other_order * x1 * x2,
        ]
    )
    unions, which = np.unique(code[b1] + code[b2], return_inverse=True)
    which = which.ravel()
    c1, c2 = item_class[first], item_class[second]
    totals = np.array(_CLASS_TOTALS, dtype=np.int64)
    tops = np.zeros(len(unions), dtype=np.int64)
    np.maximum.at(
        tops, which, np.maximum(np.where(totals[c1] <= 21, totals[c1], 0), np.where(totals[c2] <= 21, totals[c2], 0))
    )
    sums = np.zeros((len(BANKER_RESULTS), 3, len(unions)), dtype=np.int64)
    for r in range(len(BANKER_RESULTS)):
        x = NET[c1, r] * NET[c2, r]
        for kind in range(3):
            np.add.at(sums[r, kind], which, x * weights[kind])
    return _Unions(_digits(unions, radix, place).astype(np.int64), tops, np.ascontiguousarray(sums.transpose(2, 0, 1)))


def resplit_moments(
    shoe: tuple[int, ...],
    pair: int,
    rules: RuleSet,
    dealer: DealerTable,
    policy,
    patterns: list[tuple[int, int, int]],
    limit: int,
) -> Moments:
    """(chance, E[R; rounds], E[R^2; rounds]) of the net result R over the rounds of the resplit `patterns`.

    The patterns are entries of `rounds.split_patterns(limit)`, for a pair of value index `pair`, every hand
    played by `policy`. `shoe` holds the cards left with the up-card and both pair cards gone. With a peek hole
    card the banker-blackjack rounds are left out, as in `laws.split_law.split_law`."""
    size, pairs = sum(shoe), shoe[pair]
    terms = _Terms(shoe, pair, rules, dealer, policy)

    def first(t: int) -> Fraction:  # the chance that t pair cards come first
        return Fraction(falling(pairs, t), falling(size, t))

    def summed(s: int, m: int, value) -> Fraction:  # m N hands summed out by inclusion and exclusion
        return sum(
            ((-1) ** a * comb(m, a) * first(s + a) * value(s + a) for a in range(m + 1) if falling(pairs, s + a)),
            Fraction(0),
        )

    terms.prepare_two([s + a for s, n_hands, _ in patterns for a in range(n_hands + 1) if s + a <= pairs])
    chance = mean = second = Fraction(0)
    for spawns, n_hands, count in patterns:
        hands = limit if spawns == limit - 2 else n_hands
        kinds = [_N] * n_hands + [_X] * (hands - n_hands)
        chance += count * summed(spawns, n_hands, terms.none)
        for kind in (_N, _X):
            many = kinds.count(kind)
            if not many:
                continue
            others = n_hands - (kind == _N)
            mean += count * many * summed(spawns, others, lambda t, kind=kind: terms.one(t, kind, 1))
            second += count * many * summed(spawns, others, lambda t, kind=kind: terms.one(t, kind, 2))
        for pair_kinds, ordered in (
            ((_N, _N), n_hands * (n_hands - 1)),
            ((_N, _X), 2 * n_hands * (hands - n_hands)),
            ((_X, _X), (hands - n_hands) * (hands - n_hands - 1)),
        ):
            if ordered:
                others = n_hands - pair_kinds.count(_N)
                second += count * ordered * summed(spawns, others, lambda t, k=pair_kinds: terms.two(t, k))
    return chance, mean, second
