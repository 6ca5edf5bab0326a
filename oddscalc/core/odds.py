"""Payout odds as the law words them ("9½ to 5") and their exact value (19/10)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import NumberError, parse_number, shorten

__all__ = ["MAX_ODDS_DIGITS", "Odds", "OddsError", "amount_text", "law_style", "odds_text", "parse_odds"]

#: The most digits either side of a user's odds may carry: far beyond any pay table, small enough to stay fast.
MAX_ODDS_DIGITS = 30


class OddsError(InputError):
    """Odds text that cannot be read as `A to B`."""


_VULGAR = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
_NUMBER = r"(\d+(?:\.\d+)?)?\s*([½¼¾]|\s+\d+/\d+)?"
_ODDS = re.compile(rf"^\s*{_NUMBER}\s*(?:to|:|/(?=\s*\d+\s*$))\s*{_NUMBER}\s*$", re.IGNORECASE | re.ASCII)


def _side(text: str, what: str) -> Fraction:
    return parse_number(text, what, minimum=0, max_digits=MAX_ODDS_DIGITS)


def _number(whole: str | None, part: str | None, text: str) -> Fraction | None:
    if whole is None and part is None:
        return None
    what = f"cannot read odds {shorten(text)}: side"
    value = _side(whole, what) if whole else Fraction(0)
    if part:
        part = part.strip()
        value += _VULGAR[part] if part in _VULGAR else _side(part, what)
    return value


@dataclass(frozen=True)
class Odds:
    """Odds `win to stake`: a winning wager is paid `value` times its stake (and keeps the stake)."""

    text: str
    value: Fraction

    def __str__(self) -> str:
        return self.text


def amount_text(x: Fraction) -> str:
    """One side of odds as the law writes it: 35, 9½, 2¼, else a terminating decimal 2.4, else 7/3.

    >>> [amount_text(x) for x in (Fraction(35), Fraction(19, 2), Fraction(12, 5), Fraction(7, 3))]
    ['35', '9½', '2.4', '2 1/3']
    """
    whole, part = divmod(x.numerator, x.denominator)
    if part == 0:
        return str(whole)
    vulgar = {v: k for k, v in _VULGAR.items()}.get(Fraction(part, x.denominator))
    if vulgar:
        return f"{whole or ''}{vulgar}"
    d = x.denominator
    twos = fives = 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    if d == 1:
        places = max(twos, fives)
        digits = str(x.numerator * 10**places // x.denominator).rjust(places + 1, "0")
        return f"{digits[:-places]}.{digits[-places:]}"
    return f"{whole} {part}/{x.denominator}" if whole else f"{part}/{x.denominator}"


def odds_text(win: Fraction, stake: Fraction = Fraction(1)) -> str:
    """Odds in the law's wording, the win side first.

    >>> odds_text(Fraction(45)), odds_text(Fraction(19, 2), Fraction(5))
    ('45 to 1', '9½ to 5')
    """
    return f"{amount_text(Fraction(win))} to {amount_text(Fraction(stake))}"


def _read(text: str) -> tuple[Fraction, Fraction]:
    if len(text) > 4 * MAX_ODDS_DIGITS:
        raise OddsError(f"cannot read odds {shorten(text)}: too long ({len(text)} characters)")
    match = _ODDS.match(text)
    if not match:
        raise OddsError(
            f"cannot read odds {shorten(text)}: write them as 'A to B' or 'A:B', e.g. '35 to 1', '9½ to 5', '45:1'"
        )
    try:
        win = _number(match.group(1), match.group(2), text)
        stake = _number(match.group(3), match.group(4), text)
    except NumberError as exc:
        raise OddsError(str(exc)) from None
    if win is None or stake is None or stake == 0:
        raise OddsError(f"cannot read odds {shorten(text)}: both sides must be numbers and the stake side non-zero")
    return win, stake


def parse_odds(text: str) -> Odds:
    """Read odds written `A to B` or `A:B` (A, B whole, decimal, or with ½ or ` 1/2`) exactly.

    Each side is read by the bounded number reader (at most MAX_ODDS_DIGITS digits), so no text can hang it.

    >>> parse_odds("9½ to 5").value
    Fraction(19, 10)
    """
    win, stake = _read(text)
    return Odds(text.strip(), win / stake)


def law_style(text: str) -> Odds:
    """Odds read as `parse_odds` does, the text rewritten in the law's wording with the sides kept as given.

    >>> law_style("45:1").text
    '45 to 1'
    """
    win, stake = _read(text)
    return Odds(odds_text(win, stake), win / stake)
