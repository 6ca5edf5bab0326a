"""Total-dependent basic strategy derived from the composition-dependent game, its exact value, and charts.

Definition. Two-card decisions: for each chart row (hard total, soft total, or splittable pair) and
up-card, the action whose value summed over every two-card hand of that row (weighted by its chance,
values from the composition-dependent analysis) is largest. Later stand/hit decisions: for each hard
12-20 / soft 17-20 and up-card, compare standing with hitting summed over every hand of 3 or more cards
of that total, weighted by the chance the composition-dependent player holds it. Hard 11 or less and
soft 16 or less always hit; 21 stands. The strategy's expectation is then computed exactly, splits by
the same method as the optimum with the chart as the post-split strategy. Exact ties: stand, hit,
double, split, in that order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from oddscalc.core.errors import InputError
from oddscalc.games.blackjack.exact.player import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    Evaluator,
    add,
    hand_of,
    is_natural,
    total_of,
)
from oddscalc.games.blackjack.game import GameResult, HandRow
from oddscalc.games.blackjack.hand import choose, pair_partners
from oddscalc.games.blackjack.rules import ACE
from oddscalc.games.blackjack.shoe import LABELS
from oddscalc.games.blackjack.splits.expectation import FixedPolicy, split_value

__all__ = [
    "CODES",
    "INSURANCE_HAND",
    "INSURE",
    "UP_ORDER",
    "Deviation",
    "Strategy",
    "chart_rows",
    "derive",
    "deviate",
    "hand_value",
    "play_policy",
    "row_of",
    "td_value",
]

CODES = {STAND: "S", HIT: "H", DOUBLE: "D", SPLIT: "P"}
UP_ORDER = tuple(range(1, 10)) + (ACE,)  # 2..9, ten, Ace


@dataclass(frozen=True)
class Strategy:
    """Charts keyed (row, up index) -> action. Rows: ("hard", t), ("soft", t), ("pair", value index);
    `later` holds the stand/hit chart for hands of three or more cards; `no_double` the two-card
    choice where doubling is not allowed (after a split without DAS)."""

    two_card: tuple[tuple[tuple[tuple[str, int], int], str], ...]
    later: tuple[tuple[tuple[tuple[str, int], int], str], ...]
    no_double: tuple[tuple[tuple[tuple[str, int], int], str], ...]

    @cached_property
    def lookup(self) -> dict[str, dict[tuple[tuple[str, int], int], str]]:
        """The three charts as dictionaries (built once: a policy reads them for every hand it plays)."""
        return {"two_card": dict(self.two_card), "later": dict(self.later), "no_double": dict(self.no_double)}

    def first(self, row: tuple[str, int], up: int) -> str | None:
        return self.lookup["two_card"].get((row, up))

    def after(self, row: tuple[str, int], up: int) -> str | None:
        return self.lookup["later"].get((row, up))


def row_of(cards: tuple[int, int], splittable: bool) -> tuple[str, int]:
    """The chart row of a two-card hand: a splittable pair, else soft or hard total."""
    a, b = cards
    if a == b and splittable:
        return ("pair", a)
    total, soft = total_of(hand_of(cards))
    return ("soft" if soft else "hard", total)


def _row_weights(rows: tuple[HandRow, ...], rules) -> dict[tuple[tuple[str, int], int], dict[str, Fraction]]:
    acc: dict[tuple[tuple[str, int], int], dict[str, Fraction]] = {}
    for r in rows:
        if r.values.natural:
            continue
        parts = [(Fraction(1), r.values, r.cards[0] == r.cards[1] and r.cards[0] + 1 in rules.split_values)]
        if r.cases:
            parts = [(q, v, k is not None) for q, k, v in r.cases]
        for q, values, splittable in parts:
            key = (row_of(r.cards, splittable), r.up)
            slot = acc.setdefault(key, {})
            for action, value in values.actions:
                slot[action] = slot.get(action, Fraction(0)) + r.prob * q * value
    return acc


def derive(game: GameResult) -> Strategy:
    """The total-dependent strategy from a full-game result (its evaluators hold the composition values)."""
    two, nod = {}, {}
    for key, sums in _row_weights(game.rows, game.rules).items():
        two[key] = choose(sums)
        nod[key] = choose({a: v for a, v in sums.items() if a in (STAND, HIT)})
    later: dict[tuple[tuple[str, int], int], dict[str, Fraction]] = {}
    for up, ev in game.evaluators.items():
        reach = _cd_reach(game, up, ev)
        for h, w in reach.items():
            total, soft = total_of(h)
            if sum(h) < 3 or total >= 21 or total <= 11 or (soft and total <= 16):
                continue
            hit = ev.hit_value(h)
            slot = later.setdefault((("soft" if soft else "hard", total), up), {STAND: Fraction(0), HIT: Fraction(0)})
            slot[STAND] += w * ev.stand(h)
            slot[HIT] += w * hit
    after = {key: choose(s) for key, s in later.items()}
    return Strategy(tuple(sorted(two.items())), tuple(sorted(after.items())), tuple(sorted(nod.items())))


def _cd_reach(game: GameResult, up: int, ev: Evaluator) -> dict[tuple[int, ...], Fraction]:
    """Chance (given the up-card) that the composition-dependent player holds each hand after hitting."""
    reach: dict[tuple[int, ...], Fraction] = {}
    frontier: dict[tuple[int, ...], Fraction] = {}
    for r in game.rows:
        if r.up == up and r.values.best == HIT:
            frontier[hand_of(r.cards)] = frontier.get(hand_of(r.cards), Fraction(0)) + r.prob
    while frontier:
        nxt: dict[tuple[int, ...], Fraction] = {}
        for h, w in frontier.items():
            cards, size = ev.draws(h)
            for c, n in cards:
                hc = add(h, c)
                if total_of(hc)[0] >= 21 and total_of(hc)[0] != 21:
                    continue
                p = w * n / size
                reach[hc] = reach.get(hc, Fraction(0)) + p
                if total_of(hc)[0] < 21 and ev.policy.get(hc) == HIT:
                    nxt[hc] = nxt.get(hc, Fraction(0)) + p
        frontier = nxt
    return reach


def _later_action(strategy: Strategy, h: tuple[int, ...], up: int) -> str:
    total, soft = total_of(h)
    if total >= 21:
        return STAND
    if total <= 11 or (soft and total <= 16):
        return HIT
    return strategy.after(("soft" if soft else "hard", total), up) or STAND


def play_policy(strategy: Strategy, up: int, split_pair: int | None, das: bool) -> Callable[[tuple[int, ...]], str]:
    """The chart as a policy (hand -> stand/hit/double) against up-card index `up`; for split hands of value
    index `split_pair`, a two-card hand is read by its total (doubling only with DAS), split Aces stand."""

    def act(h: tuple[int, ...]) -> str:
        if sum(h) == 2:
            if split_pair == ACE:
                return STAND
            total, soft = total_of(h)
            row = ("soft" if soft else "hard", total)
            charts = strategy.lookup
            chart = charts["two_card"] if (split_pair is None or das) else charts["no_double"]
            a = chart.get((row, up)) or charts["no_double"].get((row, up))
            if a in (STAND, HIT, DOUBLE):
                return a
            return _later_action(strategy, h, up)
        return _later_action(strategy, h, up)

    return act


def td_value(game: GameResult, strategy: Strategy) -> tuple[Fraction, tuple[tuple[int, Fraction], ...]]:
    """Exact expectation of the total-dependent strategy: overall and per up-card."""
    rules = game.rules
    total = Fraction(0)
    per_up = []
    probs = {up: p for up, p, _ in game.per_up}
    for up, ev in game.evaluators.items():
        fixed = FixedPolicy(ev, 0, play_policy(strategy, up, None, rules.das))
        up_total = Fraction(0)
        for r in game.rows:
            if r.up != up:
                continue
            cases = [(q, k) for q, k, _ in r.cases] or [(Fraction(1), _partners(ev, r))]
            up_total += r.prob * sum((q * hand_value(ev, fixed, strategy, r.cards, k) for q, k in cases), Fraction(0))
        per_up.append((up, up_total))
        total += probs[up] * up_total
    return total, tuple(per_up)


def hand_value(
    ev: Evaluator, fixed: FixedPolicy, strategy: Strategy, cards: tuple[int, int], partners: int | None
) -> Fraction:
    """Exact expectation of a starting hand (value indices `cards`) played by the chart on `ev`'s shoe.

    `fixed`: the chart's play of unsplit hands there. `partners`: cards that may join a pair, None if it may
    not be split. With peek the banker-blackjack loss is included."""
    rules, up = ev.rules, ev.up
    h = hand_of(cards)
    pbj = ev.p_banker_bj(h)
    if is_natural(h):
        return rules.blackjack_pays * (1 - pbj)
    action = strategy.first(row_of(cards, partners is not None), up) or STAND
    if action == SPLIT and partners is not None:
        pair = cards[0]
        v = split_value(
            ev.left(h), up, pair, partners, rules, ev.dealer, policy=play_policy(strategy, up, pair, rules.das)
        ).value
    elif action == DOUBLE and ev.may_double(h):
        v = ev.double(h)
    elif action == HIT:
        cards_left, size = ev.draws(h)
        v = (
            sum(
                (
                    n * fixed.value(add(h, c)) if total_of(add(h, c))[0] <= 21 else n * ev.busted(add(h, c))
                    for c, n in cards_left
                ),
                Fraction(0),
            )
            / size
        )
    else:
        v = ev.stand(h)
    return v - pbj if rules.peek else v


def _partners(ev: Evaluator, r: HandRow) -> int | None:
    return pair_partners(ev, hand_of(r.cards))


def chart_rows(strategy: Strategy, kind: str) -> list[tuple[str, list[str]]]:
    """Rows of one chart ('hard', 'soft', 'pair', 'later') as (label, action codes per up-card 2..A)."""
    table = dict(strategy.later if kind == "later" else strategy.two_card)
    keys = sorted({row for row, _ in table if kind == "later" or row[0] == kind}, key=lambda r: (r[0], r[1]))
    out = []
    for row in keys:
        if row[0] == "pair":
            label = f"{LABELS[row[1]]},{LABELS[row[1]]}"
        else:
            label = f"{'soft' if row[0] == 'soft' else 'hard'} {row[1]}"
        out.append((label, [CODES.get(table.get((row, up), ""), "-") for up in UP_ORDER]))
    if kind == "pair":
        out.sort(key=lambda x: (x[0] != "A,A", x[0]))
    return out


#: A play in place of the chart's (`deviate`): (hand "hard 16" / "soft 18" / "pair T" / "insurance", up-card
#: label, action stand / hit / double / split / insure).
Deviation = tuple[str, str, str]
INSURANCE_HAND, INSURE = "insurance", "insure"


def deviate(chart: Strategy, plays: tuple[Deviation, ...], rules) -> Strategy:
    """`chart` with each play in place of its own (an index play).

    A stand or hit applies to every hand of that total (two cards, more, and where doubling is barred). A
    double or a split applies on two cards. Insurance is not a chart's and is left to the caller. A play the chart or
    the rules have no room for is refused (InputError)."""
    charts = {name: dict(getattr(chart, name)) for name in ("two_card", "later", "no_double")}
    for hand, up_label, action in plays:
        if hand == INSURANCE_HAND:
            if up_label != "A" or action != INSURE:
                raise InputError(f"insurance v {up_label}: {action}: allowed only insurance v A: insure")
            continue
        row, up = _deviation_row(hand, up_label)
        if action not in (STAND, HIT, DOUBLE, SPLIT):
            raise InputError(f"{hand} v {up_label}: play {action!r}; allowed: stand, hit, double, split")
        if row[0] == "pair" and (row, up) not in charts["two_card"]:
            cards = f"{LABELS[row[1]]},{LABELS[row[1]]}"
            raise InputError(f"{hand} v {up_label}: {action}: the rules do not let {cards} split (a pair's play)")
        if (action == SPLIT) != (row[0] == "pair"):
            raise InputError(f"{hand} v {up_label}: {action}: allowed {_room(row)}")
        if action == DOUBLE and not rules.can_double(row[1]):
            raise InputError(f"{hand} v {up_label}: double: the rules do not allow a double on {row[1]}")
        charts["two_card"][(row, up)] = action
        if action in (STAND, HIT):
            for name in ("later", "no_double"):
                if (row, up) in charts[name]:
                    charts[name][(row, up)] = action
    return Strategy(*(tuple(sorted(charts[n].items())) for n in ("two_card", "later", "no_double")))


def _room(row: tuple[str, int]) -> str:
    return (
        "split, on a pair the rules let split" if row[0] == "pair" else "stand, hit or double on a hard or soft total"
    )


def _deviation_row(hand: str, up_label: str) -> tuple[tuple[str, int], int]:
    """The chart row and up-card index of `hand` ("hard 16", "soft 18", "pair T") against `up_label`."""
    kind, _, value = hand.partition(" ")
    if up_label not in LABELS:
        raise InputError(f"up-card {up_label!r}; allowed: {', '.join(LABELS)}")
    up = LABELS.index(up_label)
    if kind == "pair" and value in LABELS:
        return ("pair", LABELS.index(value)), up
    if kind in ("hard", "soft") and value.isdigit() and (5 if kind == "hard" else 13) <= int(value) <= 20:
        return (kind, int(value)), up
    raise InputError(f"hand {hand!r}; allowed: hard 5-20, soft 13-20, pair A-T, insurance")
