"""`plan` and `check`'s detectable shift against the closed forms, worked with the standard library's normal
distribution (not mpmath, which the code uses); the command line's `plan`."""

from __future__ import annotations

import dataclasses
import json
import math
import subprocess
import sys
from fractions import Fraction as F
from statistics import NormalDist

import mpmath
import pytest

from oddscalc import api
from oddscalc.core.planning import PlanError, normal_quantile, rounds_needed
from oddscalc.sim.check import check_counts
from oddscalc.sim.simulators import simulate

Z = NormalDist()


def closed_form_rounds(variance: F, shift: F, alpha: float, power: float, two_sided: bool = True) -> int:
    z_a = Z.inv_cdf(1 - alpha / 2) if two_sided else Z.inv_cdf(1 - alpha)
    return math.ceil(((z_a + Z.inv_cdf(power)) * math.sqrt(variance) / float(shift)) ** 2)


@pytest.mark.parametrize(
    "game,version,wager,shift,alpha,power,two_sided",
    [
        ("roulette", "1994", "straight", F(1, 100), 0.01, 0.8, True),
        ("roulette", "1994", "even-chance", F(1, 200), 0.05, 0.9, True),
        ("dice", "1994", "win", F(1, 1000), 0.01, 0.8, False),
        ("three-card-poker", "2002", "ante-play", F(1, 400), 0.001, 0.95, True),
    ],
)
def test_rounds_needed_closed_form(game, version, wager, shift, alpha, power, two_sided):
    p = api.plan(
        game,
        version,
        wager,
        shift=shift,
        alpha=F(alpha).limit_denominator(10**6),
        power=F(power).limit_denominator(10**6),
        two_sided=two_sided,
    )
    variance = api.math_report(game, version, wager).variance
    expected = closed_form_rounds(variance, shift, alpha, power, two_sided)
    assert abs(p.rounds_needed - expected) <= 1  # float rounding in the test's own z at the ceiling
    # ... and the answer does detect the shift: at N rounds the power (normal model) is at least the asked power.
    se = math.sqrt(variance / p.rounds_needed)
    z_a = Z.inv_cdf(1 - alpha / 2) if two_sided else Z.inv_cdf(1 - alpha)
    assert 1 - Z.cdf(z_a - float(shift) / se) >= power - 1e-9
    assert p.turnover_needed == p.rounds_needed * api.math_report(game, version, wager).stake


def test_roulette_straight_by_hand():
    """sigma = 216/37; a 1-point shift at 1% two-sided and 80% power: (2.5758293 + 0.8416212)^2 x 34.0804 x 10^4."""
    n = rounds_needed(F(46656, 1369), F(1, 100), F(1, 100), F(4, 5))
    assert n == math.ceil((2.5758293035489004 + 0.8416212335729143) ** 2 * 46656 / 1369 * 10**4) == 3980234


def test_band_and_detectable_shift_closed_form():
    p = api.plan("dice", "1994", "win", rounds=10**6, level=F(99, 100))
    sd = math.sqrt(244976 / 245025)
    half = Z.inv_cdf(0.995) * sd / 1000
    assert abs(float(p.band.half_width) - half) < 1e-12
    assert abs(float(p.band.low) - (488 / 495 - half)) < 1e-12
    assert abs(float(p.detectable) - (Z.inv_cdf(0.995) + Z.inv_cdf(0.8)) * sd / 1000) < 1e-12
    # the detectable shift is the inverse of rounds_needed
    assert rounds_needed(F(244976, 245025), F(str(p.detectable)) * (1 + F(1, 10**9)), F(1, 100), F(4, 5)) <= 10**6


def test_turnover_is_rounds_times_the_average_stake():
    """Three Card Poker stakes 370/221 per round on average: a turnover T is T x 221/370 rounds."""
    p = api.plan("three-card-poker", "2002", "ante-play", turnover=F(10**6))
    assert p.rounds == F(10**6) * F(221, 370)
    direct = api.plan("three-card-poker", "2002", "ante-play", rounds=p.rounds)
    assert direct.band == p.band


def test_extreme_levels_keep_their_digits():
    """Phi^-1(1 - 10^-400) is not rounded to infinity: it satisfies erfc(z / sqrt 2) / 2 = 10^-400 (checked with
    erfc, a different function from the erfinv the code uses)."""
    z = normal_quantile(1 - F(1, 10**400))
    with mpmath.workdps(500):
        tail = mpmath.erfc(mpmath.mpf(str(z)) / mpmath.sqrt(2)) / 2
        assert abs(tail / mpmath.mpf("1e-400") - 1) < mpmath.mpf("1e-15")


def test_plan_refuses_what_has_no_answer():
    result = api.analyse("blackjack", "1994", "initial").results[0]
    with pytest.raises(PlanError, match="work budget"):  # not the law, and nothing known of the rest
        api.plan_of(dataclasses.replace(result, partial=None), rounds=1000)
    with pytest.raises(PlanError, match="ask for something"):
        api.plan("roulette", "1994", "straight")
    with pytest.raises(PlanError, match="between 0 and 1"):
        api.plan("roulette", "1994", "straight", shift=F(1, 100), alpha=F(1))


def test_check_states_the_shift_its_sample_detects():
    """check runs its z-test at alpha/2: it detects, with 80% power, a shift of (z(1 - alpha/4) + z(0.8)) sigma/sqrt(n)."""
    wager = next(w for w in api.wagers("roulette", "1994") if w.key == "dozen")
    dist = api.analyse("roulette", "1994", "dozen").results[0].distribution
    counts = simulate("roulette", wager, 50_000, 5)
    result = check_counts(dist, counts, F(1, 100))
    sigma = math.sqrt(dist.variance)
    expected = (Z.inv_cdf(1 - 0.01 / 4) + Z.inv_cdf(0.8)) * sigma / math.sqrt(50_000)
    assert abs(float(result.detectable_shift) - expected) < 1e-12
    assert result.passed
    assert f"{expected * 100:.4g} percentage points" in result.verdict and "50,000 rounds" in result.verdict


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "oddscalc", *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def test_plan_command_in_every_format():
    code, out, err = run("plan", "roulette", "straight", "--version", "1994", "--shift", "1%", "--rounds", "1e6")
    assert code == 0, err
    words = " ".join(out.split())  # the text is folded to 100 columns
    assert "3,980,234" in words and "96.1531% to 98.4415%" in words
    code, out, _ = run("plan", "dice", "win", "--version", "1994", "--turnover", "5e5", "--format", "json")
    data = json.loads(out)
    assert F(data["rounds"]) == F(5 * 10**5) * F(3, 5) and data["band"]["level"] == "19/20"
    code, out, _ = run("plan", "dice", "win", "--version", "1994", "--shift", "0.001", "--format", "csv")
    assert code == 0 and "rounds_needed," in out


@pytest.mark.parametrize(
    "args,needle",
    [
        (("--shift", "abc"), "--shift 'abc'"),
        (("--shift", "1%", "--alpha", "2"), "--alpha"),
        (("--rounds", "0"), "--rounds"),
        (("--rounds", "10", "--turnover", "10"), "not both"),
        (("--shift", "1e99999999"), "--shift"),
    ],
)
def test_plan_bad_input_is_one_line_exit_2(args, needle):
    code, _out, err = run("plan", "roulette", "straight", "--version", "1994", *args)
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_plan_of_a_partly_known_law_uses_the_largest_variance_its_known_part_allows():
    """The legal blackjack default with the lumped rounds' second moment withheld: the plan takes the variance
    of the extreme law (the lumped share on the two ends of its range, with its exact mean), built here as a
    distribution, and says it is conservative."""
    from oddscalc.core.distribution import Distribution

    result = api.analyse("blackjack", "1994", "initial").results[0]
    partial = dataclasses.replace(result.partial, square_mean=None)
    up = (partial.mean - partial.low) / (partial.high - partial.low)  # weight on the top end
    extreme = dict(partial.exact)
    for value, weight in ((partial.high, up), (partial.low, 1 - up)):
        extreme[value] = extreme.get(value, F(0)) + partial.mass * weight
    law = Distribution.from_weights(extreme)
    p = api.plan_of(dataclasses.replace(result, partial=partial), shift=F(1, 200), rounds=10**6)
    assert law.mean == p.mean == result.distribution.mean
    assert p.variance == law.variance
    assert p.rounds_needed == rounds_needed(law.variance, F(1, 200), F(1, 100), F(80, 100), True)
    assert "conservative" in p.model and str(partial.mass) in p.model


def test_plan_of_the_legal_blackjack_game_uses_its_exact_variance():
    """The legal default's lumped resplit rounds have a known second moment: the plan's variance is the whole
    law's, summed here from the exact part and that moment, strictly inside the bounds the mean alone gives."""
    result = api.analyse("blackjack", "1994", "initial").results[0]
    partial = result.partial
    assert partial.square_mean is not None
    mean = sum(v * p for v, p in partial.exact) + partial.mass * partial.mean
    variance = sum(v * v * p for v, p in partial.exact) + partial.mass * partial.square_mean - mean**2
    low, high = dataclasses.replace(partial, square_mean=None).variance_bounds()
    p = api.plan("blackjack", "1994", "initial", shift=F(1, 200), rounds=10**6)
    assert p.variance == variance and low < variance < high
    assert p.rounds_needed == rounds_needed(variance, F(1, 200), F(1, 100), F(80, 100), True)
    assert "variance is exact" in p.model and str(partial.mass) in p.model
