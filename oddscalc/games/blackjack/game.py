"""The full-shoe game: every up-card and every starting hand, composition-dependent optimal play."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.parallel import map_parts
from oddscalc.games.blackjack.exact.player import DealerTable, Evaluator, add, hand_of
from oddscalc.games.blackjack.hand import HandValues, pair_partners, start_hand
from oddscalc.games.blackjack.rules import ACE, TEN, RuleSet
from oddscalc.games.blackjack.shoe import full_shoe
from oddscalc.games.blackjack.splits.expectation import SplitPlay

__all__ = [
    "GameResult",
    "HandRow",
    "full_game",
    "full_game_in_parts",
    "ten_pair_cases",
    "up_card_evaluators",
    "up_cards",
]


@dataclass(frozen=True)
class HandRow:
    """One up-card and starting hand: its chance, each action's value, the best action and its expectation.

    `cases` (same-rank tens only): (probability given the hand, partners left, HandValues) per rank case."""

    up: int
    cards: tuple[int, int]
    prob: Fraction
    values: HandValues
    ev: Fraction
    cases: tuple[tuple[Fraction, int | None, HandValues], ...] = ()


@dataclass(frozen=True)
class GameResult:
    """The exact expectation of the initial wager and its breakdown per up-card and starting hand."""

    rules: RuleSet
    ev: Fraction
    per_up: tuple[tuple[int, Fraction, Fraction], ...]
    rows: tuple[HandRow, ...]
    split_limits: tuple[int, ...]
    evaluators: dict[int, Evaluator] = field(default_factory=dict, compare=False, repr=False)


def ten_pair_cases(tens: tuple[int, ...], up: int) -> tuple[tuple[int | None, Fraction], ...]:
    """The cases of a starting pair of ten-values against up-card index `up`, from a shoe holding `tens`.

    `tens` are the counts of 10, J, Q and K before the up-card is dealt. Each case is (same-rank partners left,
    or None for two different ranks, chance), None first, then by partners left. A ten up-card is of each rank in
    proportion to its count; the pair's two cards are then drawn from the tens left.

    >>> ten_pair_cases((4, 4, 4, 4), 0)  # one pack, an Ace up: 4 ranks x (4 x 3) / (16 x 15) are one rank
    ((None, Fraction(4, 5)), (2, Fraction(1, 5)))
    """
    total = sum(tens)
    after_up = [(Fraction(1), list(tens))]
    if up == TEN:
        after_up = [(Fraction(c, total), [n - (i == r) for i, n in enumerate(tens)]) for r, c in enumerate(tens) if c]
    mix: dict[int | None, Fraction] = {}
    for p_rank, left in after_up:
        n = sum(left)
        if n < 2:
            continue
        same = Fraction(0)
        for c in left:
            if c >= 2:
                q = Fraction(c * (c - 1), n * (n - 1))
                mix[c - 2] = mix.get(c - 2, Fraction(0)) + p_rank * q
                same += q
        if same != 1:
            mix[None] = mix.get(None, Fraction(0)) + p_rank * (1 - same)
    return tuple(sorted(mix.items(), key=lambda kv: -1 if kv[0] is None else kv[0]))


def up_cards(rules: RuleSet, shoe: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The up-card value indices the shoe (default: the full shoe of the rules) holds."""
    shoe = shoe or full_shoe(rules.decks)
    return tuple(up for up in range(10) if shoe[up])


def up_card_evaluators(rules: RuleSet, shoe: tuple[int, ...] | None = None, ups: tuple[int, ...] | None = None):
    """(up index, chance, Evaluator) per possible up-card of the shoe (only those in `ups` when given)."""
    shoe = shoe or full_shoe(rules.decks)
    size = sum(shoe)
    for up in up_cards(rules, shoe) if ups is None else ups:
        dealer = DealerTable(up, rules.hit_soft17)
        yield up, Fraction(shoe[up], size), Evaluator(add(shoe, up, -1), up, rules, dealer)


@contextmanager
def _no_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector: the evaluation makes no reference cycles, and its passes over
    millions of memoised tuples cost about a tenth of the time. The previous state is restored."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def full_game(
    rules: RuleSet,
    progress: Callable[[int, int, str], None] | None = None,
    shoe: tuple[int, ...] | None = None,
    ups: tuple[int, ...] | None = None,
) -> GameResult:
    """Exact expectation of the initial wager from a full shoe (or `shoe`, counts per value) under
    composition-dependent optimal play. `ups`: only these up-card indices (a part of the game, for
    computing up-cards apart: `ev` is then their share of the whole expectation)."""
    if shoe is not None and rules.same_rank_tens:
        raise InputError("a shoe given by values cannot say which tens share a rank")
    with _no_collection():
        return _full_game(rules, progress, shoe, ups)


def full_game_in_parts(rules: RuleSet, progress: Callable[[int, int, str], None] | None = None) -> GameResult:
    """`full_game` from a full shoe with the up-cards computed apart on `core.parallel.workers()` processes.

    They are merged in up-card order: the same values, without the evaluators (they stay in the workers). So
    it serves the expectations and rows but not the strategy derivation."""
    parts = map_parts(_part, [(rules, up) for up in up_cards(rules)], progress, "blackjack: up-cards")
    return GameResult(
        rules,
        sum((p.ev for p in parts), Fraction(0)),
        tuple(x for p in parts for x in p.per_up),
        tuple(r for p in parts for r in p.rows),
        tuple(sorted({n for p in parts for n in p.split_limits})),
        {},
    )


def _part(job: tuple[RuleSet, int]) -> GameResult:
    """One up-card's share of the full game, evaluators left behind (not sent between processes)."""
    rules, up = job
    g = full_game(rules, ups=(up,))
    return GameResult(rules, g.ev, g.per_up, g.rows, g.split_limits, {})


def _full_game(
    rules: RuleSet,
    progress: Callable[[int, int, str], None] | None,
    shoe: tuple[int, ...] | None,
    ups: tuple[int, ...] | None,
) -> GameResult:
    """`full_game` itself."""
    total = Fraction(0)
    per_up: list[tuple[int, Fraction, Fraction]] = []
    rows: list[HandRow] = []
    limits: set[int] = set()
    evaluators: dict[int, Evaluator] = {}
    for done, (up, p_up, ev) in enumerate(up_card_evaluators(rules, shoe, ups)):
        if progress:
            progress(done, 10, f"blackjack: up-card {done + 1} of 10")
        evaluators[up] = ev
        up_total = Fraction(0)
        for row in _starting_hands(rules, up, ev):
            limits.update(v.split_limit for _, _, v in row.cases)
            limits.add(row.values.split_limit)
            rows.append(row)
            up_total += row.prob * row.ev
        ev.dealer.release()  # the shared banker level sums: memory only, the results are kept
        per_up.append((up, p_up, up_total))
        total += p_up * up_total
    if progress:
        progress(10, 10, "blackjack: done")
    return GameResult(rules, total, tuple(per_up), tuple(rows), tuple(sorted(limits - {0})), evaluators)


def _splits(rules: RuleSet, ev: Evaluator) -> dict[tuple[int, ...], SplitPlay]:
    """The split of each starting pair (same-rank tens apart).

    The banker's stand values of every starting hand and split are computed in two batches
    (`DealerTable.fill`). One comes before the post-split strategies are chosen. The other comes after: what
    those fixed strategies meet on the shoes with extra pair cards gone."""
    shoe = ev.shoe
    starts = [
        hand_of((a, b))
        for a in range(10)
        for b in range(a, 10)
        if shoe[a] and shoe[b] - (a == b) > 0 and not (a == ACE and b == TEN)
    ]
    plays = {}
    for h in starts:
        partners = pair_partners(ev, h)
        if partners is not None:
            plays[h] = SplitPlay(ev.left(h), ev.up, h.index(2), partners, rules, ev.dealer)
    ev.dealer.fill([ev.wanted(ev.stand_plan(starts))] + [p.first_wanted() for p in plays.values()], rules.peek)
    for p in plays.values():
        p.choose()
    ev.dealer.fill([p.later_wanted() for p in plays.values()], rules.peek)
    return plays


def _starting_hands(rules: RuleSet, up: int, ev: Evaluator):
    """Every starting hand against one up-card, with each action's value and its chance."""
    shoe = ev.shoe
    size = sum(shoe)
    plays = _splits(rules, ev)
    for a in range(10):
        for b in range(a, 10):
            ways = shoe[a] * (shoe[b] - (a == b)) * (1 if a == b else 2)
            if not ways:
                continue
            p = Fraction(ways, size * (size - 1))
            h = hand_of((a, b))
            cases: tuple = ()
            if a == b == TEN and rules.same_rank_tens and TEN + 1 in rules.split_values:
                cases = tuple(
                    (q, k, start_hand(ev, h, k, stand_always=False))
                    for k, q in ten_pair_cases((4 * rules.decks,) * 4, up)
                )
                hv_ev = sum((q * v.ev for q, _, v in cases), Fraction(0))
                values = max(cases, key=lambda c: c[0])[2]
            else:
                values = start_hand(ev, h, pair_partners(ev, h), stand_always=False, play=plays.get(h))
                hv_ev = values.ev
            yield HandRow(up, (a, b), p, values, hv_ev, cases)
