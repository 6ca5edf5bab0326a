"""Planning a test of a game's return to player (RTP): how many rounds detect a shift, and the band the RTP
should fall in after a number of rounds.

The model, named wherever a figure is shown: the mean net return of N independent rounds is taken as
normal with the wager's exact mean and exact variance / N (the central limit theorem). The only
irrational numbers are the standard-normal quantiles and square roots; they are computed with mpmath at
40 digits and returned as `Decimal`s to 20 significant digits, so nothing exact passes through a float.
The Berry-Esseen inequality bounds how far the normal model can be from the true law of the mean.
The bound is sup |F_N - Phi| <= C E|X - mu|^3 / (sigma^3 sqrt(N)) with C = 0.4748 (Shevtsova 2011, identically
distributed summands). `Band.berry_esseen` gives that bound.

>>> band = rtp_band(Fraction(-1, 37), Fraction(46656, 1369), 10**6, Fraction(95, 100))
>>> f"{band.low * 100:.4f}% to {band.high * 100:.4f}%"
'96.1531% to 98.4415%'
>>> rounds_needed(Fraction(46656, 1369), Fraction(1, 100), Fraction(5, 100), Fraction(80, 100))
2674926
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

import mpmath

from oddscalc.core.errors import InputError

__all__ = [
    "BERRY_ESSEEN_C",
    "MODEL",
    "Band",
    "Plan",
    "PlanError",
    "detectable_shift",
    "normal_quantile",
    "plan",
    "rounds_needed",
    "rtp_band",
    "z_two_sided",
]

#: Shevtsova (2011): the Berry-Esseen constant for identically distributed summands.
BERRY_ESSEEN_C = Fraction(4748, 10000)
#: The model behind every band and sample size, as printed beside them.
MODEL = (
    "normal approximation to the mean net return of N independent rounds, with the wager's exact mean "
    "and exact variance"
)
_DPS = 40
_DIGITS = 20


class PlanError(InputError):
    """A planning question that has no answer: a level outside (0, 1), a zero shift, a wager without variance.

    Examples:
        A plan needs a shift to detect or some rounds to bound, and the rounds or the turnover but not both:

        >>> import oddscalc
        >>> for asked in ({}, {"rounds": 100, "turnover": 100}):
        ...     try:
        ...         oddscalc.plan("roulette", "straight", version="1994", **asked)
        ...     except oddscalc.PlanError as exc:
        ...         print(exc)
        ask for something: a shift to detect, or a number of rounds or a turnover for the band
        give a number of rounds or a turnover, not both
    """


def _mpf(value: Fraction) -> mpmath.mpf:
    return mpmath.mpf(value.numerator) / value.denominator


def _dec(value: mpmath.mpf) -> Decimal:
    return Decimal(mpmath.nstr(value, _DIGITS, min_fixed=-mpmath.inf, max_fixed=mpmath.inf))


@lru_cache(maxsize=64)
def _quantile(p: Fraction) -> mpmath.mpf:
    """Phi^-1(p) to 40 digits, for any 0 < p < 1 however close to 0 or 1 (the working precision grows with the
    digits of the tail, so 1 - 10^-400 is not rounded to 1). The same few levels recur: computed once each."""
    tail = min(p, 1 - p)
    extra = max(0, len(str(tail.denominator)) - len(str(tail.numerator)))
    with mpmath.workdps(_DPS + extra):
        z = mpmath.sqrt(2) * mpmath.erfinv(2 * _mpf(p) - 1)
    with mpmath.workdps(_DPS):
        return +z


def normal_quantile(p: Fraction) -> Decimal:
    """The standard-normal quantile Phi^-1(p), 0 < p < 1, to 20 significant digits.

    >>> normal_quantile(Fraction(975, 1000))
    Decimal('1.9599639845400542355')
    """
    _check_open("probability", p)
    with mpmath.workdps(_DPS):
        return _dec(_quantile(p))


def z_two_sided(level: Fraction) -> Decimal:
    """z with P(|Z| <= z) = level for a standard normal Z: Phi^-1((1 + level) / 2).

    >>> z_two_sided(Fraction(95, 100))  # the familiar 1.96
    Decimal('1.9599639845400542355')
    """
    _check_open("level", level)
    return normal_quantile((1 + level) / 2)


def _check_open(what: str, value: Fraction) -> None:
    if not 0 < value < 1:
        raise PlanError(f"{what} {value} must lie strictly between 0 and 1")


@dataclass(frozen=True)
class Band:
    """Where the RTP per unit initially staked should fall after `rounds` rounds, with probability `level`
    under the normal model: rtp +- z sigma / sqrt(rounds). `rounds` may be fractional (an expected number of
    rounds, from a turnover). `berry_esseen`, when the third moment was given, bounds the normal model's error
    in the distribution function (the band's coverage may differ from `level` by at most twice that)."""

    rounds: Fraction
    level: Fraction
    rtp: Fraction
    half_width: Decimal
    low: Decimal
    high: Decimal
    berry_esseen: Decimal | None = None

    @property
    def approximate(self) -> bool:
        """True when the Berry-Esseen bound cannot keep the coverage within one percentage point of the level.

        A straight bet at roulette is skewed (35 to 1): the normal model is not to be trusted over 1,000 rounds,
        but is over a million.

        >>> from oddscalc.core.distribution import Distribution
        >>> straight = Distribution.from_weights({35: 1, -1: 36})
        >>> third = sum(abs(r - straight.mean) ** 3 * p for r, p in straight.outcomes)
        >>> [rtp_band(straight.mean, straight.variance, n, third=third).approximate for n in (10**3, 10**6)]
        [True, False]
        """
        return self.berry_esseen is not None and 2 * self.berry_esseen > Decimal("0.01")


def rtp_band(
    mean: Fraction,
    variance: Fraction,
    rounds: int | Fraction,
    level: Fraction = Fraction(95, 100),
    third: Fraction | None = None,
) -> Band:
    """The band for the RTP (1 + mean net return per unit initially staked) after `rounds` rounds.

    `third` is E|X - mean|^3, for the Berry-Esseen bound on the approximation.

    A fair coin (mean 0, variance 1) over 10,000 rounds: RTP 1 +- 1.96 / 100.

    >>> band = rtp_band(Fraction(0), Fraction(1), 10_000)
    >>> band.low, band.high
    (Decimal('0.98040036015459945764'), Decimal('1.0195996398454005424'))
    """
    rounds = Fraction(rounds)
    if rounds <= 0:
        raise PlanError(f"the number of rounds must be positive, not {rounds}")
    _check_open("level", level)
    rtp = 1 + Fraction(mean)
    with mpmath.workdps(_DPS):
        z = _quantile((1 + level) / 2)
        sd = mpmath.sqrt(_mpf(Fraction(variance)))
        half = z * sd / mpmath.sqrt(_mpf(rounds))
        centre = _mpf(rtp)
        be = None
        if third is not None and variance > 0:
            be = _dec(_mpf(BERRY_ESSEEN_C * third) / (sd**3 * mpmath.sqrt(_mpf(rounds))))
        return Band(rounds, level, rtp, _dec(half), _dec(centre - half), _dec(centre + half), be)


def _z_sum(alpha: Fraction, power: Fraction, two_sided: bool) -> mpmath.mpf:
    _check_open("significance level", alpha)
    _check_open("power", power)
    return _quantile(1 - alpha / 2 if two_sided else 1 - alpha) + _quantile(power)


def rounds_needed(variance: Fraction, shift: Fraction, alpha: Fraction, power: Fraction, two_sided: bool = True) -> int:
    """The fewest rounds N for which a z-test of the mean at level `alpha` detects a shift with chance `power`.

    The shift is a true change of the mean net return by `shift`. N = ceil(((z_a + z_power) sigma / shift)^2),
    with z_a = Phi^-1(1 - alpha/2) two-sided, Phi^-1(1 - alpha) one-sided. The two-sided formula leaves out the
    test's far tail (below alpha/2).

    A fair coin (variance 1), a shift of 1% at 5% significance with 80% power: ((1.96 + 0.8416) / 0.01)^2.

    >>> rounds_needed(Fraction(1), Fraction(1, 100), Fraction(5, 100), Fraction(80, 100))
    78489
    """
    shift = abs(Fraction(shift))
    if shift == 0:
        raise PlanError("the shift to detect must not be zero")
    if variance <= 0:
        raise PlanError("this wager has no variance: every round returns the same, there is nothing to detect")
    with mpmath.workdps(_DPS):
        n = (_z_sum(alpha, power, two_sided)) ** 2 * _mpf(Fraction(variance)) / _mpf(shift) ** 2
        return int(mpmath.ceil(n))


def detectable_shift(
    variance: Fraction, rounds: int | Fraction, alpha: Fraction, power: Fraction, two_sided: bool = True
) -> Decimal:
    """The smallest shift of the mean net return that `rounds` rounds detect with probability `power` by a z-test
    at level `alpha`: (z_a + z_power) sigma / sqrt(rounds), the inverse of `rounds_needed`.

    >>> detectable_shift(Fraction(1), 78489, Fraction(5, 100), Fraction(80, 100))  # just under 1%: see rounds_needed
    Decimal('0.00999998709012473569')
    """
    rounds = Fraction(rounds)
    if rounds <= 0:
        raise PlanError(f"the number of rounds must be positive, not {rounds}")
    with mpmath.workdps(_DPS):
        return _dec(_z_sum(alpha, power, two_sided) * mpmath.sqrt(_mpf(Fraction(variance)) / _mpf(rounds)))


@dataclass(frozen=True)
class Plan:
    """Answers for one wager: the rounds (and turnover) needed to detect `shift`, and the band after `rounds`.

    The rounds are given directly, or as `turnover` divided by the average total stake per round.

    Examples:
        A straight bet's net return has mean -1/37 and variance 35^2 x 1/37 + 36/37 - (1/37)^2 = 46656/1369.
        Detecting a shift of one point of RTP at 1% significance (two-sided) with 80% power takes
        ((z(0.995) + z(0.8)) x sqrt(46656/1369) / 0.01)^2 rounds, rounded up. Its stake never grows, so the
        turnover is as many units:

        >>> import math
        >>> from statistics import NormalDist
        >>> z = NormalDist().inv_cdf
        >>> math.ceil(((z(0.995) + z(0.8)) * math.sqrt(46656 / 1369) / 0.01) ** 2)
        3980234
        >>> p = plan(Fraction(-1, 37), Fraction(46656, 1369), shift=Fraction(1, 100))
        >>> p.rounds_needed, p.turnover_needed
        (3980234, Fraction(3980234, 1))
    """

    mean: Fraction
    variance: Fraction
    stake: Fraction | None
    alpha: Fraction
    power: Fraction
    two_sided: bool
    level: Fraction
    shift: Fraction | None = None
    rounds_needed: int | None = None
    turnover_needed: Fraction | None = None
    rounds: Fraction | None = None
    turnover: Fraction | None = None
    band: Band | None = None
    detectable: Decimal | None = None
    model: str = MODEL


def plan(
    mean: Fraction,
    variance: Fraction,
    *,
    stake: Fraction | None = Fraction(1),
    shift: Fraction | None = None,
    rounds: int | Fraction | None = None,
    turnover: Fraction | None = None,
    alpha: Fraction = Fraction(1, 100),
    power: Fraction = Fraction(80, 100),
    level: Fraction = Fraction(95, 100),
    two_sided: bool = True,
    third: Fraction | None = None,
) -> Plan:
    """Plan a test of a wager whose net return per unit initially staked has this exact mean and variance.

    `stake` is the expected total staked per round per unit initial stake (1 where stakes never grow; None when
    unknown, which only a turnover question needs). A turnover (total staked, in units of the initial stake) is
    turned into an expected number of rounds as turnover / stake.

    A fair coin whose stake doubles on average: the rounds `rounds_needed` gives, at twice the turnover.

    >>> p = plan(Fraction(0), Fraction(1), stake=Fraction(2), shift=Fraction(1, 100), alpha=Fraction(5, 100))
    >>> p.rounds_needed, p.turnover_needed
    (78489, Fraction(156978, 1))
    """
    if shift is None and rounds is None and turnover is None:
        raise PlanError("ask for something: a shift to detect, or a number of rounds or a turnover for the band")
    if rounds is not None and turnover is not None:
        raise PlanError("give a number of rounds or a turnover, not both")
    _check_open("level", level)
    _z_sum(alpha, power, two_sided)  # validates both
    if variance <= 0:
        raise PlanError("this wager has no variance: every round returns the same, there is nothing to plan")
    if turnover is not None:
        if stake is None:
            raise PlanError(
                "the expected total stake per round of this wager is not available: give a number of "
                "rounds instead of a turnover"
            )
        if turnover <= 0:
            raise PlanError(f"the turnover must be positive, not {turnover}")
        rounds = Fraction(turnover) / stake
    needed = rounds_needed(variance, shift, alpha, power, two_sided) if shift is not None else None
    band = rtp_band(mean, variance, rounds, level, third) if rounds is not None else None
    detectable = detectable_shift(variance, rounds, alpha, power, two_sided) if rounds is not None else None
    return Plan(
        Fraction(mean),
        Fraction(variance),
        stake,
        alpha,
        power,
        two_sided,
        level,
        None if shift is None else abs(Fraction(shift)),
        needed,
        None if needed is None or stake is None else needed * stake,
        None if rounds is None else Fraction(rounds),
        None if turnover is None else Fraction(turnover),
        band,
        detectable,
    )
