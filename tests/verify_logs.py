"""Helpers for the verify tests: round logs written by the reference simulators (or deliberately wrong ones)."""

from __future__ import annotations

import json
from pathlib import Path

from oddscalc import api
from oddscalc.cli.common import default_version
from oddscalc.sim import simulators
from oddscalc.sim.log_lines import round_log


def write_log(
    path: Path,
    game: str,
    wager: str,
    rounds: int,
    seed: int,
    version: str | None = None,
    rules: dict | None = None,
    play=None,
    header_rules: dict | None = None,
    pay: dict | None = None,
    wager_pay: dict | None = None,
    table_rules: dict | None = None,
):
    """Simulate `rounds` rounds of `wager` into a round log at `path`; `play` replaces the reference round
    function (a deliberately wrong simulator); `header_rules` / `pay` are what the header claims, `wager_pay`
    the odds the simulator really pays; `table_rules`, if given, the rule set whose decision table the player
    follows (a blackjack chart from the committed cache: the chart is the player's choice, any one is legal).
    Returns (resolved rules, the counts the simulator returned)."""
    version = version or default_version(game)
    resolved, _ = api.resolved_rules(game, version, rules or {}, custom=True)
    w = {x.key: x for x in api.wagers(game, version, wager_pay)}[wager]
    chart_rules = (
        api.resolved_rules(game, version, table_rules, custom=True)[0] if table_rules is not None else resolved
    )
    table = (
        api.decision_table(game, version, wager, chart_rules, custom=True) if game in simulators.NEEDS_TABLE else None
    )
    with round_log(
        path,
        game,
        version,
        header_rules if header_rules is not None else resolved,
        pay,
        {"simulator": "test", "seed": seed},
    ) as log:
        counts = simulators.simulate(game, w, rounds, seed, rules=resolved, table=table, play=play, log=log)
    return resolved, counts


def rounds_of(path: Path):
    """(line number, round record) for every round line of a log."""
    with open(path, encoding="utf-8") as f:
        next(f)
        for n, text in enumerate(f, start=2):
            yield n, json.loads(text)


def first(report, kind: str | None = None):
    """The report's first fault (by line), optionally of one kind."""
    found = [f for f in report.faults if f.line is not None and (kind is None or f.kind == kind)]
    return min(found, key=lambda f: f.line) if found else None


def rank(card: str) -> str:
    """A logged card's rank, its suit (as the reference simulators write it: `Ks`, `10h`) aside."""
    return card[:-1] if len(card) > 1 and card[-1] in "cdhs" else card


class Values(dict):
    """A blackjack card's value by its name, with or without its suit."""

    def __missing__(self, card: str) -> int:
        return self[rank(card)]


#: Blackjack card values by name (suits aside): an Ace 1, ten-values 10.
BJ = Values({"A": 1, **{str(v): v for v in range(2, 11)}, "J": 10, "Q": 10, "K": 10})
