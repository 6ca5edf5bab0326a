"""Independent parts of one exact computation on several processes, results back in input order.

Exact results do not depend on the order parts finish in: callers merge them in input order, so output
is byte-identical whatever the number of processes. $ODDSCALC_WORKERS sets the number (1: no child
processes at all); by default, two or the number of CPUs, whichever is smaller.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TypeVar

__all__ = ["workers", "map_parts"]

T = TypeVar("T")
R = TypeVar("R")


def workers() -> int:
    """How many processes to use: $ODDSCALC_WORKERS, else min(2, CPUs)."""
    text = os.environ.get("ODDSCALC_WORKERS", "")
    if text.strip():
        try:
            n = int(text)
        except ValueError:
            raise ValueError(f"ODDSCALC_WORKERS={text!r} is not a whole number; give 1 or more") from None
        if n < 1:
            raise ValueError(f"ODDSCALC_WORKERS={n} must be at least 1")
        return n
    return max(1, min(2, os.cpu_count() or 1))


def map_parts(fn: Callable[[T], R], items: Sequence[T], progress: Callable[[int, int, str], None] | None = None,
              label: str = "parts", processes: int | None = None) -> list[R]:
    """[fn(x) for x in items], on up to `processes` processes (default `workers()`); `fn` must be a
    module-level function and items and results picklable. Ctrl-C (any error) stops the workers."""
    n = processes or workers()
    total = len(items)
    if n <= 1 or total <= 1:
        out = []
        for done, x in enumerate(items):
            if progress:
                progress(done, total, f"{label}: {done + 1} of {total}")
            out.append(fn(x))
        if progress:
            progress(total, total, f"{label}: done")
        return out
    results: list = [None] * total
    pool = ProcessPoolExecutor(max_workers=min(n, total))
    try:
        futures = {pool.submit(fn, x): i for i, x in enumerate(items)}
        if progress:  # a line at once: a part can take minutes
            progress(0, total, f"{label}: 0 of {total}")
        for done, future in enumerate(as_completed(futures)):
            results[futures[future]] = future.result()
            if progress:
                progress(done + 1, total, f"{label}: {done + 1} of {total}")
    except BaseException:
        workers_running = list((getattr(pool, "_processes", None) or {}).values())  # shutdown forgets them
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers_running:
            process.terminate()  # Ctrl-C means stop: without this the workers run on through their queue
        raise
    pool.shutdown()
    return results
