"""Card unions of split hands dealt on packed keys, and the law of their net result against the banker.

A split hand is a block of cards with a result class (`CLASSES`: its total, 16 or less alike, and its stake).
Hands dealt one after another (`deal`, `deal_in`, `deal_hand`) sum their blocks into a card union and count
their classes, in one key (`Packing`). The key is a Python integer, or a row of 64-bit words dealt in compiled
loops (`core.packed`) when every weight provably stays below 2^64. A union's chance is its weight times its card
orders (S)_M over (N)_|M|. The banker's outcome weights are taken once per union on the cards it leaves
(`banker_groups`; in the compiled backend a chunk of unions at a time, `banker_weights`). Then the nets are
tallied (`union_law`, `Packing.law`), modulo primes in the compiled backend, rebuilt exactly by `core.residues`.
A pattern's last hand is dealt straight into each union's table of nets against every banker result, never
kept as states. `laws/split_law.py` says which hands are dealt, pattern by pattern.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, overload

import numpy as np

from oddscalc.core import packed
from oddscalc.core.progress import Progress
from oddscalc.core.residues import primes_for, reconstruct
from oddscalc.games.blackjack.exact import banker_batch
from oddscalc.games.blackjack.exact.banker import BUST, ROWS, falling
from oddscalc.games.blackjack.exact.player import DealerTable

__all__ = [
    "ALL_LOSE",
    "BANKER_RESULTS",
    "CLASSES",
    "CLASS_INDEX",
    "NET",
    "Deferred",
    "Packing",
    "banker_chunks",
    "banker_groups",
    "banker_weights",
    "deal",
    "deal_hand",
    "deal_in",
    "defer_hand",
    "hand_work",
    "merge_unions",
    "net_all",
    "sized_law",
    "union_banker",
    "union_law",
    "union_orders",
]


ALL_LOSE = 23  # a banker result that beats every hand: a total above every hand's, or (no hole card) a blackjack
BANKER_RESULTS = (17, 18, 19, 20, 21, 22, ALL_LOSE)  # every banker result `banker_groups` can give
#: A hand's result classes (`splits.blocks._outcome`), sorted: (total, 16 or less alike, 22 = bust; stake).
CLASSES = tuple((total, stake) for total in (16, 17, 18, 19, 20, 21, 22) for stake in (1, 2))
CLASS_INDEX = {o: i for i, o in enumerate(CLASSES)}


def net_all(hands: tuple[tuple[int, int], ...], banker: int) -> int:
    """Net result of hands (result class (total, stake), 22 = bust) against the banker's final total (22 =
    bust, 23 = beats every hand)."""
    net = 0
    for t, s in hands:
        if t > 21 or banker == ALL_LOSE or (banker <= 21 and t < banker):
            net -= s
        elif banker > 21 or t > banker:
            net += s
    return net


#: One hand's net against each banker result: NET[class index, column of `BANKER_RESULTS`].
NET = np.array([[net_all((o,), b) for b in BANKER_RESULTS] for o in CLASSES], dtype=np.int64)


def sized_law(by_size: dict[int, dict[int, int]], size: int, dealer: DealerTable) -> dict[int, Fraction]:
    """Net result -> chance from integer weights per union size k, each over (size)_k times the banker's
    denominator for the size - k cards left."""
    law: dict[int, Fraction] = {}
    for k, acc in by_size.items():
        den = falling(size, k) * dealer.den(size - k)
        for net, v in acc.items():
            law[net] = law.get(net, Fraction(0)) + Fraction(v, den)
    return {net: p for net, p in sorted(law.items()) if p}


def banker_groups(
    dealer: DealerTable, left: tuple[int, ...], size: int, top: int, peek: bool, keep: bool = True
) -> list[tuple[int, int]]:
    """(banker result, weight over `dealer.den(size)`) for the banker's outcomes that hands up to `top` tell apart.

    These are bust, each total from 17 to `top`, and one group beating every hand. With no hole card that group
    holds the banker's blackjacks; with peek they are left out. One group's weight comes by difference from the
    total mass, sparing the dearest polynomials. That holds because every outcome's weight sums to the
    denominator (`DealerTable` checks that the shoe cannot run out). `keep` False: the weights are not
    memoised (`DealerTable.many`)."""
    den = dealer.den(size)
    bj = dealer.blackjack_weight(left, size)
    mass = den - bj if peek else den
    shown = tuple(range(min(top, 21) - 16)) if top >= 17 else ()
    if len(shown) < 3:  # bust and the totals shown; the rest by difference
        weights = dealer.many(left, size, (BUST,) + shown, keep)
        groups = [(22, weights[0])] + [(17 + o, w) for o, w in zip(shown, weights[1:])]
        return groups + [(ALL_LOSE, mass - sum(weights))]
    weights = dealer.many(left, size, (0, 1, 2, 3, 4), keep)  # every total; bust by difference
    above = sum(weights[len(shown) :]) + (0 if peek else bj)
    return (
        [(17 + o, w) for o, w in zip(shown, weights)]
        + [(ALL_LOSE, above)]
        + [(22, mass - sum(weights) - (0 if peek else bj))]
    )


def merge_unions(
    unions: dict[tuple[int, ...], dict[tuple, int]], found: dict[tuple[int, ...], dict[tuple, int]]
) -> None:
    """Add `found` (union -> hands' result classes -> weight) into `unions`."""
    for m, outs in found.items():
        slot = unions.setdefault(m, {})
        for out, v in outs.items():
            slot[out] = slot.get(out, 0) + v


def union_law(
    unions: dict[tuple[int, ...], dict[tuple, int]], shoe: tuple[int, ...], dealer: DealerTable, peek: bool
) -> dict[int, Fraction]:
    """Net result -> chance from card unions (union -> hands' sorted result classes -> weight, the union's
    card orders included), the banker's outcome weights taken once per union on the cards it leaves."""
    size = sum(shoe)
    by_size: dict[int, dict[int, int]] = {}
    nets: dict[tuple, dict[int, int]] = {}  # hands' classes -> banker result -> net
    for m, outs in unions.items():
        top = max((t for out in outs for t, _ in out if t <= 21), default=0)
        groups = union_banker(dealer, shoe, m, top, peek)
        acc = by_size.setdefault(sum(m), {})
        for out, v in outs.items():
            row = nets.get(out)
            if row is None:
                row = nets[out] = {b: net_all(out, b) for b in BANKER_RESULTS}
            for b, bw in groups:
                net = row[b]
                acc[net] = acc.get(net, 0) + v * bw
    return sized_law(by_size, size, dealer)


def union_banker(
    dealer: DealerTable, shoe: tuple[int, ...], m: tuple[int, ...], top: int, peek: bool, times: int = 1
) -> list[tuple[int, int]]:
    """What one card union meets: `banker_groups` on the cards `m` leaves in `shoe`, each weight times `times`.

    A law passes the union's card orders (`union_orders`) as `times`, unless its weights hold them already.
    Zero weights are left out. Each weight is over (size)_|m| times `dealer.den(size - |m|)`, size the shoe's.
    This is the per-union step of `union_law` (`banker_weights` does it for many unions at once, modulo primes).

    Take a union of one Ace and one nine from a shoe of two Aces, a nine and a ten, against a banker 9. Of the
    two cards left the banker draws the Ace (soft 20) or the ten (19), one order each over (2)_2 = 2. Each is
    times the union's (2)_1 (1)_1 = 2 card orders:

    >>> from oddscalc.games.blackjack.exact.player import DealerTable
    >>> shoe, m = (2,) + (0,) * 7 + (1, 1), (1,) + (0,) * 7 + (1, 0)
    >>> union_banker(DealerTable(8, False), shoe, m, 20, False, union_orders(shoe, m))
    [(19, 2), (20, 2)]
    """
    left = tuple(s - x for s, x in zip(shoe, m))
    groups = banker_groups(dealer, left, sum(left), top, peek)
    return [(b, times * w) for b, w in groups if w]


def banker_weights(
    dealer: DealerTable,
    shoe: tuple[int, ...],
    fields: np.ndarray,
    tops: Sequence[int] | np.ndarray,
    peek: bool,
    primes: Sequence[int],
    batch: bool = True,
) -> np.ndarray:
    """`union_banker` for many unions at once, modulo primes: (unions, banker results, primes + 1) words.

    A union is given by its card counts (a row of `fields`) and its hands' highest total of 21 or less (`tops`).
    Per union come the union's card orders times each banker result's weight modulo each prime. Then comes a
    flag, set where the banker result has any weight. Unions whose leftover the compiled loop serves
    (`exact.banker_batch.fits`: every real shoe) go there (`exact.banker_batch.weights`, unless `batch` is False).
    The others, on shoes the banker could run out of, take the Python integers (`_python_weights`). Primes
    below 2^30."""
    left = np.asarray(shoe, dtype=np.int64) - fields
    served = banker_batch.fits(left, dealer.last) if batch and len(fields) else np.zeros(len(fields), dtype=bool)
    if served.all():
        return banker_batch.weights(
            dealer.up + 1, dealer.hit_soft17, shoe, fields, np.asarray(tops), peek, dealer.blackjack_card, primes
        )
    tops = np.asarray(tops)
    weights = np.zeros((len(fields), len(BANKER_RESULTS), len(primes) + 1), dtype=np.uint64)
    weights[~served] = _python_weights(dealer, shoe, fields[~served], tops[~served].tolist(), peek, primes)
    if served.any():
        weights[served] = banker_batch.weights(
            dealer.up + 1, dealer.hit_soft17, shoe, fields[served], tops[served], peek, dealer.blackjack_card, primes
        )
    return weights


def banker_chunks(
    dealer: DealerTable, shoe: tuple[int, ...], fields: np.ndarray, tops: np.ndarray, peek: bool, primes: Sequence[int]
) -> Iterator[tuple[int, int, np.ndarray]]:
    """`banker_weights` of many unions, `UNION_CHUNK` at a time so that the weights held at once stay bounded:
    (first union, end, their weights) per chunk, in order. The one loop of every tally that takes them."""
    for g0 in range(0, len(fields), UNION_CHUNK):
        g1 = min(g0 + UNION_CHUNK, len(fields))
        yield g0, g1, banker_weights(dealer, shoe, fields[g0:g1], tops[g0:g1].tolist(), peek, primes)


def _python_weights(
    dealer: DealerTable, shoe: tuple[int, ...], fields: np.ndarray, tops: list[int], peek: bool, primes: Sequence[int]
) -> np.ndarray:
    """`banker_weights` in Python integers (`banker_groups`): the card orders taken modulo each prime on arrays;
    the banker's weights, exact integers, reduced once each and never kept (each union is met once)."""
    column = {b: i for i, b in enumerate(BANKER_RESULTS)}
    where, values = [], []
    left = np.asarray(shoe, dtype=np.int64) - fields
    for g, (rest, size, t) in enumerate(zip(map(tuple, left.tolist()), left.sum(axis=1).tolist(), tops)):
        for b, w in banker_groups(dealer, rest, size, t, peek, keep=False):
            if w:
                where.append((g, column[b]))
                values.append(w)
    weights = np.zeros((len(fields), len(BANKER_RESULTS), len(primes) + 1), dtype=np.uint64)
    if where:
        at = np.array(where, dtype=np.int64)
        objects = np.array(values, dtype=object)
        counts = fields.astype(np.int64)
        for i, p in enumerate(primes):
            prime = np.uint64(p)
            orders = np.ones(len(fields), dtype=np.uint64)  # once a union, not once a banker result
            for c, row in enumerate(_falling_mod(shoe, p)):  # (S_c)_(m_c) mod p: products below 2^60
                orders = orders * row[counts[:, c]] % prime
            weights[at[:, 0], at[:, 1], i] = (objects % p).astype(np.uint64) * orders[at[:, 0]] % prime
        weights[at[:, 0], at[:, 1], len(primes)] = 1
    return weights


@lru_cache(maxsize=64)
def _falling_mod(shoe: tuple[int, ...], p: int) -> tuple[np.ndarray, ...]:
    """Per card value c, (shoe_c)_m mod p for m = 0..shoe_c (a union holds at most the shoe's cards)."""
    return tuple(np.array([falling(n, m) % p for m in range(n + 1)], dtype=np.uint64) for n in shoe)


def union_orders(shoe: tuple[int, ...], m: tuple[int, ...]) -> int:
    """prod_c (shoe_c)_(m_c): the card orders of the union `m` drawn from `shoe` (0 when it cannot be)."""
    weight = 1
    for c in range(10):
        if m[c]:
            row = ROWS[shoe[c]]
            weight *= row[m[c]] if m[c] < len(row) else falling(shoe[c], m[c])
            if not weight:
                return 0
    return weight


@overload
def deal(
    shoe: tuple[int, ...],
    pair: int,
    hands: list,
    spawns: int,
    count: int,
    work: int = 0,
    budget: None = None,
    compiled: bool = True,
) -> tuple[dict[tuple[int, ...], dict[tuple, int]], int]: ...


@overload
def deal(
    shoe: tuple[int, ...],
    pair: int,
    hands: list,
    spawns: int,
    count: int,
    work: int = 0,
    budget: int | None = None,
    compiled: bool = True,
) -> tuple[dict[tuple[int, ...], dict[tuple, int]] | None, int]: ...


def deal(
    shoe: tuple[int, ...],
    pair: int,
    hands: list,
    spawns: int,
    count: int,
    work: int = 0,
    budget: int | None = None,
    compiled: bool = True,
) -> tuple[dict[tuple[int, ...], dict[tuple, int]] | None, int]:
    """Hands dealt one after another (`hands`: each one's blocks, `_grouped_blocks`), after `spawns` pair cards.

    The pair cards are those that started new hands. The result maps union (those pair cards included) -> the
    hands' sorted result classes -> weight (`count` times the blocks' card orders times the union's). The work
    (block tuples tried: partial unions times the next hand's blocks) is added to `work`. (None, work) when it
    would pass `budget`. `compiled`: the compiled loops wherever the weights fit in 64 bits (`Packing`); False:
    always the Python integers.

    A partial union and its hands' result classes are packed in one key (`Packing`). So dealing one more hand
    adds its block's key, and a union beyond the shoe shows in a guard bit. The union's card orders (S)_M are
    applied once at the end: the product of each hand's falling factorials on the cards its predecessors left.

    Take two split tens, each standing on its second card, from a shoe of one Ace and one 9. The two hands can
    only take one each, in either order (work: one partial union, then two, times two blocks).

    >>> ace, nine = (1,) + (0,) * 9, (0,) * 8 + (1, 0)
    >>> blocks = [(ace, [((21, 1), 1)]), (nine, [((19, 1), 1)])]
    >>> deal((1,) + (0,) * 7 + (1, 0), 9, [blocks, blocks], 0, 1)
    ({(1, 0, 0, 0, 0, 0, 0, 0, 1, 0): {((19, 1), (21, 1)): 2}}, 6)
    """
    pack = Packing(shoe, pair, spawns, hands, count, compiled)
    states, work = deal_in(pack, [pack.kind_of(blocks) for blocks in hands], spawns, count, work, budget)
    return (None if states is None else pack.unions(states)), work


def deal_in(pack: Packing, kinds: list[int], spawns: int, count: int, work: int, budget: int | None):
    """`deal` in a given packing (`kinds`: the hands' block lists as `pack.kind_of` numbers them): the packed
    states, or None beyond `budget`, and the work."""
    states = pack.spawned(pack.origin(), spawns, count)
    for kind in kinds:
        states, work = deal_hand(pack, states, kind, work, budget)
        if states is None:
            return None, work
    return states, work


def hand_work(pack: Packing, states, kind: int) -> int:
    """The work of dealing `states` one more hand of block list `kind`: distinct partial unions times blocks."""
    if pack.fast:
        return packed.distinct(states[0], pack.union_words) * pack.n_blocks[kind]
    return len({k & pack.union_mask for k in states}) * pack.n_blocks[kind]


def deal_hand(pack: Packing, states, kind: int, work: int, budget: int | None):
    """Every packed state dealt one more hand of block list `kind`; the work (`hand_work`) added first, and
    (None, work) if it passes `budget`."""
    work += hand_work(pack, states, kind)
    if budget is not None and work > budget:
        return None, work
    if pack.fast:
        keys, vals = states
        step_keys, step_w = pack.step_rows[kind]
        return packed.deal(keys, vals, step_keys, step_w, pack.guard_words), work
    guard = pack.guard
    new: dict[int, int] = {}
    get = new.get
    for k, v in states.items():
        for step, w in pack.steps[kind]:
            n = k + step
            if not n & guard:
                new[n] = get(n, 0) + v * w
    return new, work


@dataclass(frozen=True)
class Deferred:
    """Packed states still to be dealt one more hand of block list `kind`: a pattern's last hand, after which
    nothing is dealt, left to `Packing.law`, which deals it in slices no union crosses."""

    states: Any  # as `Packing` holds them: word and weight arrays (compiled backend) or a dict (Python integers)
    kind: int


def defer_hand(pack: Packing, states, kind: int, work: int, budget: int | None, spawns: int = 0, count: int = 1):
    """`deal_hand` for a last hand: the same work counted (on `states` as given) and budget kept.

    The hand is left to the law (`Deferred`). Its states are first given `spawns` pair cards more and their
    weights times `count` (`Packing.spawned`: a pattern's own pair cards). (None, work) beyond `budget`."""
    work += hand_work(pack, states, kind)
    if budget is not None and work > budget:
        return None, work
    return Deferred(states if (spawns, count) == (0, 1) else pack.spawned(states, spawns, count), kind), work


#: Unions whose banker weights are held at once by the compiled tally (bounds its memory).
UNION_CHUNK = 1 << 16


class Packing:
    """Keys for `deal`: a field per result class holding its count, then one field per card value.

    A card value's field holds its count in the union plus an offset. The offset makes a count above the
    shoe's set the field's top (guard) bit. Every field is wide enough that adding a block never carries into
    the next, and none straddles a 64-bit word. So a key is equally a Python integer (dictionary backend) or a
    row of words (compiled backend, `core.packed`). The words are chosen when every weight stays below 2^64,
    unless `compiled` is False (the tests and benchmarks compare the two). A weight is at most `count` times
    the product over the hands of their blocks' card orders."""

    def __init__(
        self, shoe: tuple[int, ...], pair: int, spawns: int, hands: list, count: int, compiled: bool = True
    ) -> None:
        self.shoe = shoe
        self.n_hands = len(hands)
        most = max((b[c] for blocks in hands for b, _ in blocks for c in range(10)), default=0)
        bits = (max(max(shoe), len(hands) * most + spawns) + 1).bit_length()
        self.width = bits + 1
        self.offsets = tuple((1 << bits) - 1 - s for s in shoe)
        self.class_bits = len(hands).bit_length() + 1
        end = 0

        def place(width: int) -> int:
            nonlocal end
            if end // 64 != (end + width - 1) // 64:
                end = (end // 64 + 1) * 64
            end += width
            return end - width

        self.class_pos = tuple(place(self.class_bits) for _ in CLASSES)
        self.union_pos = tuple(place(self.width) for _ in range(10))
        self.n_words = (end + 63) // 64
        self.union_mask = sum(((1 << self.width) - 1) << p for p in self.union_pos)
        self.guard = sum(1 << (p + bits) for p in self.union_pos)
        self.start = self._union_key(self.offsets)  # the empty union
        self.spawn = 1 << self.union_pos[pair]  # one pair card more in the union
        self.kinds: list[int] = []  # id of each distinct block list (the hands share a few)
        self.steps: list[list[tuple[int, int]]] = []  # per kind: (key, orders) per block and result class
        self.n_blocks: list[int] = []
        for blocks in hands:
            if id(blocks) not in self.kinds:
                self.kinds.append(id(blocks))
                self.steps.append(
                    [
                        (self._union_key(b) + (1 << self.class_pos[CLASS_INDEX[o]]), w)
                        for b, ends in blocks
                        for o, w in ends
                    ]
                )
                self.n_blocks.append(len(blocks))
        largest = max((sum(w for _, w in steps) for steps in self.steps), default=1)
        self.fast = compiled and count * largest ** len(hands) < 1 << 64
        if self.fast:
            self.union_words = self.words(self.union_mask)
            self.guard_words = self.words(self.guard)
            self.step_rows = [
                (
                    np.array([self._word_list(k) for k, _ in steps], dtype=np.uint64).reshape(-1, self.n_words),
                    np.array([w for _, w in steps], dtype=np.uint64),
                )
                for steps in self.steps
            ]

    def kind_of(self, blocks: list) -> int:
        """The number of a hand's block list in this packing."""
        return self.kinds.index(id(blocks))

    def words(self, key: int) -> np.ndarray:
        """A key as its row of 64-bit words, the lowest first."""
        return np.array(self._word_list(key), dtype=np.uint64)

    def _word_list(self, key: int) -> list[int]:
        return [(key >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(self.n_words)]

    def key(self, row: np.ndarray) -> int:
        """A row of words as one key."""
        return sum(int(w) << (64 * i) for i, w in enumerate(row))

    def origin(self):
        """The packed states before any card: the empty union, weight 1."""
        if self.fast:
            return self.words(self.start).reshape(1, -1), np.ones(1, dtype=np.uint64)
        return {self.start: 1}

    def spawned(self, states, spawns: int, count: int):
        """`states` with `spawns` pair cards (those that started new hands) added to each union and every
        weight times `count`; unions the shoe cannot hold dropped."""
        step = spawns * self.spawn
        if self.fast:
            keys, vals = states
            if not count:
                return keys[:0], vals[:0]
            moved = keys + self.words(step)
            keep = ~(moved & self.guard_words).any(axis=1)
            return moved[keep], vals[keep] * np.uint64(count)
        if not count:
            return {}
        return {k + step: v * count for k, v in states.items() if not (k + step) & self.guard}

    def add(self, states, more):
        """Two sets of packed states as one (equal keys summed, or left for the next deal to merge)."""
        if self.fast:
            return np.concatenate([states[0], more[0]]), np.concatenate([states[1], more[1]])
        merged = dict(states)
        for k, v in more.items():
            merged[k] = merged.get(k, 0) + v
        return merged

    def _union_key(self, fields: tuple[int, ...]) -> int:
        return sum(f << p for f, p in zip(fields, self.union_pos))

    def union_of(self, key: int) -> tuple[int, ...]:
        """The card union a key holds."""
        field = (1 << self.width) - 1
        return tuple(((key >> p) & field) - off for p, off in zip(self.union_pos, self.offsets))

    def fields_of(self, rows: np.ndarray, offsets: tuple[int, ...] | None = None) -> np.ndarray:
        """The card unions that rows of words hold, one row of ten counts each (`union_of` for word rows);
        `offsets`: what each field holds beyond its count, by default the states' (a step's key has none:
        give zeros)."""
        width = np.uint64((1 << self.width) - 1)
        return np.stack(
            [
                ((rows[:, p // 64] >> np.uint64(p % 64)) & width).astype(np.int64) - off
                for p, off in zip(self.union_pos, offsets or self.offsets)
            ],
            axis=1,
        ).astype(np.int16)

    def classes_of(self, key: int) -> tuple:
        """The hands' sorted result classes a key holds."""
        field = (1 << self.class_bits) - 1
        return tuple(o for o, p in zip(CLASSES, self.class_pos) for _ in range((key >> p) & field))

    def unions(self, states) -> dict[tuple[int, ...], dict[tuple, int]]:
        """The keys unpacked: union -> the hands' result classes (sorted) -> weight, times the union's card orders."""
        if self.fast:
            keys, vals = states
            states = {}
            for row, v in zip(keys, vals.tolist()):
                k = self.key(row)
                states[k] = states.get(k, 0) + v
        found: dict[tuple[int, ...], dict[tuple, int]] = {}
        for k, v in states.items():
            m = self.union_of(k)
            weight = union_orders(self.shoe, m)
            if weight:
                found.setdefault(m, {})[self.classes_of(k)] = v * weight
        return found

    def all_unions(self, finals: list) -> dict[tuple[int, ...], dict[tuple, int]]:
        """`unions` of the final states of every pattern, merged."""
        unions: dict[tuple[int, ...], dict[tuple, int]] = {}
        for states in finals:
            merge_unions(unions, self.unions(self.dealt(states)))
        return unions

    def dealt(self, states):
        """Packed states, a `Deferred` last hand dealt whole."""
        if isinstance(states, Deferred):
            return deal_hand(self, states.states, states.kind, 0, None)[0]
        return states

    def law(
        self, finals: list, dealer: DealerTable, peek: bool, most: int | None = None, progress: Progress | None = None
    ) -> dict[int, Fraction]:
        """Net result -> chance from the final packed states of every pattern (`union_law` on their unions).

        In the compiled backend the banker's weights are taken once per union. The nets are tallied modulo
        primes whose product passes every numerator (at most the denominator: the chances sum to at most 1).
        A `Deferred` last hand is dealt in slices of at most `most` (state, step) pairs (`_sliced_law`). So
        its sums need not fit in memory at once. After each slice, `progress` hears the pairs formed of all
        there are to form."""
        if not self.fast:
            return union_law(self.all_unions(finals), self.shoe, dealer, peek)
        by_size: dict[int, dict[int, int]] = {}
        ready = [f for f in finals if not isinstance(f, Deferred)]
        if ready:
            self._tally_law(
                by_size, np.concatenate([k for k, _ in ready]), np.concatenate([v for _, v in ready]), dealer, peek
            )
        last = [d for d in finals if isinstance(d, Deferred)]
        pairs = [0, sum(len(d.states[0]) * len(self.step_rows[d.kind][0]) for d in last)]

        def formed(n: int) -> None:
            pairs[0] += n
            if progress:
                progress(pairs[0], pairs[1], "last hands")

        if last:
            formed(0)
        for d in last:
            self._sliced_law(by_size, d.states, self.step_rows[d.kind], dealer, peek, most, formed)
        return sized_law(by_size, sum(self.shoe), dealer)

    def _sliced_law(
        self,
        by_size: dict[int, dict[int, int]],
        states,
        steps,
        dealer: DealerTable,
        peek: bool,
        most: int | None = None,
        formed: Callable[[int], None] | None = None,
    ) -> None:
        """The law of every state dealt every step (block and result class), added into `by_size`.

        It goes in slices that no union crosses. The pairs are split by the count of one card value their union
        ends with, then of another, until a slice has at most `most` (state, step) pairs. (The default is a
        quarter of the slots the memory free allows a table, `core.packed`.) They are split further while a
        slice's unions would not fit in memory. A slice's sums are not kept as states (a union with its
        hands' classes, hundreds to a union after the last hand). Each pair adds its weight straight into its
        union's table of nets against every banker result (`core.packed.deal_nets`). Then the banker's weights
        are taken once per union and the nets tallied (`_tally_nets`), and `formed` is told the pairs. The
        sums are those of one deal: only the memory held at once changes. Values are taken widest range of
        counts first."""
        keys, vals = states
        step_keys, step_w = steps
        if not len(keys) or not len(step_keys):
            return
        if most is None:
            most = max(1, packed.slot_limit(self.n_words) // 4)
        have = self.fields_of(keys)  # counts as 16-bit integers: 20 bytes a state
        take = self.fields_of(step_keys, (0,) * 10)  # a step's key is its block's counts, no offsets
        offset = 2 * self.n_hands  # each hand wins or loses at most twice its stake
        key_nets, key_tops = self._nets_tops(keys, offset)
        step_nets, step_tops = self._nets_tops(step_keys, 0)
        key_ids = packed.group(keys, self.union_words)[0]  # states of one union, and steps of one block,
        step_ids = packed.group(step_keys, self.union_words)[0]  # are dealt as runs: one search a run
        spread = [
            int(have[:, c].max()) - int(have[:, c].min()) + int(take[:, c].max()) - int(take[:, c].min())
            for c in range(10)
        ]
        order = sorted(range(10), key=lambda c: -spread[c])
        rows = np.argsort(key_ids, kind="stable")  # runs, kept by every cut below (masks keep the order)

        def cut(parts: list, depth: int) -> None:
            pairs = sum(len(a) * len(b) for a, b in parts)
            if depth == 10 or pairs <= most:
                starts = [np.cumsum([0] + [len(x) for x in side]) for side in zip(*parts)]
                found = packed.deal_nets(
                    keys,
                    vals,
                    key_nets,
                    key_tops,
                    key_ids,
                    step_keys,
                    step_w,
                    step_nets,
                    step_tops,
                    step_ids,
                    (
                        np.concatenate([a for a, _ in parts]),
                        starts[0],
                        np.concatenate([b for _, b in parts]),
                        starts[1],
                    ),
                    self.guard_words,
                    self.union_words,
                    2 * offset + 1,
                )
                if found is not None:
                    self._tally_nets(by_size, *found, offset, dealer, peek)
                    if formed:
                        formed(pairs)
                    return
                if depth == 10:
                    raise MemoryError(
                        f"the unions of one slice of the last hands ({pairs:,} pairs) outgrow the memory free"
                    )
            c = order[depth]
            cells: dict[int, list] = {}
            for a, b in parts:
                held, drawn = have[a, c], take[b, c]
                by_draw = [(y, b[drawn == y]) for y in np.unique(drawn).tolist()]
                for x in np.unique(held).tolist():
                    a_x = a[held == x]
                    for y, b_y in by_draw:
                        cells.setdefault(x + y, []).append((a_x, b_y))
            for total in sorted(cells):
                cut(cells[total], depth + 1)

        cut([(rows, np.argsort(step_ids, kind="stable"))], 0)

    def _class_counts(self, rows: np.ndarray) -> np.ndarray:
        """How many hands of each result class (`CLASSES`) rows of words hold: one row of counts each."""
        field = np.uint64((1 << self.class_bits) - 1)
        return np.stack(
            [((rows[:, p // 64] >> np.uint64(p % 64)) & field).astype(np.int64) for p in self.class_pos], axis=1
        )

    def _nets_tops(self, rows: np.ndarray, offset: int) -> tuple[np.ndarray, np.ndarray]:
        """For rows of words: the net of their hands against each banker result (`BANKER_RESULTS`), plus
        `offset`, and their `_tops`, as small integers."""
        counts = self._class_counts(rows)
        return (counts @ NET + offset).astype(np.int8), self._tops(counts).astype(np.int8)

    @staticmethod
    def _tops(counts: np.ndarray) -> np.ndarray:
        """The highest total of 21 or less among the hands of each row of class counts (`_class_counts`), 0
        if none: the banker's totals that row's hands can tell apart (`banker_groups`)."""
        totals = np.array([t if t <= 21 else 0 for t, _ in CLASSES], dtype=np.int64)
        return np.where(counts > 0, totals, 0).max(axis=1)

    def _primes(self, sizes: np.ndarray, dealer: DealerTable) -> tuple[int, ...]:
        """Primes below 2^30 (one CPython digit: the big weights reduce three times faster than modulo primes
        below 2^31) whose product passes every denominator of these union sizes (a law's numerators are at
        most its denominators)."""
        size = sum(self.shoe)
        return primes_for(max(falling(size, k) * dealer.den(size - k) for k in set(sizes.tolist())), 1 << 30)

    @staticmethod
    def _rebuild(by_size: dict[int, dict[int, int]], acc: np.ndarray, primes: Sequence[int], offset: int) -> None:
        """Residues acc[size, offset + net, prime] rebuilt into integers and added into `by_size`."""
        ks, nets = np.nonzero(acc.any(axis=2))
        values = reconstruct([acc[ks, nets, i] for i in range(len(primes))], primes)
        for k, net, v in zip(ks.tolist(), nets.tolist(), values):
            acc_k = by_size.setdefault(k, {})
            acc_k[net - offset] = acc_k.get(net - offset, 0) + v

    def _tally_nets(
        self,
        by_size: dict[int, dict[int, int]],
        rows: np.ndarray,
        table: np.ndarray,
        tops: np.ndarray,
        offset: int,
        dealer: DealerTable,
        peek: bool,
    ) -> None:
        """Unions' tables of weights by banker result and net (`core.packed.deal_nets`) added into `by_size`:
        each union's banker weights once, times its table, modulo primes, rebuilt exactly."""
        if not len(rows):
            return
        fields = self.fields_of(rows)
        sizes = fields.sum(axis=1, dtype=np.int64)
        primes = self._primes(sizes, dealer)
        acc = np.zeros((int(sizes.max()) + 1, table.shape[2], len(primes)), dtype=np.uint64)
        words = np.array(primes, dtype=np.uint64)
        for g0, g1, weights in banker_chunks(dealer, self.shoe, fields, tops, peek, primes):
            packed.fold_nets(table[g0:g1], weights, sizes[g0:g1], words, acc)
        self._rebuild(by_size, acc, primes, offset)

    def _tally_law(
        self, by_size: dict[int, dict[int, int]], keys: np.ndarray, vals: np.ndarray, dealer: DealerTable, peek: bool
    ) -> None:
        """Packed final states' nets against the banker added into `by_size` (union size -> net -> integer
        weight over `sized_law`'s denominator): the banker's weights once per union, the nets tallied
        modulo primes and rebuilt exactly."""
        if not len(keys):
            return
        ids, firsts = packed.group(keys, self.union_words)
        field = np.uint64((1 << self.class_bits) - 1)
        words = np.array([p // 64 for p in self.class_pos], dtype=np.int64)
        shifts = np.array([p % 64 for p in self.class_pos], dtype=np.uint64)
        top = np.zeros(len(firsts), dtype=np.int64)
        np.maximum.at(top, ids, self._tops(self._class_counts(keys)))
        fields = self.fields_of(keys[firsts])  # each union's card counts, once
        sizes = fields.sum(axis=1, dtype=np.int64)
        primes = self._primes(sizes, dealer)
        offset = 2 * self.n_hands  # each hand wins or loses at most twice its stake
        acc = np.zeros((int(sizes.max()) + 1, 2 * offset + 1, len(primes)), dtype=np.uint64)
        order = np.argsort(ids, kind="stable")
        keys, vals, ids = keys[order], vals[order], ids[order]
        moduli = np.array(primes, dtype=np.uint64)
        for g0, g1, weights in banker_chunks(dealer, self.shoe, fields, top, peek, primes):
            r0, r1 = np.searchsorted(ids, [g0, g1])
            packed.tally(
                keys[r0:r1],
                vals[r0:r1],
                ids[r0:r1] - g0,
                sizes[g0:g1],
                weights,
                (words, shifts, int(field)),
                NET,
                offset,
                moduli,
                acc,
            )
        self._rebuild(by_size, acc, primes, offset)
