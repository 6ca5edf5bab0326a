"""The reference simulator for casino stud poker (reg 8, Sch 2): five cards each from a freshly shuffled 52-card
pack, hands ranked by the simulators' own evaluator (`sim/poker.py`), written from the law apart from the engines.

The player's Ante and Raise follow the exact engine's decision table (its output, read as data); the progressive
jackpot wager is paid on the player's own five cards. Every round is settled here from the cards dealt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import int_param
from oddscalc.regulations.rule_values import parse_meter
from oddscalc.sim.log_lines import amount_text, wager_entry
from oddscalc.sim.poker import FIVE_NAMES, PACK, Card, Value, card_names, rank_five, two_wagers
from oddscalc.sim.round_function import Round, SimulationError

__all__ = ["JACKPOT_KEY", "RAISE_KEY", "jackpot_round", "simulator", "stud_qualifies", "stud_round"]

#: The `ante` wager's Raise payout for each five-card category (reg 8(8)(b): "one pair or less" covers no pair).
RAISE_KEY = {
    "no pair": "one-pair-or-less",
    "one pair": "one-pair-or-less",
    "two pairs": "two-pairs",
    "three of a kind": "three-of-a-kind",
    "straight": "straight",
    "flush": "flush",
    "full house": "full-house",
    "four of a kind": "four-of-a-kind",
    "straight flush": "straight-flush",
    "royal flush": "royal-flush",
}
#: Reg 8(11A)(e): the progressive jackpot's paying hands, by the payout keys of the wager.
JACKPOT_KEY = {
    "royal flush": "royal-flush",
    "straight flush": "straight-flush",
    "four of a kind": "four-of-a-kind",
    "full house": "full-house",
    "flush": "flush",
}


def stud_qualifies(value: Value) -> bool:
    """Reg 8(9): "Ace/King or better", a hand holding an Ace and a King, or any better hand."""
    cat, ranks = value
    return cat > 0 or (ranks[0] == 14 and ranks[1] == 13)


def stud_round(
    w: Wager,
    rng: random.Random,
    table,
    qualifies: Callable[[Value], bool] = stud_qualifies,
    rank: Callable[[Sequence[Card]], Value] = rank_five,
    record: dict | None = None,
) -> Fraction:
    """One hand of Ante and Raise, net per unit Ante.

    Each gets five cards, the banker's fifth face up (reg 8(1)(e)). A fold loses the Ante (reg 8(7)). A banker
    without Ace/King or better pays the Ante only (8(8)(a)). Else the better hand wins both, the Raise paid by
    the player's hand (8(8)(b), (10)); equal hands void (8(11))."""
    deal = rng.sample(PACK, 10)
    player, banker = deal[:5], deal[5:]
    mine = rank(player)
    raise_stake = int_param(w, "raise", 2)
    if not table.decide(tuple(player), banker[4], FIVE_NAMES[mine[0]]):
        parts: tuple[Fraction, Fraction | None] = (Fraction(-1), None)
    else:
        theirs = rank(banker)
        if not qualifies(theirs):
            parts = (w.pay("ante"), Fraction(0))
        elif mine > theirs:
            parts = (w.pay("ante"), w.pay(RAISE_KEY[FIVE_NAMES[mine[0]]]))
        elif mine == theirs:
            parts = (Fraction(0), Fraction(0))
        else:
            parts = (Fraction(-1), Fraction(-1))
    return two_wagers(record, player, banker, parts, "raise", raise_stake)


def jackpot_round(
    w: Wager,
    rng: random.Random,
    meter: Fraction,
    stake_returned: bool,
    rank: Callable[[Sequence[Card]], Value] = rank_five,
    record: dict | None = None,
) -> Fraction:
    """The 1-unit progressive jackpot wager (reg 8(11A)(e)), on the player's own five cards: a payout in
    "meter" units is that share of the meter, one in "stake" units that multiple of the wager."""
    cards = rng.sample(PACK, 5)
    name = FIVE_NAMES[rank(cards)[0]]
    if name not in JACKPOT_KEY:
        result = Fraction(-1)
    else:
        key = JACKPOT_KEY[name]
        unit = next(p.unit for p in w.payouts if p.key == key)
        won = w.pay(key) * (meter if unit == "meter" else 1)
        result = won - (0 if stake_returned else 1)
    if record is not None:
        record.update(
            {"player": card_names(cards), "meter": amount_text(meter), "wagers": [wager_entry(w.key, result, stake=1)]}
        )
    return result


def simulator(w: Wager, rules: dict[str, str], table=None) -> Round:
    """A one-round function for wager `w`; the Ante and Raise follow the engine's decision `table`."""
    if w.key == "ante":
        if table is None:
            raise SimulationError("casino stud poker's Ante needs the exact engine's decision table")
        return lambda wager, rng, record=None: stud_round(wager, rng, table, record=record)
    if w.key == "progressive-jackpot":
        meter = parse_meter(rules.get("meter", "100000"))  # reading the rule is not playing the game
        stake = rules.get("jackpot-stake", "forfeited")  # a choice api.resolve_rules has already checked
        return lambda wager, rng, record=None: jackpot_round(wager, rng, meter, stake == "returned", record=record)
    raise SimulationError(f"no poker simulator for {w.game!r} wager {w.key!r}")
