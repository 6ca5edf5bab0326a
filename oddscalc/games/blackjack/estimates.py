"""Blackjack's double-precision composition hook (DEVELOPING.md): the values of `composition.composition_values`
for a protection study's rounds (`double_precision.round_value`), never an exact figure; kept apart from
`composition.py` so that
the exact values' cache keys (its sources) do not move with the study's evaluator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from oddscalc.games.blackjack.composition import STRATEGIES, _shoe, indexed_chart, insured, round_expectations
from oddscalc.games.blackjack.double_precision.round_value import round_estimates
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.side import over_13, under_13
from oddscalc.games.blackjack.strategy import Deviation
from oddscalc.games.blackjack.wagers import effective_rules
from oddscalc.regulations.model import Wager

__all__ = ["composition_estimates"]


def composition_estimates(
    groups: Sequence[tuple[tuple[Wager, ...], Mapping[str, str]]],
    counts: tuple[int, ...],
    deviations: tuple[Deviation, ...] = (),
) -> tuple[tuple[dict[str, float | Fraction], ...], bool]:
    """`composition_values` of each group (its wagers, its resolved rules) in double precision, for a study's
    rounds: groups whose rules differ only in `strategy` share one evaluation
    (`double_precision.round_value.round_estimates`).
    Where that evaluator declines, the exact engine's values are given instead (Fractions) and the flag is True.
    `deviations`: index plays in place of the basic strategy's (`composition.indexed_chart`, `composition.insured`)."""
    plays: dict[RuleSet, set[str]] = {}
    for found, rules in groups:
        if any(w.param("kind") == "initial" for w in found):
            plays.setdefault(effective_rules(found, rules), set()).add(rules.get("strategy", "optimal"))
    initial: dict[tuple[RuleSet, str], float | Fraction] = {}
    exact = False
    for rs, wanted in plays.items():
        shoe, tens = _shoe(rs, counts)
        strategies = tuple(s for s in STRATEGIES if s in wanted)
        chart = indexed_chart(rs, deviations) if "basic" in wanted else None
        by_strategy: Mapping[str, float | Fraction] | None = round_estimates(rs, shoe, tens, strategies, chart)
        if by_strategy is None:
            by_strategy = round_expectations(rs, shoe, tens, strategies, chart)
            exact = True
        initial.update({(rs, s): v for s, v in by_strategy.items()})
    side = Fraction if exact else float
    out = []
    for found, rules in groups:
        rs = effective_rules(found, rules)
        shoe, _ = _shoe(rs, counts)
        values: dict[str, float | Fraction] = {}
        for w in found:
            kind = w.param("kind")
            if kind == "initial":
                play = rules.get("strategy", "optimal")
                values[w.key] = initial[(rs, play)]
                if play == "basic" and deviations:
                    values[w.key] += side(insured(found, shoe, deviations))
            elif kind == "under-13":
                values[w.key] = side(under_13(shoe, w.pay("win"), w.pay("aces")).mean)
            elif kind == "over-13":
                values[w.key] = side(over_13(shoe, w.pay()).mean)
        out.append(values)
    return tuple(out), exact
