"""A floor: its tables (game, version, rules, pay table, pocket order, results an hour) and the false-alarm
budget (level and horizon), read from a small TOML file or given on the command line.

    [budget]
    level = "1%"          # the chance of any false alarm on the whole floor within the horizon
    horizon = "1y"        # y (365.25 days), d or h

    [tables.R1]
    game = "roulette"
    version = "2002"
    wheel = "0-32-15-19-4-21-2-25-17-34-6-27-13-36-11-30-8-23-10-5-24-16-33-1-20-14-31-9-22-18-29-7-28-12-35-3-26"
    results_per_hour = 60 # spins (throws) an hour at most: the horizon's rounds N come from it

>>> horizon_hours("1y"), horizon_hours("30d"), horizon_hours("12h")
(Fraction(8766, 1), Fraction(720, 1), Fraction(12, 1))
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from oddscalc import api
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import NumberError, parse_number, shorten
from oddscalc.monitor.result_laws import WATCHED, wheel_order

__all__ = [
    "DEFAULT_RESULTS_PER_HOUR",
    "Budget",
    "Floor",
    "FloorError",
    "TableConfig",
    "horizon_hours",
    "parse_level",
    "read_floor",
    "table_config",
]

#: Results an hour assumed for a table that does not say (a busy live wheel spins about once a minute).
DEFAULT_RESULTS_PER_HOUR = 60
_UNITS = {"y": Fraction(8766), "d": Fraction(24), "h": Fraction(1)}
_TABLE_KEYS = frozenset({"game", "version", "rules", "pay", "wheel", "results_per_hour", "stake_levels"})


class FloorError(InputError):
    """A floor file, table or budget that cannot be used: one line naming the bad value."""


@dataclass(frozen=True)
class Budget:
    """The floor's false-alarm budget: `level` the chance of any false alarm within `hours`."""

    level: Fraction = Fraction(1, 100)
    hours: Fraction = Fraction(8766)
    horizon: str = "1y"


@dataclass(frozen=True)
class TableConfig:
    """One table: its game and law, its wheel's pocket order (roulette) and its pace."""

    name: str
    game: str
    version: str
    rules: dict[str, str] = field(default_factory=dict)
    pay: dict[str, str] = field(default_factory=dict)
    wheel: tuple[int, ...] = ()
    results_per_hour: Fraction = Fraction(DEFAULT_RESULTS_PER_HOUR)
    stake_levels: tuple[Fraction, ...] = ()  # band edges of a round's total stake (stake_levels.py)
    declared_by: str = "the floor file"  # where the table was described ("the command line" for --table/--game)


@dataclass(frozen=True)
class Floor:
    tables: dict[str, TableConfig]
    budget: Budget


def horizon_hours(text: str) -> Fraction:
    """A horizon such as "1y", "90d" or "12h" in hours."""
    text = str(text).strip()
    unit = text[-1:].lower()
    if unit not in _UNITS:
        raise FloorError(f"horizon {shorten(text)}: give a number and a unit y, d or h, e.g. 1y or 30d")
    try:
        n = parse_number(text[:-1], "horizon", minimum=0, min_open=True, maximum=1000)
    except NumberError as exc:
        raise FloorError(str(exc)) from None
    return n * _UNITS[unit]


def parse_level(text: str) -> Fraction:
    """A false-alarm level such as "1%" or "0.01", above 0 and below 1."""
    try:
        return parse_number(str(text), "level", minimum=0, maximum=1, min_open=True, max_open=True, percent=True)
    except NumberError as exc:
        raise FloorError(str(exc)) from None


def _text_map(value: Any, what: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, str | int) for v in value.values()):
        raise FloorError(f"{what} must be a table of NAME = VALUE")
    return {str(k): str(v) for k, v in value.items()}


def table_config(name: str, spec: dict[str, Any], declared_by: str = "the floor file") -> TableConfig:
    """One table from its TOML section (or the command line's --table/--game), checked against the api."""
    unknown = sorted(set(spec) - _TABLE_KEYS)
    if unknown:
        raise FloorError(
            f"table {shorten(name)}: unknown key {shorten(unknown[0])}; allowed: {', '.join(sorted(_TABLE_KEYS))}"
        )
    game = spec.get("game")
    if game not in WATCHED:
        raise FloorError(f"table {shorten(name)}: game {shorten(game)} is not watched; allowed: {', '.join(WATCHED)}")
    version = str(spec.get("version") or api.version_ids()[-1])
    try:
        api.check_game(game, version)
        rules = _text_map(spec.get("rules"), f"table {name} rules")
        pay = _text_map(spec.get("pay"), f"table {name} pay")
        api.resolved_rules(game, version, rules)
        api.wagers(game, version, pay)
    except ValueError as exc:
        raise FloorError(f"table {shorten(name)}: {exc}") from None
    if "wheel" in spec and game != "roulette":
        raise FloorError(f"table {shorten(name)}: a pocket order (wheel) is for roulette, not {game}")
    try:
        wheel = wheel_order(spec.get("wheel")) if game == "roulette" else ()
        pace = parse_number(
            str(spec.get("results_per_hour", DEFAULT_RESULTS_PER_HOUR)),
            f"table {name} results_per_hour",
            minimum=0,
            min_open=True,
            maximum=100_000,
        )
    except ValueError as exc:
        raise FloorError(str(exc)) from None
    edges = _stake_edges(name, spec.get("stake_levels"))
    return TableConfig(name, game, version, rules, pay, wheel, pace, edges, declared_by)


def _stake_edges(name: str, value: Any) -> tuple[Fraction, ...]:
    """A table's stake_levels: the band edges of a round's total stake, positive and increasing, at most 20.

    >>> _stake_edges("R1", [10, "100", 1000.5])
    (Fraction(10, 1), Fraction(100, 1), Fraction(2001, 2))
    """
    if value is None:
        return ()
    what = f"table {shorten(name)} stake_levels"
    if not isinstance(value, list) or not value or len(value) > 20:
        raise FloorError(f"{what} must be a list of 1 to 20 stakes, e.g. [10, 100, 1000]")
    try:
        edges = tuple(parse_number(str(v), what, minimum=0, min_open=True, maximum=10**12) for v in value)
    except ValueError as exc:
        raise FloorError(str(exc)) from None
    if any(b <= a for a, b in pairwise(edges)):
        raise FloorError(f"{what} {shorten(str(value))}: give the edges in increasing order, each once")
    return edges


def read_floor(path: Path | str | None) -> Floor:
    """The floor file at `path` (None: an empty floor with the default budget)."""
    if path is None:
        return Floor({}, Budget())
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise FloorError(f"cannot read floor file {path}: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise FloorError(f"floor file {path} is not TOML: {shorten(str(exc), 100)}") from None
    unknown = sorted(set(data) - {"budget", "tables"})
    if unknown:
        raise FloorError(f"floor file {path}: unknown section {shorten(unknown[0])}; allowed: budget, tables")
    b = data.get("budget", {})
    if not isinstance(b, dict) or set(b) - {"level", "horizon"}:
        raise FloorError(f"floor file {path}: [budget] takes level and horizon only")
    horizon = str(b.get("horizon", "1y"))
    budget = Budget(parse_level(b.get("level", "1%")), horizon_hours(horizon), horizon)
    tables = data.get("tables", {})
    if not isinstance(tables, dict) or not all(isinstance(v, dict) for v in tables.values()):
        raise FloorError(f"floor file {path}: [tables.NAME] sections expected")
    return Floor({name: table_config(name, spec) for name, spec in tables.items()}, budget)
