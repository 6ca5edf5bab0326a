"""Independent parts of one exact computation on several processes, results back in input order.

Exact results do not depend on the order parts finish in: callers merge them in input order, so output
is byte-identical whatever the number of processes. $ODDSCALC_WORKERS sets the number (1: no child
processes at all). By default it is two or the number of CPUs, whichever is smaller, and never more than the
CPUs this process may run on. A part's own `map_parts` is a nested one: inside a pool's worker, a Dask task or
a daemonic process. It runs its parts one after another in that part's process, so nested maps never start
grandchildren and never put more processes to work than there are CPUs.

A part that runs for minutes says how far it has got through `relay` (a `core.progress.Progress`). From a
worker process the words travel back on a queue the pool's workers are given when they start, and
`map_parts` shows each line after its own count of parts done. With no progress asked for, `relay` does
nothing. A nested `map_parts` given no progress of its own puts its count of parts on the outer part's line.

Stopping: Ctrl-C, or any error (the command line turns SIGTERM into one), terminates the pool's workers and
waits for them. The workers leave Ctrl-C to the parent (they ignore SIGINT) and end at once on SIGTERM. On
Linux they end with the parent if it dies without a word (SIGKILL).

On a Dask distributed cluster: inside `on_cluster(address)` every `map_parts` call sends its parts to the
scheduler at `address` instead (`core.cluster.completed_on_dask`; the workers need oddscalc installed), results
again merged in input order, so the output is byte-identical to a local run's. `relay` says nothing from there:
the progress line counts the parts done.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import queue as queues
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import closing, contextmanager
from multiprocessing.queues import Queue
from typing import TypeVar

from oddscalc.core.cluster import (
    SCHEMES,
    ClusterError,
    ClusterFailure,
    checked_address,
    completed_on_dask,
    scheduler_address,
)
from oddscalc.core.errors import InputError

__all__ = [
    "SCHEMES",
    "ClusterError",
    "ClusterFailure",
    "checked_address",
    "completed_on_dask",
    "cpus",
    "map_parts",
    "on_cluster",
    "relay",
    "scheduler_address",
    "workers",
]

T = TypeVar("T")
R = TypeVar("R")

#: Where `relay` sends its words while a part runs (None: nobody is listening).
_listener: Callable[[str], None] | None = None

#: A worker sends at most one line of progress in this many seconds (the queue stays short).
RELAY_EVERY = 0.25

#: True in a worker process of a pool `map_parts` started.
_pool_worker = False

#: Seconds a terminated worker is given to go before it is killed.
_STOP_WAIT = 5.0

#: The Dask scheduler `map_parts` sends its parts to (None: local processes); set by `on_cluster`.
_cluster: str | None = None


@contextmanager
def on_cluster(address: str | None) -> Iterator[None]:
    """Within it, `map_parts` runs its parts on the Dask cluster at `address` (None: local processes, as
    outside it; a real address needs a running scheduler, as in tests/test_parallel_cluster.py).

    >>> with on_cluster(None):
    ...     map_parts(abs, [-1, 2], processes=1)
    [1, 2]
    """
    global _cluster
    outer, _cluster = _cluster, address
    try:
        yield
    finally:
        _cluster = outer


def workers() -> int:
    """How many processes to use: $ODDSCALC_WORKERS, else min(2, CPUs) (`map_parts` uses at most `cpus()`).

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"ODDSCALC_WORKERS": "3"}):
    ...     workers()
    3
    >>> with mock.patch.dict(os.environ, {"ODDSCALC_WORKERS": "many"}):
    ...     workers()
    Traceback (most recent call last):
    ...
    oddscalc.core.errors.InputError: ODDSCALC_WORKERS='many' is not a whole number; give 1 or more
    """
    text = os.environ.get("ODDSCALC_WORKERS", "")
    if text.strip():
        try:
            n = int(text)
        except ValueError:
            raise InputError(f"ODDSCALC_WORKERS={text!r} is not a whole number; give 1 or more") from None
        if n < 1:
            raise InputError(f"ODDSCALC_WORKERS={n} must be at least 1")
        return n
    return max(1, min(2, cpus()))


def cpus() -> int:
    """The CPUs this process may run on (its affinity where the system says, else all of the machine's).

    >>> 1 <= cpus() <= (os.cpu_count() or 1)
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def relay(done: int, total: int, label: str = "") -> None:
    """Progress from inside a part of `map_parts` (a `Progress`): shown after the parts' count, whether the
    part runs in a worker or in this process; nothing when no progress is shown.

    >>> seen = []
    >>> def double(x):
    ...     relay(1, 2, "doubling")
    ...     return 2 * x
    >>> map_parts(double, [1, 2], lambda d, t, label: seen.append(label), "parts", processes=1)
    [2, 4]
    >>> seen[1]
    'parts: 1 of 2; doubling 50%'
    """
    if _listener is not None:
        _listener(f"{label} {100 * done // total}%" if total > 0 else label)


def _start_worker(words: Queue[str] | None, parent: int) -> None:
    """A pool worker's start: its signals, its nested maps and its progress words set up.

    Nested maps run here (`_inside_part`). Ctrl-C is the parent's to handle (it stops the workers), SIGTERM ends
    the worker at once, and on Linux so does the parent's death. `relay` puts its words on the parent's queue,
    at most one line every `RELAY_EVERY` seconds, never waiting: a worker stopping does not wait for the parent
    to read."""
    global _listener, _pool_worker
    _pool_worker = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not a handler the parent's command line installed
    _end_with(parent)
    if words is None:
        _listener = None
        return
    words.cancel_join_thread()
    last = [0.0]

    def send(text: str) -> None:
        now = time.monotonic()
        if now - last[0] >= RELAY_EVERY:
            last[0] = now
            words.put(text)

    _listener = send


def _end_with(parent: int) -> None:
    """On Linux, SIGTERM to this process when the thread that started it ends (prctl PR_SET_PDEATHSIG): a
    parent killed outright (SIGKILL, the system short of memory) leaves no worker behind. Elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent went before the request was made
        os.kill(os.getpid(), signal.SIGTERM)


def _inside_part() -> bool:
    """Whether this code runs inside a part already: in a worker of a pool `map_parts` started, in a Dask
    task, or in a daemonic process (which may not start processes). Nested parts then run here, one after
    another: the outer map already puts a process on every CPU it may."""
    if _pool_worker or multiprocessing.current_process().daemon:
        return True
    distributed = sys.modules.get("distributed")  # never imported for this: a Dask task has imported it
    if distributed is None:
        return False
    try:
        distributed.get_worker()
    except ValueError:  # "no worker found": not a Dask task
        return False
    return True


def map_parts(
    fn: Callable[[T], R],
    items: Sequence[T],
    progress: Callable[[int, int, str], None] | None = None,
    label: str = "parts",
    processes: int | None = None,
) -> list[R]:
    """[fn(x) for x in items], on up to `processes` processes (default `workers()`, never more than `cpus()`;
    in this process when nested, `_inside_part`), or on the Dask cluster of `on_cluster`; `fn` must be a
    module-level function and items and results picklable. Ctrl-C (any error) stops the workers. `progress`
    hears the parts done and every line a part sends through `relay`; given none inside a part whose map
    shows progress, the count of these parts (two or more) goes on that part's line.

    >>> seen = []
    >>> def parts_of(x):
    ...     return map_parts(abs, [x, -x], label="inner", processes=1)
    >>> map_parts(parts_of, [1, 2], lambda d, t, label: seen.append(label), "outer", processes=1)
    [[1, 1], [2, 2]]
    >>> seen[:3]
    ['outer: 1 of 2', 'outer: 1 of 2; inner: 1 of 2', 'outer: 1 of 2; inner: 2 of 2']
    """
    total = len(items)
    if _cluster is not None and total:
        return _map_on_dask(fn, items, _cluster, progress, label)
    if progress is None and _listener is not None and total > 1:  # a part's parts: their count on its line
        outer = _listener
        progress = lambda _done, _total, text: outer(text)  # noqa: E731
    n = min(processes or workers(), total, cpus())
    if n <= 1 or _inside_part():
        return _map_here(fn, items, progress, label)
    return _map_on_pool(fn, items, progress, label, n)


def _map_here(
    fn: Callable[[T], R], items: Sequence[T], progress: Callable[[int, int, str], None] | None, label: str
) -> list[R]:
    """`map_parts` in this process, one part after another."""
    global _listener
    total = len(items)
    out = []
    outer = _listener
    try:
        for done, x in enumerate(items):
            head = f"{label}: {done + 1} of {total}"
            if progress:
                progress(done, total, head)

                def _listener(text: str, done: int = done, head: str = head) -> None:
                    return progress(done, total, f"{head}; {text}")

            out.append(fn(x))
    finally:
        _listener = outer
    if progress:
        progress(total, total, f"{label}: done")
    return out


def _map_on_pool(
    fn: Callable[[T], R], items: Sequence[T], progress: Callable[[int, int, str], None] | None, label: str, n: int
) -> list[R]:
    """`map_parts` on a pool of `n` worker processes; any error or Ctrl-C stops them (`_stop`)."""
    total = len(items)
    results: dict[int, R] = {}
    words: Queue[str] | None = multiprocessing.Queue() if progress else None
    pool = ProcessPoolExecutor(max_workers=n, initializer=_start_worker, initargs=(words, os.getpid()))
    try:
        futures = {pool.submit(fn, x): i for i, x in enumerate(items)}
        pending, done, latest = set(futures), 0, ""
        if progress:  # a line at once: a part can take minutes
            progress(0, total, f"{label}: 0 of {total}")
        while pending:
            finished, pending = wait(pending, timeout=RELAY_EVERY, return_when=FIRST_COMPLETED)
            for future in finished:
                results[futures[future]] = future.result()
            done += len(finished)
            heard = _drain(words)
            if progress:
                head = f"{label}: {done} of {total}"
                for text in heard:  # in the order sent; the bar shows what its redraw rate allows
                    progress(done, total, f"{head}; {text}")
                latest = heard[-1] if heard else latest
                if finished:
                    progress(done, total, head + (f"; {latest}" if latest and pending else ""))
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    if words is not None:
        words.close()  # lines a worker sent as it finished are not shown: its part's result said more
    return [results[i] for i in range(total)]


def _stop(pool: ProcessPoolExecutor) -> None:
    """Ctrl-C means stop: the workers terminated (else they run on through their queue) and waited for, killed
    if one is still there after `_STOP_WAIT` seconds, so that none outlives the call."""
    running = list((getattr(pool, "_processes", None) or {}).values())  # shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in running:
        process.terminate()
    deadline = time.monotonic() + _STOP_WAIT
    for process in running:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(1.0)


def _drain(words: Queue[str] | None) -> list[str]:
    """The lines waiting on the queue, oldest first (none without a queue)."""
    lines: list[str] = []
    while words is not None:
        try:
            lines.append(words.get_nowait())
        except queues.Empty:
            break
    return lines


def _map_on_dask(
    fn: Callable[[T], R], items: Sequence[T], address: str, progress: Callable[[int, int, str], None] | None, label: str
) -> list[R]:
    """`map_parts` on the Dask cluster at `address`: results in input order."""
    total = len(items)
    results: dict[int, R] = {}
    if progress:
        progress(0, total, f"{label}: 0 of {total} on {address}")
    done = 0
    try:
        with closing(completed_on_dask(fn, items, address)) as finished:
            for done, (i, result) in enumerate(finished, 1):
                results[i] = result
                if progress:
                    progress(done, total, f"{label}: {done} of {total} on {address}")
    except ClusterFailure as exc:
        raise ClusterFailure(f"{exc}; {done} of {total} parts ({label}) had finished: run the command again") from None
    return [results[i] for i in range(total)]
