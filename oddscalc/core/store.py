"""Expensive exact results kept between runs: shipped with the package as versioned data, else in the user's cache.

A result is keyed by what it means: a kind (``"blackjack-game"``), its parameters, and the version of every
engine that computes it (`Engine`). A developer bumps an engine's version when its figures may change; a
refactor, a comment or a renamed helper changes no key. Lookups go, in order, to the data shipped inside the
package (``oddscalc/data/``, read-only), then to the user's cache folder (`user_cache_dir`), and compute only
when neither holds an entry made by the current engine versions. Computed results go to the user's cache,
never into the installed package; inside `building` (``oddscalc data build``) they go to the shipped data.
With ``ODDSCALC_STORE=shipped`` only the shipped data is read, and a result it lacks is an error (`StoreMiss`)
instead of being computed: the tests and CI use it to show that the tables come from the data.

Each entry is one xz-compressed JSON file holding the kind, the parameters, the engine versions, the
provenance (oddscalc version, when, how long, on how many processes) and the value.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> calls = []
>>> def square() -> int:
...     calls.append(1)
...     return 7 * 7
>>> with cache_folder(folder):
...     first = stored("demo-square", {"n": 7}, (Engine("demo", 1),), square)
...     again = stored("demo-square", {"n": 7}, (Engine("demo", 1),), square)
...     bumped = stored("demo-square", {"n": 7}, (Engine("demo", 2),), square)
>>> first, again, bumped, len(calls)
(49, 49, 49, 2)
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from oddscalc.core.errors import InputError, LimitError
from oddscalc.core.files import write_bytes
from oddscalc.core.parallel import workers

__all__ = [
    "SUFFIX",
    "Build",
    "Engine",
    "Entry",
    "StoreMiss",
    "building",
    "building_now",
    "cache_folder",
    "data_dir",
    "entry_key",
    "kept",
    "kept_entry",
    "read_entry",
    "shipped_entries",
    "stored",
    "user_cache_dir",
    "value_changes",
]

T = TypeVar("T")

#: The file name ending of every entry: JSON compressed with xz (a fraction's digits compress about 3 to 1).
SUFFIX = ".json.xz"


@dataclass(frozen=True)
class Engine:
    """An engine a stored result depends on, and its version: bump `version` whenever the engine's figures may
    change (DEVELOPING.md, "Shipped data"); nothing else about the code enters a key.

    >>> Engine("blackjack", 3)
    Engine(name='blackjack', version=3)
    """

    name: str
    version: int


@dataclass(frozen=True)
class Entry:
    """One stored result as read from its file: what it is, which engine versions made it, how, and its value
    (still encoded as JSON data)."""

    kind: str
    params: dict[str, Any]
    engines: dict[str, int]
    provenance: dict[str, Any]
    value: Any
    path: Path


class StoreMiss(LimitError):
    """A result the shipped data lacks, where computing is not allowed (``ODDSCALC_STORE=shipped``, or a build
    with `compute` False)."""


def user_cache_dir() -> Path:
    """Where computed results are kept for this user: ``$ODDSCALC_CACHE`` if set, else the platform's user cache
    folder for oddscalc (``~/.cache/oddscalc`` on Linux, through platformdirs).

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"ODDSCALC_CACHE": "~/odds-cache"}):
    ...     user_cache_dir() == Path.home() / "odds-cache"
    True
    """
    env = os.environ.get("ODDSCALC_CACHE", "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_cache_dir("oddscalc", appauthor=False))


def data_dir() -> Path:
    """The folder of data shipped inside the package (``oddscalc/data``), read-only in an installation.

    >>> data_dir().parts[-2:]
    ('oddscalc', 'data')
    """
    return Path(__file__).resolve().parents[1] / "data"


def entry_key(kind: str, params: Mapping[str, Any]) -> str:
    """The file name of the entry for `kind` and `params` (engine versions are inside, not in the name, so a
    rebuilt entry replaces its stale one).

    >>> entry_key("demo", {"b": 2, "a": 1}) == entry_key("demo", {"a": 1, "b": 2})
    True
    >>> entry_key("demo", {"a": 1})
    'demo-15319f272cfda4d6.json.xz'
    """
    digest = hashlib.sha256(json.dumps([kind, dict(params)], sort_keys=True).encode()).hexdigest()[:16]
    return f"{kind}-{digest}{SUFFIX}"


def read_entry(path: Path) -> Entry:
    """The entry stored at `path` (an xz-compressed JSON file).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder, cache_folder(folder):
    ...     _ = stored("demo-edge", {"pockets": 37}, (Engine("roulette", 1),), lambda: "1/37")
    ...     entry = read_entry(Path(folder) / entry_key("demo-edge", {"pockets": 37}))
    >>> entry.kind, entry.params, entry.engines, entry.value
    ('demo-edge', {'pockets': 37}, {'roulette': 1}, '1/37')
    """
    blob = json.loads(lzma.decompress(Path(path).read_bytes()))
    return Entry(blob["kind"], blob["params"], blob["engines"], blob.get("provenance", {}), blob["value"], Path(path))


def shipped_entries(folder: Path | None = None) -> list[Entry]:
    """Every entry of the shipped data (or of `folder`), in file-name order.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder, cache_folder(folder):
    ...     for n in (3, 2):
    ...         _ = stored(f"demo-{n}", {}, (Engine("demo", 1),), lambda: n)
    ...     [entry.kind for entry in shipped_entries(Path(folder))]
    ['demo-2', 'demo-3']
    """
    folder = data_dir() if folder is None else Path(folder)
    return [read_entry(p) for p in sorted(folder.glob(f"*{SUFFIX}"))]


@dataclass
class Build:
    """What `building` is doing: where entries are written, what is computed, and what was seen.

    Stale and missing entries are computed (`compute`) or refused (`StoreMiss`); current ones are recomputed too
    with `force`. What was seen: the keys used, and for each entry computed its kind, parameters, seconds and
    changes. Also the files no request read (`unused`), and those of them removed (`report.data_build`)."""

    folder: Path
    compute: bool = True
    force: bool = False
    used: set[str] = field(default_factory=set)
    computed: list[dict[str, Any]] = field(default_factory=list)
    report: Callable[[str], None] | None = None
    unused: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)


#: The build in progress (None: ordinary lookups).
_build: Build | None = None

#: A user cache folder set by `cache_folder` (None: `user_cache_dir()`).
_cache_override: Path | None = None

#: Cache folders already found unwritable (each is warned about once).
_warned: set[Path] = set()


@contextmanager
def cache_folder(folder: str | Path) -> Iterator[None]:
    """Within it, the user cache is `folder` (for tests and examples).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with cache_folder(folder):
    ...         _ = stored("demo-square", {"n": 7}, (Engine("demo", 1),), lambda: 49)
    ...     [p.name for p in Path(folder).iterdir()] == [entry_key("demo-square", {"n": 7})]
    True
    """
    global _cache_override
    outer, _cache_override = _cache_override, Path(folder)
    try:
        yield
    finally:
        _cache_override = outer


@contextmanager
def building(build: Build) -> Iterator[Build]:
    """Within it, results are looked up in and written to `build.folder` (the shipped data when rebuilding it)
    instead of the shipped data and the user cache; see `Build` for its modes.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with building(Build(Path(folder))) as build:
    ...         _ = stored("demo-square", {"n": 7}, (Engine("demo", 1),), lambda: 49)
    ...     with building(Build(Path(folder), compute=False)):
    ...         stored("demo-square", {"n": 8}, (Engine("demo", 1),), lambda: 64)
    Traceback (most recent call last):
    ...
    oddscalc.core.store.StoreMiss: shipped data missing: demo-square {"n": 8} (engines {'demo': 1}); rebuild it \
with `make data`
    >>> [(c["kind"], c["params"], c["was"]) for c in build.computed]  # computed, with no entry before it
    [('demo-square', {'n': 7}, None)]
    """
    global _build
    outer, _build = _build, build
    try:
        yield build
    finally:
        _build = outer


def building_now() -> bool:
    """Whether a `building` is in progress (the shipped data being rebuilt)."""
    return _build is not None


def _engines(engines: Sequence[Engine]) -> dict[str, int]:
    return {e.name: e.version for e in sorted(engines, key=lambda e: e.name)}


def _current(path: Path, engines: dict[str, int]) -> Entry | None:
    """The entry at `path` if it exists, can be read and was made by `engines`; else None."""
    try:
        entry = read_entry(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, lzma.LZMAError):
        return None  # unreadable (half-written by an older run, or damaged): computed again
    return entry if entry.engines == engines else None


def _previous(path: Path) -> Entry | None:
    try:
        return read_entry(path)
    except (OSError, ValueError, KeyError, lzma.LZMAError):
        return None


def _version() -> str:
    try:
        return metadata.version("oddscalc")
    except metadata.PackageNotFoundError:
        return "unknown"


def _encode_entry(kind: str, params: Mapping[str, Any], engines: dict[str, int], seconds: float, value: Any) -> bytes:
    provenance = {
        "oddscalc": _version(),
        "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "seconds": round(seconds, 1),
        "processes": workers(),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    text = json.dumps(
        {"kind": kind, "params": dict(params), "engines": engines, "provenance": provenance, "value": value}, indent=0
    )
    return lzma.compress(text.encode(), preset=9 | lzma.PRESET_EXTREME)


def _write_user_cache(path: Path, blob: bytes) -> None:
    """Keep a computed entry in the user cache; a folder that cannot be written is a warning, not a failure."""
    try:
        write_bytes(path, blob)
    except OSError as exc:
        if path.parent not in _warned:
            _warned.add(path.parent)
            print(
                f"oddscalc: warning: results cannot be kept in {path.parent} ({exc.strerror or exc}); "
                f"set ODDSCALC_CACHE to a writable folder",
                file=sys.stderr,
            )


def stored(
    kind: str,
    params: Mapping[str, Any],
    engines: Sequence[Engine],
    compute: Callable[[], T],
    encode: Callable[[T], Any] = lambda v: v,
    decode: Callable[[Any], T] = lambda v: v,
    use_cache: bool = True,
) -> T:
    """decode(value) of the entry for (`kind`, `params`) made by the current `engines`, from the shipped data or
    the user cache; else compute() (its result stored as encode(result) in the user cache). `use_cache` False:
    compute and store nothing. Encoded values must be JSON data; decode(encode(x)) must equal x exactly.

    A Fraction kept as its text; the second call reads it back and never calls its compute:

    >>> import tempfile
    >>> from fractions import Fraction
    >>> engines = (Engine("roulette", 1),)
    >>> with tempfile.TemporaryDirectory() as folder, cache_folder(folder):
    ...     first = stored("demo-edge", {"pockets": 37}, engines, lambda: Fraction(1, 37), str, Fraction)
    ...     again = stored("demo-edge", {"pockets": 37}, engines, lambda: 1 / 0, str, Fraction)
    >>> first, again
    (Fraction(1, 37), Fraction(1, 37))
    """
    versions = _engines(engines)
    name = entry_key(kind, params)
    if not use_cache:
        return compute()
    if _build is not None:
        return _stored_in_build(_build, kind, params, versions, name, compute, encode, decode)
    if _shipped_only():
        entry = _current(data_dir() / name, versions)
        if entry is None:
            raise StoreMiss(_miss_text(kind, params, versions, data_dir() / name))
        return decode(entry.value)
    for folder in (data_dir(), _cache_override or user_cache_dir()):
        entry = _current(folder / name, versions)
        if entry is not None:
            return decode(entry.value)
    start = time.perf_counter()
    value = compute()
    _write_user_cache(
        (_cache_override or user_cache_dir()) / name,
        _encode_entry(kind, params, versions, time.perf_counter() - start, encode(value)),
    )
    return value


def kept(
    kind: str, params: Mapping[str, Any], engines: Sequence[Engine], decode: Callable[[Any], T] = lambda v: v
) -> T | None:
    """decode(value) of the entry for (`kind`, `params`) if `stored` would find it without computing, else None.

    The entry must be made by the current `engines`, in the shipped data, the user cache, or within `building`
    the build's folder. It is for a cheaper answer when a dearer one is not at hand (blackjack's edge without
    its round law).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder, cache_folder(folder):
    ...     before = kept("demo-cube", {"n": 3}, (Engine("demo", 1),))
    ...     _ = stored("demo-cube", {"n": 3}, (Engine("demo", 1),), lambda: 27)
    ...     after = kept("demo-cube", {"n": 3}, (Engine("demo", 1),))
    >>> before, after
    (None, 27)
    """
    entry = kept_entry(kind, params, engines)
    return None if entry is None else decode(entry.value)


def kept_entry(kind: str, params: Mapping[str, Any], engines: Sequence[Engine]) -> Entry | None:
    """The entry `kept` reads (its provenance says how long it took), or None."""
    versions = _engines(engines)
    name = entry_key(kind, params)
    if _build is not None:
        folders = [_build.folder]
    elif _shipped_only():
        folders = [data_dir()]
    else:
        folders = [data_dir(), _cache_override or user_cache_dir()]
    for folder in folders:
        entry = _current(folder / name, versions)
        if entry is not None:
            if _build is not None:
                _build.used.add(name)
            return entry
    return None


def _stored_in_build(
    build: Build,
    kind: str,
    params: Mapping[str, Any],
    versions: dict[str, int],
    name: str,
    compute: Callable[[], T],
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
) -> T:
    path = build.folder / name
    first = name not in build.used
    build.used.add(name)
    entry = _current(path, versions)
    if entry is not None and not (build.force and first):
        return decode(entry.value)
    if not build.compute:
        raise StoreMiss(_miss_text(kind, params, versions, path))
    old = _previous(path)
    if build.report is not None:
        build.report(f"computing {kind} ({'stale' if old else 'new'}): {_describe(params)}")
    start = time.perf_counter()
    value = compute()
    seconds = time.perf_counter() - start
    encoded = encode(value)
    build.folder.mkdir(parents=True, exist_ok=True)
    write_bytes(path, _encode_entry(kind, params, versions, seconds, encoded))
    changes = None if old is None else value_changes(old.value, json.loads(json.dumps(encoded)))
    build.computed.append(
        {
            "kind": kind,
            "file": name,
            "params": dict(params),
            "seconds": round(seconds, 1),
            "engines": versions,
            "was": None if old is None else old.engines,
            "changes": changes,
        }
    )
    return value


def _shipped_only() -> bool:
    mode = os.environ.get("ODDSCALC_STORE", "").strip()
    if mode not in ("", "shipped"):
        raise InputError(f"ODDSCALC_STORE={mode[:40]!r}: give 'shipped' (read only the shipped data) or leave it unset")
    return mode == "shipped"


def _miss_text(kind: str, params: Mapping[str, Any], versions: dict[str, int], path: Path) -> str:
    why = "made by other engine versions" if path.exists() else "missing"
    return (
        f"shipped data {why}: {kind} {json.dumps(dict(params), sort_keys=True)[:200]} (engines {versions}); "
        f"rebuild it with `make data`"
    )


def _describe(params: Mapping[str, Any], limit: int = 160) -> str:
    text = ", ".join(f"{k}={v}" for k, v in params.items() if not isinstance(v, (list, dict)) or len(str(v)) < 40)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def value_changes(old: Any, new: Any, path: str = "", limit: int = 20) -> list[str]:
    """Where two encoded values differ, as ``path: old -> new`` lines (at most `limit`, then a count).

    >>> value_changes({"ev": "1/2", "rows": [1, 2]}, {"ev": "1/3", "rows": [1, 2, 3]})
    ['ev: 1/2 -> 1/3', 'rows: 2 items -> 3 items']
    >>> value_changes([1, 2], [1, 2])
    []
    """
    found: list[str] = []
    _walk(old, new, path, found)
    return found if len(found) <= limit else [*found[:limit], f"... and {len(found) - limit} more"]


def _walk(old: Any, new: Any, path: str, found: list[str]) -> None:
    where = path or "value"
    if isinstance(old, dict) and isinstance(new, dict):
        for k in sorted(set(old) | set(new), key=str):
            sub = f"{path}.{k}" if path else str(k)
            if k not in old or k not in new:
                found.append(
                    f"{sub}: {'absent' if k not in old else 'present'} -> {'absent' if k not in new else 'present'}"
                )
            else:
                _walk(old[k], new[k], sub, found)
    elif isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            found.append(f"{where}: {len(old)} items -> {len(new)} items")
        else:
            for i, (a, b) in enumerate(zip(old, new)):
                _walk(a, b, f"{path}[{i}]", found)
    elif old != new:
        found.append(f"{where}: {_short(old)} -> {_short(new)}")


def _short(x: Any) -> str:
    text = json.dumps(x) if not isinstance(x, str) else x
    return text if len(text) <= 60 else f"{text[:28]}...{text[-28:]}"
