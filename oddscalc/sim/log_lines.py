"""Writing a round log (format `roundlog-1`, docs/verify.md): a header line, then one JSON object per round.

The reference simulators fill one record per round: what was dealt, thrown or spun, the decisions, and each
wager's stake and net result. `round_log` writes them as they come, to a temporary file renamed into place at
the end, so an interrupted run leaves no half-written log under the final name. Amounts are exact strings:
whole, a terminating decimal ("9.5"), else a fraction ("19/3"); never a binary float.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from oddscalc.core.files import writing_text

__all__ = ["FORMAT", "STAKE", "amount_text", "round_log", "wager_entry"]

FORMAT = 1
#: The stake the reference simulators write on each wager (the net results they count are per unit).
STAKE = 10


def amount_text(x: Fraction | int) -> str:
    """An exact amount as text: whole, a terminating decimal, else a fraction p/q."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    d, places = x.denominator, 0
    while d % 10 == 0 or d % 2 == 0 or d % 5 == 0:
        if d % 10 == 0:
            d //= 10
        elif d % 2 == 0:
            d //= 2
        else:
            d //= 5
        places += 1
    if d != 1:
        return f"{x.numerator}/{x.denominator}"
    digits = str(abs(x.numerator) * 10**places // x.denominator).rjust(places + 1, "0")
    return ("-" if x < 0 else "") + digits[:-places] + "." + digits[-places:]


def wager_entry(key: str, net_per_unit: Fraction | int, stake: Fraction | int = STAKE, **extra: Any) -> dict:
    """One wager record: {"on": key, ..., "stake": "10", "net": "9.5"} for a net result per unit staked."""
    return {"on": key, **extra, "stake": amount_text(stake), "net": amount_text(Fraction(net_per_unit) * stake)}


@contextmanager
def round_log(
    path: Path,
    game: str,
    version: str,
    rules: Mapping[str, str],
    pay: Mapping[str, str] | None = None,
    about: Mapping[str, Any] | None = None,
) -> Iterator[Callable[[Mapping[str, Any]], None]]:
    """A round log being written: the header at once, then `log(record)` writes each round as it is given. The
    file appears under `path` only when the block ends without an error (`core.files.writing_text`): for example
    `with round_log(path, "punto-banco", "1994", rules) as log: simulators.simulate(..., log=log)`.
    """
    header = {"roundlog": FORMAT, "game": game, "version": version, "rules": dict(rules)}
    if pay:
        header["pay"] = dict(pay)
    header.update(about or {})
    dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    with writing_text(path, newline="\n") as f:
        f.write(json.dumps(header) + "\n")

        def log(record: Mapping[str, Any]) -> None:
            f.write(dumps(record) + "\n")

        yield log
