"""The Big Six: a wheel of 52 equal compartments (reg 11(4)(b)); exact by counting compartments."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.core.distribution import Distribution
from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import int_param
from oddscalc.wager_results import GameAnalysis, WagerResult, edges_for

TITLE = "Big Six"
COMPARTMENTS = 52
RULES = ()


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    results = []
    for w in wagers:
        n = int_param(w, "compartments")
        dist = Distribution.from_weights([(w.pay(), n), (-1, COMPARTMENTS - n)])
        results.append(WagerResult(w, dist, edges_for(dist), (("win", Fraction(n, COMPARTMENTS)),)))
    return GameAnalysis(
        "big-six",
        "",
        (),
        tuple(results),
        assumptions=("52 equal compartments, each equally likely to settle under the selector (reg 11(4))",),
    )
