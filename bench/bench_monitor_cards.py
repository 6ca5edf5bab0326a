"""Benchmarks for `oddscalc monitor` at card tables (punto banco).

`cases()` (run by `make bench`, or `python -m bench.run --module monitor_cards`): round-log rounds per second in one
process, every round judged by verify's judge and valued from the shoe's composition (the hold test on, and each
shoe scored by the shuffle test as it ends), through the feed reader and the state file's commits: 100,000 rounds
of 8-pack shoes dealt to the cut card, three wagers a round; and the exact laws of 10,000 compositions at once
(api.composition_laws), the valuation alone. The target: 5,000 rounds a second on one core.

`python -m bench.bench_monitor_cards [--rounds N] [--tables T]` prints, at a small scale, the ingest rate of N
rounds, the share of T fair tables of N rounds the hold test flags, and the rounds a dealer who deals half the
player's wins again takes to be flagged; it writes nothing (`make bench` keeps the figures, bench/results.md).
"""

from __future__ import annotations

import argparse
import atexit
import json
import random
import shutil
import statistics
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from oddscalc import api
from oddscalc.monitor import simulate
from oddscalc.monitor.card_table import CardTableMonitor
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, Floor, TableConfig
from oddscalc.monitor.run import Feed, Monitor
from oddscalc.monitor.sources import FileSource
from oddscalc.monitor.state import State
from oddscalc.monitor.streams import statistical_tests

_DIR = Path(tempfile.mkdtemp(prefix="oddscalc-bench-cards-"))
atexit.register(shutil.rmtree, _DIR, True)
ROUNDS = 100_000
COMPOSITIONS = 10_000
#: A floor of 50 tables, 1% a year, 60 rounds an hour.
TABLES = 50
BUDGET = Budget(Fraction(1, 100), Fraction(8766), "1y")
_CONFIG = TableConfig("P1", "punto-banco", "2002", rules={"decks": "8"})


def _log_file(n: int, seed: int = 1) -> Path:
    path = _DIR / f"pb-{n}-{seed}.jsonl"
    if not path.exists():
        lines, _ = simulate.punto_banco_log(seed, n, "P1")
        path.write_text("\n".join(lines) + "\n")
    return path


def _ingest(path: Path) -> None:
    db = _DIR / f"ingest-{time.monotonic_ns()}.db"
    state = State(db)
    mon = Monitor(Floor({"P1": _CONFIG}, BUDGET), state, lambda x: None)
    src = FileSource(str(path), None)
    mon.read(Feed(src, "P1"), None, 50_000, 2.0)
    src.close()
    state.close()
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)


def _compositions(n: int, seed: int = 2) -> np.ndarray:
    """n compositions of an 8-pack shoe, each with a random number of cards gone (as a shoe is dealt to its cut)."""
    rng = np.random.default_rng(seed)
    full = np.array([128] + [32] * 9)
    rows = np.empty((n, 10), dtype=np.int64)
    for i in range(n):
        deck = np.repeat(np.arange(10), full)
        gone = rng.choice(len(deck), size=int(rng.integers(0, 400)), replace=False)
        rows[i] = full - np.bincount(deck[gone], minlength=10)
    return rows


def _laws(rows: np.ndarray) -> None:
    api.composition_laws("punto-banco", "2002", rows, None, {"decks": "8"})


def cases():
    log = _log_file(ROUNDS)
    rows = _compositions(COMPOSITIONS)
    return [
        (
            "monitor: 100,000 punto banco rounds, three wagers each, judged and valued from the shoe",
            lambda: _ingest(log),
            3,
            ROUNDS,
            "rounds",
        ),
        (
            "monitor: exact laws of 10,000 punto banco shoe compositions",
            lambda: _laws(rows),
            3,
            COMPOSITIONS,
            "compositions",
        ),
    ]


# -- the studies ---------------------------------------------------------------------------------------------


def _table() -> CardTableMonitor:
    level = BUDGET.level / TABLES
    return CardTableMonitor(_CONFIG, dict.fromkeys(statistical_tests("punto-banco"), level), BUDGET)


def _flagged(lines: list[str]) -> int | None:
    """The round of a table's first hold alarm (None: none)."""
    mon = _table()
    for i, line in enumerate(lines[1:], start=1):
        mon.ingest(round_from_record("punto-banco", json.loads(line)), "sim", i, "t")
        if not i % 2000:
            mon.flush()
            found = [a.round for a in mon.take()[0] if a.test == "hold"]
            if found:
                return found[0]
    mon.flush()
    found = [a.round for a in mon.take()[0] if a.test == "hold"]
    return found[0] if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--tables", type=int, default=5)
    args = parser.parse_args()
    log = _log_file(args.rounds)
    _ingest(_log_file(200, seed=3))  # compile and import first
    times = []
    for _ in range(3):
        t = time.perf_counter()
        _ingest(log)
        times.append(time.perf_counter() - t)
    print(f"ingest: {args.rounds:,} rounds, median {args.rounds / statistics.median(times):,.0f} rounds/s (3 runs)")
    rows = _compositions(2000)
    t = time.perf_counter()
    _laws(rows)
    print(f"valuation alone: {len(rows) / (time.perf_counter() - t):,.0f} compositions/s")
    rng = random.Random(5)
    fair = [_flagged(simulate.punto_banco_log(rng.randrange(10**9), args.rounds, "P1")[0]) for _ in range(args.tables)]
    print(
        f"fair tables: {sum(x is not None for x in fair)} of {args.tables} flagged by the hold test in "
        f"{args.rounds:,} rounds (level {BUDGET.level / TABLES} each, over a horizon of 525,960 rounds)"
    )
    stakes = (("player", 10, "p1"),)
    delays = [
        _flagged(simulate.punto_banco_log(rng.randrange(10**9), 20_000, "P1", stakes=stakes, favour_banker=0.5)[0])
        for _ in range(args.tables)
    ]
    found = sorted(x for x in delays if x is not None)
    print(
        f"a dealer dealing half the player's wins again (one player wager of 10): flagged in {len(found)} of "
        f"{args.tables} feeds of 20,000 rounds, median round {statistics.median(found) if found else '-'}"
    )


if __name__ == "__main__":
    main()
