"""The reference simulator for the big six wheel (reg 11, inserted in 2002): a wheel of 52 compartments spun once
a round, written from the law."""

from __future__ import annotations

import random
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.round_function import Round

__all__ = ["BIG_SIX_WHEEL", "big_six_round", "simulator"]

BIG_SIX_WHEEL = {"A": 1, "B": 1, "C": 2, "D": 4, "E": 8, "F": 12, "G": 24}  # reg 11(5)


def big_six_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    """One spin: the wager on a symbol wins when the wheel stops on one of its compartments."""
    wheel = [symbol for symbol, n in BIG_SIX_WHEEL.items() for _ in range(n)]
    symbol = rng.choice(wheel)
    result = w.pay() if symbol == w.key else Fraction(-1)
    if record is not None:
        record["symbol"] = symbol
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """The round function for wager `w`: the wheel has no rule options and no decisions."""
    return big_six_round
