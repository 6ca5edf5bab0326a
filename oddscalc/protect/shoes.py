"""One shoe dealt to the cut card, with the exact expectation of every round before it is dealt.

Model. Shoe number i of a run with seed s is the full shoe's cards shuffled by `random.Random("oddscalc-
protect:s:i")` (a string seed: the same order on every machine and process). The cut card lies after
floor(penetration x N) cards. Before each round, while fewer cards than that have been dealt, the measures'
exact expectations are taken on the composition left. Then the round is really played from the top of the
shoe (`rounds`), and the cards it takes are recorded. The round in which the cut card comes out is finished
and is the shoe's last. A round is not begun when the exact engine finds the shoe too small to define it,
and a round the shoe runs out during ends the shoe (both recorded as the shoe's end).

With the double-precision evaluator (the target's `engine` "double") every round is valued in doubles
(recorded exactly as the binary fractions they are). The exception is a round the evaluator declines: the exact
engine values it. In every `check`-th shoe (shoe index divisible by `check`) one round is valued by the exact
engine too. It is drawn by the seed and the index among those valued in doubles. So each run states how far the
two agree on its own rounds.

Burn cards (`protect.burn`, default none) leave the top of the shoe before the first round and count toward
the cut card. Those burnt face up are seen (out of the composition valued, in the count). Those face down are
not (still in the composition valued: the counter cannot tell them from the cards in the shoe). Each round
plays `boxes` player boxes (blackjack; 1 by default). With index plays (`index_plays`) the basic strategy's
measure is valued under the plays the counter makes at the true count before the round (from the cards he has
seen, as `before_rounds` states them). His boxes are played by those plays too, so they change the cards drawn
after them. A round he sits out (`stakes`: a stake of 0, or wonged out) is drawn by the basic strategy chart.

Several players (`players`, blackjack): each counts the cards seen by his own count. Before each round he
takes his place (wonging), stake and index plays by his own true count. The round deals a box to each player
staking (seat order, each box played by the basic strategy chart with its player's index plays; one box, by
the chart, when none stakes). It records the basic strategy's values and each player's under his index plays
(`Round.seats`). Insurance, taken by an index play, is valued and draws no card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor

from oddscalc.core.errors import ShoeError
from oddscalc.protect.burn import NO_BURN, Burn
from oddscalc.protect.count_systems import CountSystem, true_count
from oddscalc.protect.index_plays import IndexSet
from oddscalc.protect.players import Player, boxes_dealt, seats_before
from oddscalc.protect.round_cards import MAX_CUSTOM_BOXES, OutOfCards, round_player
from oddscalc.protect.stakes import PLAY, Stakes
from oddscalc.protect.target import Deviations, Target
from oddscalc.wager_results import ShoeRunsOut

__all__ = ["Before", "Plan", "Round", "ShoeRecord", "before_rounds", "deal_shoe", "shoe_order"]


@dataclass(frozen=True)
class Plan:
    """What a run deals: the target, the penetration (a fraction of the shoe), the seed and how many shoes."""

    target: Target
    penetration: Fraction
    seed: int
    shoes: int
    check: int = 10  # with the double-precision evaluator: one round checked exactly in every `check`-th shoe
    burn: Burn = NO_BURN  # the cards burnt before the first round
    boxes: int = 1  # player boxes dealt in each round (blackjack)
    indices: IndexSet | None = None  # the counter's index plays (blackjack's basic strategy measure)
    count: CountSystem | None = None  # the count whose true count the index plays read (with `indices`)
    pack: int = 52  # cards a pack, for that true count
    players: tuple[Player, ...] = ()  # several players at the table, in seat order (blackjack; none: `boxes` alike)
    stakes: Stakes | None = None  # with `indices`: the counter's stakes (a round staked 0 is drawn by basic strategy)


@dataclass(frozen=True)
class Round:
    """The cards one round took (kind indices, in order) and each measure's expectation before it: exact, or
    (`estimated`) a double as the exact binary fraction it is; `exact`: the exact engine's values of an estimated
    round checked against it."""

    cards: tuple[int, ...]
    values: tuple[Fraction, ...]
    estimated: bool = False
    exact: tuple[Fraction, ...] | None = None
    seats: tuple[tuple[Fraction, ...], ...] = ()  # with several players: each one's values, under his index plays


@dataclass(frozen=True)
class ShoeRecord:
    """A shoe's rounds, how it ended, and the cards burnt from its top before the first round (kind indices, in
    order; the first `face_up` of them seen by the counter)."""

    index: int
    rounds: tuple[Round, ...]
    end: str  # "cut card", "shoe too small for the engine", "shoe ran out"
    burnt: tuple[int, ...] = ()
    face_up: int = 0


@dataclass(frozen=True)
class Before:
    """What is known before a round: its position (cards out of the shoe, burnt ones included), the cards the
    counter has seen of each kind (face-up burnt cards and earlier rounds) and how many he has not seen."""

    start: int
    seen: tuple[int, ...]
    unseen: int


def before_rounds(record: ShoeRecord, kinds: tuple[tuple[str, int], ...]) -> list[Before]:
    """`Before` each round of a shoe, from its record alone."""
    seen = [0] * len(kinds)
    for k in record.burnt[: record.face_up]:
        seen[k] += 1
    start, unseen = len(record.burnt), sum(n for _, n in kinds) - record.face_up
    out = []
    for x in record.rounds:
        out.append(Before(start, tuple(seen), unseen))
        for k in x.cards:
            seen[k] += 1
        start += len(x.cards)
        unseen -= len(x.cards)
    return out


def shoe_order(plan: Plan, index: int, kinds: tuple[tuple[str, int], ...]) -> list[int]:
    """The card order (kind indices) of shoe `index`: fixed by the seed and the index alone."""
    cards = [k for k, (_, n) in enumerate(kinds) for _ in range(n)]
    random.Random(f"oddscalc-protect:{plan.seed}:{index}").shuffle(cards)
    return cards


def deal_shoe(plan: Plan, index: int) -> ShoeRecord:
    """Deal shoe `index` to the cut, valuing every round exactly before it is dealt."""
    target = plan.target
    kinds = target.kinds()
    cards = shoe_order(plan, index, kinds)
    cut = floor(plan.penetration * len(cards))
    if plan.players:
        return _deal_players(plan, index, kinds, cards, cut)
    used = round_player(target, plan.boxes)  # the basic strategy chart's round (index plays: `_played_by`)
    left = [n for _, n in kinds]
    burnt, face_up = plan.burn.taken(cards, [label for label, _ in kinds])
    for k in cards[:face_up]:
        left[k] -= 1
    position, end = burnt, "cut card"
    rounds: list[Round] = []
    seen = [0] * len(kinds)
    for k in cards[:face_up]:
        seen[k] += 1
    plays: list[Deviations] = []
    where = plan.stakes.first if plan.stakes is not None else PLAY
    while position < cut:
        plays.append(_index_plays(plan, seen, sum(left)))
        where, drawn = _played_by(plan, where, seen, sum(left), plays[-1])
        try:
            values, estimated = _values(target, tuple(left), plays[-1])
        except ShoeRunsOut:
            end = "shoe too small for the engine"
            break
        except ShoeError:
            if not rounds:
                raise  # the whole shoe is too small: the user's rule set, said at once
            end = "shoe too small for the engine"  # e.g. Super Pan 9's bank: 3 cards for it and each hand
            break
        try:
            n = (round_player(target, plan.boxes, plays=(drawn,) * plan.boxes) if drawn else used)(cards, position)
        except OutOfCards:
            n, end = len(cards) - position, "shoe ran out"
        taken = tuple(cards[position : position + n])
        rounds.append(Round(taken, values, estimated))
        for k in taken:
            left[k] -= 1
            seen[k] += 1
        position += n
        if end != "cut card":
            break
    checked = _checked(plan, index, kinds, rounds, cards[:face_up], plays)
    return ShoeRecord(index, checked, end, tuple(cards[:burnt]), face_up)


def _deal_players(plan: Plan, index: int, kinds: tuple[tuple[str, int], ...], cards: list[int], cut: int) -> ShoeRecord:
    """Shoe `index` dealt to a table of several players.

    Before each round, every player's place, stake and index plays go by his own count. The round deals a box to
    each player staking, in seat order, the banker after them: who sits out changes the cards the others get. The
    round's values are recorded for the basic strategy and for each player under his index plays."""
    target = plan.target
    left = [n for _, n in kinds]
    burnt, face_up = plan.burn.taken(cards, [label for label, _ in kinds])
    seen = [0] * len(kinds)
    for k in cards[:face_up]:
        left[k] -= 1
        seen[k] += 1
    position, end = burnt, "cut card"
    rounds: list[Round] = []
    where = [p.stakes.first for p in plan.players]
    while position < cut:
        seats = seats_before(plan.players, where, tuple(seen), sum(left), plan.pack)
        where = [s.where for s in seats]
        found: dict[Deviations, tuple[tuple[Fraction, ...], bool]] = {}
        try:
            for plays in ((), *(s.plays for s in seats)):
                if plays not in found:
                    found[plays] = _values(target, tuple(left), plays)
        except ShoeRunsOut:
            end = "shoe too small for the engine"
            break
        except ShoeError:
            if not rounds:
                raise
            end = "shoe too small for the engine"
            break
        boxes = tuple(s.plays for s in seats if s.stake) or ((),)  # none staking: one box, another punter's
        try:
            n = round_player(target, boxes_dealt(seats), MAX_CUSTOM_BOXES, boxes)(cards, position)
        except OutOfCards:
            n, end = len(cards) - position, "shoe ran out"
        taken = tuple(cards[position : position + n])
        values, estimated = found[()]
        rounds.append(Round(taken, values, estimated, seats=tuple(found[s.plays][0] for s in seats)))
        for k in taken:
            left[k] -= 1
            seen[k] += 1
        position += n
        if end != "cut card":
            break
    checked = _checked(plan, index, kinds, rounds, cards[:face_up])
    return ShoeRecord(index, checked, end, tuple(cards[:burnt]), face_up)


def _index_plays(plan: Plan, seen: Sequence[int], unseen: int) -> Deviations:
    """The index plays made on the next round: those whose condition holds at the true count before it (the
    counter has seen `seen` cards of each kind, and `unseen` are left); none without an index set."""
    if plan.indices is None or plan.count is None or not unseen:
        return ()
    return plan.indices.deviations(true_count(plan.count.running(tuple(seen)), unseen, plan.pack))


def _played_by(plan: Plan, where: str, seen: Sequence[int], unseen: int, plays: Deviations) -> tuple[str, Deviations]:
    """Where the counter is for the next round (his stakes' place, stepped from `where`) and the index plays his
    boxes draw by: `plays` when he stakes on the round, none (the basic strategy's, another punter's) when he
    sits it out or is away."""
    if plan.stakes is None or plan.count is None:
        return where, plays
    rc = plan.count.running(tuple(seen))
    tc = true_count(rc, unseen, plan.pack) if unseen else Fraction(0)
    where = plan.stakes.step(where, tc)
    return where, plays if where == PLAY and plan.stakes.units(rc, tc) else ()


def _values(target: Target, counts: tuple[int, ...], plays: Deviations = ()) -> tuple[tuple[Fraction, ...], bool]:
    """Each measure's value on `counts` (the round's index plays `plays`) and whether it is an estimate (the
    double-precision evaluator's)."""
    if target.engine == "double":
        estimates, exact = target.estimate(counts, plays) if plays else target.estimate(counts)
        return tuple(Fraction(estimates[m.name]) for m in target.measures), not exact
    found = target.evaluate(counts, plays) if plays else target.evaluate(counts)
    return tuple(found[m.name] for m in target.measures), False


def _checked(
    plan: Plan,
    index: int,
    kinds: tuple[tuple[str, int], ...],
    rounds: list[Round],
    shown: Sequence[int],
    plays: Sequence[Deviations] = (),
) -> tuple[Round, ...]:
    """The rounds, one of them (in every `plan.check`-th shoe) with the exact engine's values as well (`shown`:
    the cards burnt face up; `plays`: each round's index plays)."""
    estimated = [j for j, x in enumerate(rounds) if x.estimated]
    if not estimated or not plan.check or index % plan.check:
        return tuple(rounds)
    j = estimated[random.Random(f"oddscalc-protect-check:{plan.seed}:{index}").randrange(len(estimated))]
    left = [n for _, n in kinds]
    for x in rounds[:j]:
        for k in x.cards:
            left[k] -= 1
    for k in shown:
        left[k] -= 1
    exact = plan.target.evaluate(tuple(left), plays[j] if plays else ())
    rounds[j] = replace(rounds[j], exact=tuple(exact[m.name] for m in plan.target.measures))
    return tuple(rounds)
