"""Reading one line of a feed into a round: a round-log line, a bare result, or a controller's line.

A round-log line is in the format `verify` reads, with the optional fields `table`, `round`, `time`, `dealer`, a
wager's `player`, and a round's `house` when its wagers carry no `net`. A bare result is a winning number per
line, "3 4" for two dice, "1 5 5" for three, or a symbol for Big Six. From a controller's line, a line pattern's
named group `result` picks out the result.

>>> bare_code("roulette", "17"), bare_code("dice", "3 4"), bare_code("sic-bo", "6,6,6"), bare_code("big-six", "g")
(17, 15, 215, 6)
>>> line_pattern(r"^\\*X;(?:[^;]*;){2}(?P<result>\\d+)").search("*X;1;0;23;0").group("result")
'23'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from oddscalc.core.errors import DataError, InputError
from oddscalc.core.numbers import shorten
from oddscalc.monitor.result_laws import result_law

__all__ = [
    "MONITOR_KEYS",
    "FeedError",
    "FeedRound",
    "PatternError",
    "bare_code",
    "line_pattern",
    "round_from_record",
]

#: The fields a round line may carry for the monitor, removed before verify's judge reads the round.
MONITOR_KEYS = frozenset({"table", "round", "time", "dealer", "house"})
_RESULT_KEY = {"roulette": "number", "big-six": "symbol", "dice": "throws", "sic-bo": "dice"}


class FeedError(DataError):
    """A line that is not a round: its message says what is wrong (the caller adds file and line)."""


class PatternError(InputError):
    """A --pattern that is not a regular expression with a group named `result`."""


@dataclass(frozen=True)
class FeedRound:
    """One round as read: its table (None: the source's), id, time and dealer if given, and the result codes.

    There is one result code per throw or spin. The round also holds the wagers (on, stake, net or None), the
    house's result if given, and the record for the settlement judge (None for a bare result). `players` names each
    wager's player ("" where the feed gives none)."""

    table: str | None
    round: int | None
    time: str | None
    dealer: str
    codes: tuple[int, ...]
    wagers: tuple[tuple[str, Any, Any], ...] = ()
    house: Any = None
    record: dict | None = None
    players: tuple[str, ...] = ()


def line_pattern(text: str) -> re.Pattern[str]:
    """A controller's line pattern: a regular expression with a named group `result`."""
    try:
        pat = re.compile(text)
    except re.error as exc:
        raise PatternError(f"pattern {shorten(text)} is not a regular expression: {exc}") from None
    if "result" not in pat.groupindex:
        raise PatternError(f"pattern {shorten(text)} needs a named group (?P<result>...) around the result")
    return pat


def _faces(text: str, n: int) -> list[int]:
    parts = re.split(r"[\s,;-]+", text.strip()) if not (text.isdigit() and len(text) == n) else list(text)
    if len(parts) != n or not all(p.isdigit() and 1 <= int(p) <= 6 for p in parts):
        raise FeedError(f"{shorten(text)} is not {n} dice faces 1-6")
    return [int(p) for p in parts]


def dice_code(faces: list[int]) -> int:
    code = 0
    for f in faces:
        code = code * 6 + f - 1
    return code


def bare_code(game: str, text: str) -> int:
    """The result code of a bare result text of `game` (laws.py codes); FeedError otherwise."""
    text = text.strip()
    if game == "roulette":
        if not (text.isdigit() and len(text) <= 2 and int(text) <= 36):
            raise FeedError(f"{shorten(text)} is not a roulette number 0-36")
        return int(text)
    if game == "big-six":
        labels = result_law(game, "2002").labels
        if text.upper() not in labels:
            raise FeedError(f"{shorten(text)} is not a Big Six symbol; allowed: {', '.join(labels)}")
        return labels.index(text.upper())
    if game not in _RESULT_KEY:  # a card table's round is its cards and wagers: a round-log record, never bare
        raise FeedError(f"{shorten(text)} is not a {game} round: a card table's rounds are round-log JSON records")
    return dice_code(_faces(text, 2 if game == "dice" else 3))


def _record_codes(game: str, rec: dict) -> tuple[int, ...]:
    key = _RESULT_KEY[game]
    if key not in rec:
        raise FeedError(f'a {game} round needs "{key}"')
    value = rec[key]
    if game == "roulette":
        if type(value) is not int or not 0 <= value <= 36:
            raise FeedError(f'"number" must be a whole number 0-36, not {shorten(value)}')
        return (value,)
    if game == "big-six":
        if type(value) is not str:
            raise FeedError(f'"symbol" must be a string, not {shorten(value)}')
        return (bare_code(game, value),)
    n = 2 if game == "dice" else 3
    throws = value if game == "dice" else [value]
    if type(throws) is not list or not throws:
        raise FeedError(f'"{key}" must be a list of throws, not {shorten(value)}')
    out = []
    for t in throws:
        if type(t) is not list or len(t) != n or any(type(f) is not int or not 1 <= f <= 6 for f in t):
            raise FeedError(f'"{key}": each throw is {n} faces 1-6, not {shorten(t)}')
        out.append(dice_code(t))
    return tuple(out)


def _round_id(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is str and value.isdigit() and len(value) <= 18:
        return int(value)
    if type(value) is int and 0 <= value < 10**18:
        return value
    raise FeedError(f'"round" must be a whole number (or its digits as a string) from 0, not {shorten(value)}')


def _time(value: Any) -> str | None:
    if value is None:
        return None
    if type(value) is not str:
        raise FeedError(f'"time" must be an ISO 8601 string such as "2026-12-01T21:05:00Z", not {shorten(value)}')
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise FeedError(f'"time" {shorten(value)} is not ISO 8601, e.g. "2026-12-01T21:05:00Z"') from None
    return value


def round_from_record(game: str, rec: dict) -> FeedRound:
    """A round-log line's round: the monitor's fields read and removed, the rest kept for the judge."""
    table = rec.get("table")
    if table is not None and (type(table) is not str or not table):
        raise FeedError(f'"table" must be a non-empty string, not {shorten(table)}')
    dealer = rec.get("dealer", "")
    if type(dealer) is not str:
        raise FeedError(f'"dealer" must be a string, not {shorten(dealer)}')
    codes = _record_codes(game, rec) if game in _RESULT_KEY else ()  # a card round's cards go to the judge
    wagers = []
    players = []
    judged = {k: v for k, v in rec.items() if k not in MONITOR_KEYS}
    raw = rec.get("wagers", [])
    if type(raw) is not list:
        raise FeedError(f'"wagers" must be a list of wager records, not {shorten(raw)}')
    clean = []
    for i, w in enumerate(raw):
        if type(w) is not dict or "on" not in w or "stake" not in w:
            raise FeedError(f'wager {i + 1} must be an object with "on" and "stake"')
        if "player" in w and type(w["player"]) is not str:
            raise FeedError(f'wager {i + 1}: "player" must be a string')
        wagers.append((w["on"], w["stake"], w.get("net")))
        players.append(w.get("player", ""))
        clean.append({k: v for k, v in w.items() if k != "player"})
    judged["wagers"] = clean
    itemised = all(net is not None for _, _, net in wagers)
    house = rec.get("house")
    if not itemised and house is None:
        raise FeedError('a round whose wagers carry no "net" needs the house\'s result, "house"')
    return FeedRound(
        table,
        _round_id(rec.get("round")),
        _time(rec.get("time")),
        dealer,
        codes,
        tuple(wagers),
        house,
        _judged(game, judged, itemised, wagers),
        tuple(players),
    )


def _judged(game: str, judged: dict, itemised: bool, wagers: list) -> dict | None:
    """The record for verify's judge: a wheel's only when its wagers carry their nets; a card round's always (its
    cards are judged), without its wagers when they carry none."""
    if game not in _RESULT_KEY:
        return judged if itemised else {**judged, "wagers": []}
    return judged if itemised and wagers else None
