"""A run killed (SIGKILL) at a random moment and resumed gives exactly the alarms of an uninterrupted run, at the
same rounds, and counts every round once; `reset` restarts a table's tests with its reason in the audit trail."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from fractions import Fraction

import numpy as np
import pytest

from oddscalc.monitor.simulate import numpy_rng, pocket_law, roulette_log, roulette_spins, sector_law
from tests.cli_run import run_cli

ODDSCALC = [sys.executable, "-m", "oddscalc"]


def _feed(tmp_path):
    """60,000 rounds of a round log: fair, then a pocket at 2/37, then a sector fault; one payout error."""
    rng = numpy_rng(21)
    spins = np.concatenate(
        [
            roulette_spins(rng, 20000),
            roulette_spins(rng, 20000, pocket_law(8, Fraction(2, 37))),
            roulette_spins(rng, 20000, sector_law(20, Fraction(3, 10))),
        ]
    )
    at = [i for i, x in enumerate(spins, 1) if x == 17][3]
    path = tmp_path / "feed.log"
    path.write_text("\n".join(roulette_log(spins, "R1", mispay_at=at)) + "\n")
    return path


def _run(feed, state):
    return subprocess.Popen(
        [*ODDSCALC, "monitor", "run", str(feed), "--state", str(state), "--batch", "3000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _alarms(state):
    out = subprocess.run(
        [*ODDSCALC, "monitor", "alarms", "--state", str(state), "--format", "json"], capture_output=True, timeout=60
    )
    return [
        (a["table"], a["test"], a["dealer"], a["round"], a["alternative"])
        for a in map(json.loads, out.stdout.splitlines())
    ]


@pytest.mark.slow
def test_kill_at_a_random_moment_then_resume_gives_the_same_alarms(tmp_path):
    feed = _feed(tmp_path)
    whole = tmp_path / "whole.db"
    p = _run(feed, whole)
    p.communicate(timeout=300)
    expected = _alarms(whole)
    assert {a[1] for a in expected} >= {"settlement", "result-law", "sectors"}

    killed = tmp_path / "killed.db"
    p = _run(feed, killed)
    time.sleep(random.Random().uniform(2.0, 4.0))  # imports take about 1.5 s: kill mid-feed
    p.send_signal(signal.SIGKILL)
    p.communicate(timeout=60)
    p = _run(feed, killed)
    p.communicate(timeout=300)
    assert _alarms(killed) == expected
    status = subprocess.run(
        [*ODDSCALC, "monitor", "status", "--state", str(killed), "--format", "json"], capture_output=True, timeout=60
    )
    table = json.loads(status.stdout)["tables"][0]
    assert table["rounds"] == 60000 and table["feed_faults"] == {}


def test_reset_restarts_the_tests_and_keeps_the_reason(tmp_path, capsys):
    spins = roulette_spins(numpy_rng(3), 6000, pocket_law(4, Fraction(2, 37)))
    feed = tmp_path / "spins.txt"
    feed.write_text("".join(f"{x}\n" for x in spins))
    state = tmp_path / "s.db"
    args = ["monitor", "run", feed, "--table", "R1", "--game", "roulette", "--state", state]
    code, out, _ = run_cli(args, capsys)
    assert code == 0 and "result-law" in out
    code, out, err = run_cli(["monitor", "reset", "R1", "--reason", "wheel serviced", "--state", state], capsys)
    assert code == 0 and "1 alarm(s) cleared" in out
    code, out, err = run_cli(["monitor", "reset", "R9", "--reason", "x", "--state", state], capsys)
    assert code == 2 and "no table 'R9'" in err
    from oddscalc.monitor.state import State

    s = State(state, create=False)
    assert [(t, r) for t, _, r in s.resets()] == [("R1", "wheel serviced")]
    assert all(alarm is None for _, _, _, alarm, _, _ in s.streams("R1"))
    assert len(s.alarms()) == 1  # the alarm itself stays on record
