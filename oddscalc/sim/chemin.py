"""Reference simulators for chemin de fer and baccarat banque: cards dealt from a shuffled shoe, rules as dealt.

The drawing rules (naturals, the opposing hands' rows, the banker's tableau and its four optional cells) are
written here again from the law and the traditional rules, apart from the engines. Where the rules leave a
choice (the player on a two-card 5; the chemin de fer banker in the tableau's optional cells, or in every cell
when he is free; the baccarat banque banker in every cell) the simulator follows the exact engine's decision
table, read as data (see each game's `decision_table`). A mixed choice with probability n/d is made exactly:
draw when `rng.randrange(d) < n`.

A full shoe of `decks` packs is reshuffled every coup; `decks=infinite` deals with replacement from one pack
(each card independently uniform over its 52), which is what the engines' infinite shoe means.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from oddscalc.analysis import RuleError
from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import parse_commission
from oddscalc.sim.baccarat import punto_banco_labels
from oddscalc.sim.cards import draw_cards
from oddscalc.sim.roundlog import wager_entry
from oddscalc.sim.rounds import Round, SimulationError

__all__ = [
    "NATURAL",
    "OPTIONAL_CELLS",
    "STOOD",
    "banque_round",
    "chemin_round",
    "deal",
    "hand_draws",
    "shoe",
    "simulator",
    "tableau_draws",
]

STOOD, NATURAL = "stood", "natural"
#: Cells (banker's total, column) where the traditional chemin de fer rules leave the banker the choice.
OPTIONAL_CELLS = frozenset({(3, 9), (4, 1), (5, 4), (6, STOOD)})
Deal = Callable[[random.Random, int], list[int]]


def shoe(decks: str) -> tuple[list[int], bool]:
    """Point values of the shoe's cards (one pack for the infinite shoe) and whether to deal with replacement."""
    if decks == "infinite":
        return _pack(1), True
    if not decks.isdigit() or int(decks) < 1:
        raise SimulationError(f"decks {decks!r}: give a number of packs or 'infinite'")
    return _pack(int(decks)), False


def _pack(packs: int) -> list[int]:
    """Ace 1, 2-9 face value, tens and court cards 0: per pack 4 of each of 1-9 and 16 of 0."""
    return [v for _ in range(packs) for v in [*range(1, 10)] * 4 + [0] * 16]


def deal(cards: list[int], replace: bool, labels: list[str] | None = None) -> Deal:
    """A function drawing k cards in order from a freshly shuffled shoe (or independently, with replacement).

    Given the cards' `labels` (names, position by position), it makes the same draws by position and leaves the
    names of the cards drawn last in its attribute `names`, for a round log."""

    def draw(rng: random.Random, k: int) -> list[int]:
        values, draw.names = draw_cards(rng, cards, k, replace, labels)
        return values

    return draw


def _chance(p: Fraction, rng: random.Random) -> bool:
    """True with probability exactly p."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise SimulationError(f"probability {p} is not between 0 and 1")
    return p == 1 or (p > 0 and rng.randrange(p.denominator) < p.numerator)


def hand_draws(total: int) -> bool | None:
    """An opposing hand's two-card total: True draw (0-4), False stand (6-7), None its option (5)."""
    return True if total <= 4 else None if total == 5 else False


def tableau_draws(total: int, column: int | str) -> bool:
    """The banker's tableau: column the player's third card or STOOD (optional cells give the usual default)."""
    if column == STOOD:
        return total <= 5
    if total <= 2:
        return True
    return {3: column != 8, 4: column in (2, 3, 4, 5, 6, 7), 5: column in (4, 5, 6, 7), 6: column in (6, 7)}.get(
        total, False
    )


def _commission(text: str) -> Fraction:
    try:
        return parse_commission(text)
    except RuleError as exc:
        raise SimulationError(str(exc)) from None


def _cell(table: dict, key: tuple) -> Fraction:
    try:
        return table["banker"][key]
    except KeyError:
        raise SimulationError(f"the decision table has no banker cell {key!r}") from None


def chemin_round(
    w: Wager,
    rng: random.Random,
    draw: Deal,
    table: dict,
    commission: Fraction = Fraction(0),
    banker_rule: Callable[[int, int | str], bool] = tableau_draws,
    record: dict | None = None,
) -> Fraction:
    """One coup of chemin de fer; the wager's net return (the bank's side when w's side is 'bank'). With a
    `record` (and a `draw` made with labels) the coup's log record is filled in."""
    c = draw(rng, 6)
    player, banker = [c[0], c[2]], [c[1], c[3]]
    took = [[0, 2], [1, 3]]
    p, b = sum(player) % 10, sum(banker) % 10
    if p < 8 and b < 8:
        nxt = 4
        rule = hand_draws(p)
        if rule is None:
            q = table["player5"]
            rule = _chance(q[f"{min(player)}+{max(player)}"] if isinstance(q, dict) else q, rng)
        column = STOOD
        if rule:
            column = c[nxt]
            player.append(column)
            took[0].append(nxt)
            nxt += 1
        hand = f"{min(banker[:2])}+{max(banker[:2])}" if table["info"] == "composition" else str(b)
        if table["freedom"] == "classical" and (b, column) not in OPTIONAL_CELLS:
            takes = banker_rule(b, column)
        else:
            takes = _chance(_cell(table, (hand, column)), rng)
        if takes:
            banker.append(c[nxt])
            took[1].append(nxt)
        p, b = sum(player) % 10, sum(banker) % 10
    if p == b:
        result = Fraction(0)
    elif w.param("side") == "bank":
        result = (1 - commission) * w.pay() if b > p else Fraction(-1)
    else:
        result = w.pay() if p > b else Fraction(-1)
    if record is not None:
        record["player"] = [draw.names[i] for i in took[0]]
        record["banker"] = [draw.names[i] for i in took[1]]
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def banque_round(
    w: Wager,
    rng: random.Random,
    draw: Deal,
    table: dict,
    hand_rule: Callable[[int], bool | None] = hand_draws,
    record: dict | None = None,
) -> Fraction:
    """One coup of baccarat banque: the banker against the right and left hands; the wager's net return."""
    c = draw(rng, 9)
    result = _banque(w, rng, c, table, hand_rule, record)
    if record is not None:
        names = draw.names
        for key in ("banker", "right", "left"):
            record[key] = [names[i] for i in record[key]]
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def _banque(w: Wager, rng: random.Random, c: list[int], table: dict, hand_rule, record: dict | None) -> Fraction:
    banker, hands = c[0:2], [c[2:4], c[4:6]]
    took = [[2, 3], [4, 5]]
    nxt = 6
    b = sum(banker) % 10
    results = []
    if b >= 8:  # the banker's natural ends the coup: two cards each
        results = [_compare(sum(h) % 10, b) for h in hands]
    else:
        actions = []
        for h in hands:
            t = sum(h) % 10
            rule = False if t >= 8 else hand_rule(t)
            if rule is None:
                rule = table["hand5"] == "draw"
            if rule:
                h.append(c[nxt])
                took[len(actions)].append(nxt)
                nxt += 1
            actions.append(NATURAL if t >= 8 else h[2] if rule else STOOD)
        if _chance(_cell(table, (b, *actions)), rng):
            banker = [*banker, c[nxt]]
            if record is not None:
                record["banker"] = [0, 1, nxt]
        b = sum(banker) % 10
        results = [1 if a == NATURAL else _compare(sum(h) % 10, b) for h, a in zip(hands, actions)]
    if record is not None:
        record.setdefault("banker", [0, 1])
        record["right"], record["left"] = took
    hands_on = tuple(w.param("hands"))
    if hands_on == ("right",):
        return w.pay() if results[0] > 0 else Fraction(results[0])
    if hands_on == ("left",):
        return w.pay() if results[1] > 0 else Fraction(results[1])
    if results == [1, 1]:  # reg 6(4)(b): won if both win, lost if both lose, void otherwise
        return w.pay()
    return Fraction(-1) if results == [-1, -1] else Fraction(0)


def _compare(hand: int, banker: int) -> int:
    return (hand > banker) - (hand < banker)


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """A one-round function for wager `w` under the rule set; both games need the engine's decision `table`."""
    if not isinstance(table, dict):
        raise SimulationError(f"{w.game} needs the exact engine's decision table")
    cards, replace = shoe(str(rules.get("decks", "6")))
    draw = deal(cards, replace)
    named = deal(cards, replace, punto_banco_labels(len(cards) // 52))
    if w.game == "chemin-de-fer":
        commission = _commission(rules.get("commission", "0"))
        return lambda wager, rng, record=None: chemin_round(
            wager, rng, draw if record is None else named, table, commission, record=record
        )
    if w.game == "baccarat-banque":
        return lambda wager, rng, record=None: banque_round(
            wager, rng, draw if record is None else named, table, record=record
        )
    raise SimulationError(f"no chemin de fer or baccarat banque simulator for {w.game!r}")
