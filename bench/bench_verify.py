"""Benchmarks for `oddscalc verify`: rounds verified per second in one process (targets: 50,000 punto banco
rounds/s, 20,000 blackjack rounds/s), on logs the reference simulators write (made once per process, untimed)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from fractions import Fraction
from pathlib import Path

from oddscalc import api
from oddscalc.sim import simulators
from oddscalc.sim.roundlog import round_log
from oddscalc.verify import verify

ROUNDS = 1_000_000
_DIR = Path(tempfile.mkdtemp(prefix="oddscalc-bench-verify-"))
atexit.register(shutil.rmtree, _DIR, True)
_LOGS: dict[str, Path] = {}


def _log(game: str, wager: str, version: str, rules: dict[str, str]) -> Path:
    """A reference simulator's log of ROUNDS rounds (written on first use)."""
    key = f"{game}-{wager}"
    if key not in _LOGS:
        resolved, _ = api.resolved_rules(game, version, rules)
        w = {x.key: x for x in api.wagers(game, version)}[wager]
        table = api.decision_table(game, version, wager, resolved) if game in simulators.NEEDS_TABLE else None
        path = _DIR / f"{key}.jsonl"
        with round_log(path, game, version, resolved, about={"seed": 1}) as log:
            simulators.simulate(game, w, ROUNDS, 1, rules=resolved, table=table, log=log)
        _LOGS[key] = path
    return _LOGS[key]


def _run(game: str, wager: str, version: str, rules: dict[str, str], randomness: bool = True):
    path = _log(game, wager, version, rules)

    def run():
        report = verify(path, game, alpha=Fraction(1, 100), randomness=randomness)
        if report.rounds != ROUNDS or not report.clean:
            raise AssertionError(f"{game}: {report.verdict()}")

    return run


def cases():
    return [
        (
            f"verify: punto banco, 8 packs, {ROUNDS:,} rounds (all checks and randomness tests)",
            _run("punto-banco", "banker", "1994", {"decks": "8"}),
            3,
            ROUNDS,
            "rounds",
        ),
        (
            f"verify: blackjack, 1994 rules, 6 packs, {ROUNDS:,} rounds (basic strategy player; all checks and "
            "randomness tests)",
            _run("blackjack", "initial", "1994", {"strategy": "basic"}),
            3,
            ROUNDS,
            "rounds",
        ),
    ]
