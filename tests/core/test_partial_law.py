"""A law known except for a share of rounds (core.partial_law) and the conservative `check` against it.

The bounds are checked against every law on a small support (enumerated on a rational grid, with the mean
fixed), the nearest allowed expected counts against a grid search and exact one-step perturbations, and the
conservative statistic against the one taken at the true law, which it may never exceed."""

import itertools
import random
from fractions import Fraction as F

import pytest

from oddscalc.core.partial_law import PartialLaw
from oddscalc.sim.check import check_counts, nearest_counts

EXACT = {F(-2): F(1, 20), F(-1): F(2, 5), F(0): F(1, 10), F(1): F(3, 10)}  # sums to 17/20
SUPPORT = tuple(F(v) for v in range(-2, 3))


def _laws_on_support(mean, step=12):
    """Every law on SUPPORT with chances in multiples of 1/step and the given mean."""
    for parts in itertools.product(range(step + 1), repeat=len(SUPPORT) - 1):
        if sum(parts) <= step:
            q = [F(x, step) for x in parts] + [F(step - sum(parts), step)]
            if sum(v * p for v, p in zip(SUPPORT, q)) == mean:
                yield dict(zip(SUPPORT, q))


def _whole(q, mass):
    law = dict(EXACT)
    for v, p in q.items():
        law[v] = law.get(v, F(0)) + mass * p
    return law


@pytest.mark.parametrize("mean", [F(0), F(1, 3), F(-3, 4)])
def test_bounds_hold_for_every_law_and_the_second_moment_bounds_are_attained(mean):
    mass = F(3, 20)
    partial = PartialLaw.of(EXACT, mass, mean, F(-2), F(2), SUPPORT)
    events = {"win": lambda v: v > 0, "push": lambda v: v == 0, "loss": lambda v: v < 0, "big": lambda v: v > 5}
    seen_moments = []
    laws = list(_laws_on_support(mean))
    assert laws
    for q in laws:
        law = _whole(q, mass)
        assert sum(law.values()) == 1
        assert sum(v * p for v, p in law.items()) == partial.total_mean
        for name, event in events.items():
            low, high = partial.probability_bounds(event)
            assert low <= sum(p for v, p in law.items() if event(v)) <= high, name
        seen_moments.append(sum(v * v * p for v, p in law.items()))
    low, high = partial.second_moment_bounds()
    assert low <= min(seen_moments) and max(seen_moments) <= high
    # the upper bound: the law on the two ends with the given mean (weight (mean + 2) / 4 on +2)
    ends = {F(2): (mean + 2) / 4, F(-2): 1 - (mean + 2) / 4}
    assert sum(v * v * p for v, p in _whole(ends, mass).items()) == high
    if mean == 0:  # the lower bound: all the share at its mean
        assert sum(v * v * p for v, p in _whole({F(0): F(1)}, mass).items()) == low
    var_low, var_high = partial.variance_bounds()
    assert var_high - var_low == high - low


@pytest.mark.parametrize(
    "share",
    [
        {F(-2): F(1, 4), F(0): F(1, 2), F(2): F(1, 4)},
        {F(-2): F(1, 6), F(-1): F(1, 3), F(1): F(1, 6), F(2): F(1, 3)},
        {F(-1): F(1, 2), F(1): F(1, 4), F(2): F(1, 4)},
    ],
)
def test_a_known_second_moment_makes_the_variance_exact_and_bounds_the_chances_tightly(share):
    """With the share's second moment known: the variance is that of the whole law, and each chance's bounds
    hold for every law on the support with that mean and second moment and are approached by them. The
    laws are swept independently of the three-point method: q(0) and q(1) on a grid of 1/120, the other three
    chances solved from the three moment equations (a Vandermonde system on -2, -1, 2), kept when
    non-negative."""
    mass = F(3, 20)
    mean = sum(v * p for v, p in share.items())
    square = sum(v * v * p for v, p in share.items())
    partial = PartialLaw.of(EXACT, mass, mean, F(-2), F(2), SUPPORT, square_mean=square)
    whole = _whole(share, mass)
    total_mean = sum(v * p for v, p in whole.items())
    variance = sum(v * v * p for v, p in whole.items()) - total_mean**2
    assert partial.variance_bounds() == (variance, variance)
    events = {"win": lambda v: v > 0, "push": lambda v: v == 0, "loss": lambda v: v < 0}
    swept = {name: [] for name in events}
    thirds = []  # the whole law's E|X - mean|^3, for the Berry-Esseen bound taken at its worst
    n = 120
    for a in range(n + 1):
        for b in range(n + 1 - a):
            q0, q1 = F(a, n), F(b, n)
            rest = (1 - q0 - q1, mean - q1, square - q1)  # sum, first and second moments left for -2, -1, 2
            # q(-2) + q(-1) + q(2) = r0; -2 q(-2) - q(-1) + 2 q(2) = r1; 4 q(-2) + q(-1) + 4 q(2) = r2
            qm1 = (4 * rest[0] - rest[2]) / 3
            s0 = rest[0] - qm1  # q(-2) + q(2)
            d = (rest[1] + qm1) / 2  # q(2) - q(-2)
            q2, qm2 = (s0 + d) / 2, (s0 - d) / 2
            q = {F(-2): qm2, F(-1): qm1, F(0): q0, F(1): q1, F(2): q2}
            if min(q.values()) < 0:
                continue
            assert sum(q.values()) == 1 and sum(v * p for v, p in q.items()) == mean
            assert sum(v * v * p for v, p in q.items()) == square
            for name, event in events.items():
                swept[name].append(sum(p for v, p in q.items() if event(v)))
            thirds.append(sum(abs(v - total_mean) ** 3 * p for v, p in _whole(q, mass).items()))
    for name, event in events.items():
        low, high = partial.probability_bounds(event)
        known = sum(p for v, p in EXACT.items() if event(v))
        lo, hi = (low - known) / mass, (high - known) / mass
        assert lo <= min(swept[name]) and max(swept[name]) <= hi, name
        assert hi - max(swept[name]) <= F(1, 30) and min(swept[name]) - lo <= F(1, 30), name
        assert lo <= sum(p for v, p in share.items() if event(v)) <= hi
    top = partial.third_moment_bound()
    assert max(thirds) <= top and top - max(thirds) <= mass * F(1, 30) * 27  # |v - mean| < 3 on the support
    assert sum(abs(v - total_mean) ** 3 * p for v, p in whole.items()) <= top


def test_the_third_moment_is_bounded_only_with_the_second_known():
    with pytest.raises(ValueError):
        PartialLaw.of(EXACT, F(3, 20), F(0), F(-2), F(2), SUPPORT).third_moment_bound()


def test_an_impossible_second_moment_is_refused():
    with pytest.raises(ValueError):
        PartialLaw.of(EXACT, F(3, 20), F(0), F(-2), F(2), SUPPORT, square_mean=F(5))  # above 4 = 2^2
    with pytest.raises(ValueError):
        PartialLaw.of(EXACT, F(3, 20), F(1), F(-2), F(2), SUPPORT, square_mean=F(1, 2))  # below mean^2


def _statistic(observed, expected):
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected))


@pytest.mark.parametrize(
    "observed,low,free,extra",
    [
        ([30, 50, 20, 0], [F(25), F(40), F(10), F(8)], [True, False, True, True], F(12)),
        ([10, 90, 5, 15], [F(20), F(60), F(10), F(6)], [True, True, False, True], F(24)),
        ([7, 7, 7, 7], [F(6), F(6), F(6), F(6)], [True, True, True, True], F(4)),
    ],
)
def test_nearest_counts_is_the_minimum_over_the_allowed_counts(observed, low, free, extra):
    got = nearest_counts(observed, low, free, extra)
    assert all(g >= lo for g, lo in zip(got, low))
    assert all(g == lo for g, lo, f in zip(got, low, free) if not f)
    assert sum(got) == sum(low) + extra
    best = _statistic(observed, got)
    # no exact shift of mass between two free bins lowers it
    cells = [i for i, f in enumerate(free) if f]
    for i, j in itertools.permutations(cells, 2):
        for eps in (F(1, 1000), F(1, 10)):
            if got[i] - eps >= low[i]:
                moved = list(got)
                moved[i] -= eps
                moved[j] += eps
                assert _statistic(observed, moved) >= best
    # and a grid over every split of the extra among the free bins never goes below it
    step = extra / 24
    for parts in itertools.product(range(25), repeat=len(cells) - 1):
        if sum(parts) <= 24:
            shares = list(parts) + [24 - sum(parts)]
            trial = list(low)
            for c, s in zip(cells, shares):
                trial[c] += s * step
            assert _statistic(observed, trial) >= best


def _sample(law, rounds, rng):
    values, weights = zip(*sorted(law.items()))
    counts = {}
    for v in rng.choices(values, weights=[float(w) for w in weights], k=rounds):
        counts[v] = counts.get(v, 0) + 1
    return counts


def test_the_conservative_statistic_never_exceeds_the_one_at_the_true_law():
    mass, q = F(3, 20), {F(-2): F(1, 4), F(2): F(1, 2), F(0): F(1, 4)}
    mean = sum(v * p for v, p in q.items())
    partial = PartialLaw.of(EXACT, mass, mean, F(-2), F(2), SUPPORT)
    true_law = _whole(q, mass)
    from oddscalc.core.distribution import Distribution

    exact = Distribution.from_weights(true_law)
    rng = random.Random(7)
    passed = 0
    for _ in range(20):
        counts = _sample(true_law, 2_000, rng)
        conservative, at_truth = check_counts(partial, counts), check_counts(exact, counts)
        assert conservative.chi_square <= at_truth.chi_square
        passed += conservative.passed
    assert passed == 20  # conservative: a right simulator passed every time here (each run errs at most 1%)


def test_a_wrong_mean_is_caught_against_a_partial_law():
    mass = F(3, 20)
    partial = PartialLaw.of(EXACT, mass, F(0), F(-2), F(2), SUPPORT)
    wrong = _whole({F(2): F(1)}, mass)  # the share all at +2: its mean is 2, not 0
    result = check_counts(partial, _sample(wrong, 20_000, random.Random(3)))
    assert not result.passed and "mean return differs" in result.verdict


@pytest.mark.parametrize("low,high", [(F(13, 10), F(7, 5)), (F(4), F(9)), (F(1, 3), F(2, 3)), (F(0), F(10**-7))])
def test_printed_bounds_are_rounded_outward(low, high):
    """The printed interval holds the exact one (and, for a standard deviation, the exact square roots, worked
    here with the decimal module at 50 digits), and is no wider than one unit of the last place each side."""
    from decimal import Decimal, getcontext

    from oddscalc.report.math_report_render import bounds_pct, bounds_text

    getcontext().prec = 50
    for root in (False, True):
        a, b = (Decimal(x) for x in bounds_text(low, high, places=6, root=root).split(" to "))
        lo, hi = ((Decimal(x.numerator) / Decimal(x.denominator)) for x in (low, high))
        if root:
            lo, hi = lo.sqrt(), hi.sqrt()
        assert a <= lo and hi <= b
        assert lo - a < Decimal("1e-6") and b - hi < Decimal("1e-6")
    a, b = (Decimal(x.rstrip("%")) for x in bounds_pct(low / 10, high / 10).split(" to "))
    assert a <= Decimal(low.numerator) * 10 / low.denominator and Decimal(high.numerator) * 10 / high.denominator <= b
