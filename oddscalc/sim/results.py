"""Observed results files, as `simulate` writes them and `check` reads them.

CSV with a header `net_return,count` (a row per outcome) or `net_return` alone (a row per round);
or JSON `{"counts": {"35": 280, "-1": 9720}}` or `{"returns": ["35", "-1", ...]}`. Returns are exact:
integers, fractions `19/20` or decimals `0.95`; every number goes through the bounded reader
(`oddscalc.core.numbers`), so no value can hang the reader or overflow what follows.

- CSV is read as a stream, a megabyte at a time, in bounded memory whatever the file's size. A per-round
  file is tallied by distinct line (at most MAX_DISTINCT different lines, since one wager has few outcomes),
  so a gigabyte of rounds costs no more memory than a kilobyte.
- JSON is read whole (exact numbers, bounded nesting, through `oddscalc.core.jsonread`) and is therefore
  limited to MAX_JSON_BYTES; per-round data beyond that belongs in a CSV `net_return` column.
- A UTF-8 byte-order mark (as spreadsheets save) and CRLF line ends are accepted; blank lines are skipped.
- Duplicates, one rule for both formats: a counts file (`net_return,count` rows, or JSON `counts`) is a
  tally, so each net return may appear in it once. A second row or key for the same value, however written
  (`1`, `1.0`, `2/2`), is an error naming both places, never silently summed or overwritten. In a per-round
  file (a `net_return` column, or JSON `returns`) a value repeats once per round, which is the point.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from itertools import chain
from pathlib import Path
from typing import BinaryIO

from oddscalc.core.errors import DataError
from oddscalc.core.inputs import input_name, is_stdin, reading
from oddscalc.core.jsonread import JsonReadError, loads
from oddscalc.core.numbers import NumberError, parse_number, parse_whole, shorten
from oddscalc.regulations.versions import VERSIONS

__all__ = [
    "MAX_DISTINCT",
    "MAX_JSON_BYTES",
    "MAX_LINE",
    "SHOE_DEALT",
    "ResultsError",
    "counts_csv",
    "counts_json",
    "read_results",
]

#: The largest JSON results file read (it is parsed whole); larger per-round data goes in CSV, which streams.
MAX_JSON_BYTES = 8 * 1024 * 1024
#: The most different lines (outcome spellings) a CSV results file may hold.
MAX_DISTINCT = 10_000
#: The longest CSV line, in bytes (a row is two numbers of at most a few hundred digits).
MAX_LINE = 2_000
_CHUNK = 1 << 18
_BOM = b"\xef\xbb\xbf"


class ResultsError(DataError):
    """A results file that cannot be read as observed outcome counts."""


def _return(text: object, what: str = "net return") -> Fraction:
    try:
        return parse_number(text if isinstance(text, (int, Fraction)) else str(text), what)
    except NumberError as exc:
        raise ResultsError(f"{exc} (write 35, 19/20 or 0.95)") from None


def _count(text: object, what: str = "count") -> int:
    if isinstance(text, Fraction) and text.denominator != 1:
        raise ResultsError(f"{what} {text} is not a whole number")
    try:
        return parse_whole(text if isinstance(text, (int, Fraction)) else str(text), what, minimum=0)
    except NumberError as exc:
        raise ResultsError(str(exc)) from None


def _chunks(f: BinaryIO, name: str) -> Iterator[tuple[int, list[bytes]]]:
    """(number of the first line, lines) a megabyte at a time; a line longer than MAX_LINE is an error."""
    rest = b""
    line = 1
    first = True
    while block := f.read(_CHUNK):
        if first:
            block, first = block.removeprefix(_BOM), False
        lines = (rest + block).split(b"\n")
        rest = lines.pop()
        if len(rest) > MAX_LINE:
            raise ResultsError(f"{name} line {line + len(lines)}: longer than {MAX_LINE:,} bytes; not a results row")
        if lines:
            yield line, lines
            line += len(lines)
    if rest:
        yield line, [rest]


def _cells(raw: bytes) -> list[str] | None:
    """The CSV cells of one line (None for a blank line); CR, spaces and quoting handled."""
    if len(raw) > MAX_LINE:
        raise ResultsError(f"longer than {MAX_LINE:,} bytes; not a results row")
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise ResultsError("not UTF-8 text") from None
    if not text:
        return None
    try:
        row = next(csv.reader([text]))
    except csv.Error as exc:
        raise ResultsError(f"not a CSV row ({exc})") from None
    return [c.strip() for c in row]


def _csv_stream(f: BinaryIO, name: str) -> Counter:
    chunks = _chunks(f, name)
    for start, lines in chunks:
        for i, raw in enumerate(lines):
            try:
                header = _cells(raw)
            except ResultsError as exc:
                raise ResultsError(f"{name} line {start + i}: {exc}") from None
            if header is not None:
                rows = chain([(start + i + 1, lines[i + 1 :])], chunks)
                fields = [c.lower() for c in header]
                if fields == ["net_return"]:
                    return _per_round(rows, name)
                if fields == ["net_return", "count"]:
                    return _tally(rows, name)
                if fields[:2] == ["net_return", "count"] and "dealt" in fields:
                    raise _shoe_dealt(name)
                raise ResultsError(
                    f"{name}: the header must be 'net_return,count' or 'net_return', not {shorten(','.join(header))}"
                )
    raise ResultsError(f"{name}: empty file")


_TOO_MANY = (
    f"more than {MAX_DISTINCT:,} different returns (or spellings of them); one wager has far fewer "
    "outcomes, so this is not a results file"
)


def _per_round(rows: Iterable[tuple[int, list[bytes]]], name: str) -> Counter:
    """A `net_return` column: each distinct line is read once and counted as often as it occurs."""
    values: dict[bytes, Fraction | None] = {}
    counts: Counter = Counter()
    for start, lines in rows:
        for raw, k in Counter(lines).items():
            if raw not in values:
                if len(values) >= MAX_DISTINCT:
                    raise ResultsError(f"{name}: {_TOO_MANY}")
                try:
                    row = _cells(raw)
                    if row is not None and len(row) != 1:
                        raise ResultsError(f"expected 1 field (net_return), found {len(row)}")
                    values[raw] = None if row is None else _return(row[0])
                except ResultsError as exc:  # only now find where it is: errors are rare, lines are many
                    raise ResultsError(f"{name} line {start + lines.index(raw)}: {exc}") from None
            value = values[raw]
            if value is not None:
                counts[value] += k
    return counts


def _tally(rows: Iterable[tuple[int, list[bytes]]], name: str) -> Counter:
    """`net_return,count` rows: each return once (a second row for the same value is an error)."""
    counts: Counter = Counter()
    seen: dict[Fraction, int] = {}
    for start, lines in rows:
        for i, raw in enumerate(lines, start):
            try:
                row = _cells(raw)
                if row is None:
                    continue
                if len(row) != 2:
                    raise ResultsError(f"expected 2 fields (net_return,count), found {len(row)}")
                value = _return(row[0])
                if value in seen:
                    raise ResultsError(
                        f"net return {shorten(row[0])} already counted on line {seen[value]}; "
                        "a counts file lists each return once"
                    )
                if len(seen) >= MAX_DISTINCT:
                    raise ResultsError(_TOO_MANY)
                seen[value] = i
                counts[value] += _count(row[1])
            except ResultsError as exc:
                raise ResultsError(f"{name} line {i}: {exc}") from None
    return counts


def _json(data: bytes, name: str) -> Counter:
    try:
        doc = loads(data)
    except JsonReadError as exc:
        raise ResultsError(f"{name}: {exc}") from None
    counts: Counter = Counter()
    if isinstance(doc, dict) and "dealt" in doc:
        raise _shoe_dealt(name)
    if isinstance(doc, dict) and isinstance(doc.get("counts"), dict):
        seen: dict[Fraction, str] = {}
        for key, n in doc["counts"].items():
            where = f"{name} counts[{shorten(key, 30)}]"
            value = _return(key, f"{where}: net return")
            if value in seen:
                raise ResultsError(
                    f"{where}: the same net return as counts[{shorten(seen[value], 30)}]; a counts "
                    "file lists each return once"
                )
            seen[value] = key
            if isinstance(n, bool) or not isinstance(n, (int, Fraction, str)):
                raise ResultsError(f"{where}: count {shorten(json.dumps(n, default=str))} is not a whole number")
            counts[value] += _count(n, f"{where}: count")
    elif isinstance(doc, dict) and isinstance(doc.get("returns"), list):
        seen_text: dict[str, Fraction] = {}
        for i, ret in enumerate(doc["returns"]):
            if isinstance(ret, bool) or not isinstance(ret, (int, Fraction, str)):
                raise ResultsError(f"{name} returns[{i}]: {shorten(json.dumps(ret, default=str))} is not a number")
            if isinstance(ret, str):  # each spelling read once (bounded: the file is at most MAX_JSON_BYTES)
                if ret not in seen_text:
                    seen_text[ret] = _return(ret, f"{name} returns[{i}]: net return")
                ret = seen_text[ret]
            counts[ret] += 1
        counts = Counter({_return(r, f"{name}: net return"): n for r, n in counts.items()})  # exact, bounded
    else:
        raise ResultsError(f"{name}: expected an object with 'counts' (return -> count) or 'returns' (a list)")
    return counts


def _logged_game(header: bytes) -> str | None:
    """The game a round log's header line names (None when the line is cut or names no game of the law)."""
    try:
        game = json.loads(header).get("game")
    except (ValueError, AttributeError):
        return None
    return game if isinstance(game, str) and any(game in v.games for v in VERSIONS.values()) else None


def read_results(path: Path | str, game: str = "GAME") -> Counter:
    """Observed count of each net return in a results file (CSV or JSON, told apart by content; `-` standard
    input; gzip-compressed or not), in bounded memory: CSV streams; JSON is refused above MAX_JSON_BYTES. A
    round log is refused with a pointer to `oddscalc verify` (`game` names it there)."""
    name = "standard input" if is_stdin(path) else shorten(Path(path).name, 60)[1:-1]
    try:
        with reading(path) as f:
            start = f.peek(4096)[:4096].removeprefix(_BOM).lstrip()  # type: ignore[attr-defined]
            first = start.split(b"\n", 1)[0]
            if start.startswith(b"{") and b'"roundlog"' in first:
                raise ResultsError(
                    f"{name} is a round log, not counts of results: judge it with oddscalc verify "
                    f"{_logged_game(first) or game} {'-' if is_stdin(path) else path}"
                )
            if start.startswith((b"{", b"[")):
                data = f.read(MAX_JSON_BYTES + 1)
                if len(data) > MAX_JSON_BYTES:
                    raise ResultsError(
                        f"{name}: a JSON results file is read whole and may be at most "
                        f"{MAX_JSON_BYTES // 2**20} MB; write per-round data as CSV with a 'net_return' "
                        "column, which is read as a stream, or give counts"
                    )
                return _json(data, name)
            return _csv_stream(f, name)
    except _ShoeDealt:
        raise ResultsError(
            f"{name}: these rounds were dealt from one shoe to its cut card (simulate --shuffle), so they are not "
            "independent and check's tests do not apply; judge their round log (--log) with oddscalc verify "
            f"{game} LOG"
        ) from None
    except OSError as exc:
        raise ResultsError(f"cannot read {input_name(path)}: {exc.strerror or exc}") from None


def _text(r: Fraction) -> str:
    return str(r.numerator) if r.denominator == 1 else f"{r.numerator}/{r.denominator}"


#: How shoe-dealt counts are marked (simulate --shuffle): the CSV's `dealt` column, the JSON's "dealt" field.
SHOE_DEALT = "one shoe to its cut card"


def counts_csv(counts: Mapping[Fraction, int], shoe_dealt: bool = False) -> str:
    """The counts as CSV (`net_return,count`); rounds dealt from one shoe carry a `dealt` column that says so.

    >>> print(counts_csv({Fraction(-1): 3, Fraction(1): 2}, shoe_dealt=True), end="")
    net_return,count,dealt
    -1,3,one shoe to its cut card
    1,2,one shoe to its cut card
    """
    if shoe_dealt:
        lines = ["net_return,count,dealt"] + [f"{_text(r)},{n},{SHOE_DEALT}" for r, n in sorted(counts.items())]
    else:
        lines = ["net_return,count"] + [f"{_text(r)},{n}" for r, n in sorted(counts.items())]
    return "\n".join(lines) + "\n"


class _ShoeDealt(ResultsError):
    """Counts marked as dealt from one shoe: said in full by `read_results`, which knows the game."""


def _shoe_dealt(name: str) -> ResultsError:
    return _ShoeDealt(name)


def counts_json(counts: Mapping[Fraction, int], meta: Mapping[str, object]) -> str:
    return json.dumps({**meta, "counts": {_text(r): n for r, n in sorted(counts.items())}}, indent=1) + "\n"
