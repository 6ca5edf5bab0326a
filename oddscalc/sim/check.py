"""Goodness of fit of observed outcomes to an exact distribution: chi-square and a z-test of the mean.

p-values come from mpmath (the regularised upper incomplete gamma for chi-square, erfc for the normal),
so nothing but the final rendering is approximate. Rare outcomes are merged with their neighbours
(by return) until every bin expects at least `min_expected` rounds, the usual validity condition.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import mpmath

from oddscalc.core.distribution import Distribution
from oddscalc.core.errors import InputError
from oddscalc.core.partial_law import PartialLaw
from oddscalc.core.planning import detectable_shift

__all__ = [
    "Bin",
    "CheckError",
    "CheckResult",
    "check_counts",
    "chi_square_p",
    "merge_bins",
    "nearest_counts",
    "normal_two_sided_p",
    "significant",
]

MIN_EXPECTED = 5
MIN_ROUNDS = 100  # below this the normal approximation behind the z-test is not to be trusted
DETECT_POWER = Fraction(80, 100)  # the power at which `check` states the smallest shift its sample detects


class CheckError(InputError):
    """Observations that cannot be tested: unknown outcomes, negative counts, too few rounds.

    Examples:
        A straight bet at 35 to 1 nets +35 or -1 per unit staked, so a count of +17 cannot be a straight bet's:

        >>> import oddscalc
        >>> straight = oddscalc.analyse("roulette", "straight", version="1994").result("straight")
        >>> try:
        ...     oddscalc.check_counts(straight, {-1: 36, 17: 1})
        ... except oddscalc.CheckError as exc:
        ...     print(exc)
        outcome 17 cannot happen for this wager; possible returns: -1, 35
    """


@dataclass(frozen=True)
class Bin:
    """One chi-square cell: the returns it covers, observed count, exact expected count."""

    returns: tuple[Fraction, ...]
    observed: int
    expected: Fraction
    #: Against a partial law: the least and greatest expected count it allows (`expected` is the nearest one).
    low: Fraction | None = None
    high: Fraction | None = None


@dataclass(frozen=True)
class CheckResult:
    """What `check_counts` found: both tests' statistics and p-values, and the verdict at level `alpha`.

    Attributes:
        rounds: the rounds observed.
        bins: the chi-square cells, rare outcomes merged with their neighbours (`merge_bins`).
        chi_square: the chi-square statistic, exactly.
        degrees_of_freedom: the cells less one.
        chi_square_p: its p-value, as decimal text.
        observed_mean: the mean net return observed, exactly.
        expected_mean: the law's mean net return, exactly.
        z: the z statistic of the observed mean, as decimal text.
        z_p: its two-sided p-value, as decimal text.
        alpha: the level of the two tests together; each is run at alpha/2.
        passed: whether both tests pass.
        verdict: the verdict in words, with the smallest shift these rounds detect.
        detectable_shift: that shift of the mean net return (of the RTP), at 80% power.

    Examples:
        60 wins and 40 losses at even money against even chances: each cell expects 50, so chi-square is
        2 x 10^2 / 50 = 4. The mean is 1/5 and its standard error 1/10, so z = 2, and the two-sided p-value is
        2 (1 - Phi(2)) = 0.0455 for both tests. That is above alpha/2 = 0.005, so the check passes:

        >>> coin = Distribution.from_weights({1: 1, -1: 1})
        >>> result = check_counts(coin, {Fraction(1): 60, Fraction(-1): 40})
        >>> result.chi_square, result.z, significant(result.chi_square_p), significant(result.z_p), result.passed
        (Fraction(4, 1), '2.0', '0.0455', '0.0455', True)
    """

    rounds: int
    bins: tuple[Bin, ...]
    chi_square: Fraction
    degrees_of_freedom: int
    chi_square_p: str
    observed_mean: Fraction
    expected_mean: Fraction
    z: str
    z_p: str
    alpha: Fraction
    passed: bool
    verdict: str
    #: The shift of the mean net return per unit staked (= of the RTP) that this many rounds detect with
    #: probability DETECT_POWER by the z-test at its level alpha/2 (core.planning.detectable_shift).
    detectable_shift: Decimal | None = None


def merge_bins(
    probabilities: Mapping[Fraction, Fraction],
    counts: Mapping[Fraction, int],
    rounds: int,
    min_expected: int = MIN_EXPECTED,
) -> list[Bin]:
    """Adjacent outcomes (ordered by return) merged until each bin's expected count is at least min_expected.

    The bin with the smallest expectation is repeatedly joined to its smaller neighbour, so common
    outcomes stay on their own and rare ones pool with the returns nearest to them.
    """
    bins = [Bin((r,), counts.get(r, 0), p * rounds) for r, p in sorted(probabilities.items())]
    while len(bins) > 1:
        i = min(range(len(bins)), key=lambda k: (bins[k].expected, k))
        if bins[i].expected >= min_expected:
            break
        if i == 0:
            j = 1
        elif i == len(bins) - 1:
            j = i - 1
        else:
            j = i - 1 if bins[i - 1].expected <= bins[i + 1].expected else i + 1
        a, b = sorted((i, j))
        bins[a : b + 1] = [
            Bin(
                bins[a].returns + bins[b].returns,
                bins[a].observed + bins[b].observed,
                bins[a].expected + bins[b].expected,
            )
        ]
    return bins


def minimum_rounds(outcomes: Sequence[tuple[Fraction, Fraction]], min_expected: int = MIN_EXPECTED) -> int:
    """Fewest rounds for which some split of the outcomes (by return) into two groups expects min_expected in
    each; `outcomes`: (return, chance) pairs sorted by return (a distribution's, or a partial law's lower bounds)."""
    best = Fraction(0)
    cumulative = Fraction(0)
    total = sum((p for _, p in outcomes), Fraction(0))
    for _, p in outcomes[:-1]:
        cumulative += p
        best = max(best, min(cumulative, total - cumulative))
    return -(-min_expected // best) if best else 0


def nearest_counts(
    observed: Sequence[int], low: Sequence[Fraction], free: Sequence[bool], extra: Fraction
) -> list[Fraction]:
    """The expected counts closest to `observed` in Pearson's chi-square among those a partial law allows.

    Bin b expects at least low[b], and a `free` bin (one the unresolved rounds can land in) up to low[b] + extra.
    The free bins together expect exactly `extra` more than their lows.

    Since the counts and the expectations both sum to the rounds, the statistic is sum O^2/P minus the rounds.
    Minimising it is water-filling: P_b = clip(c O_b, low_b, low_b + extra), with c solved exactly on the
    segment of the (piecewise linear) total where it meets its target. Bins observed empty gain nothing
    from mass and take it only when no observed bin is free.
    """
    expected = [Fraction(x) for x in low]
    takers = [i for i, f in enumerate(free) if f and observed[i] > 0]
    if not takers:
        expected[next(i for i, f in enumerate(free) if f)] += extra
        return expected
    target = sum((expected[i] for i in takers), Fraction(0)) + extra

    def clip(i: int, c: Fraction) -> Fraction:
        return min(max(c * observed[i], expected[i]), expected[i] + extra)

    def fill(c: Fraction) -> Fraction:
        return sum((clip(i, c) for i in takers), Fraction(0))

    points = sorted({Fraction(expected[i] + d, observed[i]) for i in takers for d in (0, extra)})
    before = Fraction(0)
    for point in points:
        if fill(point) >= target:
            break
        before = point
    # on [before, point] the total is linear: bins below, above and between their clips
    rising = sum(
        observed[i]
        for i in takers
        if expected[i] <= before * observed[i] and point * observed[i] <= expected[i] + extra
    )
    fixed = sum((expected[i] for i in takers if point * observed[i] <= expected[i]), Fraction(0)) + sum(
        (expected[i] + extra for i in takers if before * observed[i] >= expected[i] + extra), Fraction(0)
    )
    c = (target - fixed) / rising
    for i in takers:
        expected[i] = clip(i, c)
    if sum((expected[i] for i in takers), Fraction(0)) != target:
        raise AssertionError("water-filling missed its target")
    return expected


def chi_square_p(statistic: Fraction, dof: int, digits: int = 15) -> str:
    """P(X >= statistic) for X chi-square with `dof` degrees of freedom."""
    with mpmath.workdps(digits + 10):
        x = mpmath.mpf(statistic.numerator) / statistic.denominator
        return mpmath.nstr(mpmath.gammainc(mpmath.mpf(dof) / 2, x / 2, mpmath.inf, regularized=True), digits)


def normal_two_sided_p(z: mpmath.mpf, digits: int = 15) -> str:
    """P(|Z| >= |z|) for Z standard normal. Beyond |z| = 10^6 (counts in the 10^12s and more) mpmath's erfc
    cannot size its series, so the asymptotic sqrt(2/pi) exp(-z^2/2) / |z| is used: its relative error is below
    1/z^2 = 10^-12, invisible at the digits printed."""
    with mpmath.workdps(digits + 10):
        z = abs(mpmath.mpf(z))
        if z > 10**6:
            return mpmath.nstr(mpmath.sqrt(2 / mpmath.pi) * mpmath.exp(-z * z / 2) / z, digits)
        return mpmath.nstr(mpmath.erfc(z / mpmath.sqrt(2)), digits)


def significant(p: str, digits: int = 4) -> str:
    """A p-value (the decimal text of `chi_square_p` or `normal_two_sided_p`) to `digits` significant figures,
    as reports print it: "0.0001234567" -> "0.0001235"."""
    return mpmath.nstr(mpmath.mpf(p), digits)


def check_counts(
    law: Distribution | PartialLaw,
    counts: Mapping[Fraction, int],
    alpha: Fraction = Fraction(1, 100),
    min_expected: int = MIN_EXPECTED,
) -> CheckResult:
    """Test observed counts of each net return against the exact distribution.

    Both tests are run at level alpha/2 each (Bonferroni), so the verdict as a whole errs with
    probability at most alpha when the simulator is right.

    Against a `PartialLaw` (a share of rounds whose own law is not computed) both tests are conservative. The
    chi-square statistic is taken against the allowed law nearest the counts (`nearest_counts`), never more
    than against the true one. The z-test uses the largest variance the knowledge allows, or the exact one when
    the unresolved rounds' second moment is known. So the verdict still errs with probability at most alpha
    when the simulator is right, at some cost in power.
    """
    partial = law if isinstance(law, PartialLaw) else None
    if not isinstance(law, PartialLaw):
        outcomes, expected_mean, variance = law.outcomes, law.mean, law.variance
    else:
        known = dict(law.exact)
        outcomes = tuple((r, known.get(r, Fraction(0))) for r in law.returns)
        expected_mean, variance = law.total_mean, law.variance_bounds()[1]
    probabilities = dict(outcomes)
    for ret, n in counts.items():
        if n < 0:
            raise CheckError(f"negative count {n} for return {ret}")
        if ret not in probabilities and n:
            allowed = ", ".join(_text(r) for r in probabilities)
            raise CheckError(f"outcome {_text(ret)} cannot happen for this wager; possible returns: {allowed}")
    rounds = sum(counts.values())
    if len(probabilities) < 2:
        raise CheckError("this wager has a single possible outcome: there is nothing to test")
    needed = max(MIN_ROUNDS, minimum_rounds(outcomes, min_expected))
    bins = merge_bins(probabilities, counts, rounds, min_expected)
    if rounds < needed or len(bins) < 2 or any(b.expected < min_expected for b in bins):
        raise CheckError(
            f"too few rounds ({rounds}) for the test to mean anything: at least {needed} are needed "
            f"(at least {MIN_ROUNDS}, and two groups of outcomes each expecting {min_expected} or more)"
        )
    if partial is not None:
        extra = partial.mass * rounds
        free = [any(r in partial.support for r in b.returns) for b in bins]
        fitted = nearest_counts([b.observed for b in bins], [b.expected for b in bins], free, extra)
        bins = [
            Bin(b.returns, b.observed, e, b.expected, b.expected + extra if f else b.expected)
            for b, e, f in zip(bins, fitted, free)
        ]
    statistic = sum(((b.observed - b.expected) ** 2 / b.expected for b in bins), Fraction(0))
    dof = len(bins) - 1
    chi_p = chi_square_p(statistic, dof)
    mean = sum((r * n for r, n in counts.items()), Fraction(0)) / rounds
    with mpmath.workdps(30):
        se = mpmath.sqrt(mpmath.mpf(variance.numerator) / variance.denominator / rounds)
        diff = mean - expected_mean
        z = (mpmath.mpf(diff.numerator) / diff.denominator) / se if se else mpmath.mpf(0)
        z_text = mpmath.nstr(z, 6)
        z_p = normal_two_sided_p(z)
    level = alpha / 2
    failures = []
    if mpmath.mpf(chi_p) < mpmath.mpf(level.numerator) / level.denominator:
        failures.append(f"outcome frequencies differ (chi-square p = {significant(chi_p)})")
    if mpmath.mpf(z_p) < mpmath.mpf(level.numerator) / level.denominator:
        failures.append(f"mean return differs (z = {z_text}, p = {significant(z_p)})")
    passed = not failures
    against = "the exact distribution" if partial is None else "the exactly known part of the law"
    verdict = (
        f"CONSISTENT with {against} at significance level {_pct(alpha)} ({_pct(level)} for each of the two tests)"
        if passed
        else f"INCONSISTENT with {against} at significance level {_pct(alpha)}: " + "; ".join(failures)
    )
    exact_variance = partial is None or partial.square_mean is not None
    if partial is not None:
        verdict += (
            f". Conservative tests: {partial.what} (chance {partial.mass}, net return between "
            f"{_text(partial.low)} and {_text(partial.high)}, exact mean {partial.mean}) may have any law "
            "there; the chi-square is taken against the nearest such law and the z-test uses "
            + (
                "the exact variance (their second moment is known)"
                if exact_variance
                else "the largest variance allowed"
            )
            + ", so a right simulator still fails with probability at most the level"
        )
    shift = detectable_shift(variance, rounds, level, DETECT_POWER)
    verdict += (
        f". With probability {_pct(DETECT_POWER)} or more, {rounds:,} rounds detect a shift of the mean "
        f"return (the RTP) of {shift * 100:.4g} percentage points or more (the z-test at level {_pct(level)}, "
        "normal approximation with the "
        + ("exact variance" if exact_variance else "largest variance allowed")
        + "); a smaller shift may go unseen"
    )
    return CheckResult(
        rounds, tuple(bins), statistic, dof, chi_p, mean, expected_mean, z_text, z_p, alpha, passed, verdict, shift
    )


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _pct(value: Fraction) -> str:
    """A level as a percentage to 6 significant figures, however small (1e-300 is not 0%)."""
    with mpmath.workdps(20):
        text = mpmath.nstr(mpmath.mpf(value.numerator * 100) / value.denominator, 6)
    return re.sub(r"\.0(?=e|$)", "", text) + "%"
