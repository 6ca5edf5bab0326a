"""The exact law of a split round's net result: two hands (`two_hand_law`) and resplits to any limit
(`split_law`).

Each split hand is a block of cards (its second card, then its draws) whose stopping rule depends only on
its own cards: the post-split policy looks at the hand alone. So a hand's possible blocks, with the number
of card orders giving each, do not depend on the shoe; the chance of hand 1 drawing block B1, hand 2 block
B2 and the banker then drawing from the rest is orders(B1) orders(B2) (S)_(B1+B2) / (N)_(|B1|+|B2|) times
the banker's chance on S - B1 - B2 ((S)_M = prod_c (S_c)_(M_c), falling factorials). Summing over the
pairs of blocks, grouped by their union, gives the law in integers over one denominator per union size.

With resplitting (`split_law`) the deal is reordered as in `split.py`: every hand's second card first (a
pattern of pair cards P and non-pair cards), then each hand's draws, then the banker. A pattern with s
new hands ending with every hand holding a non-pair card, or the limit reached after q non-pair cards,
has a ballot count; given it, the chance of hand blocks B_1..B_k (the first q, "N" hands, starting with a
non-pair card; the rest, "x" hands, with any card) is count * prod orders(B_i) * (S)_M / (N)_|M|, M the
union of the blocks and the pair cards that started new hands. The law sums that over the ordered block
tuples, grouped by union (the banker sees only S - M), in integers over one denominator per union size;
hand after hand, a partial union and its hands' result classes travel packed in one integer (`_deal`).
The patterns share their hands (`_pattern_unions`): dealing is a commutative product of hand kinds, so the
patterns that reach the limit are dealt together by Horner's rule and their last, dearest hands only once.
The unions multiply with the hands (about 15,000 for two hands of 8s against a ten at 6 packs, millions
for four hands of 2s against a 7), so `split_law` takes a work budget and answers None beyond it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from oddscalc.games.blackjack.dealer import BUST, ROWS, falling
from oddscalc.games.blackjack.player import DOUBLE, HIT, STAND, DealerTable, add, total_of
from oddscalc.games.blackjack.rules import ACE, TEN, RuleSet

__all__ = ["hand_blocks", "union_orders", "two_hand_law", "adaptive_two_hand_law", "split_law", "split_law_in_part",
           "split_patterns"]

Block = tuple[tuple[int, ...], int, int]  # (cards drawn after the pair card, final total (22 = bust), stake)


def hand_blocks(pair: int, policy: Callable[[tuple[int, ...]], str], shoe: tuple[int, ...],
                non_pair: bool = False) -> dict[Block, int]:
    """Every way a split hand of value index `pair` can end: (cards it drew, final total, stake) -> number
    of card orders. `shoe`: the cards it may draw from (no value drawn more often than it holds);
    `policy`: hand -> stand/hit/double; `non_pair`: only hands whose second card is not a pair card."""
    start = add((0,) * 10, pair)
    cap = add(shoe, pair)  # a hand holds the pair card besides what it draws
    seconds = tuple(c for c in range(10) if shoe[c] and not (non_pair and c == pair))
    out: dict[Block, int] = {}
    frontier: dict[tuple[tuple[int, ...], int], int] = {}  # (hand, stake) -> orders
    for x in seconds:
        key = (add(start, x), 1)
        frontier[key] = frontier.get(key, 0) + 1
    while frontier:
        nxt: dict[tuple[tuple[int, ...], int], int] = {}
        for (h, stake), ways in frontier.items():
            total, _ = total_of(h)
            if total >= 21 or stake == 2 or (pair == ACE and sum(h) == 2):
                action = STAND  # 21 or bust, a doubled hand, split Aces (one card each)
            else:
                action = policy(h)
            if action == STAND:
                end = (add(h, pair, -1), min(total, 22), stake)
                out[end] = out.get(end, 0) + ways
                continue
            if action not in (HIT, DOUBLE):
                raise ValueError(f"post-split policy gave {action!r} for a split hand")
            for c in range(10):
                if h[c] == cap[c]:
                    continue
                key = (add(h, c), 2 if action == DOUBLE else 1)
                nxt[key] = nxt.get(key, 0) + ways
        frontier = nxt
    return out


_ALL_LOSE = 23  # a banker result that beats every hand: a total above every hand's, or (no hole card) a blackjack
_BANKER_RESULTS = (17, 18, 19, 20, 21, 22, _ALL_LOSE)  # every banker result `_banker_groups` can give
_CLASSES = tuple((total, stake) for total in (16, 17, 18, 19, 20, 21, 22) for stake in (1, 2))  # `_outcome`'s, sorted
_CLASS_INDEX = {o: i for i, o in enumerate(_CLASSES)}


def _law(by_size: dict[int, dict[int, int]], size: int, dealer: DealerTable) -> dict[int, Fraction]:
    """Net result -> chance from integer weights per union size k, each over (size)_k times the banker's
    denominator for the size - k cards left."""
    law: dict[int, Fraction] = {}
    for k, acc in by_size.items():
        den = falling(size, k) * dealer.den(size - k)
        for net, v in acc.items():
            law[net] = law.get(net, Fraction(0)) + Fraction(v, den)
    return {net: p for net, p in sorted(law.items()) if p}


def _banker_groups(dealer: DealerTable, left: tuple[int, ...], size: int, top: int, peek: bool
                   ) -> list[tuple[int, int]]:
    """(banker result, weight over `dealer.den(size)`) for the banker's outcomes that hands of totals up to
    `top` can tell apart: bust, each total from 17 to `top`, and one group beating every hand (with no hole
    card it holds the banker's blackjacks; with peek they are left out). One group's weight comes by
    difference from the total mass, sparing the dearest polynomials: every outcome's weight sums to the
    denominator (`DealerTable` checks that the shoe cannot run out)."""
    den = dealer.den(size)
    bj = dealer.blackjack_weight(left, size)
    mass = den - bj if peek else den
    shown = tuple(range(min(top, 21) - 16)) if top >= 17 else ()
    if len(shown) < 3:  # bust and the totals shown; the rest by difference
        weights = dealer.many(left, size, (BUST,) + shown)
        groups = [(22, weights[0])] + [(17 + o, w) for o, w in zip(shown, weights[1:])]
        return groups + [(_ALL_LOSE, mass - sum(weights))]
    weights = dealer.many(left, size, (0, 1, 2, 3, 4))  # every total; bust by difference
    above = sum(weights[len(shown):]) + (0 if peek else bj)
    return ([(17 + o, w) for o, w in zip(shown, weights)] + [(_ALL_LOSE, above)]
            + [(22, mass - sum(weights) - (0 if peek else bj))])


def two_hand_law(shoe: tuple[int, ...], up: int, pair: int, rules: RuleSet, dealer: DealerTable,
                 policy: Callable[[tuple[int, ...]], str]) -> dict[int, Fraction]:
    """Net result -> chance for a pair of value index `pair` split into exactly two hands, each played by
    `policy`; `shoe` holds the cards left with the up-card and both pair cards gone. With a peek hole card
    the banker-blackjack rounds are left out (the masses then sum to the chance of no banker blackjack)."""
    blocks = _grouped_blocks(pair, policy, shoe, non_pair=False)
    unions, _ = _deal(shoe, pair, [blocks, blocks], 0, 1)
    return _union_law(unions, shoe, dealer, rules.peek)


def adaptive_two_hand_law(shoe: tuple[int, ...], up: int, pair: int, rules: RuleSet, dealer: DealerTable,
                          policy: Callable[[tuple[int, ...]], str], later) -> dict[int, Fraction]:
    """`two_hand_law` when the second hand's play depends on the first hand's cards (CDP): hand 1 draws block
    B1 under `policy`, then hand 2 draws B2 under the play `later` (`split.SecondHand`s, one per B1) gives it on
    S - B1; the chance orders(B1) orders(B2) (S)_(B1+B2) / (N)_(|B1|+|B2|) and the banker's on S - B1 - B2, summed
    by union as there (the pairs are ordered: the hands no longer play alike)."""
    first = dict(_grouped_blocks(pair, policy, shoe, non_pair=False))
    unions: dict[tuple[int, ...], dict[tuple, int]] = {}
    for second in later:
        rest = tuple(s - x for s, x in zip(shoe, second.block))
        found, _ = _deal(shoe, pair, [[(second.block, first[second.block])],
                                      _grouped_blocks(pair, second.policy, rest, non_pair=False)], 0, 1)
        _merge(unions, found)
    return _union_law(unions, shoe, dealer, rules.peek)


def split_patterns(limit: int) -> list[tuple[int, int, int]]:
    """The second-card patterns of a split with up to `limit` hands, as (pair cards that start new hands,
    hands whose second card is a non-pair card, ballot count); the other hands (limit reached) take any card."""
    from oddscalc.games.blackjack.split import _patterns
    end_a, end_b = _patterns(limit)
    return ([(s, s + 2, count) for s, count in sorted(end_a.items())]
            + [(limit - 2, q, count) for q, count in sorted(end_b.items())])


def _outcome(total: int, stake: int) -> tuple[int, int]:
    """A hand's result class: totals of 16 or less lose to the same banker results; 22 = bust."""
    return (16 if total <= 16 else min(total, 22), stake)


def split_law(shoe: tuple[int, ...], up: int, pair: int, partners: int, rules: RuleSet, dealer: DealerTable,
              policy: Callable[[tuple[int, ...]], str], budget: int | None = None) -> dict[int, Fraction] | None:
    """Net result -> chance for splitting a pair of value index `pair` with resplits up to the rules' hand
    limit, every hand played by `policy`; `shoe` holds the cards left with the up-card and both pair cards
    gone (`partners` of them may join the pair). With peek the banker-blackjack rounds are left out. None
    when the work (block tuples tried) would pass `budget`, or for a ten pair under a same-rank rule (a
    count per value cannot tell the partner rank from the other tens)."""
    law, skipped = split_law_in_part(shoe, up, pair, partners, rules, dealer, policy, budget)
    return law if skipped == () else None


def split_law_in_part(shoe: tuple[int, ...], up: int, pair: int, partners: int, rules: RuleSet,
                      dealer: DealerTable, policy: Callable[[tuple[int, ...]], str], budget: int | None = None
                      ) -> tuple[dict[int, Fraction], tuple[tuple[int, int, int], ...] | None]:
    """`split_law` for the rounds it can afford, and the resplit patterns (`split_patterns`) left out: the
    rounds without a resplit (both hands' second cards non-pair cards) always, each resplit pattern while the
    work stays within `budget`. The chances returned sum to less than the split's whole mass exactly when
    some pattern is left out; its rounds' chance and mean follow by difference (outcomes.py), their second
    moment from `moments.resplit_moments`. None instead of the patterns when nothing could be computed (a ten
    pair under a same-rank rule).

    The patterns share their hands (`_pattern_unions`): the one that ends with every hand holding a non-pair
    card after s resplits is N^(s+2) (N: a hand dealt a non-pair second card, x: any; the product deals one
    hand more), and those that reach the limit L after q non-pair cards are, together, the one polynomial
    x^2 (sum_q count_q N^q x^(L-2-q)), dealt by Horner's rule: the dearest hands, the last, are dealt once for
    all of them."""
    limit = rules.hands_limit(pair + 1, partners)
    if limit == 2:
        return two_hand_law(shoe, up, pair, rules, dealer, policy), ()
    if rules.same_rank_tens and pair == TEN:
        return {}, None
    unions, skipped = _pattern_unions(shoe, pair, partners, limit, policy, budget)
    return _union_law(unions, shoe, dealer, rules.peek), skipped


def _pattern_unions(shoe: tuple[int, ...], pair: int, partners: int, limit: int,
                    policy: Callable[[tuple[int, ...]], str], budget: int | None
                    ) -> tuple[dict[tuple[int, ...], dict[tuple, int]], tuple[tuple[int, int, int], ...]]:
    """Union -> hands' result classes -> weight over every resplit pattern that fits `budget` (the rounds
    without a resplit whatever it is, their work not counted), and the patterns left out. Patterns needing
    more pair cards than the `partners` left have no rounds and are neither computed nor left out. The work
    is counted as in `_deal`, one more hand at a time, over the hands actually dealt; the resplit patterns'
    chain of N hands starts with the one pair card they all have spent, so that its unions are pruned as a
    pattern's own would be. When the patterns reaching the limit do not fit together, each is dealt alone
    (`_deal`) while the budget left allows, so that sharing never lumps more."""
    from oddscalc.games.blackjack.split import _patterns
    end_a, end_b = _patterns(limit)
    kinds = {non_pair: _grouped_blocks(pair, policy, shoe, non_pair) for non_pair in (True, False)}
    pack = _Packing(shoe, pair, limit - 2, [kinds[True], kinds[False]] + [kinds[False]] * (limit - 2))
    n_kind, x_kind = (pack.steps[0], len(kinds[True])), (pack.steps[1], len(kinds[False]))
    unions: dict[tuple[int, ...], dict[tuple, int]] = {}
    skipped: list[tuple[int, int, int]] = []
    work = 0
    powers: list[dict[int, int] | None] = [pack.spawned({pack.start: 1}, 1, 1)]  # [j]: N^j after one resplit

    def power(j: int) -> dict[int, int] | None:
        nonlocal work
        while len(powers) <= j and powers[-1] is not None:
            nxt, work = _hand(pack, powers[-1], n_kind, work, budget)
            powers.append(nxt)
        return powers[j] if j < len(powers) else None

    for spawns, count in sorted(end_a.items()):
        if spawns > partners:
            continue
        if spawns == 0:  # no resplit: always computed, outside the budget
            _merge(unions, _deal(shoe, pair, [kinds[True]] * 2, 0, count)[0])
            continue
        states = power(spawns + 2)
        if states is None:
            skipped.append((spawns, spawns + 2, count))
            continue
        _merge(unions, pack.unions(pack.spawned(states, spawns - 1, count)))
    spawns = limit - 2
    if spawns <= partners and end_b:
        group = [(spawns, q, count) for q, count in sorted(end_b.items())]
        before = work
        horner: dict[int, int] | None = pack.spawned(powers[0], spawns - 1, end_b.get(0, 0))
        for j in range(1, spawns + 1):
            states = power(j)
            if states is None:
                horner = None
                break
            horner, work = _hand(pack, horner, x_kind, work, budget)
            if horner is None:
                break
            for k, v in pack.spawned(states, spawns - 1, end_b.get(j, 0)).items():
                horner[k] = horner.get(k, 0) + v
        for _ in range(2):
            if horner is not None:
                horner, work = _hand(pack, horner, x_kind, work, budget)
        if horner is not None:
            _merge(unions, pack.unions(horner))
        else:  # beyond the budget together: each pattern alone, as far as the budget allows (the cheap ones fit)
            work = before
            for pattern in group:
                _, q, count = pattern
                hands = [kinds[i < q] for i in range(limit)]
                found, work = _deal(shoe, pair, hands, spawns, count, work, budget)
                if found is None:
                    skipped.append(pattern)
                else:
                    _merge(unions, found)
    return unions, tuple(skipped)


def _merge(unions: dict[tuple[int, ...], dict[tuple, int]], found: dict[tuple[int, ...], dict[tuple, int]]) -> None:
    """Add `found` (union -> hands' result classes -> weight) into `unions`."""
    for m, outs in found.items():
        slot = unions.setdefault(m, {})
        for out, v in outs.items():
            slot[out] = slot.get(out, 0) + v


def _union_law(unions: dict[tuple[int, ...], dict[tuple, int]], shoe: tuple[int, ...], dealer: DealerTable,
               peek: bool) -> dict[int, Fraction]:
    """Net result -> chance from card unions (union -> hands' sorted result classes -> weight, the union's
    card orders included), the banker's outcome weights taken once per union on the cards it leaves."""
    size = sum(shoe)
    by_size: dict[int, dict[int, int]] = {}
    nets: dict[tuple, dict[int, int]] = {}  # hands' classes -> banker result -> net
    for m, outs in unions.items():
        k = sum(m)
        top = max((t for out in outs for t, _ in out if t <= 21), default=0)
        groups = _banker_groups(dealer, tuple(s - x for s, x in zip(shoe, m)), size - k, top, peek)
        acc = by_size.setdefault(k, {})
        for out, v in outs.items():
            row = nets.get(out)
            if row is None:
                row = nets[out] = {b: _net_all(out, b) for b in _BANKER_RESULTS}
            for b, bw in groups:
                if bw:
                    net = row[b]
                    acc[net] = acc.get(net, 0) + v * bw
    return _law(by_size, size, dealer)


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


def _grouped_blocks(pair: int, policy: Callable[[tuple[int, ...]], str], shoe: tuple[int, ...], non_pair: bool
                    ) -> list[tuple[tuple[int, ...], list[tuple[tuple[int, int], int]]]]:
    """`hand_blocks` by block: (cards drawn, [(result class, card orders)])."""
    grouped: dict[tuple[int, ...], list[tuple[tuple[int, int], int]]] = {}
    for (b, t, s), w in hand_blocks(pair, policy, shoe, non_pair).items():
        grouped.setdefault(b, []).append((_outcome(t, s), w))
    return list(grouped.items())


def _deal(shoe: tuple[int, ...], pair: int, hands: list, spawns: int, count: int, work: int = 0,
          budget: int | None = None) -> tuple[dict[tuple[int, ...], dict[tuple, int]] | None, int]:
    """Hands dealt one after another (`hands`: each one's blocks, `_grouped_blocks`), after `spawns` pair cards
    that started new hands: union (those pair cards included) -> the hands' sorted result classes -> weight
    (`count` times the blocks' card orders times the union's). The work (block tuples tried: partial unions
    times the next hand's blocks) is added to `work`; (None, work) when it would pass `budget`.

    A partial union and its hands' result classes are packed in one integer (`_Packing`), so that dealing one
    more hand adds its block's key, and a union beyond the shoe shows in a guard bit; the union's card orders
    (S)_M, the product of each hand's falling factorials on the cards its predecessors left, are applied once
    at the end.

    Two split tens, each standing on its second card, from a shoe of one Ace and one 9: the two hands can
    only take one each, in either order (work: one partial union, then two, times two blocks).

    >>> ace, nine = (1,) + (0,) * 9, (0,) * 8 + (1, 0)
    >>> blocks = [(ace, [((21, 1), 1)]), (nine, [((19, 1), 1)])]
    >>> _deal((1,) + (0,) * 7 + (1, 0), 9, [blocks, blocks], 0, 1)
    ({(1, 0, 0, 0, 0, 0, 0, 0, 1, 0): {((19, 1), (21, 1)): 2}}, 6)
    """
    pack = _Packing(shoe, pair, spawns, hands)
    states: dict[int, int] | None = pack.spawned({pack.start: 1}, spawns, count)
    for blocks, steps in zip(hands, pack.steps):
        states, work = _hand(pack, states, (steps, len(blocks)), work, budget)
        if states is None:
            return None, work
    return pack.unions(states), work


def _hand(pack: _Packing, states: dict[int, int], kind: tuple[list[tuple[int, int]], int], work: int,
          budget: int | None) -> tuple[dict[int, int] | None, int]:
    """Every packed state dealt one more hand (`kind`: its packed steps and its number of blocks); the work
    (distinct partial unions times blocks) added first, and (None, work) if it passes `budget`."""
    steps, n_blocks = kind
    work += len({k >> pack.union_shift for k in states}) * n_blocks
    if budget is not None and work > budget:
        return None, work
    guard = pack.guard
    new: dict[int, int] = {}
    get = new.get
    for k, v in states.items():
        for step, w in steps:
            n = k + step
            if not n & guard:
                new[n] = get(n, 0) + v * w
    return new, work


class _Packing:
    """Integer keys for `_deal`: the result classes' counts in the low fields, then one field per card
    value holding its count in the union plus an offset that makes a count above the shoe's set the field's top
    (guard) bit. Every field is wide enough that adding a block never carries into the next."""

    def __init__(self, shoe: tuple[int, ...], pair: int, spawns: int, hands: list) -> None:
        self.shoe = shoe
        most = max((b[c] for blocks in hands for b, _ in blocks for c in range(10)), default=0)
        bits = (max(max(shoe), len(hands) * most + spawns) + 1).bit_length()
        self.width = bits + 1
        self.offsets = tuple((1 << bits) - 1 - s for s in shoe)
        self.class_bits = len(hands).bit_length() + 1
        self.union_shift = len(_CLASSES) * self.class_bits
        self.guard = sum(1 << (self.union_shift + c * self.width + bits) for c in range(10))
        self.start = self._union_key(self.offsets)  # the empty union
        self.spawn = 1 << (self.union_shift + pair * self.width)  # one pair card more in the union
        keyed: dict[int, list[tuple[int, int]]] = {}  # per block list (the hands share a few): (key, orders)
        for blocks in hands:
            if id(blocks) not in keyed:
                keyed[id(blocks)] = [(self._union_key(b) + (1 << (_CLASS_INDEX[o] * self.class_bits)), w)
                                     for b, ends in blocks for o, w in ends]
        self.steps = [keyed[id(blocks)] for blocks in hands]

    def spawned(self, states: dict[int, int], spawns: int, count: int) -> dict[int, int]:
        """`states` with `spawns` pair cards (those that started new hands) added to each union and every
        weight times `count`; unions the shoe cannot hold dropped."""
        if not count:
            return {}
        step = spawns * self.spawn
        return {k + step: v * count for k, v in states.items() if not (k + step) & self.guard}

    def _union_key(self, fields: tuple[int, ...]) -> int:
        return sum(f << (self.union_shift + c * self.width) for c, f in enumerate(fields))

    def unions(self, states: dict[int, int]) -> dict[tuple[int, ...], dict[tuple, int]]:
        """The keys unpacked: union -> the hands' result classes (sorted) -> weight, times the union's card orders."""
        field, class_field = (1 << self.width) - 1, (1 << self.class_bits) - 1
        low = (1 << self.union_shift) - 1
        classes: dict[int, tuple] = {}
        by_key: dict[int, dict[tuple, int]] = {}
        for k, v in states.items():
            occ = k & low
            out = classes.get(occ)
            if out is None:
                out = classes[occ] = tuple(o for e, o in enumerate(_CLASSES)
                                           for _ in range((occ >> (e * self.class_bits)) & class_field))
            slot = by_key.get(k >> self.union_shift)
            if slot is None:
                slot = by_key[k >> self.union_shift] = {}
            slot[out] = v  # one key per union and classes
        found = {}
        for u, slot in by_key.items():
            m = tuple(((u >> (c * self.width)) & field) - self.offsets[c] for c in range(10))
            weight = union_orders(self.shoe, m)
            if weight:
                found[m] = {out: v * weight for out, v in slot.items()}
        return found


def _net_all(hands: tuple[tuple[int, int], ...], banker: int) -> int:
    """Net result of hands (result class (total, stake), 22 = bust) against the banker's final total (22 =
    bust, 23 = beats every hand)."""
    net = 0
    for t, s in hands:
        if t > 21 or banker == _ALL_LOSE or (banker <= 21 and t < banker):
            net -= s
        elif banker > 21 or t > banker:
            net += s
    return net
