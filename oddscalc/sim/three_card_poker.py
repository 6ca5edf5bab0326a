"""The reference simulator for Three Card Poker (reg 12, inserted in 2002): three cards each from a freshly shuffled
52-card pack, hands ranked by the simulators' own evaluator (`sim/poker.py`), written from the law apart from the
engines.

The player's Ante and Play follow the exact engine's decision table (its output, read as data); Pair Plus is paid on
the player's own three cards. Every round is settled here from the cards dealt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.poker import PACK, THREE_NAMES, Card, Value, card_names, rank_three, two_wagers
from oddscalc.sim.round_function import Round, SimulationError

__all__ = [
    "BONUS_KEY",
    "PAIR_PLUS_KEY",
    "PLAY_STAKE",
    "pair_plus_round",
    "simulator",
    "tcp_ante_play_round",
    "tcp_qualifies",
]

#: Reg 12(9): the Ante Bonus's payout for each paying three-card hand.
BONUS_KEY = {
    "straight": "bonus-straight",
    "three of a kind": "bonus-three-of-a-kind",
    "straight flush": "bonus-straight-flush",
}
#: Reg 12(12): the Pair Plus payout for each paying three-card hand (reg 12(13): it loses without a pair).
PAIR_PLUS_KEY = {
    "pair": "pair",
    "flush": "flush",
    "straight": "straight",
    "three of a kind": "three-of-a-kind",
    "straight flush": "straight-flush",
}
#: The Play wager equals the Ante (the wager as the project states it; its paragraph is lost from the 2002 copy).
PLAY_STAKE = 1


def tcp_qualifies(value: Value) -> bool:
    """Reg 12(8): the banker plays with a Queen or better (Queen-high, or any pair or better hand)."""
    cat, ranks = value
    return cat > 0 or ranks[0] >= 12


def tcp_ante_play_round(
    w: Wager,
    rng: random.Random,
    table: dict,
    rank: Callable[[Sequence[Card]], Value] = rank_three,
    qualifies: Callable[[Value], bool] = tcp_qualifies,
    record: dict | None = None,
) -> Fraction:
    """One hand of Ante and Play, net per unit Ante.

    A fold loses the Ante. Playing, the Ante Bonus is paid on the player's hand (reg 12(9)). A banker without a
    Queen or better pays the Ante and returns the Play. Else the better hand wins both (12(8)(b), (10)); equal
    hands void both (the engine's stated assumption)."""
    deal = rng.sample(PACK, 6)
    player, banker = deal[:3], deal[3:]
    if table[tuple(sorted(player))] != "play":
        parts: tuple[Fraction, Fraction | None] = (Fraction(-1), None)
    else:
        mine, theirs = rank(player), rank(banker)
        name = THREE_NAMES[mine[0]]
        bonus = w.pay(BONUS_KEY[name]) if name in BONUS_KEY else Fraction(0)
        if not qualifies(theirs):
            parts = (w.pay("ante-banker-not-qualifying") + bonus, Fraction(0))
        elif mine > theirs:
            parts = (w.pay("ante") + bonus, w.pay("play"))
        elif mine == theirs:
            parts = (bonus, Fraction(0))
        else:
            parts = (-1 + bonus, Fraction(-1))
    return two_wagers(record, player, banker, parts, "play", PLAY_STAKE)


def pair_plus_round(
    w: Wager, rng: random.Random, rank: Callable[[Sequence[Card]], Value] = rank_three, record: dict | None = None
) -> Fraction:
    """Pair Plus on the player's three cards (reg 12(12), (13)): pays by the hand, loses without a pair."""
    cards = rng.sample(PACK, 3)
    name = THREE_NAMES[rank(cards)[0]]
    result = w.pay(PAIR_PLUS_KEY[name]) if name in PAIR_PLUS_KEY else Fraction(-1)
    if record is not None:
        record.update({"player": card_names(cards), "wagers": [wager_entry(w.key, result)]})
    return result


def simulator(w: Wager, rules: dict[str, str], table=None) -> Round:
    """A one-round function for wager `w`; the Ante and Play follow the engine's decision `table`."""
    if w.key == "ante-play":
        if table is None:
            raise SimulationError("Three Card Poker's Ante and Play needs the exact engine's decision table")
        return lambda wager, rng, record=None: tcp_ante_play_round(wager, rng, table, record=record)
    if w.key == "pair-plus":
        return lambda wager, rng, record=None: pair_plus_round(wager, rng, record=record)
    raise SimulationError(f"no poker simulator for {w.game!r} wager {w.key!r}")
