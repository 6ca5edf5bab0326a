"""The values a house gives a game's free-text rule options, read exactly: a commission, a jackpot meter, the
cards already gone from a shoe. The engines, the simulators and the verifier all read rule options this way."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import NumberError, parse_number, shorten

__all__ = ["NONE", "MeterError", "RuleError", "parse_commission", "parse_meter", "removed_cards"]

#: The word for "no cards removed".
NONE = "none"


class RuleError(InputError):
    """A rule option or value the game does not know, or that the version does not permit.

    Examples:
        Punto banco's rule options are its packs, the cards removed and the banker's tie; a colour is none:

        >>> import oddscalc
        >>> try:
        ...     oddscalc.edge("punto-banco", "banker", rules={"colour": "red"})
        ... except oddscalc.RuleError as exc:
        ...     print(exc)
        unknown rule option 'colour'; allowed: decks, removed, banker-tie
    """


class MeterError(RuleError):
    """A meter that is not a non-negative number."""


def parse_commission(text: str) -> Fraction:
    """A commission written as a percentage (`5`, `5%` or `2.5`) as an exact fraction of the stake; a one-line
    `RuleError` for anything else.

    >>> parse_commission("5%"), parse_commission("2.5")
    (Fraction(1, 20), Fraction(1, 40))
    """
    raw = str(text).strip().rstrip("%").strip()
    try:
        pct = parse_number(raw, "commission", max_digits=20)
    except NumberError as exc:
        raise RuleError(f"{exc}; write a percentage, e.g. 0, 5 or 2.5") from None
    if not 0 <= pct < 100:
        raise RuleError(f"commission {shorten(text)} must be at least 0 and under 100 (percent)")
    return pct / 100


def parse_meter(text: str) -> Fraction:
    """The `meter` rule option (a progressive jackpot meter) as an exact number of units.

    >>> parse_meter("263205.5")
    Fraction(526411, 2)
    """
    try:
        return parse_number(text, "rule meter", minimum=0, max_digits=40)
    except NumberError as exc:
        raise MeterError(f"{exc}; give a number of units >= 0, e.g. 250000 or 263205.5") from None


def removed_cards(rules: Mapping[str, str]) -> tuple[str, ...]:
    """The labels of the `removed` rule (commas and/or spaces between them): none for '' or 'none'.

    >>> removed_cards({"removed": "9,9, 8 0"}), removed_cards({})
    (('9', '9', '8', '0'), ())
    """
    text = rules.get("removed", NONE).strip()
    return () if text.lower() in ("", NONE) else tuple(part for part in text.replace(",", " ").split() if part)
