"""Benchmarks: medians of repeated runs, and their ratio to a baseline workload timed in the same process.

Each module `bench/bench_*.py` exposes `cases()`: a list of (name, callable, repeats), optionally followed by
(count, unit) when a run handles that many things (its rate per second is added to the name). Figures go to a
Markdown file; nothing here asserts a time (targets are read from the file, never tested).

A full run (`make bench`) rewrites the file above the kept line. A partial run (`--only TEXT`, `--module NAME`)
never rewrites it: it prints its rows, or with `--out FILE` replaces only the rows of the cases it ran (a new case
goes after the case that precedes it in its module) and keeps every other line, with a note of its own baseline.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import pkgutil
import platform
import re
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import bench

RESULTS = Path("bench/results.md")
#: Below this line results.md keeps measurements made by hand or by a later partial run: never rewritten here.
KEPT = "<!-- kept: measured apart from this run; `make bench` rewrites only what is above -->"
TABLE_HEAD = ["| case | runs | median | ratio to baseline |", "|---|---|---|---|"]
#: The rate a case with a count gets after its name, e.g. " (5,123 rounds/s)".
_RATE = re.compile(r" \(\d[\d,]* [^()]*/s\)$")
#: How a partial run's note in the file begins (the command follows it).
_NOTE = "Rows rerun apart by "


def baseline() -> Fraction:
    """A fixed exact-arithmetic workload: the machine's yardstick for this run."""
    total = Fraction(0)
    for n in range(1, 4000):
        total += Fraction(1, n * (n + 1))
    return total


def median_time(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


@dataclass(frozen=True)
class Row:
    """One case's measurement: its name (the row's key), how many runs, the median and its ratio to the baseline."""

    name: str
    label: str  # the name, with the rate when the case counts what it does
    runs: int
    median: float
    ratio: float

    def line(self) -> str:
        return f"| {self.label} | {self.runs} | {self.median * 1000:.1f} ms | {self.ratio:.1f} |"


def module_names(package: ModuleType) -> list[str]:
    """The benchmark modules' names without `bench_`, in the order a run takes them."""
    return sorted(m.name[6:] for m in pkgutil.iter_modules(package.__path__) if m.name.startswith("bench_"))


def row_name(line: str) -> str | None:
    """The case a results table's row measured (its name less any rate), None for a line that is no row."""
    if not line.startswith("| ") or line in TABLE_HEAD:
        return None
    cells = line[2:].rstrip().removesuffix(" |").rsplit(" | ", 3)
    return _RATE.sub("", cells[0]) if len(cells) == 4 else None


def merged(text: str, rows: list[Row], order: list[str], command: str, note: str) -> str:
    """`text` (a results file) with the rows of the cases `rows` ran replaced, new ones placed by `order` (every case
    name of the modules run, in run order), `note` in place of an earlier note of `command`, the rest kept."""
    head, marker, kept = text.partition(KEPT)
    lines = head.rstrip("\n").split("\n") if head.strip() else ["# Benchmark results"]
    if TABLE_HEAD[0] not in lines:
        lines += ["", *TABLE_HEAD]
    old = [i for i, x in enumerate(lines) if x.startswith(f"{_NOTE}`{command}` ")]
    for i in reversed(old):
        del lines[i : i + (2 if i + 1 < len(lines) and lines[i + 1] == "" else 1)]
    start = lines.index(TABLE_HEAD[0])
    lines[start:start] = ([] if lines[start - 1] == "" else [""]) + [note, ""]
    start = lines.index(TABLE_HEAD[0]) + 2
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    table = lines[start:end]
    rank = {name: i for i, name in enumerate(order)}
    for row in rows:
        names = [row_name(x) for x in table]
        if row.name in names:
            table[names.index(row.name)] = row.line()
            continue
        before = [i for i, n in enumerate(names) if n in rank and rank[n] < rank[row.name]]
        table.insert(before[-1] + 1 if before else len(table), row.line())
    lines[start:end] = table
    return "\n".join(lines) + "\n" + (f"\n{marker}{kept}" if marker else "")


def _fail(message: str) -> int:
    print(f"bench: {message}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None, package: ModuleType = bench) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help=f"the results file (a full run's default: {RESULTS})")
    parser.add_argument("--only", default="", help="run only cases whose name contains this text (a partial run)")
    parser.add_argument("--module", help="run only bench/bench_NAME.py's cases (a partial run)")
    args = parser.parse_args(argv)
    names = module_names(package)
    if args.module is not None and args.module.removeprefix("bench_") not in names:
        return _fail(f"no benchmark module {args.module!r}: choose one of {', '.join(names)}")
    partial = bool(args.only) or args.module is not None
    out = args.out if args.out is not None or partial else RESULTS
    chosen = [args.module.removeprefix("bench_")] if args.module is not None else names
    cases, homes = [], {}  # the cases, and the module each comes from
    for name in chosen:
        for case in importlib.import_module(f"{package.__name__}.bench_{name}").cases():
            cases.append(case)
            homes[case[0]] = name
    order = [case[0] for case in cases]
    cases = [case for case in cases if args.only in case[0]]
    if not cases:
        return _fail(f"no case's name contains {args.only!r} (in {', '.join(chosen)})")
    base = median_time(baseline, 7)
    rows = []
    for case, fn, repeats, *per in cases:  # an optional 4th item: how many things one run does
        print(f"bench: {case} ...", file=sys.stderr, flush=True)
        t = median_time(fn, repeats)
        rate = f" ({per[0] / t:,.0f} {per[1] if len(per) > 1 else 'items'}/s)" if per else ""
        rows.append(Row(case, case + rate, repeats, t, t / base))
    summary = (
        f"Python {platform.python_version()} on {platform.machine()}; baseline (exact harmonic-telescoping sum, "
        f"median of 7): {base * 1000:.2f} ms."
    )
    lines = ["# Benchmark results", "", summary, "", *TABLE_HEAD, *(row.line() for row in rows)]
    print("\n".join(lines))
    if out is None:
        return 0
    text = out.read_text(encoding="utf-8") if out.exists() else ""
    if partial:
        chose = (["--module", chosen[0]] if args.module is not None else []) + (
            ["--only", args.only] if args.only else []
        )
        command = shlex.join(["python", "-m", "bench.run", *chose])
        files = ", ".join(f"bench/bench_{n}.py" for n in dict.fromkeys(homes[r.name] for r in rows))
        note = (
            f"{_NOTE}`{command}` ({datetime.date.today().isoformat()}, Python {platform.python_version()}): "
            f"the {len(rows)} case(s) of {files}"
            f"{f' whose name contains {args.only!r}' if args.only else ''}, timed against a baseline of "
            f"{base * 1000:.2f} ms in that run."
        )
        out.write_text(merged(text, rows, order, command, note), encoding="utf-8")
    else:
        kept = text.partition(KEPT)[2]
        out.write_text("\n".join(lines) + "\n" + (f"\n{KEPT}{kept}" if kept else ""), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
