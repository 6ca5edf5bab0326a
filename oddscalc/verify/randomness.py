"""Randomness as far as the sample allows: chi-square tests of what came out against what fairness expects,
a runs test of serial independence, and one stated correction for testing several things at once.

* Chi-square goodness of fit (Pearson): observed counts per category against exact expected counts; tested
  only where every category that can occur expects at least 5 (the usual validity condition), else reported
  as not tested. The statistic is an exact fraction; its p-value comes from mpmath (`sim.check.chi_square_p`).
* Runs test (Wald and Wolfowitz) on a yes/no result per round. Given n1 yeses and n2 noes, the number of runs
  R of an exchangeable sequence has mean 2 n1 n2 / n + 1. Its variance is 2 n1 n2 (2 n1 n2 - n) / (n^2 (n - 1))
  (both exact fractions). Then z = (R - mean) / sd, with a two-sided normal p-value; tested when n1, n2 >= 10.
* Bonferroni: with m tests, each is judged at alpha / m, so a fair game fails any of them with probability at
  most alpha in all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath

from oddscalc.sim.check import chi_square_p, normal_two_sided_p, significant
from oddscalc.verify.findings import RANDOM, Report, fraction_text

__all__ = ["MIN_EXPECTED", "MIN_RUNS", "Runs", "Test", "assess", "chi_square_test", "runs_test"]

MIN_EXPECTED = 5
MIN_RUNS = 10


class Runs:
    """The runs of a yes/no sequence, counted as it streams by."""

    __slots__ = ("last", "no", "runs", "yes")

    def __init__(self) -> None:
        self.yes = self.no = self.runs = 0
        self.last: bool | None = None

    def add(self, bit: bool) -> None:
        if bit:
            self.yes += 1
        else:
            self.no += 1
        if bit is not self.last:
            self.runs += 1
            self.last = bit


@dataclass(frozen=True)
class Test:
    name: str
    statistic_name: str
    statistic: Fraction
    dof: int | None
    p: str
    detail: str = ""
    detects: str = ""  # what departure from randomness the test is built to find (shown in the report)


def chi_square_test(
    name: str, observed: Sequence[int], expected: Sequence[Fraction], labels: Sequence[str]
) -> Test | str:
    """A Pearson chi-square test, or the reason it cannot be run (a category expecting fewer than 5)."""
    cells = [(o, e, lab) for o, e, lab in zip(observed, expected, labels) if e > 0 or o > 0]
    if any(e == 0 for _, e, _ in cells):  # an impossible category occurred: the shoe check reports it
        cells = [c for c in cells if c[1] > 0]
    n = sum(observed)
    if len(cells) < 2:
        return f"{name}: {_many(n, 'observation')}, but fewer than two outcomes can occur"
    least = min(cells, key=lambda c: c[1])
    if least[1] < MIN_EXPECTED:  # each expected count grows with the observations: this many lift the least to 5
        needed = math.ceil(n * MIN_EXPECTED / least[1]) if n else None
        return (
            f"{name}: {_many(n, 'observation')}, outcome {least[2]} expected {_count(least[1])} "
            f"{'time' if least[1] == 1 else 'times'}, below the "
            f"{MIN_EXPECTED} a chi-square test needs" + (f" (about {needed:,} observations would do)" if needed else "")
        )
    stat = sum(((Fraction(o) - e) ** 2 / e for o, e, _ in cells), Fraction(0))
    worst = max(cells, key=lambda c: (Fraction(c[0]) - c[1]) ** 2 / c[1])
    return Test(
        name,
        "chi-square",
        stat,
        len(cells) - 1,
        chi_square_p(stat, len(cells) - 1),
        f"largest departure: {worst[2]} observed {worst[0]}, expected {float(worst[1]):.2f}",
    )


def _many(n: int, noun: str) -> str:
    """`n` with `noun`, plural unless one: "1 observation", "2,000 observations"."""
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _count(x: Fraction) -> str:
    """An expected count as a reader takes it: whole when it is, else to two decimals.

    >>> _count(Fraction(2)), _count(Fraction(7, 3))
    ('2', '2.33')
    """
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


def runs_test(name: str, runs: Runs) -> Test | str:
    n1, n2, n = runs.yes, runs.no, runs.yes + runs.no
    if n1 < MIN_RUNS or n2 < MIN_RUNS:
        return f"{name}: too few results of each kind ({n1} and {n2}; {MIN_RUNS} of each needed)"
    mean = Fraction(2 * n1 * n2, n) + 1
    var = Fraction(2 * n1 * n2 * (2 * n1 * n2 - n), n * n * (n - 1))
    with mpmath.workdps(30):
        z = (mpmath.mpf(runs.runs) - mpmath.mpf(mean.numerator) / mean.denominator) / mpmath.sqrt(
            mpmath.mpf(var.numerator) / var.denominator
        )
        p = normal_two_sided_p(z)
        z_exact = Fraction(mpmath.nstr(z, 12))
    return Test(name, "z", z_exact, None, p, f"{runs.runs} runs in {n} results ({n1} yes), expected {float(mean):.2f}")


def assess(report: Report, tests: Sequence[Test | str], alpha: Fraction, subject: str, citation: str, law: str) -> None:
    """Judge every test at alpha / m (Bonferroni) and file a randomness fault for each that fails."""
    run = [t for t in tests if isinstance(t, Test)]
    skipped = [t for t in tests if isinstance(t, str)]
    m = len(run)
    level = alpha / m if m else alpha
    level_mpf = mpmath.mpf(level.numerator) / level.denominator
    rows: list[dict[str, Any]] = []
    for t in run:
        passed = mpmath.mpf(t.p) >= level_mpf
        rows.append(
            {
                "name": t.name,
                "statistic_name": t.statistic_name,
                "statistic": fraction_text(t.statistic),
                "statistic_decimal": f"{float(t.statistic):.6g}",
                "dof": t.dof,
                "p": significant(t.p),
                "passed": passed,
                "detail": t.detail,
                **({"detects": t.detects} if t.detects else {}),
            }
        )
        if not passed:
            report.fault(
                RANDOM,
                None,
                rule=t.name,
                did=f"produced {t.statistic_name} = {float(t.statistic):.6g}"
                f"{' on ' + str(t.dof) + ' degrees of freedom' if t.dof else ''}, "
                f"p = {significant(t.p)} below {_pct(level)} ({t.detail})",
                law=law,
                citation=citation,
            )
    failed = sum(not r["passed"] for r in rows)
    report.randomness = {
        "subject": subject,
        "alpha": fraction_text(alpha),
        "tests_run": m,
        "level_each": fraction_text(level),
        "correction": f"Bonferroni: {m} test(s), each at {_pct(alpha)} / {m} = {_pct(level)}, so a fair "
        f"{subject} fails any of them with probability at most {_pct(alpha)}"
        if m
        else "no test had enough data",
        "summary": (f"{m} test(s) run, {failed} failed at the corrected level" if m else "no test had enough data"),
        "tests": rows,
        "skipped": skipped,
    }


def _pct(x: Fraction) -> str:
    return f"{float(x * 100):.4g}%"
