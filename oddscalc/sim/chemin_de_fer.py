"""The reference simulator for chemin de fer (reg 6): cards dealt from a shuffled shoe, the player's row and the
banker's tableau (`sim/baccarat.py`), a natural ending the coup, the bank's winnings less any commission.

Where the rules leave a choice, the simulator follows the exact engine's decision table, read as data. The
choices are the player's on a two-card 5, and the banker's in the tableau's optional cells, or in every cell when
he is free. A mixed choice with probability n/d is made exactly (`baccarat.chance`). A full shoe of `decks`
packs is reshuffled every coup; `decks=infinite` deals with replacement from one pack.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import parse_commission
from oddscalc.sim.baccarat import OPTIONAL_CELLS, STOOD, Deal, banker_cell, banker_draws, chance, dealers, player_row
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.round_function import Round, SimulationError
from oddscalc.wager_results import RuleError

__all__ = ["chemin_round", "simulator"]


def _commission(text: str) -> Fraction:
    try:
        return parse_commission(text)
    except RuleError as exc:
        raise SimulationError(str(exc)) from None


def chemin_round(
    w: Wager,
    rng: random.Random,
    draw: Deal,
    table: dict,
    commission: Fraction = Fraction(0),
    banker_rule: Callable[[int, int | str], bool] = banker_draws,
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
        rule = player_row(p)
        if rule is None:
            q = table["player5"]
            rule = chance(q[f"{min(player)}+{max(player)}"] if isinstance(q, dict) else q, rng)
        column: int | str = STOOD
        if rule:
            third = c[nxt]
            player.append(third)
            column = third
            took[0].append(nxt)
            nxt += 1
        hand = f"{min(banker[:2])}+{max(banker[:2])}" if table["info"] == "composition" else str(b)
        if table["freedom"] == "classical" and (b, column) not in OPTIONAL_CELLS:
            takes = banker_rule(b, column)
        else:
            takes = chance(banker_cell(table, (hand, column)), rng)
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


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """A one-round function for wager `w` under the rule set (decks, commission); it needs the engine's decision
    `table`."""
    if not isinstance(table, dict):
        raise SimulationError(f"{w.game} needs the exact engine's decision table")
    draw, named = dealers(str(rules.get("decks", "6")))
    commission = _commission(rules.get("commission", "0"))
    return lambda wager, rng, record=None: chemin_round(
        wager, rng, draw if record is None else named, table, commission, record=record
    )
