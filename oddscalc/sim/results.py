"""Observed results files, as `simulate` writes them and `check` reads them.

CSV with a header `net_return,count` (a row per outcome) or `net_return` alone (a row per round);
or JSON `{"counts": {"35": 280, "-1": 9720}}` or `{"returns": ["35", "-1", ...]}`. Returns are exact:
integers, fractions `19/20` or decimals `0.95`.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

__all__ = ["ResultsError", "read_results", "counts_csv", "counts_json"]


class ResultsError(ValueError):
    """A results file that cannot be read as observed outcome counts."""


def _return(text: object, where: str) -> Fraction:
    try:
        return Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise ResultsError(f"{where}: net return {text!r} is not a number (write 35, 19/20 or 0.95)") from None


def _count(text: object, where: str) -> int:
    try:
        value = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise ResultsError(f"{where}: count {text!r} is not a whole number") from None
    if value.denominator != 1:
        raise ResultsError(f"{where}: count {text!r} is not a whole number")
    if value < 0:
        raise ResultsError(f"{where}: count {text} is negative")
    return int(value)


def _from_csv(text: str, name: str) -> Counter:
    rows = list(csv.reader(io.StringIO(text)))
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    if not rows:
        raise ResultsError(f"{name}: empty file")
    header = [c.strip().lower() for c in rows[0]]
    counts: Counter = Counter()
    if header == ["net_return", "count"]:
        for i, row in enumerate(rows[1:], start=2):
            if len(row) != 2:
                raise ResultsError(f"{name} line {i}: expected 2 fields (net_return,count), found {len(row)}")
            counts[_return(row[0], f"{name} line {i}")] += _count(row[1], f"{name} line {i}")
    elif header == ["net_return"]:
        for i, row in enumerate(rows[1:], start=2):
            if len(row) != 1:
                raise ResultsError(f"{name} line {i}: expected 1 field (net_return), found {len(row)}")
            counts[_return(row[0], f"{name} line {i}")] += 1
    else:
        raise ResultsError(f"{name}: the header must be 'net_return,count' or 'net_return', not {','.join(rows[0])!r}")
    return counts


def _from_json(text: str, name: str) -> Counter:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ResultsError(f"{name}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    counts: Counter = Counter()
    if isinstance(data, dict) and isinstance(data.get("counts"), dict):
        for ret, n in data["counts"].items():
            counts[_return(ret, name)] += _count(n, f"{name} counts[{ret!r}]")
    elif isinstance(data, dict) and isinstance(data.get("returns"), list):
        for i, ret in enumerate(data["returns"]):
            counts[_return(ret, f"{name} returns[{i}]")] += 1
    else:
        raise ResultsError(f"{name}: expected an object with 'counts' (return -> count) or 'returns' (a list)")
    return counts


def read_results(path: Path) -> Counter:
    """Observed count of each net return in a results file (CSV or JSON, told apart by content)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ResultsError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ResultsError(f"{path}: not a text file") from None
    name = Path(path).name
    return _from_json(text, name) if text.lstrip().startswith(("{", "[")) else _from_csv(text, name)


def _text(r: Fraction) -> str:
    return str(r.numerator) if r.denominator == 1 else f"{r.numerator}/{r.denominator}"


def counts_csv(counts: Mapping[Fraction, int]) -> str:
    lines = ["net_return,count"] + [f"{_text(r)},{n}" for r, n in sorted(counts.items())]
    return "\n".join(lines) + "\n"


def counts_json(counts: Mapping[Fraction, int], meta: Mapping[str, object]) -> str:
    return json.dumps({**meta, "counts": {_text(r): n for r, n in sorted(counts.items())}}, indent=1) + "\n"
