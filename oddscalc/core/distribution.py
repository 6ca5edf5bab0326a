"""Exact outcome distributions: net return per unit stake -> exact probability.

Every figure a game reports is derived from one of these, so the arithmetic of
expectation, variance and edge lives here once, in `Fraction`s throughout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import mpmath

from oddscalc.core.errors import InputError

Number = int | Fraction

__all__ = ["Distribution", "DistributionError", "render_decimal", "render_sqrt"]


class DistributionError(InputError):
    """A distribution whose probabilities are negative or do not sum to exactly 1."""


@dataclass(frozen=True)
class Distribution:
    """A finite distribution of net returns (per unit staked) with exact probabilities.

    `outcomes` holds (net return, probability) pairs sorted by return, one pair per
    distinct return, every probability positive and their sum exactly 1. Adding two distributions gives
    the law of the sum of two independent returns.

    One unit won or lost at even chances, twice: both lost with chance 1/2 x 1/2 = 1/4, one of each in two
    orders (1/2), both won (1/4):

    >>> coin = Distribution.from_weights({1: 1, -1: 1})
    >>> (coin + coin).outcomes
    ((Fraction(-2, 1), Fraction(1, 4)), (Fraction(0, 1), Fraction(1, 2)), (Fraction(2, 1), Fraction(1, 4)))
    """

    outcomes: tuple[tuple[Fraction, Fraction], ...]

    def __post_init__(self) -> None:
        total = sum((p for _, p in self.outcomes), Fraction(0))
        if total != 1:
            raise DistributionError(f"probabilities sum to {total}, not exactly 1")
        if any(p <= 0 for _, p in self.outcomes):
            raise DistributionError("every probability must be positive")
        returns = [r for r, _ in self.outcomes]
        if returns != sorted(set(returns)):
            raise DistributionError("returns must be distinct and sorted")

    @classmethod
    def from_weights(cls, weights: Mapping[Number, Number] | Iterable[tuple[Number, Number]]) -> Distribution:
        """Build from (net return, weight) pairs; weights are counts or probabilities, normalised exactly.

        >>> Distribution.from_weights({1: 18, -1: 19}).outcomes  # red at single-zero roulette: 18 of 37 pockets
        ((Fraction(-1, 1), Fraction(19, 37)), (Fraction(1, 1), Fraction(18, 37)))
        """
        items = weights.items() if isinstance(weights, Mapping) else weights
        merged: dict[Fraction, Fraction] = {}
        for ret, weight in items:
            weight = Fraction(weight)
            if weight < 0:
                raise DistributionError(f"negative weight {weight} for return {ret}")
            if weight:
                key = Fraction(ret)
                merged[key] = merged.get(key, Fraction(0)) + weight
        total = sum(merged.values(), Fraction(0))
        if total == 0:
            raise DistributionError("no outcome has positive weight")
        return cls(tuple((r, merged[r] / total) for r in sorted(merged)))

    @classmethod
    def point(cls, value: Number) -> Distribution:
        """The distribution that returns `value` with certainty.

        >>> Distribution.point(0).outcomes
        ((Fraction(0, 1), Fraction(1, 1)),)
        """
        return cls(((Fraction(value), Fraction(1)),))

    def as_dict(self) -> dict[Fraction, Fraction]:
        """The outcomes as a mapping from net return to probability.

        >>> Distribution.from_weights({1: 1, -1: 1}).as_dict()
        {Fraction(-1, 1): Fraction(1, 2), Fraction(1, 1): Fraction(1, 2)}
        """
        return dict(self.outcomes)

    def probability(self, ret: Number) -> Fraction:
        """Probability of exactly this net return (0 if it cannot happen).

        >>> red = Distribution.from_weights({1: 18, -1: 19})
        >>> red.probability(1), red.probability(35)
        (Fraction(18, 37), Fraction(0, 1))
        """
        return self.as_dict().get(Fraction(ret), Fraction(0))

    @property
    def mean(self) -> Fraction:
        """Expected net return per unit staked (the player's expectation).

        >>> Distribution.from_weights({1: 18, -1: 19}).mean  # (18 - 19) / 37
        Fraction(-1, 37)
        """
        return sum((r * p for r, p in self.outcomes), Fraction(0))

    ev = mean

    @property
    def house_edge(self) -> Fraction:
        """Expected loss per unit initially staked: minus the expectation.

        >>> Distribution.from_weights({35: 1, -1: 36}).house_edge  # a straight bet: (36 - 35) / 37
        Fraction(1, 37)
        """
        return -self.mean

    @property
    def variance(self) -> Fraction:
        """The variance of the net return, E[(return - mean)^2].

        >>> Distribution.from_weights({1: 1, -1: 1}).variance
        Fraction(1, 1)
        >>> Distribution.from_weights({35: 1, -1: 36}).variance  # a straight bet: (216/37)^2
        Fraction(46656, 1369)
        """
        m = self.mean
        return sum(((r - m) ** 2 * p for r, p in self.outcomes), Fraction(0))

    def stdev(self, digits: int = 20) -> str:
        """The standard deviation (square root of the exact variance) rendered to `digits` significant digits.

        >>> Distribution.from_weights({35: 1, -1: 36}).stdev(6)  # 216/37
        '5.83784'
        """
        return render_sqrt(self.variance, digits)

    @property
    def p_win(self) -> Fraction:
        """The probability that the net return is positive.

        >>> Distribution.from_weights({1: 9, 0: 2, -1: 10}).p_win  # 9 of 21
        Fraction(3, 7)
        """
        return sum((p for r, p in self.outcomes if r > 0), Fraction(0))

    @property
    def p_push(self) -> Fraction:
        """The probability that the net return is exactly 0 (the stake comes back).

        >>> Distribution.from_weights({1: 9, 0: 2, -1: 10}).p_push
        Fraction(2, 21)
        """
        return self.probability(0)

    @property
    def p_loss(self) -> Fraction:
        """The probability that the net return is negative.

        >>> Distribution.from_weights({1: 9, 0: 2, -1: 10}).p_loss
        Fraction(10, 21)
        """
        return sum((p for r, p in self.outcomes if r < 0), Fraction(0))

    @property
    def edge_per_resolved(self) -> Fraction:
        """House edge per wager that is not void: expected loss divided by the chance of a decision.

        >>> tie = Distribution.from_weights({1: 9, 0: 2, -1: 10})  # edge 1/21, decided in 19 rounds of 21
        >>> tie.house_edge, tie.edge_per_resolved
        (Fraction(1, 21), Fraction(1, 19))
        """
        decided = 1 - self.p_push
        if decided == 0:
            raise DistributionError("every outcome is a push: no resolved wagers")
        return self.house_edge / decided

    def map(self, fn: Callable[[Fraction], Number]) -> Distribution:
        """The distribution of fn(return); outcomes mapping to the same value are merged.

        >>> Distribution.from_weights({1: 1, -1: 1}).map(abs).outcomes  # both outcomes become 1
        ((Fraction(1, 1), Fraction(1, 1)),)
        """
        return Distribution.from_weights([(fn(r), p) for r, p in self.outcomes])

    def scaled(self, factor: Number) -> Distribution:
        """Returns multiplied by `factor` (a stake `factor` times the unit).

        >>> Distribution.from_weights({1: 18, -1: 19}).scaled(5).mean  # five units on red
        Fraction(-5, 37)
        """
        return self.map(lambda r: r * factor)

    def __add__(self, other: Distribution) -> Distribution:
        """The distribution of the sum of two independent returns."""
        if not isinstance(other, Distribution):
            return NotImplemented
        return Distribution.from_weights([(a + b, p * q) for a, p in self.outcomes for b, q in other.outcomes])


def render_decimal(value: Fraction, places: int = 6) -> str:
    """Render a Fraction as a correctly rounded (half away from zero) fixed-point decimal string.

    >>> render_decimal(Fraction(1, 37), 4), render_decimal(Fraction(-1, 8), 2)
    ('0.0270', '-0.13')
    """
    value = Fraction(value)
    scale = 10**places
    scaled = abs(value) * scale
    whole, rem = divmod(scaled.numerator, scaled.denominator)
    if 2 * rem >= scaled.denominator:
        whole += 1
    sign = "-" if value < 0 and whole else ""
    digits = str(whole).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def render_sqrt(value: Fraction, digits: int = 20) -> str:
    """Render sqrt(value) of an exact non-negative rational to `digits` significant digits with mpmath.

    >>> render_sqrt(Fraction(2), 10)
    '1.414213562'
    """
    if value < 0:
        raise ValueError(f"cannot take the square root of {value}")
    with mpmath.workdps(digits + 10):
        root = mpmath.sqrt(mpmath.mpf(value.numerator) / value.denominator)
        return str(mpmath.nstr(root, digits, strip_zeros=False))
