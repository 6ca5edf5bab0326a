"""Loops compiled by numba on first use, their machine code kept in the user's cache folder, never in the package.

numba is imported only when a loop is first needed (importing it costs about a second). Its on-disk cache would
sit beside the package's modules by default. Here it goes to ``<user cache>/numba`` (`core.store.user_cache_dir`,
or ``$NUMBA_CACHE_DIR`` when set). Where no such folder can be written, the loops are compiled afresh in each
process instead (slower to start, same results).

Compiling takes seconds (measured on two cores: verify's shuffle loops about 10 s, protect's blackjack loops about
14 s), once: a later run reads the machine code back. So that a first run is not mistaken for a hang, whoever runs
the loops (the command line) may be told when a loop is about to be compiled with no cache of it yet
(`on_first_compile`). It is told once per run; core says nothing itself.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from oddscalc.core.store import user_cache_dir

__all__ = ["COMPILE_NOTICE", "compile_loop", "on_first_compile"]

P = ParamSpec("P")
R = TypeVar("R")

_cache_ok: bool | None = None

#: What a first run is told before the loops compile (a rough time: see the module's note).
COMPILE_NOTICE = "compiling the fast loops once (about 10-15 s; later runs reuse them)"
#: Said where no cache folder can be written, so that every run compiles.
UNCACHED_NOTICE = "compiling the fast loops (about 10-15 s; no cache folder can be written, so every run does)"

_listener: Callable[[str], None] | None = None
_said = False
_marker: Path | None = None  # told: the one file whose creation decides who says it among a run's processes


def on_first_compile(say: Callable[[str], None] | None) -> None:
    """Have `say(text)` called once in this run (this process and the pool workers it forks) when a compiled
    loop is about to be compiled with no cache of it yet; None: say nothing (the default, and a library's)."""
    global _listener, _said, _marker
    _listener, _said = say, False
    if say is None:
        return
    if _marker is None:
        _marker = Path(tempfile.gettempdir()) / f"oddscalc-compiling-{os.getpid()}"
        atexit.register(_forget_marker, _marker)
    _forget_marker(_marker)  # a new run (or one an earlier process of the same id left, killed outright)


def _forget_marker(marker: Path) -> None:
    with contextlib.suppress(OSError):
        marker.unlink()


def _first_in_run() -> bool:
    """Whether this process is the first of its run to say so (a pool worker forked from the command line
    shares the marker; where no marker can be made each process decides for itself)."""
    if _marker is None:
        return True
    try:
        os.close(os.open(_marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        return False
    except OSError:
        return True
    return True


def _uncached(dispatcher: Any) -> bool:
    """Whether numba holds no usable cache of `dispatcher` (no index, or one for other source): it will compile.
    numba's cache index is read through its private interface; anything unexpected counts as cached (silence)."""
    try:
        return not dispatcher._cache._cache_file._load_index()
    except Exception:  # a notice is not worth failing the work for
        return False


def _tell(text: str) -> None:
    """`text` to the listener, once per run."""
    global _said
    if _listener is None or _said:
        return
    _said = True
    if _first_in_run():
        _listener(text)


def _cache_ready() -> bool:
    """Whether compiled code can be cached on disk, pointing numba's cache at the user cache folder first."""
    global _cache_ok
    if _cache_ok is None:
        import numba.core.config as config

        folder = os.environ.get("NUMBA_CACHE_DIR") or str(user_cache_dir() / "numba")
        try:
            os.makedirs(folder, exist_ok=True)
            _cache_ok = os.access(folder, os.W_OK)
        except OSError:
            _cache_ok = False
        if _cache_ok:
            # numba's config module sets its settings as globals at run time; its annotations do not declare them
            config.CACHE_DIR = folder  # type: ignore[attr-defined]
    return _cache_ok


def compile_loop(fn: Callable[P, R], inline: bool = False, cache: bool = True) -> Callable[P, R]:
    """`fn` compiled by numba in nopython mode (`inline`: inlined into the loops that call it), its machine code
    cached on disk where the user cache folder allows (`cache` False: never; a function defined outside a file,
    as here, cannot be).

    >>> def add(a, b):
    ...     return a + b
    >>> compile_loop(add, cache=False)(2, 3)
    5
    """
    from numba import njit

    cached = cache and _cache_ready()
    if inline:  # compiled into the loops that call it, and cached with them
        return njit(cache=cached, inline="always")(fn)
    compiled = njit(cache=cached)(fn)
    if _listener is not None and not _said and (not cached or _uncached(compiled)):
        _tell(COMPILE_NOTICE if cached else UNCACHED_NOTICE)
    return compiled
