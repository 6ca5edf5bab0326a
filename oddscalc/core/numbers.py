"""One bounded reader for every number a user or a file gives us: exact, and never a hang.

Python's `Fraction("1e99999999")` builds a hundred-million-digit integer (minutes, then gigabytes), and
`int()` of a 5,000-digit string raises an error that advises changing interpreter limits. Every number read
from the command line or from a file goes through `parse_number` instead. It accepts whole numbers, decimals,
exponent notation, fractions `p/q` and (where asked) percentages, exactly. It refuses any text whose digits or
exponent exceed a bound, with a one-line message naming the value and what is allowed.

>>> parse_number("19/20")
Fraction(19, 20)
>>> parse_number("2.5e-3")
Fraction(1, 400)
>>> parse_number("75%", percent=True)
Fraction(3, 4)
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from numbers import Rational
from typing import TypeAlias

from oddscalc.core.errors import InputError

__all__ = [
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "Number",
    "NumberError",
    "as_fraction",
    "parse_number",
    "parse_whole",
    "shorten",
]

#: The most digits a number's text may carry (numerator and denominator together).
MAX_DIGITS = 400
#: The largest exponent magnitude accepted in `1e...` notation (after folding the digits in).
MAX_EXPONENT = 400
#: A number as a Python caller may give it (`as_fraction`): exact types, a float, or text such as "1%" or "19/20".
Number: TypeAlias = "int | Fraction | Decimal | float | str"
#: The longest input echoed back in an error message.
_ECHO = 60

_NUMBER = re.compile(
    r"""^\s*(?P<sign>[+-]?)
        (?:(?P<int>\d+)(?:\.(?P<frac>\d*))?|\.(?P<frac2>\d+))
        (?:[eE](?P<exp>[+-]?\d+))?
        (?:\s*/\s*(?P<den>\d+))?
        \s*(?P<pct>%)?\s*$""",
    re.VERBOSE | re.ASCII,
)


class NumberError(InputError):
    """Text that is not a number we accept, or one outside its allowed range or size.

    Examples:
        A shift to detect is a change of the RTP, so it must be above 0, and "one" is no number at all:

        >>> import oddscalc
        >>> for shift in ("-1%", "one"):
        ...     try:
        ...         oddscalc.plan("roulette", "straight", version="1994", shift=shift)
        ...     except oddscalc.NumberError as exc:
        ...         print(exc)
        shift '-1%' is out of range; it must be above 0
        shift 'one' is not a number such as 12, 0.25, 1e6 or 19/20 or a percentage such as 75%
    """


def shorten(text: object, limit: int = _ECHO) -> str:
    """`repr` of text cut to `limit` characters, so that an error never echoes a megabyte back.

    >>> shorten("9½ to 5"), shorten("7" * 100, 10)
    ("'9½ to 5'", "'7777777...'")
    """
    s = str(text)
    if len(s) > limit:
        s = s[: limit - 3] + "..."
    return repr(s)


def parse_number(
    text: object,
    what: str = "number",
    *,
    minimum: Fraction | int | None = None,
    maximum: Fraction | int | None = None,
    min_open: bool = False,
    max_open: bool = False,
    percent: bool = False,
    max_digits: int = MAX_DIGITS,
) -> Fraction:
    """The exact value of `text`; NumberError (one line, naming `what` and what is allowed) otherwise.

    Accepts `12`, `-3.25`, `1e6`, `2.5E-3`, `19/20`, and with `percent=True` also `75%` (= 3/4). A bare
    Python int or Fraction passes through the same range checks. Digits beyond `max_digits` or an exponent
    beyond MAX_EXPONENT are refused before any big integer is built, so no input can hang the reader.

    >>> parse_number("0.25"), parse_number("19/20"), parse_number("75%", percent=True)
    (Fraction(1, 4), Fraction(19, 20), Fraction(3, 4))
    >>> parse_number("1e99999999", "stake")
    Traceback (most recent call last):
    ...
    oddscalc.core.numbers.NumberError: stake '1e99999999': exponent out of range (at most 400 in size)
    >>> parse_number("-0.5", "stake", minimum=0)
    Traceback (most recent call last):
    ...
    oddscalc.core.numbers.NumberError: stake '-0.5' is out of range; it must be at least 0
    """
    if isinstance(text, bool):
        raise NumberError(f"{what} {shorten(text)} is not a number")
    if isinstance(text, (int, Fraction)):
        value = Fraction(text)
        if len(str(abs(value.numerator))) + len(str(value.denominator)) > max_digits + 1:
            raise NumberError(f"{what} has more than {max_digits} digits; give a shorter number")
    else:
        if not isinstance(text, str):
            raise NumberError(f"{what} {shorten(text)} is not a number")
        if len(text) > max_digits + 40:
            raise NumberError(
                f"{what} {shorten(text)} is too long ({len(text)} characters); at most {max_digits} digits"
            )
        m = _NUMBER.match(text)
        if not m:
            allowed = "a number such as 12, 0.25, 1e6 or 19/20" + (" or a percentage such as 75%" if percent else "")
            raise NumberError(f"{what} {shorten(text)} is not {allowed}")
        if m["pct"] and not percent:
            raise NumberError(f"{what} {shorten(text)}: a percentage is not accepted here; give a plain number")
        if m["pct"] and m["den"]:
            raise NumberError(f"{what} {shorten(text)}: give a fraction or a percentage, not both")
        whole = m["int"] or ""
        frac = m["frac"] if m["frac"] is not None else (m["frac2"] or "")
        digits = (whole + frac).lstrip("0")
        den_text = m["den"] or "1"
        if len(digits) + len(den_text.lstrip("0")) > max_digits:
            raise NumberError(f"{what} {shorten(text)} has more than {max_digits} digits; give a shorter number")
        exp = 0
        if m["exp"] is not None:
            if len(m["exp"].lstrip("+-").lstrip("0")) > 6:
                raise NumberError(f"{what} {shorten(text)}: exponent out of range (at most {MAX_EXPONENT} in size)")
            exp = int(m["exp"])
        if digits:  # the number's order of magnitude, as a power of ten, must stay within the bound too
            lead = whole.lstrip("0")
            magnitude = exp + (len(lead) if lead else -(len(frac) - len(frac.lstrip("0"))))
            if abs(magnitude) > MAX_EXPONENT:
                raise NumberError(
                    f"{what} {shorten(text)} is out of range (its size must lie between "
                    f"10^-{MAX_EXPONENT} and 10^{MAX_EXPONENT})"
                )
        den = int(den_text)
        if den == 0:
            raise NumberError(f"{what} {shorten(text)}: the denominator is zero")
        value = Fraction(int(whole + frac or "0"), 10 ** len(frac)) / den
        if exp:
            value *= Fraction(10) ** exp
        if m["sign"] == "-":
            value = -value
        if m["pct"]:
            value /= 100
    _check_range(value, text, what, minimum, maximum, min_open, max_open)
    return value


def _decimal(x: Fraction, places: int = 12) -> str | None:
    """`x` as an exact decimal of at most `places` places (None when it has none).

    >>> _decimal(Fraction(19, 20)), _decimal(Fraction(3)), _decimal(Fraction(1, 3))
    ('0.95', '3', None)
    """
    for k in range(places + 1):
        scaled = x * 10**k
        if scaled.denominator == 1:
            return format(Decimal(scaled.numerator).scaleb(-k), "f")
    return None


def _check_range(
    value: Fraction,
    text: object,
    what: str,
    minimum: Fraction | int | None,
    maximum: Fraction | int | None,
    min_open: bool,
    max_open: bool,
) -> None:
    low_bad = minimum is not None and (value < minimum or (min_open and value == minimum))
    high_bad = maximum is not None and (value > maximum or (max_open and value == maximum))
    if low_bad or high_bad:
        given = str(text).strip()
        given_pct = given.endswith("%")  # a share given as a percentage is answered in percent
        given_decimal = "/" not in given  # and one given as a decimal in decimals, where the limit has one

        def limit(x: Fraction | int) -> str:
            pct = Fraction(x) * 100
            if given_pct and x != 0:
                return f"{pct.numerator}%" if pct.denominator == 1 else f"{float(pct):.6g}%"
            return (_decimal(Fraction(x)) if given_decimal else None) or str(x)

        parts = []
        if minimum is not None:
            parts.append(f"{'above' if min_open else 'at least'} {limit(minimum)}")
        if maximum is not None:
            parts.append(f"{'below' if max_open else 'at most'} {limit(maximum)}")
        raise NumberError(f"{what} {shorten(text)} is out of range; it must be {' and '.join(parts)}")


def parse_whole(
    text: object,
    what: str = "number",
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    max_digits: int = MAX_DIGITS,
) -> int:
    """A whole number (exponent notation allowed when it lands on a whole number: `1e6`), bounded.

    >>> parse_whole("1e6"), parse_whole("8", "packs", minimum=1, maximum=8)
    (1000000, 8)
    >>> parse_whole("2.5", "packs")
    Traceback (most recent call last):
    ...
    oddscalc.core.numbers.NumberError: packs '2.5' is not a whole number
    """
    value = parse_number(text, what, minimum=minimum, maximum=maximum, max_digits=max_digits)
    if value.denominator != 1:
        raise NumberError(f"{what} {shorten(text)} is not a whole number")
    return value.numerator


def as_fraction(
    value: object,
    name: str,
    *,
    minimum: Fraction | int | None = None,
    maximum: Fraction | int | None = None,
    min_open: bool = False,
    max_open: bool = False,
    percent: bool = True,
) -> Fraction:
    """The exact value of a number a Python caller gave for parameter `name`; a one-line NumberError otherwise.

    Exact types are taken as they are: an int, a `Fraction` (or any `numbers.Rational`), a finite `Decimal`.
    Text is read by `parse_number` ("0.01", "19/20", "1e-3", and "1%" unless `percent` is False). A float is
    taken at its exact binary value, never rounded to the decimal it was typed as: `0.01` is
    5764607523034235/2^59, a hair above 1/100 (give "0.01" or `Fraction(1, 100)` for exactly 1/100); a NaN
    or an infinity is refused. A bool is refused (it is no number here), as is anything else.

    Args:
        value: the number as given.
        name: the parameter's name, which an error message names.
        minimum: the smallest value allowed (None: no bound); `min_open` excludes it.
        maximum: the largest value allowed (None: no bound); `max_open` excludes it.
        min_open: whether `minimum` itself is refused.
        max_open: whether `maximum` itself is refused.
        percent: whether text may be a percentage ("1%" = 1/100).

    Returns:
        The value as an exact Fraction.

    Raises:
        NumberError: `value` is not a number accepted here, or lies outside the range.

    >>> as_fraction("1%", "alpha"), as_fraction("19/20", "level"), as_fraction(Fraction(1, 100), "alpha")
    (Fraction(1, 100), Fraction(19, 20), Fraction(1, 100))
    >>> as_fraction(0.01, "alpha") == Fraction(5764607523034235, 2**59), as_fraction(0.5, "alpha")
    (True, Fraction(1, 2))
    >>> as_fraction("abc", "alpha")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oddscalc.core.numbers.NumberError: alpha 'abc' is not a number such as 12, 0.25, 1e6 or 19/20 or a percentage ...
    >>> as_fraction(1.5, "power", minimum=0, maximum=1)
    Traceback (most recent call last):
    ...
    oddscalc.core.numbers.NumberError: power '1.5' is out of range; it must be at least 0 and at most 1
    """
    exact: object = value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NumberError(f"{name} {value!r} is not a finite number")
        exact = Fraction(value)
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise NumberError(f"{name} {shorten(value)} is not a finite number")
        exact = Fraction(value)
    elif isinstance(value, Rational) and not isinstance(value, (bool, int, Fraction)):
        exact = Fraction(int(value.numerator), int(value.denominator))
    found = parse_number(exact, name, percent=percent)
    _check_range(found, value, name, minimum, maximum, min_open, max_open)
    return found
