"""Benchmarks: medians of repeated runs, and their ratio to a baseline workload timed in the same process.

Each module `bench/bench_*.py` exposes `cases()`: a list of (name, callable, repeats), optionally followed by
(count, unit) when a run handles that many things (its rate per second is added to the name). Figures go to a
Markdown file; nothing here asserts a time (targets are read from the file, never tested).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import platform
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

import bench


def baseline() -> Fraction:
    """A fixed exact-arithmetic workload: the machine's yardstick for this run."""
    total = Fraction(0)
    for n in range(1, 4000):
        total += Fraction(1, n * (n + 1))
    return total


def median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


#: Below this line results.md keeps measurements made by hand or by a later partial run: never rewritten here.
KEPT = "<!-- kept: measured apart from this run; `make bench` rewrites only what is above -->"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("bench/results.md"))
    parser.add_argument("--only", default="", help="run only cases whose name contains this text")
    args = parser.parse_args(argv)
    modules = sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_"))
    base = median_time(baseline, 7)
    rows = []
    for name in modules:
        module = importlib.import_module(f"bench.{name}")
        for case, fn, repeats, *per in module.cases():  # an optional 4th item: how many things one run does
            if args.only and args.only not in case:
                continue
            print(f"bench: {case} ...", file=sys.stderr, flush=True)
            t = median_time(fn, repeats)
            rows.append(
                (
                    case + (f" ({per[0] / t:,.0f} {per[1] if len(per) > 1 else 'items'}/s)" if per else ""),
                    repeats,
                    t,
                    t / base,
                )
            )
    lines = [
        "# Benchmark results",
        "",
        f"Python {platform.python_version()} on {platform.machine()}; baseline (exact harmonic-telescoping sum, "
        f"median of 7): {base * 1000:.2f} ms.",
        "",
        "| case | runs | median | ratio to baseline |",
        "|---|---|---|---|",
    ]
    lines += [f"| {c} | {r} | {t * 1000:.1f} ms | {ratio:.1f} |" for c, r, t, ratio in rows]
    kept = args.out.read_text().partition(KEPT)[2] if args.out.exists() else ""
    args.out.write_text("\n".join(lines) + "\n" + (f"\n{KEPT}{kept}" if kept else ""))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
