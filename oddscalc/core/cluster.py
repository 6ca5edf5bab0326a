"""Parts of one computation on a Dask distributed cluster, failing cleanly, every failure one line.

The scheduler's address is checked before any connection, and the connection is under a wall-clock deadline.
Each part's result is handed over as it finishes and released from the cluster at once.

What goes wrong, and what a caller gets (the command line: one line on stderr, the exit status shown):

- a malformed address (no scheme, an unknown one, no port, a port out of 1-65535): `ClusterError` at once,
  before connecting (exit 2);
- nothing listens, no such host, or no answer within `CONNECT_TIMEOUT`: `ClusterError` (exit 2). So too
  when something other than a Dask scheduler answers: a web server (e.g. Dask's own dashboard port: no Dask
  handshake within `HANDSHAKE_TIMEOUT`) or a Dask worker. All within those two deadlines;
- the scheduler lost after the parts were sent, or a part that killed every worker that ran it:
  `ClusterFailure` (exit 1); the results already handed over stay with the caller (`--state` keeps them);
- no worker attached: a warning on stderr, then the parts wait for a worker with no deadline (workers may
  come from a batch queue hours later), the warning repeated every `WAIT_WARNING` seconds while none is
  attached; Ctrl-C stops.

A part's result is released on the cluster as soon as it is handed over, so a worker that dies later
holds nothing the scheduler would compute again. Dask's own log lines are kept off stderr while a client
runs here: the one line above says what went wrong.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Generator, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from oddscalc.core.errors import InputError, RunError
from oddscalc.core.progress import is_terminal

__all__ = [
    "CONNECT_TIMEOUT",
    "HANDSHAKE_TIMEOUT",
    "SCHEMES",
    "WAIT_WARNING",
    "ClusterError",
    "ClusterFailure",
    "checked_address",
    "completed_on_dask",
    "scheduler_address",
]

T = TypeVar("T")
R = TypeVar("R")


class ClusterError(InputError):
    """A Dask scheduler address that is malformed (`checked_address`), or where no Dask scheduler answers."""


class ClusterFailure(RunError, RuntimeError):
    """The cluster failed after the parts were sent (the scheduler lost; a part killing its workers)."""


#: The address schemes a Dask scheduler listens on.
SCHEMES = ("tcp", "tls", "ucx", "ws", "wss", "inproc")
#: Those whose address is host:port (inproc names a scheduler in this process).
_HOST_PORT = ("tcp", "tls", "ucx", "ws", "wss")
#: Those carried over TCP, whose host and port are tried before Dask's handshake.
_OVER_TCP = ("tcp", "tls", "ws", "wss")
_FORM = "scheme://host:port with a port from 1 to 65535 (e.g. tcp://10.0.0.5:8786)"

#: Seconds allowed for a TCP connection to the scheduler's host and port.
CONNECT_TIMEOUT = 10.0
#: Seconds allowed, once connected, for Dask's handshake and the scheduler's identity.
HANDSHAKE_TIMEOUT = 10.0
#: Seconds between warnings while no worker is attached.
WAIT_WARNING = 300.0
#: Seconds between looks at the workers attached while no result comes.
_WATCH_EVERY = 5.0
#: Seconds a wait for results lasts before the workers are looked at.
_POLL = 1.0


def checked_address(address: str) -> str:
    """`address` if it has the form of a Dask scheduler's (a known scheme; host and a port from 1 to 65535
    where the scheme has them), else a `ClusterError` naming it and what is allowed.

    >>> checked_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    >>> checked_address("tcp://127.0.0.1")
    Traceback (most recent call last):
    ...
    oddscalc.core.cluster.ClusterError: Dask scheduler 'tcp://127.0.0.1' has no port; give scheme://host:port \
with a port from 1 to 65535 (e.g. tcp://10.0.0.5:8786)
    """
    shown = repr(address[:80] + ("..." if len(address) > 80 else ""))
    scheme, sep, where = address.partition("://")
    if not sep or scheme not in SCHEMES or not where.strip() or where.strip() != where:
        raise ClusterError(f"Dask scheduler {shown}: give {_FORM}; schemes: {', '.join(SCHEMES)}")
    if scheme not in _HOST_PORT:
        return address
    host, port = _host_port(where)
    if not host:
        raise ClusterError(f"Dask scheduler {shown} has no host; give {_FORM}")
    if port is None:
        raise ClusterError(f"Dask scheduler {shown} has no port; give {_FORM}")
    if not (port.isascii() and port.isdigit()):
        raise ClusterError(f"Dask scheduler {shown}: port {port[:20]!r} is not a number; give {_FORM}")
    if not 1 <= int(port) <= 65535:
        raise ClusterError(f"Dask scheduler {shown}: port {int(port)} is out of range; give {_FORM}")
    return address


def _host_port(where: str) -> tuple[str, str | None]:
    """(host, port text, None when there is none) of `host:port` or `[IPv6]:port`.

    >>> _host_port("[::1]:8786"), _host_port("10.0.0.5"), _host_port("h:")
    (('::1', '8786'), ('10.0.0.5', None), ('h', ''))
    """
    if where.startswith("["):
        host, bracket, rest = where[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return "", None
        return host, rest[1:] if rest else None
    host, colon, port = where.rpartition(":")
    if not colon:
        return where, None
    return ("", None) if ":" in host else (host, port)  # a bare IPv6 address: it needs its brackets


def scheduler_address(given: str | None) -> str | None:
    """The Dask scheduler to use: `given` (`checked_address`), else Dask's configured `scheduler-address` (set
    by $DASK_SCHEDULER_ADDRESS or a Dask config file, checked the same way), else None (local processes).

    >>> scheduler_address("tcp://10.0.0.5:8786")  # given: checked, not connected to
    'tcp://10.0.0.5:8786'
    >>> scheduler_address("10.0.0.5:8786")
    Traceback (most recent call last):
    ...
    oddscalc.core.cluster.ClusterError: Dask scheduler '10.0.0.5:8786': give scheme://host:port with a port from \
1 to 65535 (e.g. tcp://10.0.0.5:8786); schemes: tcp, tls, ucx, ws, wss, inproc
    """
    if given is not None:
        return checked_address(given)
    if not os.environ.get("DASK_SCHEDULER_ADDRESS") and not _dask_config_files():
        return None  # nothing can configure one: do not pay for importing dask
    import dask.config  # only here: importing dask costs a second

    configured = dask.config.get("scheduler-address", None)
    if not configured:
        return None
    try:
        return checked_address(str(configured))
    except ClusterError as exc:
        raise ClusterError(
            f"{exc} (from Dask's scheduler-address configuration: $DASK_SCHEDULER_ADDRESS or a Dask config file)"
        ) from None


def _dask_config_files() -> bool:
    return any(Path(p).expanduser().exists() for p in (os.environ.get("DASK_CONFIG", "~/.config/dask"), "/etc/dask"))


def completed_on_dask(
    fn: Callable[[T], R], items: Sequence[T], address: str, keys: list[str] | None = None
) -> Generator[tuple[int, R], None, None]:
    """Every part submitted at once to the Dask cluster at `address` (under `keys`, if given), and each
    (index, result) as it finishes, its data released on the cluster as it is handed over. Failures as the
    module says; Ctrl-C, any error, or the generator closed early cancels what is left and closes the
    connection. No example: it needs a running Dask scheduler (tests/test_parallel_cluster.py starts one)."""
    checked_address(address)
    from distributed import Client  # only here: importing distributed costs seconds

    with _quiet_dask_logs():
        workers = _identify(address)
        try:  # distributed leaves Client and its methods unannotated
            client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
        except Exception as exc:  # the scheduler went between the look and the connection
            raise ClusterError(_unreachable(address, f"{type(exc).__name__}: {str(exc)[:60]}")) from None
        try:
            yield from _results(client, fn, items, keys, address, workers)
        finally:
            client.close()  # type: ignore[no-untyped-call]


def _results(
    client: Any, fn: Callable[[T], R], items: Sequence[T], keys: list[str] | None, address: str, workers: int
) -> Iterator[tuple[int, R]]:
    """`completed_on_dask`'s parts on `client`: results as they finish, each released once handed over."""
    from distributed import KilledWorker, wait

    submitted = client.map(fn, list(items), key=keys, pure=False)
    where = {f.key: i for i, f in enumerate(submitted)}
    pending = set(submitted)
    del submitted  # from here a finished part is held only until it is handed over
    watch = _Watch(address, workers)
    try:
        while pending:
            try:  # distributed leaves wait unannotated
                waited = wait(pending, timeout=_POLL, return_when="FIRST_COMPLETED")  # type: ignore[no-untyped-call]
                finished, pending = waited
            except TimeoutError:
                watch(client)
                continue
            except Exception:  # Dask raises on a cancelled future: the client cancels all when it loses the scheduler
                if client.status == "running" and not any(f.cancelled() for f in pending):
                    raise
                raise ClusterFailure(_lost(address)) from None
            for future in finished:
                try:
                    result = future.result()
                except KilledWorker as exc:
                    raise ClusterFailure(
                        f"part {where[future.key] + 1} of {len(where)} killed every Dask worker "
                        f"that ran it ({exc.allowed_failures + 1} of them; most likely for want of "
                        "memory: see the workers' logs)"
                    ) from None
                except Exception as exc:
                    if future.cancelled() or client.status != "running":
                        raise ClusterFailure(_lost(address)) from None
                    missing = exc if isinstance(exc, ImportError) else exc.__cause__
                    if isinstance(missing, ImportError):  # the scheduler (or a worker) cannot load the part
                        raise ClusterFailure(
                            f"the Dask cluster at {address!r} cannot load the parts ({missing}): "
                            "install oddscalc, the same version, where the scheduler and the "
                            "workers run"
                        ) from None
                    raise
                future.release()
                watch.result_came()
                yield where[future.key], result
    except BaseException:
        if pending and client.status == "running":
            client.cancel(list(pending))
        raise


def _lost(address: str) -> str:
    return f"lost the Dask scheduler at {address!r} (the connection closed)"


class _Watch:
    """Looks, while no result comes, at how many workers the scheduler has: a warning on stderr when none is
    attached (at once, then every `WAIT_WARNING` seconds), a note when one attaches after a warning."""

    def __init__(self, address: str, workers: int) -> None:
        self.address = address
        self.last_look = time.monotonic()
        self.warned_at: float | None = None
        self._seen(workers)

    def __call__(self, client: Any) -> None:
        now = time.monotonic()
        if now - self.last_look < _WATCH_EVERY or client.status != "running":
            return
        self.last_look = now
        try:  # the way Dask's Client.scheduler_info documents, under a deadline of its own
            reply = client.sync(client.scheduler.identity, callback_timeout=HANDSHAKE_TIMEOUT)
        except Exception:  # no answer now: a lost scheduler shows in the parts' futures
            return
        self._seen(_worker_count(reply))

    def result_came(self) -> None:
        """A part finished: some worker is attached."""
        self._seen(None)

    def _seen(self, workers: int | None) -> None:
        """`workers` attached (None: some, a part having finished)."""
        now = time.monotonic()
        if workers == 0 and (self.warned_at is None or now - self.warned_at >= WAIT_WARNING):
            _say(
                f"warning: no Dask worker is attached to the scheduler at {self.address!r}; the parts wait for one "
                f"(no deadline: start one with `dask worker {self.address}`, or Ctrl-C)"
            )
            self.warned_at = now
        elif workers != 0 and self.warned_at is not None:
            _say(
                f"{'a Dask worker is' if workers is None else f'{workers} Dask worker(s)'} now attached to "
                f"{self.address!r}: the parts run"
            )
            self.warned_at = None


def _worker_count(identity: object) -> int:
    if not isinstance(identity, dict):
        return 0
    return int(identity.get("n_workers", len(identity.get("workers") or {})))


def _say(text: str) -> None:
    """A line on stderr, on a line of its own after a progress bar."""
    lead = "\n" if is_terminal(sys.stderr) else ""
    try:
        sys.stderr.write(f"{lead}oddscalc: {text}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _identify(address: str) -> int:
    """How many workers the Dask scheduler at `address` has, once it has shown it is one.

    Its host and port must be reached over TCP within `CONNECT_TIMEOUT`, then Dask's handshake and its
    identity within `HANDSHAKE_TIMEOUT`. (Dask waits for ever on a handshake that something else never
    answers.)"""
    scheme = address.partition("://")[0]
    if scheme == "inproc":
        return -1  # a scheduler in this process: nothing else can answer there
    if scheme in _OVER_TCP:
        _reach(address)
    try:
        reply = _apart(lambda: _identity(address))
    except TimeoutError:
        raise ClusterError(
            _unreachable(
                address,
                f"no Dask handshake within {HANDSHAKE_TIMEOUT:g} s: what answers "
                "there is not a Dask scheduler (a web server, such as Dask's "
                "dashboard port?)",
            )
        ) from None
    except Exception as exc:  # refused by then, closed, or not Dask's protocol (a proxy's HTTP 400)
        raise ClusterError(
            _unreachable(address, f"what answers there is not a Dask scheduler ({type(exc).__name__}: {str(exc)[:60]})")
        ) from None
    kind = reply.get("type") if isinstance(reply, dict) else type(reply).__name__
    if kind != "Scheduler":
        raise ClusterError(_unreachable(address, f"what answers there is a Dask {str(kind)[:20]}, not a scheduler"))
    return _worker_count(reply)


def _apart(coroutine: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """`asyncio.run(coroutine())` in a daemon thread: a loop of its own, whatever runs in this thread, and
    Ctrl-C here is not held up by it (the thread ends with its deadline, or with the process)."""
    value: list[T] = []
    error: list[BaseException] = []

    def run() -> None:
        try:
            value.append(asyncio.run(coroutine()))
        except BaseException as exc:  # handed to the caller's thread
            error.append(exc)

    thread = threading.Thread(target=run, name="oddscalc-dask-look", daemon=True)
    thread.start()
    thread.join()
    if error:
        raise error[0]
    return value[0]


async def _identity(address: str) -> object:
    """The identity the Dask server at `address` gives (its type, its workers), under `HANDSHAKE_TIMEOUT`."""
    from distributed.comm import connect
    from distributed.security import Security

    async def ask() -> object:
        # distributed leaves connect and Security unannotated
        args = Security().get_connection_args("client")  # type: ignore[no-untyped-call]
        comm = await connect(address, timeout=HANDSHAKE_TIMEOUT, **args)  # type: ignore[no-untyped-call]
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    return await asyncio.wait_for(ask(), HANDSHAKE_TIMEOUT)


def _reach(address: str) -> None:
    """A TCP connection to the host and port of `address` within `CONNECT_TIMEOUT`, closed at once: what stops
    it is said now (Dask would retry a refused connection until its own timeout)."""
    host, port = _host_port(address.partition("://")[2])
    try:
        socket.create_connection((host, int(port or 0)), timeout=CONNECT_TIMEOUT).close()
    except ConnectionRefusedError:
        raise ClusterError(_unreachable(address, "connection refused (nothing listens there)")) from None
    except socket.gaierror as exc:
        raise ClusterError(_unreachable(address, f"no such host ({exc.strerror or exc})")) from None
    except TimeoutError:
        raise ClusterError(_unreachable(address, f"no answer within {CONNECT_TIMEOUT:g} s")) from None
    except OSError as exc:
        raise ClusterError(_unreachable(address, exc.strerror or type(exc).__name__)) from None


def _unreachable(address: str, why: str) -> str:
    return f"cannot reach the Dask scheduler at {address!r}: {why}"


@contextmanager
def _quiet_dask_logs() -> Iterator[None]:
    """Dask's log lines below CRITICAL (its reconnection attempts, the traceback of one cancelled) kept off
    stderr while a client runs here."""
    handlers = [h for name in ("distributed", "tornado") for h in logging.getLogger(name).handlers]
    for h in handlers:
        h.addFilter(_critical_only)
    try:
        yield
    finally:
        for h in handlers:
            h.removeFilter(_critical_only)


def _critical_only(record: logging.LogRecord) -> bool:
    return record.levelno >= logging.CRITICAL
