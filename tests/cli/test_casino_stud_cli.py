"""The command line for casino stud poker: exact edges (from the cache), pay tables, and the hand query."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "oddscalc", *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def test_edge_prints_exact_fractions():
    code, out, err = run("edge", "casino-stud-poker", "--version", "1994", "--detail", "--exact")
    assert code == 0, err
    out = " ".join(out.split())  # lines folded to 100 columns
    assert "element of risk" in out and "19,933,230,517,200" in out
    assert "SI 1994/2899 reg 8(8)(a), (b), 8(8)(b)(i), 8(8)(b)(ii)" in out and "reconstructed" in out


def test_us_pay_table_edge_is_the_published_5_224_percent():
    pays = ["ante.royal-flush=100:1", "ante.full-house=7:1", "ante.flush=5:1"]
    code, out, err = run(
        "edge",
        "casino-stud-poker",
        "ante",
        "--version",
        "1994",
        "--format",
        "json",
        *[x for p in pays for x in ("--pay", p)],
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["custom"]
    edges = {e["key"]: Fraction(e["exact"]) for e in data["wagers"][0]["edges"]}
    # Wizard of Odds: total loss 1,041,372,912,372 over 19,933,230,517,200 combinations
    assert edges["initial"] == Fraction(1_041_372_912_372, 19_933_230_517_200)


def test_hand_query():
    code, out, err = run("poker-hand", "casino-stud-poker", "As Kd Qc Jh 3s", "--up", "Jd", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    counts = data["banker_hands"]
    assert sum(counts.values()) == 163185
    assert data["decision"] == "raise" and Fraction(data["ev_raise"]) > -1


@pytest.mark.slow
def test_bad_input_is_one_line_exit_2():
    for args in (
        ("poker-hand", "casino-stud-poker", "As Kd Qc Jh 3x", "--up", "2c"),
        ("poker-hand", "casino-stud-poker", "As Kd Qc Jh 3s"),
        ("poker-hand", "casino-stud-poker", "As Kd Qc Jh 3s", "--up", "As"),
        ("edge", "casino-stud-poker", "--pay", "ante.royal-flush=lots"),
        ("edge", "casino-stud-poker", "progressive-jackpot", "--version", "2002", "--rule", "meter=-12"),
        ("edge", "casino-stud-poker", "progressive-jackpot", "--version", "2002", "--rule", "meter=lots"),
    ):
        code, _out, err = run(*args)
        assert code == 2, args
        assert err.startswith("oddscalc: error:") and err.count("\n") == 1, err
