"""A JSON reader for files users give us: exact numbers, bounded nesting, duplicate keys refused.

Python's `json.loads` turns `0.1` into a binary float, raises RecursionError on `[[[[...` nested 100,000 deep,
spends quadratic time on a 100,000-digit integer, and silently keeps the last of two equal keys. `loads` here
reads every number exactly through `core.numbers` (a `Fraction`, or an `int` when whole and written without a
point or exponent), refuses nesting deeper than `max_depth` before parsing, and refuses a repeated key.

>>> loads('{"counts": {"1": 3, "-1": 2.5e0}}')
{'counts': {'1': 3, '-1': Fraction(5, 2)}}
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from typing import Any

from oddscalc.core.errors import DataError
from oddscalc.core.numbers import NumberError, parse_number, parse_whole, shorten

__all__ = ["MAX_DEPTH", "JsonReadError", "loads"]

#: The deepest nesting of arrays and objects accepted.
MAX_DEPTH = 64


class JsonReadError(DataError):
    """Text that is not JSON we accept: malformed, too deep, a repeated key, or a number out of bounds."""


def _depth(text: str, limit: int) -> None:
    """Raise if arrays/objects nest deeper than `limit` (strings are skipped, escapes honoured)."""
    if text.count("[") + text.count("{") <= limit:  # the common case, at C speed: cannot nest deeper
        return
    depth = 0
    in_string = escape = False
    for ch in text:
        if in_string:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                raise JsonReadError(f"JSON nested more than {limit} deep")
        elif ch in "]}":
            depth -= 1


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JsonReadError(f"key {shorten(key)} appears twice in one object")
        out[key] = value
    return out


@lru_cache(maxsize=4096)  # a long array repeats a few numbers: read each spelling once
def _whole(text: str) -> int:
    """A JSON integer literal (`-?digits`, as the parser hands it over): short ones directly, long ones bounded."""
    if len(text) <= 18:
        return int(text)
    return parse_whole(text, "number in the JSON")


@lru_cache(maxsize=4096)
def _number(text: str) -> Fraction:
    return parse_number(text, "number in the JSON")


def _constant(name: str) -> Any:
    raise JsonReadError(f"{name} is not a number JSON allows")


#: One decoder, built once: `json.loads` with hooks builds a new decoder on every call, which costs more than
#: parsing a short line (a round log reads millions of them).
_DECODER = json.JSONDecoder(parse_int=_whole, parse_float=_number, parse_constant=_constant, object_pairs_hook=_pairs)


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse `text` as JSON with exact numbers; JsonReadError (one line) for anything we do not accept.

    A UTF-8 byte-order mark at the start is ignored. NaN and Infinity are refused.

    >>> loads('{"odds": 0.1, "packs": 6}')  # 0.1 exactly, not the float nearest it
    {'odds': Fraction(1, 10), 'packs': 6}
    >>> loads('{"packs": 6, "packs": 8}')
    Traceback (most recent call last):
    ...
    oddscalc.core.jsonread.JsonReadError: key 'packs' appears twice in one object
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonReadError(f"not UTF-8 text (byte {exc.start})") from None
    text = text.removeprefix("\ufeff")
    _depth(text, max_depth)
    try:
        return _DECODER.decode(text)
    except (NumberError, JsonReadError) as exc:
        raise JsonReadError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise JsonReadError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:  # a last guard; _depth should have refused it
        raise JsonReadError(f"JSON nested more than {max_depth} deep") from None
