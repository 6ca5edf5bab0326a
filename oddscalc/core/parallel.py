"""Independent parts of one exact computation on several processes, results back in input order.

Exact results do not depend on the order parts finish in: callers merge them in input order, so output
is byte-identical whatever the number of processes. $ODDSCALC_WORKERS sets the number (1: no child
processes at all); by default, two or the number of CPUs, whichever is smaller.

A part that runs for minutes says how far it has got through `relay` (a `core.progress.Progress`): from a
worker process the words travel back on a queue the pool's workers are given when they start, and
`map_parts` shows each line after its own count of parts done; with no progress asked for, `relay` does
nothing.

On a Dask distributed cluster: inside `on_cluster(address)` every `map_parts` call sends its parts to the
scheduler at `address` instead (`distributed.Client.map`; the workers need oddscalc installed), results again
merged in input order, so the output is byte-identical to a local run's. `relay` says nothing from there: the
progress line counts the parts done.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queues
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TypeVar

__all__ = ["workers", "map_parts", "relay", "on_cluster", "completed_on_dask", "scheduler_address", "checked_address",
           "ClusterError", "SCHEMES"]

T = TypeVar("T")
R = TypeVar("R")

#: Where `relay` sends its words while a part runs (None: nobody is listening).
_listener: Callable[[str], None] | None = None

#: A worker sends at most one line of progress in this many seconds (the queue stays short).
RELAY_EVERY = 0.25


class ClusterError(ValueError):
    """A Dask scheduler address that is malformed (`checked_address`), or where nothing answers."""


#: The Dask scheduler `map_parts` sends its parts to (None: local processes); set by `on_cluster`.
_cluster: str | None = None


@contextmanager
def on_cluster(address: str | None) -> Iterator[None]:
    """Within it, `map_parts` runs its parts on the Dask cluster at `address` (None: local processes, as
    outside it)."""
    global _cluster
    outer, _cluster = _cluster, address
    try:
        yield
    finally:
        _cluster = outer


#: How long to wait for a Dask scheduler to answer before giving up.
CONNECT_TIMEOUT = "20s"

#: The address schemes a Dask scheduler listens on.
SCHEMES = ("tcp", "tls", "ucx", "ws", "wss", "inproc")


def checked_address(address: str) -> str:
    """`address` if it has the form of a Dask scheduler's (scheme://where, a known scheme), else a
    `ClusterError` naming it and what is allowed. Whether it answers is known only once parts are sent."""
    scheme, sep, where = address.partition("://")
    if not sep or scheme not in SCHEMES or not where.strip() or where.strip() != where:
        raise ClusterError(f"Dask scheduler {address[:80]!r}: give scheme://host:port with a scheme among "
                           f"{', '.join(SCHEMES)}, e.g. tcp://10.0.0.5:8786")
    return address


def scheduler_address(given: str | None) -> str | None:
    """The Dask scheduler to use: `given` (`checked_address`), else Dask's configured `scheduler-address` (set
    by $DASK_SCHEDULER_ADDRESS or a Dask config file), else None (local processes)."""
    if given is not None:
        return checked_address(given)
    if not os.environ.get("DASK_SCHEDULER_ADDRESS") and not _dask_config_files():
        return None  # nothing can configure one: do not pay for importing dask
    import dask.config

    return dask.config.get("scheduler-address", None) or None


def _dask_config_files() -> bool:
    return any(Path(p).expanduser().exists() for p in
               (os.environ.get("DASK_CONFIG", "~/.config/dask"), "/etc/dask"))


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


def _listen(words) -> None:
    """A worker's start: `relay` puts its words on the parent's queue, at most one line every `RELAY_EVERY`
    seconds, never waiting (a worker stopping does not wait for the parent to read)."""
    global _listener
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


def map_parts(fn: Callable[[T], R], items: Sequence[T], progress: Callable[[int, int, str], None] | None = None,
              label: str = "parts", processes: int | None = None) -> list[R]:
    """[fn(x) for x in items], on up to `processes` processes (default `workers()`), or on the Dask cluster of
    `on_cluster`; `fn` must be a module-level function and items and results picklable. Ctrl-C (any error)
    stops the workers. `progress` hears the parts done and every line a part sends through `relay`."""
    global _listener
    total = len(items)
    if _cluster is not None and total:
        return _map_on_dask(fn, items, _cluster, progress, label)
    n = processes or workers()
    if n <= 1 or total <= 1:
        out = []
        outer = _listener
        try:
            for done, x in enumerate(items):
                head = f"{label}: {done + 1} of {total}"
                if progress:
                    progress(done, total, head)
                    _listener = lambda text, done=done, head=head: progress(done, total, f"{head}; {text}")
                out.append(fn(x))
        finally:
            _listener = outer
        if progress:
            progress(total, total, f"{label}: done")
        return out
    results: list = [None] * total
    words = multiprocessing.Queue() if progress else None
    pool = ProcessPoolExecutor(max_workers=min(n, total), initializer=_listen, initargs=(words,))
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
        workers_running = list((getattr(pool, "_processes", None) or {}).values())  # shutdown forgets them
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers_running:
            process.terminate()  # Ctrl-C means stop: without this the workers run on through their queue
        raise
    pool.shutdown()
    if words is not None:
        words.close()  # lines a worker sent as it finished are not shown: its part's result said more
    return results


def _drain(words) -> list[str]:
    """The lines waiting on the queue, oldest first (none without a queue)."""
    lines: list[str] = []
    while words is not None:
        try:
            lines.append(words.get_nowait())
        except queues.Empty:
            break
    return lines


def _map_on_dask(fn: Callable[[T], R], items: Sequence[T], address: str,
                 progress: Callable[[int, int, str], None] | None, label: str) -> list[R]:
    """`map_parts` on the Dask cluster at `address`: results in input order."""
    total = len(items)
    results: list = [None] * total
    if progress:
        progress(0, total, f"{label}: 0 of {total} on {address}")
    with closing(completed_on_dask(fn, items, address)) as finished:
        for done, (i, result) in enumerate(finished, 1):
            results[i] = result
            if progress:
                progress(done, total, f"{label}: {done} of {total} on {address}")
    return results


def completed_on_dask(fn: Callable[[T], R], items: Sequence[T], address: str, keys: list[str] | None = None
                      ) -> Iterator[tuple[int, R]]:
    """Every part submitted at once to the Dask cluster at `address` (under `keys`, if given), and each
    (index, result) as it finishes. A scheduler that cannot be reached is a `ClusterError` naming it; Ctrl-C,
    any error, or the generator closed early cancels what is left and closes the connection."""
    checked_address(address)
    from distributed import Client, as_completed

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except OSError as exc:  # refused, timed out (a TimeoutError is an OSError), no such host
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {exc or type(exc).__name__}") from None
    except Exception as exc:  # something answered, but not in Dask's protocol (a web server, another service)
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: what answers there is not a Dask "
                           f"scheduler ({type(exc).__name__}: {str(exc)[:60]})") from None
    futures = []
    try:
        futures = client.map(fn, list(items), key=keys, pure=False)
        where = {f.key: i for i, f in enumerate(futures)}
        for future in as_completed(futures):
            yield where[future.key], future.result()
    except BaseException:
        if futures:
            client.cancel(futures)
        raise
    finally:
        client.close()
