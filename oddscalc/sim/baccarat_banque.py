"""The reference simulator for baccarat banque (reg 6): the banker against the right and left hands, cards dealt
from a shuffled shoe, each hand drawing by the player's row (`sim/baccarat.py`).

Where the rules leave a choice (a hand on a two-card 5, the banker in every cell) the simulator follows the exact
engine's decision table, read as data; a mixed choice with probability n/d is made exactly (`baccarat.chance`). A
full shoe of `decks` packs is reshuffled every coup; `decks=infinite` deals with replacement from one pack.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import strs_param
from oddscalc.sim.baccarat import STOOD, Deal, banker_cell, chance, dealers, player_row
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.round_function import Round, SimulationError

__all__ = ["NATURAL", "banque_round", "simulator"]

#: A hand's action in the banker's decision table when it holds a natural (it neither drew nor stood).
NATURAL = "natural"


def banque_round(
    w: Wager,
    rng: random.Random,
    draw: Deal,
    table: dict,
    hand_rule: Callable[[int], bool | None] = player_row,
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
        actions: list[int | str] = []
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
        if chance(banker_cell(table, (b, *actions)), rng):
            banker = [*banker, c[nxt]]
            if record is not None:
                record["banker"] = [0, 1, nxt]
        b = sum(banker) % 10
        results = [1 if a == NATURAL else _compare(sum(h) % 10, b) for h, a in zip(hands, actions)]
    if record is not None:
        record.setdefault("banker", [0, 1])
        record["right"], record["left"] = took
    hands_on = strs_param(w, "hands")
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
    """A one-round function for wager `w` under the rule set (decks); it needs the engine's decision `table`."""
    if not isinstance(table, dict):
        raise SimulationError(f"{w.game} needs the exact engine's decision table")
    draw, named = dealers(str(rules.get("decks", "6")))
    return lambda wager, rng, record=None: banque_round(
        wager, rng, draw if record is None else named, table, record=record
    )
