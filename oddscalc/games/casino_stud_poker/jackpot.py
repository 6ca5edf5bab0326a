"""The progressive jackpot side wager (reg 8(11A), 2002): its exact return as a linear function of the meter.

The wager is settled on the player's own five cards alone, so its return is a sum over the hand categories:
return(M) = a + b * M per unit wagered, with `a` from the fixed payouts and `b` from the meter shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import sympy

from oddscalc.core.distribution import Distribution

__all__ = ["JackpotLine", "jackpot_line", "jackpot_distribution"]


@dataclass(frozen=True)
class JackpotLine:
    """Expected net return per unit wagered = constant + slope * M, for a meter of M units."""

    constant: Fraction
    slope: Fraction

    def at(self, meter: Fraction) -> Fraction:
        return self.constant + self.slope * meter

    @property
    def break_even(self) -> Fraction | None:
        """The meter at which the wager's expectation is exactly zero (None if the meter does not enter)."""
        return -self.constant / self.slope if self.slope else None

    def sympy(self) -> sympy.Expr:
        m = sympy.Symbol("M", positive=True)
        return sympy.Rational(self.constant.numerator, self.constant.denominator) + \
            sympy.Rational(self.slope.numerator, self.slope.denominator) * m


def _win(fixed: Fraction, share: Fraction, meter: Fraction, stake_returned: bool) -> Fraction:
    return fixed + share * meter - (0 if stake_returned else 1)


def jackpot_line(counts: Mapping[str, int], hands: int, fixed: Mapping[str, Fraction],
                 shares: Mapping[str, Fraction], stake_returned: bool) -> JackpotLine:
    """The exact line from category counts (out of `hands`) and the payouts: `fixed` multiples of the wager,
    `shares` of the meter. A losing hand loses the wager; a winning one keeps it only if `stake_returned`."""
    constant = Fraction(0)
    slope = Fraction(0)
    winning = set(fixed) | set(shares)
    for cat, n in counts.items():
        p = Fraction(n, hands)
        if cat in winning:
            constant += p * _win(fixed.get(cat, Fraction(0)), Fraction(0), Fraction(0), stake_returned)
            slope += p * shares.get(cat, Fraction(0))
        else:
            constant -= p
    return JackpotLine(constant, slope)


def jackpot_distribution(counts: Mapping[str, int], hands: int, fixed: Mapping[str, Fraction],
                         shares: Mapping[str, Fraction], stake_returned: bool, meter: Fraction) -> Distribution:
    """Net return per unit wagered at meter M (a payout in meter share pays that share of M)."""
    weights: dict[Fraction, int] = {}
    winning = set(fixed) | set(shares)
    for cat, n in counts.items():
        ret = _win(fixed.get(cat, Fraction(0)), shares.get(cat, Fraction(0)), meter, stake_returned) \
            if cat in winning else Fraction(-1)
        weights[ret] = weights.get(ret, 0) + n
    return Distribution.from_weights(weights)
