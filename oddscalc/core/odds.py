"""Payout odds as the law words them ("9½ to 5") and their exact value (19/10)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Odds", "OddsError", "parse_odds"]


class OddsError(ValueError):
    """Odds text that cannot be read as `A to B`."""


_VULGAR = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
_NUMBER = r"(\d+(?:\.\d+)?)?\s*([½¼¾]|\s+\d+/\d+)?"
_ODDS = re.compile(rf"^\s*{_NUMBER}\s*(?:to|:|/(?=\s*\d+\s*$))\s*{_NUMBER}\s*$", re.IGNORECASE)


def _number(whole: str | None, part: str | None) -> Fraction | None:
    if whole is None and part is None:
        return None
    value = Fraction(whole) if whole else Fraction(0)
    if part:
        part = part.strip()
        value += _VULGAR[part] if part in _VULGAR else Fraction(part)
    return value


@dataclass(frozen=True)
class Odds:
    """Odds `win to stake`: a winning wager is paid `value` times its stake (and keeps the stake)."""

    text: str
    value: Fraction

    def __str__(self) -> str:
        return self.text


def parse_odds(text: str) -> Odds:
    """Read odds written `A to B` or `A:B` (A, B whole, decimal, or with ½ or ` 1/2`) exactly.

    >>> parse_odds("9½ to 5").value
    Fraction(19, 10)
    """
    match = _ODDS.match(text)
    if not match:
        raise OddsError(f"cannot read odds {text!r}: write them as 'A to B' or 'A:B', e.g. '35 to 1', '9½ to 5', '45:1'")
    win = _number(match.group(1), match.group(2))
    stake = _number(match.group(3), match.group(4))
    if win is None or stake is None or stake == 0:
        raise OddsError(f"cannot read odds {text!r}: both sides must be numbers and the stake side non-zero")
    return Odds(text.strip(), win / stake)
