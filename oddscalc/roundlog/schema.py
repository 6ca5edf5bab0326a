"""The round-log schema (`oddscalc/schemas/roundlog-1.json`) as a checker: a line is checked against the game's
round form (or the header's) with one-line errors that name where the fault is and what is allowed.

The checker reads the keywords the schema uses (type, properties, required, additionalProperties, items, lengths,
enum, const, pattern, bounds, oneOf, anyOf, if/then, $ref), so the writer refuses exactly what the schema refuses.
It names a misspelt field for what it is: an unknown field, with the allowed one it resembles.

>>> check_round("big-six", {"symbol": "C", "wagers": [{"on": "C", "stake": "10", "nett": "200"}]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
oddscalc.roundlog.schema.RoundLogError: round: wagers[0]: unknown field 'nett' (misspelt 'net'?); allowed: net, ...
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from oddscalc.core.errors import DataError
from oddscalc.core.numbers import shorten

__all__ = [
    "GAMES",
    "SCHEMA_PATH",
    "RoundLogError",
    "check_header",
    "check_round",
    "field_names",
    "missing_field",
    "round_fields",
    "schema",
    "unknown_field",
]

#: The round-log schema shipped in the package.
SCHEMA_PATH = Path(__file__).resolve().parents[1] / "schemas" / "roundlog-1.json"
_OWN = " (and x-... for your own)"


class RoundLogError(DataError):
    """A round-log line the schema refuses, or a writer used out of turn: one line says what and where."""


@cache
def schema() -> dict[str, Any]:
    """The round-log schema of format 1 (`SCHEMA_PATH`), read once, as a JSON object.

    Returns:
        The schema; its "$defs" hold the header's form and each game's round form ("round-<game>").

    Examples:
        A header's "roundlog" is the format's number, 1:

        >>> schema()["$defs"]["header"]["properties"]["roundlog"]
        {'const': 1}
    """
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


#: The games a round log may hold, as the header's "game" names them.
GAMES: tuple[str, ...] = tuple(schema()["$defs"]["header"]["properties"]["game"]["enum"])


@cache
def field_names() -> frozenset[str]:
    """Every field name the format knows, in any record: a key outside these is unknown wherever it is.

    Returns:
        The names.

    Examples:
        Every wager record holds "on", "stake" and "net" (docs/verify.md):

        >>> {"on", "stake", "net"} <= field_names()
        True
    """
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            found.update(node.get("properties", {}))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema())
    return frozenset(found)


def round_fields(game: str) -> frozenset[str]:
    """The fields one round of `game` may hold, in either form of Super Pan 9's round.

    Args:
        game: a game of the format (`GAMES`).

    Returns:
        The field names, required and optional.

    Raises:
        KeyError: a game the format does not hold.

    Examples:
        A roulette round is the number and the wagers, with the monitor's optional fields (docs/verify.md):

        >>> sorted(round_fields("roulette"))
        ['dealer', 'house', 'number', 'round', 'table', 'time', 'wagers']
    """
    node = schema()["$defs"][f"round-{game}"]
    forms = [node] if "properties" in node else [_resolve(f["$ref"]) for f in node["oneOf"]]
    return frozenset(k for f in forms for k in f["properties"])


def _close(key: str, names: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(key, sorted(names), n=1, cutoff=0.6)
    return found[0] if found else None


def unknown_field(key: str, allowed: Iterable[str]) -> str:
    """The message for an unknown field: the allowed field it resembles, as a misspelling, and the allowed fields.

    Args:
        key: the unknown field.
        allowed: the fields allowed where it is.

    Returns:
        The message, one line.

    Examples:
        >>> unknown_field("wager", ["on", "wagers"])
        "unknown field 'wager' (misspelt 'wagers'?); allowed: on, wagers (and x-... for your own)"
    """
    names = sorted(allowed)
    like = _close(key, names) if isinstance(key, str) else None
    hint = f" (misspelt {like!r}?)" if like else ""
    return f"unknown field {shorten(key)}{hint}; allowed: {', '.join(names)}{_OWN}"


def missing_field(record: Mapping[str, Any], key: str) -> str:
    """The message for a record lacking `key`: a misspelling of it among the record's unknown fields, else missing.

    Args:
        record: the record.
        key: the required field it lacks.

    Returns:
        The message, one line.

    Examples:
        >>> missing_field({"shoe": 1, "wager": []}, "wagers")
        "unknown field 'wager' (misspelt 'wagers'?)"
        >>> missing_field({"shoe": 1, "bank": "house"}, "banker")
        "missing field 'banker'"
    """
    known = field_names()
    strangers = [k for k in record if isinstance(k, str) and k not in known and not k.startswith("x-")]
    like = _close(key, strangers)
    if like is not None:
        return f"unknown field {shorten(like)} (misspelt {key!r}?)"
    extra = f" (the unknown field {shorten(strangers[0])} is not read)" if strangers else ""
    return f"missing field {key!r}{extra}"


def check_header(header: Any) -> None:
    """Refuse a header line the schema does not accept.

    Args:
        header: the header, as read from JSON.

    Raises:
        RoundLogError: where the header breaks the schema, and what is allowed.

    Examples:
        This is format 1, so a header of format 2 is refused:

        >>> check_header({"roundlog": 1, "game": "dice", "version": "1994"})
        >>> check_header({"roundlog": 2, "game": "dice", "version": "1994"})
        Traceback (most recent call last):
        ...
        oddscalc.roundlog.schema.RoundLogError: header: roundlog: must be 1, not '2'
    """
    _check(header, "header", "header")


def check_round(game: str, record: Any) -> None:
    """Refuse a round line of `game` the schema does not accept.

    Args:
        game: a game of the format (`GAMES`).
        record: the round, as read from JSON.

    Raises:
        RoundLogError: an unknown game, or where the round breaks the schema and what is allowed.

    Examples:
        A wheel's numbers run from 0 to 36:

        >>> check_round("roulette", {"number": -1, "wagers": []})
        Traceback (most recent call last):
        ...
        oddscalc.roundlog.schema.RoundLogError: round: number: must be at least 0, not -1
    """
    if game not in GAMES:
        raise RoundLogError(f"unknown game {shorten(game)}; a round log holds one of: {', '.join(GAMES)}")
    _check(record, f"round-{game}", "round")


def _check(value: Any, name: str, where: str) -> None:
    issue = _issue(schema()["$defs"][name], value, (), schema()["$defs"][name].get("description", ""))
    if issue is not None:
        path, message = issue
        at = where + ": " + _path_text(path) + (": " if path else "")
        raise RoundLogError(at + message)


def _path_text(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (("." if out else "") + p)
    return out


def _resolve(ref: str) -> dict[str, Any]:
    node: Any = schema()
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    resolved: dict[str, Any] = node
    return resolved


_TYPES = {
    "object": (lambda v: isinstance(v, dict), "an object"),
    "array": (lambda v: isinstance(v, (list, tuple)), "a list"),
    "string": (lambda v: isinstance(v, str), "a string"),
    "integer": (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
    "boolean": (lambda v: isinstance(v, bool), "true or false"),
}


@cache
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


Issue = tuple[tuple, str]


def _issue(node: dict[str, Any], value: Any, path: tuple, about: str) -> Issue | None:
    """The first way `value` (at `path`) breaks the schema `node`, or None; `about` the nearest description."""
    if "$ref" in node:
        target = _resolve(node["$ref"])
        return _issue(target, value, path, node.get("description") or target.get("description") or about)
    about = node.get("description", about)
    for key in ("oneOf", "anyOf"):
        if key in node:
            return _alternatives(node[key], value, path, about, key == "oneOf")
    kinds = node.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(_TYPES[k][0](value) for k in kinds):
            return path, f"must be {' or '.join(_TYPES[k][1] for k in kinds)}, not {shorten(value)}"
    if "const" in node and value != node["const"]:
        return path, f"must be {json.dumps(node['const'])}, not {shorten(value)}"
    if "enum" in node and value not in node["enum"]:
        return path, f"must be one of {', '.join(map(str, node['enum']))}; not {shorten(value)}"
    if isinstance(value, str) and "pattern" in node and not _pattern(node["pattern"]).search(value):
        return path, f"{shorten(value)} is not valid: " + (about or f"it must match {node['pattern']}")
    if isinstance(value, int) and not isinstance(value, bool):
        if "minimum" in node and value < node["minimum"]:
            return path, f"must be at least {node['minimum']}, not {value}"
        if "maximum" in node and value > node["maximum"]:
            return path, f"must be at most {node['maximum']}, not {value}"
    if isinstance(value, dict):
        found = _object(node, value, path, about)
        if found is not None:
            return found
    if isinstance(value, (list, tuple)):
        found = _array(node, value, path, about)
        if found is not None:
            return found
    if "if" in node and _issue(node["if"], value, path, about) is None and "then" in node:
        return _issue(node["then"], value, path, about)
    return None


def _object(node: dict[str, Any], value: dict, path: tuple, about: str) -> Issue | None:
    props: dict[str, Any] = node.get("properties", {})
    patterns: dict[str, Any] = node.get("patternProperties", {})
    if node.get("additionalProperties") is False:
        for k in value:
            if k not in props and not any(isinstance(k, str) and _pattern(p).search(k) for p in patterns):
                return path, unknown_field(k, props)
    for k in node.get("required", ()):
        if k not in value:
            return path, f"missing field {k!r}"
    for k, v in value.items():
        if k in props:
            found = _issue(props[k], v, (*path, k), about)
            if found is not None:
                return found
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        for k, v in value.items():
            if k not in props:
                found = _issue(extra, v, (*path, k), about)
                if found is not None:
                    return found
    return None


def _array(node: dict[str, Any], value: list | tuple, path: tuple, about: str) -> Issue | None:
    if "minItems" in node and len(value) < node["minItems"]:
        return path, f"must hold at least {node['minItems']} item(s), not {len(value)}"
    if "maxItems" in node and len(value) > node["maxItems"]:
        return path, f"must hold at most {node['maxItems']} item(s), not {len(value)}"
    if node.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
        return path, "must not repeat an item"
    items = node.get("items")
    if isinstance(items, dict):
        for i, v in enumerate(value):
            found = _issue(items, v, (*path, i), about)
            if found is not None:
                return found
    return None


def _alternatives(forms: list[dict[str, Any]], value: Any, path: tuple, about: str, one: bool) -> Issue | None:
    """oneOf / anyOf: None when a form accepts the value (exactly one for oneOf), else the nearest form's issue.

    The nearest form is the one whose issue lies deepest in the value, then the one whose required fields it has."""
    issues = [_issue(f, value, path, about) for f in forms]
    passed = sum(1 for i in issues if i is None)
    if passed == 1 or (passed > 1 and not one):
        return None
    if passed > 1:
        return path, "matches more than one form of the record: " + about
    ranked = sorted(
        zip(issues, forms),
        key=lambda pair: (-len(pair[0][0]) if pair[0] else 0, -_has_required(pair[1], value)),
    )
    return ranked[0][0]


def _has_required(form: dict[str, Any], value: Any) -> int:
    node = _resolve(form["$ref"]) if "$ref" in form else form
    if not isinstance(value, dict):
        return 0
    return sum(1 for k in node.get("required", ()) if k in value)
