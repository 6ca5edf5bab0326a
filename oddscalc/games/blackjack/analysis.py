"""The whole analysis of one rule set as plain data (exact values as "p/q"), cached between runs."""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from oddscalc.core.cache import cached_json
from oddscalc.games.blackjack import (dealer, game, hand, outcomes, player, rounds, rules as rules_mod, split,
                                      strategy)
from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.outcomes import round_law
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe import LABELS

__all__ = ["game_summary", "compute_summary", "strategy_data", "frac", "SOURCES"]

SOURCES = (dealer, player, split, hand, game, outcomes, rounds, strategy, rules_mod)


def frac(x: Fraction) -> str:
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def strategy_data(s: strategy.Strategy) -> dict[str, list[list[Any]]]:
    """The basic strategy as plain data: per chart, [row kind, total or pair value index, up index, action]."""
    return {name: [[kind, n, up, action] for ((kind, n), up), action in getattr(s, name)]
            for name in ("two_card", "later", "no_double")}


def compute_summary(rs: RuleSet, progress=None, with_distribution: bool = True) -> dict[str, Any]:
    """Everything reported for a rule set: CD and TD expectations, per up-card, per hand, charts, the basic
    strategy as data, and the round law under each strategy."""
    g = full_game(rs, progress)
    s = strategy.derive(g)
    td, td_up = strategy.td_value(g, s)
    td_up = dict(td_up)
    laws = {}
    if with_distribution:
        laws = {"optimal": round_law(g, progress=progress), "basic": round_law(g, s, progress)}
        for name, value in (("optimal", g.ev), ("basic", td)):
            if sum(r * p for r, p in laws[name].dist.items()) != value:
                raise AssertionError(f"the {name} strategy's round law does not average to its expectation")
    rows = []
    for r in g.rows:
        rows.append({"up": LABELS[r.up], "hand": f"{LABELS[r.cards[0]]},{LABELS[r.cards[1]]}",
                     "prob": frac(r.prob), "best": r.values.best, "ev": frac(r.ev),
                     "actions": {a: frac(v) for a, v in r.values.actions}})
    charts = {k: strategy.chart_rows(s, k, rs) for k in ("hard", "soft", "pair", "later")}
    return {
        "ev": frac(g.ev), "td_ev": frac(td),
        "per_up": [[LABELS[up], frac(p), frac(ev), frac(td_up[up])] for up, p, ev in g.per_up],
        "split_limits": list(g.split_limits),
        "rows": rows, "charts": charts,
        "strategy": strategy_data(s),
        "laws": {name: {"distribution": [[frac(r), frac(p)] for r, p in law.dist.items()],
                        "lumped": frac(law.lumped), "events": {k: frac(v) for k, v in law.events.items()}}
                 for name, law in laws.items()},
    }


def game_summary(rs: RuleSet, progress=None, use_cache: bool = True) -> dict[str, Any]:
    """compute_summary through the project cache (keyed on the rule set and the sources)."""
    params = {}
    for name in rs.__dataclass_fields__:
        value = getattr(rs, name)
        params[name] = sorted(value) if isinstance(value, frozenset) else str(value)
    return cached_json("blackjack-game", params, SOURCES + (sys.modules[__name__],),
                       lambda: compute_summary(rs, progress),
                       lambda v: v, lambda v: v, use_cache=use_cache)
