"""Strategy conformance (`verify --strategy`): what every game's strategy judge shares, the tally of departures
from a named strategy and of their exact cost in expectation (the values from the engine through `verify.engine`),
each game's judge beside its game (`blackjack_strategy`, `poker_strategy`, `super_pan_9_strategy`).

The cost of a departure is the value of the prescribed action less the value of the action taken, each the
engine's exact expectation per unit stake at that decision, times the hand's stake.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from oddscalc.verify.context import Context
from oddscalc.verify.report import STRATEGY, fraction_text

__all__ = ["StrategyError", "Tally", "pct"]


class StrategyError(ValueError):
    """A strategy that cannot be used: an unknown name, or a chart file that cannot be read."""


def pct(x: Fraction) -> str:
    return f"{float(x * 100):.4f}%"


class Tally:
    """Decisions judged, departures, and their exact cost (summed once per distinct situation at the end)."""

    def __init__(self, ctx: Context, name: str, values: str) -> None:
        self.ctx = ctx
        self.name = name
        self.values = values
        self.decisions = 0
        self.departures = 0
        self.costs: Counter = Counter()
        self.uncosted = 0

    def depart(self, line: int, rule: str, did: str, law: str, cost: Fraction | None) -> None:
        self.departures += 1
        if cost is None:
            self.uncosted += 1
        else:
            self.costs[cost] += 1
        self.ctx.report.fault(STRATEGY, line, rule, did, law, f"{self.name} strategy", cost)

    def summarise(self) -> None:
        total = sum((c * n for c, n in self.costs.items()), Fraction(0))
        self.ctx.report.strategy = {
            "name": self.name,
            "decisions": self.decisions,
            "departures": self.departures,
            "cost": fraction_text(total),
            "cost_decimal": f"{float(total):.6g}",
            "cost_per_round": fraction_text(total / self.ctx.report.rounds) if self.ctx.report.rounds else "0",
            "departures_without_cost": self.uncosted,
            "values": self.values,
        }
