"""Typed readers of a wager's `params` for engines and simulators: the law's facts, read as the types they need.

`Wager.param` returns `object`, since the law's data holds numbers, names and tuples of either; an engine or a
simulator reads each fact through one of these, which checks the type the regulation data gives it. A mismatch is a
defect in that data, so it raises `TypeError` naming the wager and the fact.

>>> from oddscalc.regulations.model import wager
>>> pair = wager("sic-bo", "pair-1-2", "1 and 2", "1 and 2", "SI 2002/1130 Sch 4", "5 to 1",
...              params={"kind": "pair", "numbers": (1, 2)})
>>> str_param(pair, "kind"), ints_param(pair, "numbers"), int_param(pair, "point", 0)
('pair', (1, 2), 0)
>>> int_param(pair, "numbers")
Traceback (most recent call last):
TypeError: sic-bo pair-1-2: param 'numbers' is (1, 2), not of type int
"""

from __future__ import annotations

from typing import TypeVar

from oddscalc.regulations.model import Wager

__all__ = ["int_param", "ints_param", "str_param", "strs_param"]

_T = TypeVar("_T")
_NONE: tuple[()] = ()


def _read(w: Wager, name: str, kind: type[_T], default: _T | None) -> _T:
    value = w.param(name, default)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"{w.game} {w.key}: param {name!r} is {value!r}, not of type {kind.__name__}")
    return value


def _tuple(w: Wager, name: str, kind: type[_T]) -> tuple[_T, ...]:
    value = _read(w, name, tuple, _NONE)
    if not all(isinstance(v, kind) for v in value):
        raise TypeError(f"{w.game} {w.key}: param {name!r} is {value!r}, not a tuple of {kind.__name__}s")
    return value


def int_param(w: Wager, name: str, default: int | None = None) -> int:
    """The whole number `name` of wager `w` (`default` when the law states none)."""
    return _read(w, name, int, default)


def str_param(w: Wager, name: str, default: str | None = None) -> str:
    """The name `name` of wager `w` (`default` when the law states none)."""
    return _read(w, name, str, default)


def ints_param(w: Wager, name: str) -> tuple[int, ...]:
    """The whole numbers `name` of wager `w` (none when the law states none)."""
    return _tuple(w, name, int)


def strs_param(w: Wager, name: str) -> tuple[str, ...]:
    """The names `name` of wager `w` (none when the law states none)."""
    return _tuple(w, name, str)
