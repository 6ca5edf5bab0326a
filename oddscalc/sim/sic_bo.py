"""The reference simulator for sic bo (Schedule 4, inserted in 2002): three dice thrown once a round, written from
the law."""

from __future__ import annotations

import random
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import int_param, ints_param
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.round_function import Round, SimulationError

__all__ = ["sic_bo_round", "simulator"]


def sic_bo_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    """One throw of three dice and the wager settled on it."""
    dice = [rng.randint(1, 6) for _ in range(3)]
    result = _sic_bo(w, dice)
    if record is not None:
        record["dice"] = dice
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def _sic_bo(w: Wager, dice: list[int]) -> Fraction:
    kind, total = w.param("kind"), sum(dice)
    triple = len(set(dice)) == 1
    if kind in ("small", "big", "odd", "even"):
        ok = {"small": total <= 10, "big": total >= 11, "odd": total % 2, "even": not total % 2}[kind]
        return w.pay() if ok and not triple else Fraction(-1)
    if kind == "triple":
        return w.pay() if triple and dice[0] == w.param("number") else Fraction(-1)
    if kind == "double":
        return w.pay() if dice.count(int_param(w, "number")) > 1 else Fraction(-1)
    if kind == "any-triple":
        return w.pay() if triple else Fraction(-1)
    if kind == "total":
        return w.pay() if total == w.param("total") else Fraction(-1)
    if kind == "pair":
        return w.pay() if all(n in dice for n in ints_param(w, "numbers")) else Fraction(-1)
    if kind == "single":
        hits = dice.count(int_param(w, "number"))
        return w.pay(("one", "two", "three")[hits - 1]) if hits else Fraction(-1)
    if kind == "set":
        return w.pay() if len(set(dice)) == 3 and set(dice) <= set(ints_param(w, "numbers")) else Fraction(-1)
    raise SimulationError(f"no three-dice simulator for wager {w.key!r}")


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """The round function for wager `w`: the dice have no rule options and no decisions."""
    return sic_bo_round
