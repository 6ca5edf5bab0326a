"""The reference simulator for roulette (reg 4): a wheel of 0 to 36 spun once a round, written from the law."""

from __future__ import annotations

import random
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import int_param
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.round_function import Round

__all__ = ["roulette_round", "simulator"]


def roulette_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    """Bet on the numbers 1..n (any n numbers not including 0 are alike); 0 halves the even chances."""
    number = rng.randrange(37)
    covered = int_param(w, "numbers")
    if 1 <= number <= covered:
        result = w.pay()
    elif number == 0 and covered == 18:
        result = Fraction(-1, 2)
    else:
        result = Fraction(-1)
    if record is not None:
        record["number"] = number
        record["wagers"] = [wager_entry(w.key, result, numbers=list(range(1, covered + 1)))]
    return result


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """The round function for wager `w`: the wheel has no rule options and no decisions."""
    return roulette_round
