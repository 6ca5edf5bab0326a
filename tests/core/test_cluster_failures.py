"""The cluster path fails cleanly, against a real Dask scheduler and workers started as
processes of their own on 127.0.0.1 (not a `LocalCluster`), and local runs stopped by a signal.

Each failure is one line on stderr and its exit status (2: bad input, a malformed address or nothing that
is a Dask scheduler there; 1: a run that failed after it started; 130: Ctrl-C; 143: SIGTERM), all within
30 s; no worker attached is a warning and a wait; a part handed over is never computed again when a worker
dies; a stopped local run leaves no process behind, and never had more at work than the CPUs. The tests that
start processes take seconds each (about 55 s in all on an idle machine): they are marked slow (`make test`).
"""

from __future__ import annotations

import http.server
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import psutil
import pytest

from oddscalc.core import cluster
from oddscalc.core.cluster import completed_on_dask
from oddscalc.core.parallel import cpus
from tests.cli_run import run_cli

HERE = Path(__file__).resolve()
#: The scheduler (which reads the parts' functions too) and the workers can import this module's parts (by its
#: name, from its folder) and the tests' support modules (as `tests.*`, from the checkout).
_IMPORTS = {"PYTHONPATH": os.pathsep.join([str(HERE.parent), str(HERE.parents[2]), os.environ.get("PYTHONPATH", "")])}
#: Every failure is said within this many seconds (the bound a user may wait).
WITHIN = 30.0


# --- processes ----------------------------------------------------------------------------------------------


def _default_sigint() -> None:
    """In the child: Ctrl-C as a terminal gives it (a shell's background job would ignore SIGINT)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(args: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    """A process of its own, stdout and stderr into `log`.out and `log`.err."""
    return subprocess.Popen(
        args,
        stdout=open(f"{log}.out", "w"),
        stderr=open(f"{log}.err", "w"),
        env={**os.environ, **(env or {})},
        preexec_fn=_default_sigint,
    )


def _oddscalc(args: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    return _start([sys.executable, "-m", "oddscalc", *args], log, env)


def _stop(p: subprocess.Popen) -> None:
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def _until(test: Callable[[], object], seconds: float, what: str) -> object:
    """`test()`'s first true value, looked for every 0.1 s for at most `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = test()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")


def _read_json(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


@contextmanager
def _scheduler(folder: Path) -> Iterator[tuple[subprocess.Popen, str, int]]:
    """`dask scheduler` on 127.0.0.1 (any free port), as a process of its own: (process, address, dashboard port)."""
    file = folder / "scheduler.json"
    p = _start(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            "127.0.0.1:0",
            "--scheduler-file",
            str(file),
        ],
        folder / "scheduler",
        _IMPORTS,
    )
    try:
        info = _until(lambda: _read_json(file), WITHIN, "the scheduler's file")
        yield p, info["address"], info["services"]["dashboard"]
    finally:
        _stop(p)


def _worker(address: str, folder: Path, name: str) -> subprocess.Popen:
    """`dask worker` (one thread, no nanny: its process is the worker)."""
    return _start(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_worker",
            address,
            "--nthreads",
            "1",
            "--no-nanny",
            "--no-dashboard",
            "--host",
            "127.0.0.1",
            "--name",
            name,
            "--local-directory",
            str(folder / "dask"),
        ],
        folder / name,
        _IMPORTS,
    )


def _workers_attached(address: str, n: int) -> list[str]:
    """The addresses of the scheduler's workers once it has `n` (Dask's own client, not the code's look)."""
    from distributed import Client

    with Client(address, timeout=WITHIN, set_as_default=False) as client:
        client.wait_for_workers(n, timeout=WITHIN)
        return list(client.scheduler_info(n_workers=-1)["workers"])


def _err(log: Path) -> str:
    return Path(f"{log}.err").read_text()


def _one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


# --- addresses, and what answers there ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "address, said",
    [
        ("tcp://127.0.0.1", "has no port"),
        ("tcp://127.0.0.1:99999", "port 99999 is out of range"),
        ("tcp://127.0.0.1:0", "port 0 is out of range"),
        ("tcp://127.0.0.1:http", "port 'http' is not a number"),
        ("tcp://:8786", "has no host"),
        ("tcp://::1:8786", "has no host"),  # a bare IPv6 address: it needs its brackets
    ],
)
def test_an_address_without_a_port_or_out_of_range_is_refused_at_once(address, said, capsys, tmp_path):
    for args in (
        ["protect", "punto-banco", "--shoes", "1"],
        ["blackjack", "game"],
        ["tables", "--out", str(tmp_path / "t"), "--game", "roulette"],
    ):
        started = time.monotonic()
        code, out, err = run_cli([*args, "--scheduler", address], capsys)
        line = _one_line(err)
        assert code == 2 and out == "" and time.monotonic() - started < 2, (args, err)
        assert said in line and repr(address) in line and "a port from 1 to 65535" in line
    assert cluster.checked_address("tcp://[::1]:8786") == "tcp://[::1]:8786"


def test_a_malformed_configured_address_is_refused_naming_where_it_came_from(capsys, monkeypatch):
    import dask

    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://127.0.0.1")
    with dask.config.set({"scheduler-address": "tcp://127.0.0.1"}):  # as Dask reads the variable when imported
        code, _, err = run_cli(["protect", "punto-banco", "--shoes", "1"], capsys)
    line = _one_line(err)
    assert code == 2 and "has no port" in line and "$DASK_SCHEDULER_ADDRESS" in line


class _Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"hello")

    def log_message(self, *args) -> None:
        pass


@pytest.mark.slow
def test_a_web_server_at_the_address_is_one_line_within_seconds(tmp_path):
    """A tiny HTTP server where the scheduler should be: it waits for the end of a request line that Dask's
    handshake never sends, as Dask waits for a handshake reply (Dask alone waits for ever). With the default
    deadlines the command says so in one line, exit 2."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        address = f"tcp://127.0.0.1:{server.server_address[1]}"
        started = time.monotonic()
        p = _oddscalc(
            ["protect", "punto-banco", "--shoes", "1", "--scheduler", address],
            tmp_path / "run",
            {"ODDSCALC_WORKERS": "1"},
        )
        code = p.wait(WITHIN)
        took = time.monotonic() - started
    finally:
        server.shutdown()
        server.server_close()
    line = _one_line(_err(tmp_path / "run"))
    assert code == 2 and took < cluster.CONNECT_TIMEOUT + cluster.HANDSHAKE_TIMEOUT, (code, took)
    assert line == (
        f"oddscalc: error: cannot reach the Dask scheduler at {address!r}: no Dask handshake within "
        f"{cluster.HANDSHAKE_TIMEOUT:g} s: what answers there is not a Dask scheduler (a web server, "
        "such as Dask's dashboard port?)"
    )


# --- a real scheduler and workers ---------------------------------------------------------------------------


def _marked(job: tuple[str, int]) -> tuple[int, int]:
    """A part that leaves a mark each time it runs, then takes half a second: (its item, the worker's pid)."""
    folder, x = job
    (Path(folder) / f"{x}-{uuid.uuid4().hex}").touch()
    time.sleep(0.5)
    return x, os.getpid()


@pytest.mark.slow
def test_the_dashboard_or_a_worker_given_as_the_scheduler_is_one_line_and_a_dead_worker_recomputes_nothing(
    tmp_path, capsys, monkeypatch
):
    """One scheduler, two workers. Its dashboard port (a web server) and a worker's address are each refused
    in one line, exit 2. Then six parts of half a second each: once two have been handed over, the worker that
    computed the second is killed; every part handed over before then has run exactly once (released when
    handed over, so the scheduler has nothing to compute again), and all six come back."""
    monkeypatch.setattr(cluster, "HANDSHAKE_TIMEOUT", 1.0)  # the default's wall clock: the test above
    with _scheduler(tmp_path) as (_, address, dashboard):
        workers = [_worker(address, tmp_path, f"w{i}") for i in (1, 2)]
        try:
            worker_address = _workers_attached(address, 2)[0]
            for bad, said in (
                (f"tcp://127.0.0.1:{dashboard}", "no Dask handshake within 1 s"),
                (worker_address, "what answers there is a Dask Worker, not a scheduler"),
            ):
                started = time.monotonic()
                code, _, err = run_cli(["protect", "punto-banco", "--shoes", "1", "--scheduler", bad], capsys)
                assert code == 2 and said in _one_line(err) and time.monotonic() - started < WITHIN, err

            marks = tmp_path / "marks"
            marks.mkdir()
            got: dict[int, int] = {}
            handed_before_kill: list[int] = []
            with closing(completed_on_dask(_marked, [(str(marks), x) for x in range(6)], address)) as parts:
                for i, (x, pid) in parts:
                    assert i == x
                    got[i] = pid
                    if len(got) == 2:
                        handed_before_kill = list(got)
                        time.sleep(0.3)  # the release is on its way (Dask batches messages every 10 ms)
                        psutil.Process(pid).kill()
            assert sorted(got) == list(range(6))
            runs = Counter(int(name.split("-")[0]) for name in os.listdir(marks))
            assert all(runs[i] == 1 for i in handed_before_kill), runs
        finally:
            for w in workers:
                _stop(w)


@pytest.mark.slow
def test_no_worker_attached_is_a_warning_then_a_wait_until_one_attaches(tmp_path):
    with _scheduler(tmp_path) as (_, address, _dashboard):
        log = tmp_path / "run"
        started = time.monotonic()
        p = _oddscalc(
            ["protect", "punto-banco", "--shoes", "1", "--scheduler", address], log, {"ODDSCALC_WORKERS": "1"}
        )
        worker = None
        try:
            _until(lambda: "warning" in _err(log), WITHIN, "the warning")
            warned = time.monotonic() - started
            assert _one_line(_err(log)) == (
                f"oddscalc: warning: no Dask worker is attached to the scheduler at {address!r}; the parts wait "
                f"for one (no deadline: start one with `dask worker {address}`, or Ctrl-C)"
            )
            time.sleep(0.5)
            assert p.poll() is None  # waiting, no deadline
            worker = _worker(address, tmp_path, "late")
            assert p.wait(WITHIN) == 0, _err(log)
        finally:
            _stop(p)
            if worker is not None:
                _stop(worker)
    assert warned < WITHIN
    assert _err(log).splitlines()[-1] in (
        f"oddscalc: 1 Dask worker(s) now attached to {address!r}: the parts run",
        f"oddscalc: a Dask worker is now attached to {address!r}: the parts run",
    )
    assert "punto-banco" in Path(f"{log}.out").read_text()


@pytest.mark.slow
def test_losing_the_scheduler_mid_run_is_one_line_naming_state_and_exit_1(tmp_path):
    state = tmp_path / "state"
    log = tmp_path / "run"
    with _scheduler(tmp_path) as (scheduler, address, _dashboard):
        worker = _worker(address, tmp_path, "w")
        p = _oddscalc(
            [
                "protect",
                "punto-banco",
                "--shoes",
                "6",
                "--chunk-size",
                "1",
                "--scheduler",
                address,
                "--state",
                str(state),
            ],
            log,
            {"ODDSCALC_WORKERS": "1"},
        )
        try:
            _until(lambda: list(state.glob("chunk-*.json")), 60, "a chunk saved")
            scheduler.kill()  # SIGKILL: the scheduler gone without a word
            lost = time.monotonic()
            code = p.wait(WITHIN)
            took = time.monotonic() - lost
        finally:
            _stop(p)
            _stop(worker)
    line = _one_line(_err(log))
    kept = len(list(state.glob("chunk-*.json")))
    assert 1 <= kept < 6
    assert code == 1 and took < WITHIN, (code, took)
    assert line == (
        f"oddscalc: error: lost the Dask scheduler at {address!r} (the connection closed); {kept} of 6 "
        f"chunks finished, kept in --state {state}: run the same command again to resume"
    )


def test_without_state_the_lost_scheduler_line_says_nothing_is_kept(tmp_path, capsys, monkeypatch):
    """The command's half of the message (the scheduler's loss itself: the test above), with and without
    --state, exit 1 either way."""
    from oddscalc.cli import protect_commands as command

    def lost(*args, **kwargs):
        raise cluster.ClusterFailure(
            "lost the Dask scheduler at 'tcp://10.0.0.5:8786' (the connection closed); 3 of 9 chunks finished"
        )

    monkeypatch.setattr(command, "run", lost)
    base = ["protect", "punto-banco", "--shoes", "9", "--scheduler", "tcp://10.0.0.5:8786"]
    code, _, err = run_cli(base, capsys)
    assert code == 1 and _one_line(err).endswith(
        "3 of 9 chunks finished, none kept: with --state DIR a rerun resumes from the finished chunks"
    )
    code, _, err = run_cli([*base, "--state", str(tmp_path / "s")], capsys)
    assert code == 1 and _one_line(err).endswith(
        f"3 of 9 chunks finished, kept in --state {tmp_path / 's'}: run the same command again to resume"
    )


# --- local runs stopped by a signal -------------------------------------------------------------------------


def _tree(p: subprocess.Popen) -> list[psutil.Process]:
    try:
        return psutil.Process(p.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def _parent(process: psutil.Process) -> int | None:
    try:
        return process.ppid()
    except psutil.NoSuchProcess:
        return None


def _stopped_by(p: subprocess.Popen, sig: int, log: Path, watch: float) -> tuple[list[psutil.Process], int, float]:
    """Wait for `p`'s workers, watch its process tree for `watch` seconds (never a grandchild, never more
    processes than CPUs), send `sig`: every process it ever had, the exit status, and the seconds to exit."""
    seen: dict[int, psutil.Process] = {}
    _until(lambda: _tree(p), WITHIN, "the workers started")
    until = time.monotonic() + watch
    while time.monotonic() < until:
        tree = _tree(p)
        seen.update((c.pid, c) for c in tree)
        assert all(_parent(c) in (p.pid, None) for c in tree), "a grandchild process"
        assert len(tree) <= cpus(), f"{len(tree)} workers on {cpus()} CPUs"
        time.sleep(0.2)
    p.send_signal(sig)
    sent = time.monotonic()
    code = p.wait(WITHIN)
    return list(seen.values()), code, time.monotonic() - sent


@pytest.mark.slow
def test_sigterm_to_a_local_protect_run_leaves_no_worker(tmp_path):
    """Blackjack shoes on local processes (`--workers 8`: never more than the CPUs), SIGTERM while they work:
    what the --state file kept and how to resume, then "terminated", exit 143, and no worker left."""
    log = tmp_path / "run"
    p = _oddscalc(["protect", "blackjack", "--shoes", "4", "--workers", "8", "--state", str(tmp_path / "s")], log)
    try:
        workers, code, took = _stopped_by(p, signal.SIGTERM, log, 2.0)
    finally:
        _stop(p)
    text = _err(log)
    lines = [line for line in text.splitlines() if line.strip()]
    assert code == 143 and took < WITHIN and "Traceback" not in text, text
    assert len(lines) == 2 and lines[1] == "oddscalc: terminated", text
    assert "kept in --state" in lines[0] and lines[0].endswith("run the same command again to resume"), text
    assert 1 <= len(workers) <= cpus()
    _, alive = psutil.wait_procs(workers, timeout=5)
    assert not alive


@pytest.mark.slow  # two CPUs at work for seconds; test_parallel checks the nesting cheaply
def test_ctrl_c_to_a_custom_removal_run_leaves_no_worker_and_it_nests_no_pool(tmp_path):
    """A custom blackjack rule set (nothing cached): each composition's CD optimal game is itself a map over
    the up-cards, which used to start a pool inside each worker (4 processes on 2 CPUs, left running after
    Ctrl-C); now they run inside the worker. SIGINT: one line, exit 130, nothing left."""
    log = tmp_path / "run"
    p = _oddscalc(
        ["removal", "blackjack", "--version", "1994", "--decks", "2", "--custom"],
        log,
        {"ODDSCALC_CACHE": str(tmp_path / "cache"), "ODDSCALC_WORKERS": "2"},
    )
    try:
        workers, code, took = _stopped_by(p, signal.SIGINT, log, 4.0)
    finally:
        _stop(p)
    assert code == 130 and took < WITHIN and _one_line(_err(log)) == "oddscalc: interrupted"
    _, alive = psutil.wait_procs(workers, timeout=5)
    assert not alive
