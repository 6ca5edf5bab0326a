"""Roulette: a single ball on 37 equal compartments (SI 1994/2899 reg 4(4)); exact by counting compartments."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.core.distribution import Distribution, Number
from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import int_param
from oddscalc.wager_results import GameAnalysis, WagerResult, edges_for

TITLE = "Roulette"
COMPARTMENTS = 37
RULES = ()


def distribution(numbers: int, pays: Fraction, half_back_on_zero: bool) -> Distribution:
    """Net return of a wager on `numbers` of the 37 numbers (none of them 0 when half-back applies)."""
    weights: list[tuple[Number, int]] = [(pays, numbers)]
    if half_back_on_zero:
        weights += [(Fraction(-1, 2), 1), (Fraction(-1), COMPARTMENTS - numbers - 1)]
    else:
        weights.append((Fraction(-1), COMPARTMENTS - numbers))
    return Distribution.from_weights(weights)


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    results = []
    for w in wagers:
        numbers, half_back = int_param(w, "numbers"), bool(w.param("half_back_on_zero"))
        dist = distribution(numbers, w.pay(), half_back)
        events: tuple[tuple[str, Fraction], ...] = (("win", Fraction(numbers, COMPARTMENTS)),)
        if half_back:
            events += (("zero: half the stake returned", Fraction(1, COMPARTMENTS)),)
        results.append(WagerResult(w, dist, edges_for(dist), events))
    return GameAnalysis(
        "roulette",
        "",
        (),
        tuple(results),
        assumptions=("single-zero wheel of 37 equal compartments, each equally likely",),
    )
