"""Benchmarks for `oddscalc verify`: rounds verified per second in one process (targets: 50,000 punto banco
rounds/s, 20,000 blackjack rounds/s), on logs the reference simulators write (made once per process, untimed); and
the cost of the shuffle tests between shoes alone per million rounds, on the reference logs (a fresh shoe every
round) and on logs dealt from real shoes (`simulate --shuffle fair`), their shoes read once, untimed."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from fractions import Fraction
from pathlib import Path

from oddscalc import api
from oddscalc.sim import simulators
from oddscalc.sim.log_lines import round_log
from oddscalc.sim.shoe_dealing import Dealing
from oddscalc.sim.shuffle_models import Shuffle
from oddscalc.verify import cardgame, shuffle_tests, verify
from oddscalc.verify.findings import Report

ROUNDS = 1_000_000
_DIR = Path(tempfile.mkdtemp(prefix="oddscalc-bench-verify-"))
atexit.register(shutil.rmtree, _DIR, True)
_LOGS: dict[str, Path] = {}


def _log(game: str, wager: str, version: str, rules: dict[str, str], dealt: bool = False) -> Path:
    """A reference simulator's log of ROUNDS rounds (written on first use); `dealt`: from real shoes, fairly shuffled
    (`simulate --shuffle fair`), instead of a fresh shoe every round."""
    key = f"{game}-{wager}-{dealt}"
    if key not in _LOGS:
        resolved, _ = api.resolved_rules(game, version, rules)
        w = {x.key: x for x in api.wagers(game, version)}[wager]
        table = api.decision_table(game, version, wager, resolved) if game in simulators.NEEDS_TABLE else None
        path = _DIR / f"{key}.jsonl"
        with round_log(path, game, version, resolved, about={"seed": 1}) as log:
            simulators.simulate(
                game,
                w,
                ROUNDS,
                1,
                rules=resolved,
                table=table,
                log=log,
                dealing=Dealing(Shuffle("fair")) if dealt else None,
            )
        _LOGS[key] = path
    return _LOGS[key]


_SHOES: dict[str, tuple] = {}


def _shoes(game: str, wager: str, version: str, rules: dict[str, str], dealt: bool) -> tuple:
    """(each shoe's cards as the shuffle tests receive them, the shoe's counts and packs), read once by a verify run
    whose shuffle tests only record."""
    key = f"{game}-{wager}-{dealt}"
    if key not in _SHOES:
        path = _log(game, wager, version, rules, dealt)
        seen: list = []
        real = cardgame.ShuffleTests

        class Recorder:
            def __init__(self, report, counts, packs):
                seen.append((counts, packs))
                self.shoes: list = []
                seen.append(self.shoes)

            def add(self, codes, full):
                self.shoes.append((list(codes), full))

            def tests(self):
                return []

        cardgame.ShuffleTests = Recorder
        try:
            verify(path, game)
        finally:
            cardgame.ShuffleTests = real
        _SHOES[key] = (seen[1], *seen[0])
    return _SHOES[key]


def _shuffle_tests(game: str, wager: str, version: str, rules: dict[str, str], dealt: bool):
    shoes, counts, packs = _shoes(game, wager, version, rules, dealt)

    def run():
        tests = shuffle_tests.ShuffleTests(Report(game, version, {}, False, "bench"), counts, packs)
        for codes, full in shoes:
            tests.add(codes, full)
        out = tests.tests()
        if len([t for t in out if not isinstance(t, str)]) != 6:
            raise AssertionError(f"{game}: {out}")

    return run


def _run(game: str, wager: str, version: str, rules: dict[str, str], randomness: bool = True, dealt: bool = False):
    path = _log(game, wager, version, rules, dealt)

    def run():
        report = verify(path, game, alpha=Fraction(1, 100), randomness=randomness)
        if report.rounds != ROUNDS or not report.clean:
            raise AssertionError(f"{game}: {report.verdict()}")

    return run


def cases():
    pb = ("punto-banco", "banker", "1994", {"decks": "8"})
    bj = ("blackjack", "initial", "1994", {"strategy": "basic"})
    return [
        (
            f"verify shuffle tests alone: punto banco, 8 packs, {ROUNDS:,} rounds, a fresh shoe every round",
            _shuffle_tests(*pb, False),
            3,
            ROUNDS,
            "rounds",
        ),
        (
            f"verify shuffle tests alone: punto banco, 8 packs, {ROUNDS:,} rounds dealt from shoes (simulate --shuffle "
            "fair)",
            _shuffle_tests(*pb, True),
            3,
            ROUNDS,
            "rounds",
        ),
        (
            f"verify shuffle tests alone: blackjack, 6 packs, {ROUNDS:,} rounds dealt from shoes (simulate --shuffle "
            "fair)",
            _shuffle_tests(*bj, True),
            3,
            ROUNDS,
            "rounds",
        ),
        (
            f"verify: punto banco, 8 packs, {ROUNDS:,} rounds dealt from shoes (simulate --shuffle fair; all checks "
            "and "
            "randomness tests)",
            _run(*pb, dealt=True),
            3,
            ROUNDS,
            "rounds",
        ),
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
