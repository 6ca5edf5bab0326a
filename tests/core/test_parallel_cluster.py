"""Parts on a Dask distributed cluster (`core.parallel.on_cluster`): the same results, in input order, as local
processes, for plain parts and for the blackjack exact law's split parts; a malformed address, or one where
nothing answers, or something other than Dask, is one line and exit 2 from the command line."""

import json
import math
import time

import pytest
from click.testing import CliRunner

from oddscalc.cli.main import cli
from oddscalc.core.parallel import ClusterError, map_parts, on_cluster


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        yield c.scheduler_address


@pytest.mark.slow
def test_parts_on_a_cluster_come_back_in_input_order(cluster):
    items = [12, 3, 0, 7, 20, 1]
    seen = []
    with on_cluster(cluster):
        got = map_parts(math.factorial, items, lambda d, t, label: seen.append((d, t, label)), "factorials")
    assert got == [math.factorial(n) for n in items]
    assert seen[0][:2] == (0, 6) and seen[-1][:2] == (6, 6) and cluster in seen[-1][2]
    assert map_parts(math.factorial, items, processes=1) == got  # outside the block: local again


@pytest.mark.slow
def test_the_exact_law_with_split_parts_on_a_cluster_equals_the_local_one(cluster, monkeypatch):
    from oddscalc.games.blackjack import stored_summary
    from oddscalc.games.blackjack.rules import RuleSet

    rules = RuleSet(decks=1, max_hands=2)
    assert stored_summary.split_parts(rules, None)
    # two up-cards, a 5 and a ten, with eight splits taken between them (seven pairs against the 5, Aces against the
    # ten): parts enough to come back out of order, at a twentieth of the whole game's cost
    monkeypatch.setattr(stored_summary, "up_cards", lambda rs: (4, 9))
    assert len([s for up in (4, 9) for s in stored_summary._splits_taken((rules, up))]) == 8
    monkeypatch.setenv("ODDSCALC_WORKERS", "1")
    local = stored_summary.compute_summary(rules, budget=None)
    with on_cluster(cluster):
        far = stored_summary.compute_summary(rules, budget=None)
    assert json.dumps(far, sort_keys=True) == json.dumps(local, sort_keys=True)


@pytest.mark.parametrize("address", ["hello", "nonsense://x:1", "tcp://", "", " tcp://x:1", "tcp:// "])
def test_a_malformed_address_is_one_line_and_exit_2_before_any_work(address, tmp_path):
    with on_cluster(address), pytest.raises(ClusterError, match="Dask scheduler"):
        map_parts(math.factorial, [1])
    for args in (
        ["blackjack", "game"],
        ["tables", "--out", str(tmp_path / "t"), "--game", "roulette"],
        ["protect", "punto-banco", "--shoes", "1"],
    ):  # blackjack game: its summary is in the cache
        r = CliRunner().invoke(cli, args + ["--scheduler", address])
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output and r.output.count("\n") == 1 and "scheme://host:port" in r.output
    assert not (tmp_path / "t").exists() or not any((tmp_path / "t").iterdir())


def test_a_scheduler_that_does_not_answer_is_one_line_and_exit_2(tmp_path, monkeypatch):
    """Nothing listens: said at once (not after Dask's retries of a refused connection)."""
    monkeypatch.setenv("ODDSCALC_CACHE", str(tmp_path))  # no cache: the parts must be sent
    address = "tcp://127.0.0.1:9"  # the discard port: nothing listens
    started = time.monotonic()
    r = CliRunner().invoke(cli, ["blackjack", "game", "--no-cache", "--scheduler", address])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and r.output.count("\n") == 1 and "cannot reach" in r.output
    assert "connection refused" in r.output and time.monotonic() - started < 10


def test_a_port_that_answers_but_not_as_dask_is_one_line_and_exit_2(tmp_path, monkeypatch):
    """A web server where the scheduler should be (an HTTP 400 to Dask's handshake, as a proxy gives):
    Dask reads the reply as a frame of exabytes; the error says what answered, in one line."""
    import socket
    import threading

    from oddscalc.core import cluster

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.recv(1024)
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")

    threading.Thread(target=answer, daemon=True).start()
    monkeypatch.setenv("ODDSCALC_CACHE", str(tmp_path))
    monkeypatch.setattr(cluster, "HANDSHAKE_TIMEOUT", 2.0)
    try:
        address = f"tcp://127.0.0.1:{port}"
        r = CliRunner().invoke(cli, ["protect", "punto-banco", "--shoes", "1", "--scheduler", address])
    finally:
        server.close()
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and r.output.count("\n") == 1, r.output
    assert "cannot reach the Dask scheduler" in r.output and "not a Dask scheduler" in r.output
