"""Benchmarks for `oddscalc monitor`.

`cases()` (run by `make bench`, or `python -m bench.run --module monitor`): spins ingested per second in one
process with every test on (a bare roulette feed of 1,000,000 spins, through the feed reader, the tests and the
state file's commits), and round-log rounds per second (every wager judged, exposure and hold on).

`python -m bench.bench_monitor [--scale S]` runs the studies and writes them below the kept line of
bench/results.md: the median spins to flag each fault on a 50-wheel floor at 1% a year beside the plan's
figures, a fault after 200,000 fair spins against a fresh table, the share of fair tables flagged (1,000 tables of
100,000 spins at S = 1), a payout error's round, memory for 10 million spins, and kills at five random moments of
a 1,000,000-spin feed. --scale below 1 shrinks the replications and sizes (the file says what was run).
"""

from __future__ import annotations

import argparse
import atexit
import json
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from oddscalc.monitor import simulate
from oddscalc.monitor.fault_plan import fault_plans
from oddscalc.monitor.floor import Budget, Floor, TableConfig
from oddscalc.monitor.result_laws import wheel_order
from oddscalc.monitor.run import Feed, Monitor
from oddscalc.monitor.sources import FileSource
from oddscalc.monitor.state import State
from oddscalc.monitor.streams import statistical_tests
from oddscalc.monitor.table import TableMonitor

_DIR = Path(tempfile.mkdtemp(prefix="oddscalc-bench-monitor-"))
atexit.register(shutil.rmtree, _DIR, True)
SPINS = 1_000_000
LOG_ROUNDS = 100_000
ODDSCALC = [sys.executable, "-m", "oddscalc"]
#: A floor of 50 single-zero wheels, 1% a year, 60 spins an hour.
TABLES = 50
BUDGET = Budget(Fraction(1, 100), Fraction(8766), "1y")


def _bare_file(n: int, name: str, law=None, seed: int = 1) -> Path:
    path = _DIR / name
    if not path.exists():
        spins = simulate.roulette_spins(simulate.numpy_rng(seed), n, law)
        path.write_text("\n".join(map(str, spins.tolist())) + "\n")
    return path


def _ingest(path: Path, table: str | None) -> None:
    db = _DIR / f"ingest-{time.monotonic_ns()}.db"
    floor = Floor({"R1": TableConfig("R1", "roulette", "2002", wheel=wheel_order(None))}, BUDGET)
    state = State(db)
    mon = Monitor(floor, state, lambda x: None)
    src = FileSource(str(path), None)
    mon.read(Feed(src, table), None, 50_000, 2.0)
    src.close()
    state.close()
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)


def _log_file() -> Path:
    path = _DIR / "wheel.jsonl"
    if not path.exists():
        spins = simulate.roulette_spins(simulate.numpy_rng(2), LOG_ROUNDS)
        path.write_text("\n".join(simulate.roulette_log(spins, "R1")) + "\n")
    return path


def cases():
    bare = _bare_file(SPINS, "spins.txt")
    log = _log_file()
    return [
        ("monitor: 1,000,000 bare roulette spins, every test on", lambda: _ingest(bare, "R1"), 3, SPINS, "spins"),
        (
            "monitor: 100,000 round-log rounds, two wagers each, judged",
            lambda: _ingest(log, None),
            3,
            LOG_ROUNDS,
            "rounds",
        ),
    ]


# -- the studies ---------------------------------------------------------------------------------------------


def _table() -> TableMonitor:
    cfg = TableConfig("R", "roulette", "2002", wheel=wheel_order(None))
    level = BUDGET.level / (TABLES * len(statistical_tests("roulette")))
    return TableMonitor(cfg, dict.fromkeys(statistical_tests("roulette"), level), BUDGET)


def _delay(spins: np.ndarray, test: str, after: int = 0, chunk: int = 20_000) -> int | None:
    """Spins after `after` until `test` alarms (None: not within the feed)."""
    mon = _table()
    for i in range(0, len(spins), chunk):
        mon.ingest_codes(spins[i : i + chunk], "t")
        mon.flush()
        alarms = [a for a in mon.take()[0] if a.test == test]
        if alarms:
            return alarms[0].round - after
    return None


def _median(xs: list[int | None]) -> str:
    found = [x for x in xs if x is not None]
    if len(found) < len(xs) / 2:
        return f"not within the feed ({len(found)} of {len(xs)} flagged)"
    xs_sorted = sorted(x if x is not None else 10**12 for x in xs)
    return f"{statistics.median(xs_sorted):,.0f} ({len(found)} of {len(xs)} flagged)"


def delays(reps: int) -> list[str]:
    rng = simulate.numpy_rng(100)
    plans = {p.name: p for p in fault_plans(TABLES, BUDGET, 60)}
    rows = []
    pocket = simulate.pocket_law(17, Fraction(2, 37))
    d = [_delay(simulate.roulette_spins(rng, 12_000, pocket), "result-law") for _ in range(reps)]
    p = plans["a pocket at 2/37"]
    rows.append(f"| a pocket at 2/37 | result-law | {_median(d)} | {p.monitor:,.0f} | {p.sprt:,.0f} | 3,000 |")
    sector = simulate.sector_law(3, Fraction(1, 10))
    fresh = [_delay(simulate.roulette_spins(rng, 60_000, sector), "sectors") for _ in range(reps)]
    p = plans["nine neighbouring pockets 10% likelier in total"]
    rows.append(
        f"| 9 neighbouring pockets 10% likelier | sectors | {_median(fresh)} | {p.monitor:,.0f} | "
        f"{p.sprt:,.0f} | 20,000 |"
    )
    late = []
    for _ in range(reps):
        spins = np.concatenate([simulate.roulette_spins(rng, 200_000), simulate.roulette_spins(rng, 60_000, sector)])
        late.append(_delay(spins, "sectors", after=200_000))
    rows.append(f"| the same, after 200,000 fair spins | sectors | {_median(late)} | | | 1.5 x fresh |")
    sig = []
    for _ in range(reps):
        spins = simulate.signature_spins(
            rng, 12_000, range(10, 19), 0.25 * 9 / 28
        )  # P(arc) = s + (1 - s) 9/37 = 1.25 x 9/37
        sig.append(_delay(spins, "signature"))
    p = plans["a dealer's signature: 9 neighbouring distances 25% likelier"]
    rows.append(
        f"| a dealer's signature (9 distances 25% likelier) | signature | {_median(sig)} | "
        f"{p.monitor:,.0f} | {p.sprt:,.0f} | |"
    )
    f_med = statistics.median([x for x in fresh if x is not None] or [0])
    l_med = statistics.median([x for x in late if x is not None] or [0])
    rows.append(f"\nRatio of medians, late to fresh: {l_med / f_med:.2f} ({reps} feeds each).")
    return rows


def false_alarms(tables: int, spins: int, levels: list[Fraction]) -> str:
    """Fair tables, each given a whole budget `level` over a horizon of `spins`: the share any test flagged.

    The budget is split equally among the tests a bare feed runs, as the floor splits it; every level runs on the
    same seeded spins, so the shares can be read side by side.
    """
    rng = simulate.numpy_rng(7)
    tests = [t for t in statistical_tests("roulette") if t not in ("exposure", "hold")]
    flagged = dict.fromkeys(levels, 0)
    by_test: dict[Fraction, dict[str, int]] = {lv: {} for lv in levels}
    for _ in range(tables):
        mons = {}
        for lv in levels:
            cfg = TableConfig("R", "roulette", "2002", wheel=wheel_order(None))
            mons[lv] = TableMonitor(
                cfg, dict.fromkeys(statistical_tests("roulette"), lv / len(tests)), Budget(lv, Fraction(spins, 60), "h")
            )
        hit: dict[Fraction, set[str]] = {lv: set() for lv in levels}
        for i in range(0, spins, 50_000):
            codes = rng.integers(0, 37, size=min(50_000, spins - i))
            for lv, mon in mons.items():
                mon.ingest_codes(codes, "t")
                mon.flush()
                hit[lv] |= {a.test for a in mon.take()[0]}
        for lv in levels:
            flagged[lv] += bool(hit[lv])
            for t in hit[lv]:
                by_test[lv][t] = by_test[lv].get(t, 0) + 1
    parts = [
        f"budget {float(lv):.0%}: {flagged[lv]} flagged ({flagged[lv] / tables:.1%}; by test: {by_test[lv] or 'none'})"
        for lv in levels
    ]
    return (
        f"{tables:,} fair tables x {spins:,} spins, each table given the whole budget over a horizon of "
        f"{spins:,} spins, split equally among the {len(tests)} tests a bare feed runs; the share flagged must "
        f"stay at or below the budget: " + "; ".join(parts)
    )


def _alarms(db: Path) -> list:
    out = subprocess.run(
        [*ODDSCALC, "monitor", "alarms", "--state", str(db), "--format", "json"], capture_output=True, timeout=600
    )
    return [
        (a["table"], a["test"], a["dealer"], a["round"], a["alternative"])
        for a in map(json.loads, out.stdout.splitlines())
    ]


def _committed(db: Path) -> int:
    """Feed lines committed in a state file (0 before its first commit), read while the monitor writes."""
    if not db.exists():
        return 0
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)
        try:
            row = con.execute("SELECT max(line) FROM positions").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return 0
    return int(row[0] or 0)


def restart(n: int) -> str:
    """Kill (SIGKILL) a run at five random places of an `n`-spin feed, then run it to the end."""
    rng = simulate.numpy_rng(9)
    spins = np.concatenate(
        [
            simulate.roulette_spins(rng, n // 2),
            simulate.roulette_spins(rng, n // 4, simulate.pocket_law(3, Fraction(3, 74))),
            simulate.roulette_spins(rng, n - n // 2 - n // 4, simulate.sector_law(11, Fraction(1, 5))),
        ]
    )
    feed = _DIR / "restart.txt"
    feed.write_text("\n".join(map(str, spins.tolist())) + "\n")
    args = [*ODDSCALC, "monitor", "run", str(feed), "--table", "R1", "--game", "roulette", "--batch", "20000"]
    whole = _DIR / "whole.db"
    subprocess.run([*args, "--state", str(whole)], capture_output=True, timeout=600)
    expected = _alarms(whole)
    killed = _DIR / "killed.db"
    targets = sorted(random.Random(5).sample(range(n // 10, 9 * n // 10), 5))
    moments = []
    for target in targets:
        p = subprocess.Popen([*args, "--state", str(killed)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        while p.poll() is None and _committed(killed) < target:
            time.sleep(0.01)
        running = p.poll() is None
        p.send_signal(signal.SIGKILL)
        p.communicate()
        moments.append(f"{_committed(killed):,}{'' if running else ' (it had finished)'}")
    subprocess.run([*args, "--state", str(killed)], capture_output=True, timeout=600)
    got = _alarms(killed)
    status = json.loads(
        subprocess.run(
            [*ODDSCALC, "monitor", "status", "--state", str(killed), "--format", "json"],
            capture_output=True,
            timeout=600,
        ).stdout
    )["tables"][0]
    same = "the same" if got == expected else "DIFFERENT"
    return (
        f"{n:,}-spin feed killed (SIGKILL) five times, each time once the state held a random place of the feed "
        f"(spins committed at the kills: {', '.join(moments)}), then run to the end: {len(got)} alarm(s), "
        f"{same} as the uninterrupted run's {len(expected)} "
        f"({', '.join(f'{a[1]} round {a[3]:,}' for a in expected)}); rounds counted {status['rounds']:,} of "
        f"{n:,}, feed faults {status['feed_faults'] or 'none'}"
    )


def _rounds(db: Path) -> int:
    out = subprocess.run(
        [*ODDSCALC, "monitor", "status", "--state", str(db), "--format", "json"], capture_output=True, timeout=600
    )
    tables = json.loads(out.stdout or b'{"tables": []}')["tables"]
    return tables[0]["rounds"] if tables else 0


_PEAK = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def memory(sizes: list[int]) -> str:
    """Wall time and peak resident memory of one `monitor run` process per feed size."""
    parts = []
    for n in sizes:
        path = _bare_file(n, f"mem-{n}.txt", seed=3)
        db = _DIR / f"mem-{n}.db"
        start = time.perf_counter()
        cmd = [*ODDSCALC, "monitor", "run", str(path), "--table", "R1", "--game", "roulette", "--state", str(db)]
        out = subprocess.run([sys.executable, "-c", _PEAK, *cmd], capture_output=True, timeout=3600)
        took = time.perf_counter() - start
        rss = int(out.stdout.split()[-1]) / 1024
        parts.append(
            f"{n:,} spins: {took:.1f} s wall ({n / took:,.0f} spins/s with start-up), peak memory {rss:.0f} MB"
        )
    return "bare spins through one `oddscalc monitor run` process: " + "; ".join(parts)


def payout() -> str:
    spins = simulate.roulette_spins(simulate.numpy_rng(12), 20_000)
    at = [i for i, x in enumerate(spins, 1) if x == 17][10]
    path = _DIR / "mispay.jsonl"
    path.write_text("\n".join(simulate.roulette_log(spins, "R1", mispay_at=at)) + "\n")
    db = _DIR / "mispay.db"
    subprocess.run([*ODDSCALC, "monitor", "run", str(path), "--state", str(db)], capture_output=True, timeout=600)
    got = [a for a in _alarms(db) if a[1] == "settlement"]
    return f"a straight bet paid 34 to 1 at round {at:,} of 20,000: settlement alarm(s) at round(s) " + (
        ", ".join(f"{a[3]:,}" for a in got) or "none"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=Path("bench/results.md"))
    args = parser.parse_args(argv)
    s = args.scale
    t0 = time.perf_counter()
    reps = max(5, int(40 * s))
    lines = [
        "",
        "## monitor (a run of `python -m bench.bench_monitor"
        + (f" --scale {s}" if s != 1 else "")
        + f"`, {time.strftime('%Y-%m-%d')})",
        "",
        f"A floor of {TABLES} single-zero wheels, 1% a year, 60 spins an hour (each test's level "
        f"{float(BUDGET.level) / (TABLES * 5):.0e}, 525,960 spins in the horizon). Spins to flag each fault: "
        f"median over {reps} seeded feeds, beside the plan (`oddscalc monitor plan`) and the issue's target.",
        "",
        "| fault | test | measured median (flagged) | plan: monitor | plan: SPRT knowing the fault | target |",
        "|---|---|---|---|---|---|",
    ]
    lines += delays(reps)
    print("\n".join(lines), file=sys.stderr)
    lines += ["", "- " + payout()]
    lines += [
        "- "
        + false_alarms(
            max(20, int(1000 * s)), max(10_000, int(100_000 * s)), [Fraction(1, 100), Fraction(1, 10), Fraction(1, 2)]
        )
    ]
    lines += ["- " + restart(max(100_000, int(1_000_000 * s)))]
    lines += ["- " + memory([1_000_000, max(1_000_000, int(10_000_000 * s))])]
    lines += ["", f"The studies took {time.perf_counter() - t0:,.0f} s."]
    print("\n".join(lines))
    text = args.out.read_text()
    head, kept, tail = text.partition("<!-- kept")
    marker = "\n## monitor ("
    if marker in tail:
        before, _, after = tail.partition(marker)
        nxt = after.find("\n## ")
        tail = before + (after[nxt:] if nxt >= 0 else "\n")
    args.out.write_text(head + kept + tail.rstrip("\n") + "\n" + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
