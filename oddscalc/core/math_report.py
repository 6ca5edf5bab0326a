"""The math report of one wager (what a lab's "PAR sheet" gives), from its exact outcome distribution.

Every figure is named in `DEFINITIONS` and exact where it is rational. The standard deviation is a square
root: `Surd` keeps its exact form (sympy's simplified surd) beside a decimal. The volatility index and the
RTP bands multiply it by standard-normal quantiles, so they are decimals, computed by `core.planning` under
its stated model.

>>> from oddscalc.core.distribution import Distribution
>>> r = report_of(Distribution.from_weights({35: 1, -1: 36}))   # a roulette straight bet, 35 to 1
>>> r.standard_deviation.exact, r.top_award.one_in
('216/37', Fraction(37, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import TypedDict

import mpmath

from oddscalc.core.distribution import Distribution
from oddscalc.core.partial_law import PartialLaw
from oddscalc.core.planning import MODEL, Band, rtp_band, z_two_sided

__all__ = [
    "BAND_LEVEL",
    "BAND_ROUNDS",
    "DEFINITIONS",
    "LEVELS",
    "MathReport",
    "Surd",
    "TopAward",
    "Volatility",
    "report_of",
]

#: The levels of the volatility index.
LEVELS = (Fraction(90, 100), Fraction(95, 100), Fraction(99, 100))
#: The level of the printed RTP bands, and their numbers of rounds.
BAND_LEVEL = Fraction(95, 100)
BAND_ROUNDS = tuple(10**k for k in range(3, 9))

#: What each figure of the report is, as printed in the documentation, the booklet and the text output.
DEFINITIONS = {
    "P(win)": "the probability that the round's net return is positive (the player ends the round ahead)",
    "hit frequency": "P(net return > 0): the share of rounds the player ends ahead, the same rounds as P(win) "
    "(a partial refund, such as half the stake back on zero at roulette, is not a hit)",
    "P(push or void)": "the probability that the net return is exactly 0 (the stake comes back: a void, a tie)",
    "P(loss)": "the probability that the net return is negative (any part of the stake is lost)",
    "expected return": "the mean net return per unit initially staked (minus the house edge); "
    "RTP = 1 + expected return, what a unit initial stake returns on average",
    "variance, standard deviation": "of the net return of one round per unit initially staked, exact (the "
    "standard deviation as an exact square root and a decimal)",
    "volatility index": "VI(c) = z_c x SD, with z_c = Phi^-1((1 + c)/2) the two-sided standard-normal quantile "
    "(1.6449, 1.9600, 2.5758 for c = 90%, 95%, 99%): the RTP after N rounds lies within "
    "RTP +- VI(c)/sqrt(N) with probability about c",
    "RTP band": f"RTP +- z_c SD/sqrt(N) after N rounds at level c = 95%: the {MODEL}; marked where the "
    "Berry-Esseen bound (C = 0.4748, Shevtsova 2011) cannot keep the coverage within one percentage "
    "point of c (skewed wagers over few rounds; where only the variance of the law is known, at the "
    "greatest third absolute moment the known part allows)",
    "average total stake": "the expected total staked in a round per unit initially staked, where stakes grow in "
    "play (blackjack doubles and splits, the casino stud Raise, Three Card Poker's Play, "
    "dice behind and lay wagers at their largest); 1 where they never grow",
    "element of risk": "expected loss divided by the expected total staked in a round, where stakes grow in play",
    "top award": "the largest net return per unit initially staked, its probability, and its odds as 1 in N "
    "(N = 1 / probability)",
}


@dataclass(frozen=True)
class Surd:
    """The exact square root of a non-negative rational `square`: `exact`, sympy's simplified form (computed
    once), and `decimal` digits.

    >>> Surd(Fraction(8, 9)).exact  # sqrt(8) / 3
    '2*sqrt(2)/3'
    """

    square: Fraction

    @cached_property
    def exact(self) -> str:
        """sympy's simplified form, e.g. '4*sqrt(15311)/495' (a cached property: its example is the class's)."""
        import sympy  # imported here: only the exact form needs it

        return str(sympy.sqrt(sympy.Rational(self.square.numerator, self.square.denominator)))

    def decimal(self, digits: int = 20) -> Decimal:
        """The root to `digits` significant digits, correctly rounded.

        >>> Surd(Fraction(2)).decimal(10)
        Decimal('1.414213562')
        """
        with mpmath.workdps(digits + 10):
            root = mpmath.sqrt(mpmath.mpf(self.square.numerator) / self.square.denominator)
            return Decimal(mpmath.nstr(root, digits, min_fixed=-mpmath.inf, max_fixed=mpmath.inf))


@dataclass(frozen=True)
class Volatility:
    """VI(level) = z x SD, z the two-sided standard-normal quantile for `level`."""

    level: Fraction
    z: Decimal
    value: Decimal


@dataclass(frozen=True)
class TopAward:
    """The largest net return per unit initially staked, its exact probability, and N in "1 in N"."""

    net_return: Fraction
    probability: Fraction

    @property
    def one_in(self) -> Fraction:
        """N in "1 in N": one over the probability.

        >>> TopAward(Fraction(35), Fraction(1, 37)).one_in  # a straight bet at single-zero roulette
        Fraction(37, 1)
        """
        return 1 / self.probability


@dataclass(frozen=True)
class MathReport:
    """A wager's math report: RTP, chances, exact variance, volatility index, RTP bands, element of risk.

    Figures that need the law of a round are None when the distribution is not that law (`not_a_law` says why).
    Those are the chances, the third moment and the top award. The variance, standard deviation, volatility index
    and RTP bands stay when the variance is known exactly all the same; the bands' Berry-Esseen bounds then use
    the third moment's greatest value. The expected return stays exact. `stake` is None when stakes grow but
    their expectation is not available.

    Examples:
        A dozen at single-zero roulette wins 2 on 12 numbers of 37 and loses 1 on 25. Its mean is
        (24 - 25)/37 = -1/37, so the RTP is 36/37. Its variance is 2^2 x 12/37 + 1^2 x 25/37 - (1/37)^2 =
        73/37 - 1/1369 = 2700/1369:

        >>> m = report_of(Distribution.from_weights({2: 12, -1: 25}))
        >>> m.rtp, m.p_win, m.variance
        (Fraction(36, 37), Fraction(12, 37), Fraction(2700, 1369))
    """

    expected_return: Fraction
    not_a_law: str = ""
    p_win: Fraction | None = None
    p_push: Fraction | None = None
    p_loss: Fraction | None = None
    variance: Fraction | None = None
    standard_deviation: Surd | None = None
    third_moment: Fraction | None = None  # E|X - mean|^3, for the Berry-Esseen bound
    volatility: tuple[Volatility, ...] = ()
    bands: tuple[Band, ...] = ()
    stake: Fraction | None = Fraction(1)
    stake_basis: str = "the stake never grows in play"
    element_of_risk: Fraction | None = None
    element_of_risk_basis: str = "not applicable: the stake never grows (the edge per unit initially staked)"
    top_award: TopAward | None = None

    @property
    def is_law(self) -> bool:
        """Whether the report's distribution is the law of a round (`not_a_law` empty).

        >>> coin = Distribution.from_weights({1: 1, -1: 1})
        >>> report_of(coin).is_law, report_of(coin, not_a_law="a mean only").is_law
        (True, False)
        """
        return not self.not_a_law

    @property
    def rtp(self) -> Fraction:
        """Return to player per unit initially staked: 1 + expected return.

        >>> report_of(Distribution.from_weights({35: 1, -1: 36})).rtp  # a straight bet at single-zero roulette
        Fraction(36, 37)
        """
        return 1 + self.expected_return

    @property
    def hit_frequency(self) -> Fraction | None:
        """P(net return > 0); see DEFINITIONS.

        >>> report_of(Distribution.from_weights({1: 18, -1: 19})).hit_frequency  # red: 18 pockets of 37
        Fraction(18, 37)
        """
        return self.p_win


class _Stakes(TypedDict):
    """The figures every report has, whether or not its distribution is a round's law."""

    expected_return: Fraction
    stake: Fraction | None
    stake_basis: str
    element_of_risk: Fraction | None
    element_of_risk_basis: str


class _Spread(TypedDict):
    """The figures built on an exact variance."""

    variance: Fraction
    standard_deviation: Surd
    volatility: tuple[Volatility, ...]
    bands: tuple[Band, ...]


def _stake(
    dist: Distribution, stake: Fraction | None, own_risk: tuple[Fraction, str] | None
) -> tuple[Fraction | None, str, Fraction | None, str]:
    """(average total stake, its basis, element of risk, its basis)."""
    grows = stake is not None or own_risk is not None or dist.outcomes[0][0] < -1
    if not grows:
        return Fraction(1), MathReport.stake_basis, None, MathReport.element_of_risk_basis
    if stake is None:
        missing = (
            "not available: the stake grows in play (a round can lose more than the initial stake) but "
            "the game does not give its expected total yet"
        )
        return None, missing, *(own_risk or (None, missing))
    if own_risk is not None:  # the game's own exact figure: for dice it counts the behind wagers' stakes and losses
        return stake, f"the divisor of the element of risk, {own_risk[1]}", *own_risk
    return stake, "under the strategy the figures assume", -dist.mean / stake, "expected loss / expected total staked"


def report_of(
    dist: Distribution,
    *,
    stake: Fraction | None = None,
    not_a_law: str = "",
    own_risk: tuple[Fraction, str] | None = None,
    partial: PartialLaw | None = None,
) -> MathReport:
    """The math report of a wager with this distribution of net return per unit initially staked.

    `stake`: the expected total staked per unit initial stake where stakes grow (None: they never grow, or the
    figure is not available, told apart by whether a round can lose more than its initial stake). `not_a_law`:
    why the distribution is not the law of a round, if it is not. `own_risk`: the game's own element of risk
    (value, definition), where the distribution does not carry every added stake (dice behind wagers).
    `partial`: what is known of the law where the distribution is not it. When that includes the unresolved
    rounds' second moment, the variance is exact. The report then gives it, the standard deviation, the
    volatility index and the RTP bands, their Berry-Esseen marks from the greatest third moment the knowledge
    allows. The chances and the top award stay unknown.

    A fair coin for one unit: standard deviation 1, so the 95% volatility index is z = 1.96 itself.

    >>> coin = report_of(Distribution.from_weights({1: 1, -1: 1}))
    >>> coin.expected_return, coin.standard_deviation.exact, coin.volatility[1].value
    (Fraction(0, 1), '1', Decimal('1.959963984540054'))
    """
    total, stake_basis, risk, risk_basis = _stake(dist, stake, own_risk)
    common = _Stakes(
        expected_return=dist.mean,
        stake=total,
        stake_basis=stake_basis,
        element_of_risk=risk,
        element_of_risk_basis=risk_basis,
    )
    if not_a_law:
        if partial is None or partial.square_mean is None:
            return MathReport(not_a_law=not_a_law, **common)
        if partial.total_mean != dist.mean:
            raise ValueError("the partial law's mean is not the distribution's")
        variance = partial.variance_bounds()[0]
        return MathReport(not_a_law=not_a_law, **_spread(dist.mean, variance, partial.third_moment_bound()), **common)
    mean = dist.mean
    third = sum((abs(r - mean) ** 3 * p for r, p in dist.outcomes), Fraction(0))
    top, p_top = dist.outcomes[-1]
    return MathReport(
        p_win=dist.p_win,
        p_push=dist.p_push,
        p_loss=dist.p_loss,
        third_moment=third,
        top_award=TopAward(top, p_top),
        **_spread(mean, dist.variance, third),
        **common,
    )


def _spread(mean: Fraction, variance: Fraction, third: Fraction) -> _Spread:
    """The variance, standard deviation, volatility index and RTP bands (their Berry-Esseen bounds from
    `third`, an exact E|X - mean|^3 or an upper bound of it)."""
    sd = Surd(variance)
    root = sd.decimal(25)
    volatility = tuple(
        Volatility(c, z, (z * root).quantize(Decimal("1e-15"))) for c, z in ((c, z_two_sided(c)) for c in LEVELS)
    )
    bands = tuple(rtp_band(mean, variance, n, BAND_LEVEL, third) for n in BAND_ROUNDS)
    return _Spread(variance=variance, standard_deviation=sd, volatility=volatility, bands=bands)
