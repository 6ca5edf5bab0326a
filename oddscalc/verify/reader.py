"""Reading a round log (format `roundlog-1`, JSON Lines): the header, each line, cards, stakes and amounts.

Every line goes through `core.jsonread` (exact numbers, bounded nesting, repeated keys refused) and every amount
through `core.numbers.parse_number`; anything malformed is a `LogError` naming the line and what is wrong. A line
is read with a length bound, so a binary file or a file with no line breaks cannot fill memory. Amounts repeat
from round to round ("10", "9.5", "-10"), so each text is parsed once and remembered (a bounded cache); whole
amounts come back as `int`, others as `Fraction`, so that settlement arithmetic stays exact and cheap.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, BinaryIO

from oddscalc.core.errors import DataError
from oddscalc.core.jsonread import JsonReadError, loads
from oddscalc.core.numbers import NumberError, parse_number, shorten
from oddscalc.roundlog.schema import missing_field, unknown_field
from oddscalc.sim.log_lines import FORMAT, amount_text
from oddscalc.verify.card_codes import CARD_CODES, CARD_HELP

__all__ = [
    "FORMAT",
    "MAX_LINE",
    "Amount",
    "Header",
    "LogError",
    "amount",
    "cards",
    "check_keys",
    "parse_line",
    "read_header",
    "require",
    "stake",
    "text",
    "wager_list",
    "whole",
]

#: The longest line accepted, in bytes.
MAX_LINE = 1 << 20
#: How deep a line's JSON may nest (a round needs five levels at most: blackjack's split hands nest deeper).
MAX_DEPTH = 32
_HEADER_KEYS = frozenset({"roundlog", "game", "version", "rules", "pay", "simulator", "seed", "note", "created"})

Amount = int | Fraction


class LogError(DataError):
    """A log that cannot be read as `roundlog-1`: one line naming the line number and what is wrong."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class Header:
    """The log's first line: format version, game, regulation version, rule set and pay overrides as written."""

    game: str
    version: str
    rules: Mapping[str, str] = field(default_factory=dict)
    pay: Mapping[str, str] = field(default_factory=dict)
    about: Mapping[str, Any] = field(default_factory=dict)


def _where(message: str) -> str:
    """A JSON error's position within the line: 'at column C', or 'at the end of the line' (a truncated line)."""
    m = re.search(r" at line (\d+) column (\d+)$", message)
    if not m:
        return message
    where = f" at column {m[2]}" if m[1] == "1" else " at the end of the line (is it cut short?)"
    return message[: m.start()].removesuffix(" at") + where


def parse_line(raw: bytes, line: int) -> Any:
    """One line's JSON value; LogError if it is too long, not UTF-8, or not JSON we accept."""
    if len(raw) > MAX_LINE:
        raise LogError(line, f"longer than {MAX_LINE:,} bytes; a round is one short JSON object per line")
    try:
        return loads(raw, MAX_DEPTH)
    except JsonReadError as exc:
        raise LogError(line, _where(str(exc))) from None


def _mapping(value: Any, line: int, what: str) -> dict[str, str]:
    if value is None:
        return {}
    if type(value) is not dict:
        raise LogError(line, f"{what} must be an object of NAME: VALUE, not {shorten(value)}")
    out = {}
    for key, v in value.items():
        if type(v) is int or type(v) is str:
            out[key] = str(v)
        else:
            raise LogError(line, f"{what} {key!r} must be a string or a whole number, not {shorten(v)}")
    return out


def read_header(f: BinaryIO) -> Header:
    """The header line: {"roundlog": 1, "game": ..., "version": ..., "rules": {...}} (rules and pay optional)."""
    raw = f.readline(MAX_LINE + 1)
    if not raw.strip():
        raise LogError(
            1,
            "empty: the first line must be the header, e.g. "
            '{"roundlog": 1, "game": "punto-banco", "version": "1994", "rules": {"decks": "8"}}',
        )
    data = parse_line(raw, 1)
    if type(data) is not dict or "roundlog" not in data:
        raise LogError(1, 'the first line must be the header, an object with "roundlog": 1, "game" and "version"')
    if data["roundlog"] != FORMAT or type(data["roundlog"]) is not int:
        given = data["roundlog"]
        raise LogError(
            1,
            f"round log format {given if type(given) is int else shorten(given)} is not supported; "
            f"this oddscalc reads format {FORMAT}",
        )
    unknown = [k for k in data if k not in _HEADER_KEYS and not k.startswith("x-")]
    if unknown:
        raise LogError(
            1,
            f"unknown header field {shorten(unknown[0])}; allowed: {', '.join(sorted(_HEADER_KEYS))} "
            "(and x-... for your own)",
        )
    for key in ("game", "version"):
        if type(data.get(key)) is not str:
            raise LogError(1, f'the header needs "{key}" as a string')
    about = {k: v for k, v in data.items() if k not in ("roundlog", "game", "version", "rules", "pay")}
    return Header(
        data["game"],
        data["version"],
        _mapping(data.get("rules"), 1, "rule"),
        _mapping(data.get("pay"), 1, "pay"),
        about,
    )


def require(rec: dict, key: str, line: int, where: str = "") -> Any:
    """rec[key], or a LogError naming the missing field (or the unknown field that is its misspelling)."""
    try:
        return rec[key]
    except KeyError:
        raise LogError(line, f"{where}{missing_field(rec, key)}") from None


def wager_list(rec: dict, line: int, where: str = "") -> list:
    """rec["wagers"], which must be a list (of wager records, read by the judge)."""
    ws = require(rec, "wagers", line, where)
    if type(ws) is not list:
        raise LogError(line, f'{where}"wagers" must be a list of wager records, not {shorten(ws)}')
    return ws


def check_keys(rec: dict, allowed: frozenset[str], line: int, where: str = "") -> None:
    """Refuse a field the format does not know (a misspelt field would otherwise pass unread); x-... is yours."""
    for key in rec:
        if key not in allowed and not key.startswith("x-"):
            raise LogError(line, f"{where}{unknown_field(key, allowed)}")


def cards(value: Any, line: int, what: str) -> list[int]:
    """A list of card texts as codes (see `cards.CARD_CODES`)."""
    if type(value) is not list:
        raise LogError(line, f"{what} must be a list of cards, not {shorten(value)}")
    try:
        return [CARD_CODES[c] for c in value]
    except (KeyError, TypeError):
        bad = next(c for c in value if type(c) is not str or c not in CARD_CODES)
        shown = shorten(bad) if type(bad) is str else f"{shorten(bad)[1:-1]} (not a string)"
        raise LogError(line, f"{what}: unknown card {shown}; a card is {CARD_HELP}") from None


def text(value: Any, line: int, what: str) -> str:
    if type(value) is not str:
        raise LogError(line, f"{what} must be a string, not {shorten(value)}")
    return value


def whole(value: Any, line: int, what: str, minimum: int = 0, maximum: int | None = None) -> int:
    if type(value) is not int or value < minimum or (maximum is not None and value > maximum):
        bound = f"from {minimum}" + (f" to {maximum}" if maximum is not None else "")
        raise LogError(line, f"{what} must be a whole number {bound}, not {shorten(value)}")
    return value


_AMOUNTS: dict[str, Amount] = {}
_CACHE_LIMIT = 100_000


def _parse_amount(value: Any, line: int, what: str) -> Amount:
    if type(value) is int:
        return value
    if type(value) is not str:
        if isinstance(value, Fraction):
            raise LogError(
                line,
                f"{what}: the JSON number {amount_text(value)} has a fraction part; write amounts as "
                'strings, "0.95" or "19/20", so that no binary float rounds them',
            )
        raise LogError(line, f'{what} must be an amount such as "10", "9.5" or "19/20", not {shorten(value)}')
    try:
        x = parse_number(value, what)
    except NumberError as exc:
        raise LogError(line, str(exc)) from None
    result: Amount = x.numerator if x.denominator == 1 else x
    if len(_AMOUNTS) >= _CACHE_LIMIT:
        _AMOUNTS.clear()
    _AMOUNTS[value] = result
    return result


def amount(value: Any, line: int, what: str) -> Amount:
    """An exact amount (any sign): a string "9.5", "19/20", "-10", or a JSON whole number."""
    if type(value) is str:
        found = _AMOUNTS.get(value)
        if found is not None:
            return found
    return _parse_amount(value, line, what)


def stake(value: Any, line: int, what: str) -> Amount:
    """An exact stake: an amount above zero."""
    x = amount(value, line, what)
    if x <= 0:
        raise LogError(
            line, f"{what} {shorten(value)} is {'negative' if x < 0 else 'zero'}; a stake is an amount above zero"
        )
    return x
