"""Strategy conformance (`verify --strategy`): what every game's strategy judge shares, the tally of departures
from a named strategy and of their exact value (the values from the engine through `verify.decision_costs`), each game's
judge beside its game (`blackjack_strategy`, `poker_strategy`, `super_pan_9_strategy`).

The cost of a departure is the value of the prescribed action less the value of the action taken, each the
engine's exact expectation per unit stake at that decision, times the hand's stake. A departure that costs is a
fault of kind strategy. One whose action is worth more than the prescribed one gains (a chart's total-dependent
stand where hitting these very cards is better). One worth the same costs nothing. Neither is a fault, and both
are reported apart, so that no fault carries a negative cost.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from oddscalc.core.errors import InputError
from oddscalc.verify.context import Context
from oddscalc.verify.findings import STRATEGY, decimal_text, fraction_text, percent_text

__all__ = ["StrategyError", "Tally", "pct"]


class StrategyError(InputError):
    """A strategy that cannot be used: an unknown name, or a chart file that cannot be read."""


def pct(x: Fraction) -> str:
    return f"{float(x * 100):.4f}%"


def _sum(values: Counter) -> Fraction:
    return sum((v * n for v, n in values.items()), Fraction(0))


class Tally:
    """Decisions judged, departures that cost (faults), that gain or cost nothing (reported apart), and their exact
    values, summed once per distinct value at the end; `staked`, the initial stakes of the rounds judged."""

    def __init__(self, ctx: Context, name: str, values: str) -> None:
        self.ctx = ctx
        self.name = name
        self.values = values
        self.decisions = 0
        self.departures = 0  # every decision unlike the strategy's
        self.costs: Counter = Counter()
        self.uncosted = 0
        self.gains: Counter = Counter()
        self.free = 0
        self.gain_list: list[dict[str, Any]] = []
        self.staked: Fraction | int = 0

    def depart(
        self, line: int, rule: str, did: str, law: str, cost: Fraction | None, stake: Fraction | int | None = None
    ) -> None:
        """A decision unlike the strategy's; `cost` its exact expected cost in money (None: no engine value),
        `stake` the stake it is reckoned on."""
        self.departures += 1
        if cost is not None and cost <= 0:
            if cost == 0:
                self.free += 1
                return
            self.gains[-cost] += 1
            if len(self.gain_list) < self.ctx.report.keep:
                self.gain_list.append(
                    {
                        "line": line,
                        "round": self.ctx.report.rounds,
                        "rule": rule,
                        "did": did,
                        "strategy": law,
                        "gain": fraction_text(-cost),
                        "gain_decimal": decimal_text(-cost),
                        "stake": fraction_text(stake) if stake is not None else None,
                    }
                )
            return
        if cost is None:
            self.uncosted += 1
        else:
            self.costs[cost] += 1
        self.ctx.report.fault(
            STRATEGY, line, rule=rule, did=did, law=law, citation=f"{self.name} strategy", cost=cost, stake=stake
        )

    def _side(self, total: Fraction, count: int) -> dict[str, Any]:
        return {
            "count": count,
            "exact": fraction_text(total),
            "decimal": decimal_text(total),
            "percent_of_staked": percent_text(total / self.staked) if self.staked else None,
        }

    def summarise(self) -> None:
        cost, gain = _sum(self.costs), _sum(self.gains)
        rounds = self.ctx.report.rounds
        costly = sum(self.costs.values()) + self.uncosted
        self.ctx.report.strategy = {
            "name": self.name,
            "decisions": self.decisions,
            "departures": self.departures,
            "staked": fraction_text(self.staked),
            "costing": {**self._side(cost, costly), "without_value": self.uncosted},
            "gaining": {**self._side(gain, sum(self.gains.values())), "listed": self.gain_list},
            "no_cost": self.free,
            "cost": fraction_text(cost),
            "cost_per_round": fraction_text(cost / rounds) if rounds else "0",
            "values": self.values,
        }
