"""Loops compiled by numba on first use, their machine code kept in the user's cache folder, never in the package.

numba is imported only when a loop is first needed (importing it costs about a second). Its on-disk cache would
sit beside the package's modules by default; here it goes to ``<user cache>/numba`` (`core.store.user_cache_dir`,
or ``$NUMBA_CACHE_DIR`` when set), and where no such folder can be written the loops are compiled afresh in each
process instead (slower to start, same results).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from oddscalc.core.store import user_cache_dir

__all__ = ["compile_loop"]

P = ParamSpec("P")
R = TypeVar("R")

_cache_ok: bool | None = None


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
    return njit(cache=cached, inline="always")(fn) if inline else njit(cache=cached)(fn)
