"""Writing a round log (format `roundlog-1`, docs/verify.md): a header line, then one JSON object per round.

The reference simulators fill one record per round (what was dealt, thrown or spun, the decisions, and each
wager's stake and net result); `RoundLogWriter` writes them as they come, to a temporary file renamed into place
at the end, so an interrupted run leaves no half-written log under the final name. Amounts are exact strings:
whole, a terminating decimal ("9.5"), else a fraction ("19/3"); never a binary float.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = ["RoundLogWriter", "amount_text", "STAKE", "wager_entry", "FORMAT"]

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
    digits = str(abs(x.numerator) * 10 ** places // x.denominator).rjust(places + 1, "0")
    return ("-" if x < 0 else "") + digits[:-places] + "." + digits[-places:]


def wager_entry(key: str, net_per_unit: Fraction | int, stake: Fraction | int = STAKE, **extra: Any) -> dict:
    """One wager record: {"on": key, ..., "stake": "10", "net": "9.5"} for a net result per unit staked."""
    return {"on": key, **extra, "stake": amount_text(stake), "net": amount_text(Fraction(net_per_unit) * stake)}


class RoundLogWriter:
    """Writes the header at once and each round as it is given; `close()` renames the file into place."""

    def __init__(self, path: Path, game: str, version: str, rules: Mapping[str, str],
                 pay: Mapping[str, str] | None = None, about: Mapping[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, self.tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
        self.file = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        header = {"roundlog": FORMAT, "game": game, "version": version, "rules": dict(rules)}
        if pay:
            header["pay"] = dict(pay)
        header.update(about or {})
        self.file.write(json.dumps(header) + "\n")
        self._dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode

    def __call__(self, record: Mapping[str, Any]) -> None:
        self.file.write(self._dumps(record) + "\n")

    def close(self) -> None:
        self.file.close()
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self.tmp, 0o666 & ~umask)
        os.replace(self.tmp, self.path)

    def abort(self) -> None:
        self.file.close()
        Path(self.tmp).unlink(missing_ok=True)
