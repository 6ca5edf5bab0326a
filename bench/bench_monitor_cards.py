"""Benchmarks for `oddscalc monitor` at card tables (punto banco, Super Pan 9, blackjack).

`cases()` (run by `make bench`, or `python -m bench.run --module monitor_cards`): round-log rounds per second
through `oddscalc monitor run` in one process pinned to one core, every round valued from the shoe's composition
(the hold test), each shoe scored by the shuffle test as it ends and every round judged by verify's judge (the
settlement, rules and shoe checks), with the state file's commits: 100,000 punto banco rounds and 20,000 Super Pan 9
rounds against the House's bank, both dealt from 8-pack shoes to the cut card and reshuffled fairly (`oddscalc
simulate --shuffle fair`), one wager a round; 20,000 blackjack rounds of one box playing the basic strategy, dealt
so from 6-pack shoes (each round's law the banker's final hand given the cards before his second); and the exact
laws of 10,000 punto banco compositions at once (api.composition_laws), the valuation alone; and 2,000 punto banco
rounds whose three wagers name their players, so that each shoe's end also runs the players' stakes test. The
target (issue 53): 5,000 punto banco rounds a second on one core, every round valued.

`python -m bench.bench_monitor_cards [--rounds N] [--tables T]` prints, at a small scale, the ingest rate of N
rounds, the share of T fair tables of N rounds the hold test flags, and the rounds a dealer who deals half the
player's wins again takes to be flagged; then, for blackjack, the share of T fair tables of N/4 rounds flagged and
the rounds a dealer who stacks the banker's second card takes to be flagged. It writes nothing (`make bench` keeps
the figures, bench/results.md).
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import io
import json
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from oddscalc import api
from oddscalc.cli.main import main as oddscalc
from oddscalc.monitor import simulate
from oddscalc.monitor.card_table import CardTableMonitor
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.streams import statistical_tests

_DIR = Path(tempfile.mkdtemp(prefix="oddscalc-bench-cards-"))
atexit.register(shutil.rmtree, _DIR, True)
COMPOSITIONS = 10_000
VERSION = "2002"
PACKS = "8"
#: A floor of 50 tables, 1% a year, 60 rounds an hour (the studies below).
TABLES = 50
BUDGET = Budget(Fraction(1, 100), Fraction(8766), "1y")
_CONFIG = TableConfig("P1", "punto-banco", VERSION, rules={"decks": PACKS})


@dataclass(frozen=True)
class CardTable:
    """A simulated table of the benchmark: its name, game, the one wager of each round, the rounds timed, the packs
    of its shoe and any further `simulate` arguments."""

    table: str
    game: str
    wager: str
    rounds: int
    title: str
    packs: str = PACKS
    extra: tuple[str, ...] = ()


PUNTO_BANCO = CardTable("P1", "punto-banco", "banker", 100_000, "punto banco")
SUPER_PAN_9 = CardTable("S1", "super-pan-9", "initial", 20_000, "Super Pan 9 (the House's bank)")
BLACKJACK = CardTable(
    "B1", "blackjack", "initial", 20_000, "blackjack (one box, basic strategy)", "6", ("--rule", "strategy=basic")
)


def _run(argv: list[str]) -> str:
    """`oddscalc ARGV` in this process (no start-up per run), its standard output; a failure raises."""
    out, err = io.StringIO(), io.StringIO()
    code: Any = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            oddscalc(argv)
        except SystemExit as exc:
            code = exc.code
    if code:
        raise RuntimeError(f"oddscalc {' '.join(argv)}: exit status {code}: {err.getvalue()[-500:]}")
    return out.getvalue()


def _shoe_log(t: CardTable, rounds: int, seed: int = 1) -> tuple[Path, Path]:
    """A round log of `rounds` rounds at `t`, its shoes dealt to the cut and shuffled fairly, and a floor file
    naming the table with the log header's version and rules (so the feed and the floor agree)."""
    log = _DIR / f"{t.table}-{rounds}-{seed}.jsonl"
    if not log.exists():
        _run(
            [
                *("simulate", t.game, t.wager, "--version", VERSION, "--decks", t.packs, "--rounds", str(rounds)),
                *("--seed", str(seed), "--shuffle", "fair", "--log", str(log), "--out", str(log) + ".csv", *t.extra),
            ]
        )
    with log.open(encoding="utf-8") as f:
        header = json.loads(f.readline())
    rules = ", ".join(f"{k} = {json.dumps(v)}" for k, v in header["rules"].items())
    floor = _DIR / f"{t.table}.toml"
    floor.write_text(
        f"[tables.{t.table}]\ngame = {json.dumps(t.game)}\nversion = {json.dumps(header['version'])}\n"
        f"rules = {{ {rules} }}\n",
        encoding="utf-8",
    )
    return log, floor


def _one_core(fn: Callable[[], Any]) -> Any:
    """fn run with this process held to one core (the target's terms), its cores given back after."""
    if not hasattr(os, "sched_setaffinity"):
        return fn()
    cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cores)})
    try:
        return fn()
    finally:
        os.sched_setaffinity(0, cores)


def _watch(t: CardTable, log: Path, floor: Path) -> Path:
    """`oddscalc monitor run` of the log into a fresh state file, on one core: the state file."""
    db = _DIR / f"watch-{time.monotonic_ns()}.db"
    argv = ["monitor", "run", str(log), "--floor", str(floor), "--table", t.table, "--state", str(db)]
    _one_core(lambda: _run([*argv, "--format", "json"]))
    return db


def _drop(db: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)


def _checked(t: CardTable) -> None:
    """A short feed first (imports and compiled loops ready before any timing): every round valued by the hold
    test, shoes scored by the shuffle test, no fault found, or the figures would not time what they say."""
    rounds = 2000
    db = _watch(t, *_shoe_log(t, rounds, seed=3))
    status = json.loads(_run(["monitor", "status", "--state", str(db), "--format", "json"]))["tables"][0]
    _drop(db)
    tests = {x["test"]: x["results"] for x in status["tests"]}
    valued = status["rounds"] == rounds and tests.get("hold") == rounds and tests.get("shuffle")
    if not valued or status["feed_faults"] or status["settled_wrong"]:
        raise RuntimeError(f"{t.title}: not every round valued, judged and scored: {status}")


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
    api.composition_laws("punto-banco", VERSION, rows, None, {"decks": PACKS})


def _table_case(t: CardTable) -> tuple[str, Callable[[], object], int, int, str]:
    _checked(t)
    log, floor = _shoe_log(t, t.rounds)
    return (
        f"monitor: {t.rounds:,} {t.title} rounds from {t.packs}-pack shoes, one wager each: every round valued (hold) "
        "and judged (settlement), each shoe scored (shuffle); `oddscalc monitor run` on one core",
        lambda: _drop(_watch(t, log, floor)),
        3,
        t.rounds,
        "rounds",
    )


#: The named players' wagers of the stakes case: each of three players bets every round.
NAMED = (("banker", 10, "p1"), ("player", 10, "p2"), ("tie", 5, "p3"))
NAMED_ROUNDS = 2_000


def _named_log(rounds: int, seed: int = 4) -> tuple[Path, Path]:
    """A punto banco feed of `rounds` rounds from 8-pack shoes whose three wagers a round name their players (so
    each shoe's end runs the stakes test for each), and its floor file."""
    log = _DIR / f"named-{rounds}-{seed}.jsonl"
    lines, _ = simulate.punto_banco_log(seed, rounds, PUNTO_BANCO.table, decks=int(PACKS), stakes=NAMED)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    floor = _DIR / "named.toml"
    floor.write_text(
        f'[tables.{PUNTO_BANCO.table}]\ngame = "punto-banco"\nversion = "{VERSION}"\nrules = {{ decks = "{PACKS}" }}\n',
        encoding="utf-8",
    )
    return log, floor


def _named_case() -> tuple[str, Callable[[], object], int, int, str]:
    log, floor = _named_log(NAMED_ROUNDS)
    db = _watch(PUNTO_BANCO, log, floor)
    status = json.loads(_run(["monitor", "status", "--state", str(db), "--format", "json"]))["tables"][0]
    _drop(db)
    if not any(x["test"] == "stakes" and x["results"] for x in status["tests"]):
        raise RuntimeError(f"the named players' feed ran no stakes test: {status['tests']}")
    return (
        f"monitor: {NAMED_ROUNDS:,} punto banco rounds from 8-pack shoes, three named players betting every "
        "round: as above, and each player's stakes tested at each shoe's end (99 deals drawn per shoe); one core",
        lambda: _drop(_watch(PUNTO_BANCO, log, floor)),
        3,
        NAMED_ROUNDS,
        "rounds",
    )


def cases():
    rows = _compositions(COMPOSITIONS)
    return [
        _table_case(PUNTO_BANCO),
        _named_case(),
        _table_case(SUPER_PAN_9),
        _table_case(BLACKJACK),
        (
            "monitor: exact laws of 10,000 punto banco shoe compositions",
            lambda: _laws(rows),
            3,
            COMPOSITIONS,
            "compositions",
        ),
    ]


# -- the studies ---------------------------------------------------------------------------------------------


def _table(config: TableConfig = _CONFIG) -> CardTableMonitor:
    level = BUDGET.level / TABLES
    return CardTableMonitor(config, dict.fromkeys(statistical_tests(config.game), level), BUDGET)


def _flagged(lines: list[str], config: TableConfig = _CONFIG) -> int | None:
    """The round of a table's first hold alarm (None: none)."""
    mon = _table(config)
    for i, line in enumerate(lines[1:], start=1):
        mon.ingest(round_from_record(config.game, json.loads(line)), "sim", i, "t")
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
    log, floor = _shoe_log(PUNTO_BANCO, args.rounds)
    _checked(PUNTO_BANCO)  # compile and import first
    times = []
    for _ in range(3):
        t = time.perf_counter()
        _drop(_watch(PUNTO_BANCO, log, floor))
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
    blackjack_study(args.rounds // 4, args.tables, rng)


def blackjack_study(rounds: int, tables: int, rng: random.Random) -> None:
    """Print the share of `tables` fair blackjack tables of `rounds` rounds the hold test flags, and the rounds a
    dealer who slips the banker a ten whenever it beats the box takes to be flagged (feeds of 5,000 rounds)."""
    config = TableConfig("B1", "blackjack", VERSION, rules={"decks": "6"})
    fair = [_flagged(simulate.blackjack_log(rng.randrange(10**9), rounds, "B1")[0], config) for _ in range(tables)]
    print(
        f"fair blackjack tables (one box, basic strategy): {sum(x is not None for x in fair)} of {tables} flagged "
        f"by the hold test in {rounds:,} rounds (level {BUDGET.level / TABLES} each)"
    )
    delays = [
        _flagged(simulate.blackjack_log(rng.randrange(10**9), 5_000, "B1", stack_banker=1.0)[0], config)
        for _ in range(tables)
    ]
    found = sorted(x for x in delays if x is not None)
    span = f"rounds {found[0]:,} to {found[-1]:,}, median {statistics.median(found):,}" if found else "never"
    print(
        f"a blackjack dealer slipping the banker a ten whenever it beats the box: flagged in {len(found)} of "
        f"{tables} feeds of 5,000 rounds, {span}"
    )


if __name__ == "__main__":
    main()
