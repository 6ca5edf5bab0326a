"""The reference simulator for dice (Schedule 1): two dice thrown until the wager is settled, written from the law."""

from __future__ import annotations

import random
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import ints_param
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.round_function import Round, SimulationError

__all__ = ["dice_round", "simulator"]


def _throw(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def dice_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    """Throw two dice until the wager is settled, following Schedule 1's wording."""
    if record is None:
        return _dice_round(w, rng)
    throws: list[list[int]] = []

    def logged(r: random.Random) -> tuple[int, int]:
        a, b = _throw(r)
        throws.append([a, b])
        return a, b

    result = _dice_round(w, rng, logged)
    record["throws"] = throws
    record["wagers"] = [wager_entry(w.key, result)]
    return result


def _dice_round(w: Wager, rng: random.Random, throw=_throw) -> Fraction:
    kind, point, side = w.param("kind"), w.param("point"), w.param("side")
    if kind in ("set", "field", "hop"):
        a, b = throw(rng)
        total = a + b
        if kind == "hop":
            return w.pay() if sorted((a, b)) == sorted(ints_param(w, "faces")) else Fraction(-1)
        if total not in ints_param(w, "totals"):
            return Fraction(-1)
        if kind == "field":
            return w.pay("12" if total == 12 else "2" if total == 2 else "other")
        return w.pay()
    if kind == "pass":
        first = sum(throw(rng))
        if first in (7, 11):
            return w.pay()
        if first in (2, 3, 12):
            return Fraction(-1)
        while True:
            total = sum(throw(rng))
            if total == first:
                return w.pay()
            if total == 7:
                return Fraction(-1)
    if kind == "dont-pass-bar-2":
        first = 2
        while first == 2:
            first = sum(throw(rng))
        if first in (7, 11):
            return Fraction(-1)
        if first in (3, 12):
            return w.pay()
        while True:
            total = sum(throw(rng))
            if total == 7:
                return w.pay()
            if total == first:
                return Fraction(-1)
    if kind in ("odds", "place"):
        while True:
            total = sum(throw(rng))
            if total in (point, 7):
                won = (total == point) == (side == "do")
                return w.pay() if won else Fraction(-1)
    if kind == "hard":
        while True:
            a, b = throw(rng)
            if a + b == 7:
                return Fraction(-1)
            if a + b == point:
                return w.pay() if a == b else Fraction(-1)
    raise SimulationError(f"no dice simulator for wager {w.key!r}")


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """The round function for wager `w`: the dice have no rule options and no decisions."""
    return dice_round
