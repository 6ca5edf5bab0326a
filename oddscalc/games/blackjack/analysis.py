"""The whole analysis of one rule set as plain data (exact values as "p/q"), cached between runs."""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from oddscalc.core.cache import cached_json
from oddscalc.games.blackjack import dealer, game, hand, outcomes, player, rules as rules_mod, split, strategy
from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.outcomes import HandOutcomes, start_outcomes
from oddscalc.games.blackjack.player import SPLIT, hand_of
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe import LABELS

__all__ = ["game_summary", "compute_summary", "frac", "SOURCES"]

SOURCES = (dealer, player, split, hand, game, outcomes, strategy, rules_mod)


def frac(x: Fraction) -> str:
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def compute_summary(rs: RuleSet, progress=None, with_distribution: bool = True) -> dict[str, Any]:
    """Everything reported for a rule set: CD and TD expectations, per up-card, per hand, charts, outcomes."""
    g = full_game(rs, progress)
    s = strategy.derive(g)
    td, td_up = strategy.td_value(g, s)
    td_up = dict(td_up)
    dist: dict[Fraction, Fraction] = {}
    events = {"player blackjack": Fraction(0), "banker blackjack": Fraction(0), "split": Fraction(0),
              "double": Fraction(0)}
    probs = {up: p for up, p, _ in g.per_up}
    if with_distribution:
        for up, ev in g.evaluators.items():
            out = HandOutcomes(ev, ev.policy.__getitem__)
            for r in g.rows:
                if r.up != up:
                    continue
                h = hand_of(r.cards)
                w = probs[up] * r.prob
                events["banker blackjack"] += w * ev.p_banker_bj(h)
                parts = [(q, v) for q, _, v in r.cases] or [(Fraction(1), r.values)]
                for q, v in parts:
                    if v.natural:
                        events["player blackjack"] += w * q
                    if v.best == SPLIT:
                        events["split"] += w * q
                    if v.best == "double":
                        events["double"] += w * q
                    split_ev = v.value(SPLIT) if v.best == SPLIT else None
                    for ret, p in start_outcomes(out, h, v.best, split_ev).items():
                        dist[ret] = dist.get(ret, Fraction(0)) + w * q * p
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
        "distribution": [[frac(r), frac(p)] for r, p in sorted(dist.items())],
        "events": {k: frac(v) for k, v in events.items()},
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
