"""Amounts for a round log: whatever a simulator holds (an int, a Fraction, a Decimal, a decimal string, a float)
as the exact text the log needs, with one stated rounding for floats.

Exact inputs stay exact: an int, a `Fraction`, a `Decimal` or a string ("9.5", "19/20") is written as its exact
value (whole, a terminating decimal, else a fraction). A float is a binary approximation: it is rounded to the
nearest multiple of 10^-places (half to even, on the float's exact binary value), so that 14.999999999999998 is
written "15" and 0.30000000000000004 "0.3". Only float noise is rounded away: a float further than a thousandth of
10^-places from that multiple (0.075 with places=2) is refused, because rounding it would change the amount the
simulator paid, and the verifier exists to see such amounts. Round it the way your house does and pass the result
as a Decimal or a string.

>>> amount(0.1 + 0.2), amount(14.999999999999998), amount("19/20"), amount(Fraction(3, 2) * 5)
('0.3', '15', '0.95', '7.5')
>>> amount(0.075)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
oddscalc.roundlog.schema.RoundLogError: amount 0.075 is not a whole number of 0.01 (places=2): round it as ...
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from oddscalc.core.numbers import NumberError, parse_number, shorten
from oddscalc.roundlog.schema import RoundLogError
from oddscalc.sim.log_lines import amount_text

__all__ = ["Amount", "amount", "exact"]

#: What a writer's money arguments accept.
Amount = int | Fraction | Decimal | float | str

#: How far (in units of 10^-places) a float may lie from a multiple of 10^-places and still be float noise.
NOISE = Fraction(1, 1000)


def exact(x: Amount, places: int | None = 2, what: str = "amount") -> Fraction:
    """The exact value of an amount: exact inputs as they are, a float rounded to `places` decimal places.

    The module's docstring says how a float is rounded, and when it is refused.

    Args:
        x: an int, a `Fraction`, a `Decimal`, a string such as "9.5" or "19/20", or a float.
        places: the decimal places a float is rounded to; None refuses floats.
        what: what the amount is, for the error message.

    Returns:
        The amount as a `Fraction`.

    Raises:
        RoundLogError: `x` is not a number (a bool included), is not finite, or is a float that rounding would
            change by more than float noise (any float when `places` is None).

    Examples:
        0.1 + 0.2 is 0.30000000000000004 in binary, within noise of 3/10; "9.50" is 19/2; 0.005 is 5/1000 = 1/200:

        >>> exact(0.1 + 0.2), exact(Decimal("9.50")), exact(0.005, places=3)
        (Fraction(3, 10), Fraction(19, 2), Fraction(1, 200))
        >>> exact(0.5, places=None)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        oddscalc.roundlog.schema.RoundLogError: amount 0.5 is a float and this writer takes exact amounts only ...
    """
    if isinstance(x, bool):
        raise RoundLogError(f"{what} {x!r} is not an amount")
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise RoundLogError(f"{what} {x} is not a finite amount")
        x = str(x)  # read as text: its digits and exponent bounded as any amount's
    if isinstance(x, str):
        try:
            return parse_number(x, what)
        except NumberError as exc:
            raise RoundLogError(str(exc)) from None
    if isinstance(x, float):
        if not math.isfinite(x):
            raise RoundLogError(f"{what} {x} is not a finite amount")
        if places is None:
            raise RoundLogError(
                f"{what} {x!r} is a float and this writer takes exact amounts only (places=None): pass a Decimal, "
                "a Fraction or a string"
            )
        unit = Fraction(1, 10**places)
        value = Fraction(x)
        nearest = round(value / unit) * unit
        if abs(value - nearest) > NOISE * unit:
            raise RoundLogError(
                f"{what} {x!r} is not a whole number of {amount_text(unit)} (places={places}): round it as your "
                "house does and pass a Decimal or a string"
            )
        return nearest
    raise RoundLogError(f"{what} must be a number or a string such as '9.5' or '19/20', not {shorten(x)}")


def amount(x: Amount, places: int | None = 2, what: str = "amount") -> str:
    """An amount's exact text for the log ("10", "9.5", "-10", "19/3"), floats rounded as `exact` says.

    Args:
        x: an int, a `Fraction`, a `Decimal`, a string such as "9.5" or "19/20", or a float.
        places: the decimal places a float is rounded to; None refuses floats.
        what: what the amount is, for the error message.

    Returns:
        The text: a whole number, a terminating decimal, or else a fraction p/q.

    Raises:
        RoundLogError: as for `exact`.

    Examples:
        A banker's win at 19 to 20 on 10 staked is 9.5. 20/3 has a 3 in its denominator, so no decimal ends:

        >>> amount(10 * 19 / 20), amount(Fraction(20, 3)), amount(-10)
        ('9.5', '20/3', '-10')
    """
    return amount_text(exact(x, places, what))
