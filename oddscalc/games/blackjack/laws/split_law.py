"""The exact law of a split round's net result: two hands (`two_hand_law`) and resplits to any limit
(`split_law`).

Each split hand is a block of cards (its second card, then its draws) whose stopping rule depends only on
its own cards: the post-split policy looks at the hand alone. So a hand's possible blocks, with the number
of card orders giving each, do not depend on the shoe. Hand 1 draws block B1, hand 2 block B2, and the banker
then draws from the rest. The chance of that is orders(B1) orders(B2) (S)_(B1+B2) / (N)_(|B1|+|B2|) times
the banker's chance on S - B1 - B2 ((S)_M = prod_c (S_c)_(M_c), falling factorials). Summing over the
pairs of blocks, grouped by their union, gives the law in integers over one denominator per union size.

With resplitting (`split_law`) the deal is reordered as in `splits/expectation.py`: every hand's second card first (a
pattern of pair cards P and non-pair cards), then each hand's draws, then the banker. A pattern has a ballot
count: s new hands ending with every hand holding a non-pair card, or the limit reached after q non-pair
cards. Given the pattern, take hand blocks B_1..B_k: the first q, "N" hands, start with a non-pair card; the
rest, "x" hands, with any card. Their chance is count * prod orders(B_i) * (S)_M / (N)_|M|, M the union of
the blocks and the pair cards that started new hands. The law sums that over the ordered block tuples,
grouped by union (the banker sees only S - M), in integers over one denominator per union size. Hand after
hand, a partial union and its hands' result classes travel packed in one key (`splits/dealing.py`). The key
is a Python integer or, when the weights provably fit in 64 bits, a row of machine words dealt in compiled
loops (`core.packed`). The banker's weights are then applied modulo primes and the law rebuilt exactly.
The patterns share their hands (`_pattern_unions`): dealing is a commutative product of hand kinds, so the
patterns that reach the limit are dealt together by Horner's rule and their last, dearest hands only once.
The unions multiply with the hands (about 15,000 for two hands of 8s against a ten at 6 packs, millions
for four hands of 2s against a 7), so `split_law` takes a work budget and answers None beyond it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from oddscalc.core.progress import Progress
from oddscalc.games.blackjack.exact.player import DealerTable
from oddscalc.games.blackjack.rules import TEN, RuleSet
from oddscalc.games.blackjack.splits.blocks import _outcome, hand_blocks
from oddscalc.games.blackjack.splits.dealing import (
    Packing,
    deal,
    deal_hand,
    deal_in,
    defer_hand,
    merge_unions,
    union_law,
)
from oddscalc.games.blackjack.splits.patterns import ballot_patterns

__all__ = ["adaptive_two_hand_law", "split_law", "split_law_in_part", "split_patterns", "two_hand_law"]


def two_hand_law(
    shoe: tuple[int, ...],
    pair: int,
    rules: RuleSet,
    dealer: DealerTable,
    policy: Callable[[tuple[int, ...]], str],
    compiled: bool = True,
) -> dict[int, Fraction]:
    """Net result -> chance for a pair of value index `pair` split into exactly two hands, each played by
    `policy`; `shoe` holds the cards left with the up-card and both pair cards gone. With a peek hole card
    the banker-blackjack rounds are left out (the masses then sum to the chance of no banker blackjack)."""
    blocks = _grouped_blocks(pair, policy, shoe, non_pair=False)
    pack = Packing(shoe, pair, 0, [blocks, blocks], 1, compiled)
    kind = pack.kind_of(blocks)
    states, _ = deal_in(pack, [kind, kind], 0, 1, 0, None)
    return pack.law([states], dealer, rules.peek)


def adaptive_two_hand_law(
    shoe: tuple[int, ...],
    pair: int,
    rules: RuleSet,
    dealer: DealerTable,
    policy: Callable[[tuple[int, ...]], str],
    later,
) -> dict[int, Fraction]:
    """`two_hand_law` when the second hand's play depends on the first hand's cards (CDP).

    Hand 1 draws block B1 under `policy`. Then hand 2 draws B2 on S - B1 under the play `later` gives it
    (`split.SecondHand`s, one per B1). The chance orders(B1) orders(B2) (S)_(B1+B2) / (N)_(|B1|+|B2|) and the
    banker's on S - B1 - B2 are summed by union as there (the pairs are ordered: the hands no longer play
    alike)."""
    first = dict(_grouped_blocks(pair, policy, shoe, non_pair=False))
    unions: dict[tuple[int, ...], dict[tuple, int]] = {}
    for second in later:
        rest = tuple(s - x for s, x in zip(shoe, second.block))
        found, _ = deal(
            shoe,
            pair,
            [[(second.block, first[second.block])], _grouped_blocks(pair, second.policy, rest, non_pair=False)],
            0,
            1,
        )
        merge_unions(unions, found)
    return union_law(unions, shoe, dealer, rules.peek)


def split_patterns(limit: int) -> list[tuple[int, int, int]]:
    """The second-card patterns of a split with up to `limit` hands, as (pair cards that start new hands,
    hands whose second card is a non-pair card, ballot count); the other hands (limit reached) take any card."""
    end_a, end_b = ballot_patterns(limit)
    return [(s, s + 2, count) for s, count in sorted(end_a.items())] + [
        (limit - 2, q, count) for q, count in sorted(end_b.items())
    ]


def split_law(
    shoe: tuple[int, ...],
    up: int,
    pair: int,
    partners: int,
    rules: RuleSet,
    dealer: DealerTable,
    policy: Callable[[tuple[int, ...]], str],
    budget: int | None = None,
) -> dict[int, Fraction] | None:
    """Net result -> chance for splitting a pair of value index `pair` with resplits up to the rules' hand limit.

    Every hand is played by `policy`. `shoe` holds the cards left with the up-card and both pair cards gone
    (`partners` of them may join the pair). With peek the banker-blackjack rounds are left out. None
    when the work (block tuples tried) would pass `budget`, or for a ten pair under a same-rank rule (a
    count per value cannot tell the partner rank from the other tens)."""
    law, skipped = split_law_in_part(shoe, up, pair, partners, rules, dealer, policy, budget)
    return law if skipped == () else None


def split_law_in_part(
    shoe: tuple[int, ...],
    up: int,
    pair: int,
    partners: int,
    rules: RuleSet,
    dealer: DealerTable,
    policy: Callable[[tuple[int, ...]], str],
    budget: int | None = None,
    progress: Progress | None = None,
    compiled: bool = True,
) -> tuple[dict[int, Fraction], tuple[tuple[int, int, int], ...] | None]:
    """`split_law` for the rounds it can afford, and the resplit patterns (`split_patterns`) left out.

    The rounds without a resplit (both hands' second cards non-pair cards) are always computed. Each resplit
    pattern is computed while the work stays within `budget`. The chances returned sum to less than the
    split's whole mass exactly when some pattern is left out. Its rounds' chance and mean then follow by
    difference (outcomes.py), their second moment from `laws.split_moments.resplit_moments`. None instead of
    the patterns when nothing could be computed (a ten pair under a same-rank rule).

    The patterns share their hands (`_pattern_unions`). The one that ends with every hand holding a non-pair
    card after s resplits is N^(s+2) (N: a hand dealt a non-pair second card, x: any; the product deals one
    hand more). Those that reach the limit L after q non-pair cards are, together, the one polynomial
    x^2 (sum_q count_q N^q x^(L-2-q)). It is dealt by Horner's rule: the dearest hands, the last, are dealt
    once for all of them. `progress` hears the hands being dealt, then the last hands' pairs formed (`Packing.law`).
    `compiled` False deals on Python integers only (`dealing.Packing`), to compare the two backends."""
    limit = rules.hands_limit(pair + 1, partners)
    if limit == 2:
        return two_hand_law(shoe, pair, rules, dealer, policy, compiled), ()
    if rules.same_rank_tens and pair == TEN:
        return {}, None
    if progress:
        progress(0, 0, "dealing the hands")
    pack, finals, skipped = _pattern_states(shoe, pair, partners, limit, policy, budget, compiled)
    return pack.law(finals, dealer, rules.peek, progress=progress), skipped


def _pattern_unions(
    shoe: tuple[int, ...],
    pair: int,
    partners: int,
    limit: int,
    policy: Callable[[tuple[int, ...]], str],
    budget: int | None,
) -> tuple[dict[tuple[int, ...], dict[tuple, int]], tuple[tuple[int, int, int], ...]]:
    """`_pattern_states` unpacked: union -> hands' result classes -> weight, and the patterns left out."""
    pack, finals, skipped = _pattern_states(shoe, pair, partners, limit, policy, budget)
    return pack.all_unions(finals), skipped


def _pattern_states(
    shoe: tuple[int, ...],
    pair: int,
    partners: int,
    limit: int,
    policy: Callable[[tuple[int, ...]], str],
    budget: int | None,
    compiled: bool = True,
) -> tuple[Packing, list, tuple[tuple[int, int, int], ...]]:
    """The packing and the final packed states of every resplit pattern that fits `budget` (the rounds
    without a resplit whatever it is, their work not counted), and the patterns left out. Patterns needing
    more pair cards than the `partners` left have no rounds and are neither computed nor left out. The work
    is counted as in `deal`, one more hand at a time, over the hands actually dealt. The resplit patterns'
    chain of N hands starts with the one pair card they all have spent. So its unions are pruned as a
    pattern's own would be. When the patterns reaching the limit do not fit together, each is dealt alone
    (`deal_in`) while the budget left allows, so that sharing never lumps more."""
    end_a, end_b = ballot_patterns(limit)
    kinds = {non_pair: _grouped_blocks(pair, policy, shoe, non_pair) for non_pair in (True, False)}
    pack = Packing(
        shoe,
        pair,
        limit - 2,
        [kinds[True], kinds[False]] + [kinds[False]] * (limit - 2),
        sum(end_a.values()) + sum(end_b.values()),
        compiled,
    )
    n_kind, x_kind = pack.kind_of(kinds[True]), pack.kind_of(kinds[False])
    finals: list = []
    skipped: list[tuple[int, int, int]] = []
    work = 0
    powers: list = [pack.spawned(pack.origin(), 1, 1)]  # [j]: N^j after one resplit, None beyond the budget

    def power(j: int):
        nonlocal work
        while len(powers) <= j and powers[-1] is not None:
            nxt, work = deal_hand(pack, powers[-1], n_kind, work, budget)
            powers.append(nxt)
        return powers[j] if j < len(powers) else None

    for spawns, count in sorted(end_a.items()):
        if spawns > partners:
            continue
        if spawns == 0:  # no resplit: always computed, outside the budget
            finals.append(deal_in(pack, [n_kind, n_kind], 0, count, 0, None)[0])
            continue
        if spawns + 2 == limit:  # N^limit: nothing deals after it, so its last hand is left to the law
            before = power(limit - 1)
            last = None
            if before is not None:
                last, work = defer_hand(pack, before, n_kind, work, budget, spawns - 1, count)
            if last is None:
                skipped.append((spawns, spawns + 2, count))
            else:
                finals.append(last)
            continue
        states = power(spawns + 2)
        if states is None:
            skipped.append((spawns, spawns + 2, count))
            continue
        finals.append(pack.spawned(states, spawns - 1, count))
    spawns = limit - 2
    if spawns <= partners and end_b:
        group = [(spawns, q, count) for q, count in sorted(end_b.items())]
        before = work
        horner = pack.spawned(powers[0], spawns - 1, end_b.get(0, 0))
        for j in range(1, spawns + 1):
            states = power(j)
            if states is None:
                horner = None
                break
            horner, work = deal_hand(pack, horner, x_kind, work, budget)
            if horner is None:
                break
            horner = pack.add(horner, pack.spawned(states, spawns - 1, end_b.get(j, 0)))
        for last in (False, True):  # the last hand left to the law (`Deferred`)
            if horner is not None:
                horner, work = (defer_hand if last else deal_hand)(pack, horner, x_kind, work, budget)
        if horner is not None:
            finals.append(horner)
        else:  # beyond the budget together: each pattern alone, as far as the budget allows (the cheap ones fit)
            work = before
            for pattern in group:
                _, q, count = pattern
                found, work = deal_in(
                    pack, [n_kind if i < q else x_kind for i in range(limit)], spawns, count, work, budget
                )
                if found is None:
                    skipped.append(pattern)
                else:
                    finals.append(found)
    return pack, finals, tuple(skipped)


def _grouped_blocks(
    pair: int, policy: Callable[[tuple[int, ...]], str], shoe: tuple[int, ...], non_pair: bool
) -> list[tuple[tuple[int, ...], list[tuple[tuple[int, int], int]]]]:
    """`hand_blocks` by block: (cards drawn, [(result class, card orders)])."""
    grouped: dict[tuple[int, ...], list[tuple[tuple[int, int], int]]] = {}
    for (b, t, s), w in hand_blocks(pair, policy, shoe, non_pair).items():
        grouped.setdefault(b, []).append((_outcome(t, s), w))
    return list(grouped.items())
