"""Every command's default text output fits 100 columns (only `--exact`, which prints long fractions whole, may
pass it): each command of the command line is run on cheap arguments and every line of what it prints measured.
`--exact` still gives the whole fractions that the default output shortens."""

from __future__ import annotations

import contextlib
import io
import json
from decimal import ROUND_HALF_EVEN, Context
from fractions import Fraction

import click
import pytest

from oddscalc.cli.main import cli, main

WIDTH = 100

#: Each command with the invocations whose text output is measured (files they read are written first by the
#: "simulate" ones, which run in the same folder, in this order).
INVOCATIONS: dict[str, list[list[str]]] = {
    "versions": [["versions"]],
    "wagers": [["wagers", "dice", "--version", "1994"], ["wagers", "sic-bo"]],
    "edge": [
        ["edge", "roulette"],
        ["edge", "dice", "--version", "1994"],
        ["edge", "sic-bo"],
        ["edge", "blackjack", "--version", "1994"],
        ["edge", "super-pan-9", "--version", "1994"],
        ["edge", "casino-stud-poker", "--version", "2002"],
        ["edge", "punto-banco", "--detail"],
    ],
    "dist": [
        ["dist", "roulette", "even-chance"],
        ["dist", "blackjack", "initial", "--version", "1994", "--decks", "4"],
    ],
    "blackjack hand": [
        ["blackjack", "hand", "8,8", "vs", "10", "--version", "1994", "--decks", "6"],
        ["blackjack", "hand", "A,7", "vs", "9", "--removed", "K,5,5,A"],
    ],
    "blackjack game": [["blackjack", "game", "--version", "1994", "--decks", "6"]],
    "blackjack chart": [["blackjack", "chart", "--version", "2007"]],
    "blackjack side": [["blackjack", "side", "--version", "1994", "--decks", "4"]],
    "baccarat": [["baccarat", "--removed", "9,9,8,8,0,0"]],
    "super-pan-9": [["super-pan-9", "--removed", "6,6,5,0,K,A"]],
    "poker-hand": [
        ["poker-hand", "casino-stud-poker", "As Kd 5c 5h 2d", "--up", "7h"],
        ["poker-hand", "three-card-poker", "Qs 6d 4c"],
    ],
    "simulate": [
        ["simulate", "roulette", "straight", "--rounds", "1000", "--seed", "1"],
        ["simulate", "punto-banco", "banker", "--rounds", "300", "--seed", "1", "--log", "pb.jsonl", "--out", "pb.csv"],
        ["simulate", "blackjack", "initial", "--version", "1994", "--rule", "strategy=basic", "--rounds", "200"]
        + ["--seed", "1", "--log", "bj.jsonl", "--out", "bj.csv"],
        ["simulate", "punto-banco", "banker", "--rounds", "300", "--seed", "1", "--shuffle", "fair"],
    ],
    "check": [
        ["check", "punto-banco", "banker", "pb.csv"],
        ["check", "blackjack", "initial", "bj.csv", "--version", "1994", "--rule", "strategy=basic"],
    ],
    "law": [["law"]],
    "plan": [
        ["plan", "roulette", "straight", "--shift", "1%"],
        ["plan", "dice", "win", "--version", "1994", "--rounds", "1e6", "--level", "99%"],
        ["plan", "blackjack", "initial", "--version", "1994", "--shift", "1%"],
    ],
    "verify": [
        ["verify", "punto-banco", "pb.jsonl"],
        ["verify", "blackjack", "bj.jsonl", "--version", "1994", "--rule", "strategy=basic"],
    ],
    "removal": [["removal", "blackjack", "--version", "1994", "--decks", "6"], ["removal", "blackjack"]]
    + [["removal", "punto-banco"]],
    "measures": [
        ["measures", "blackjack", "--version", "1994", "--decks", "6"],
        ["measures", "punto-banco", "--count", "0=-1,9=1"],
    ],
    "protect": [["protect", "punto-banco", "--count", "0=1,A=-1", "--shoes", "2"]],
    "data list": [["data", "list"]],
    "monitor plan": [["monitor", "plan"]],
    "monitor status": [
        ["simulate", "roulette", "straight", "--rounds", "300", "--seed", "2", "--log", "wheel.jsonl"],
        ["monitor", "run", "wheel.jsonl", "--state", "floor.db"],
        ["monitor", "status", "--state", "floor.db"],
    ],
    "monitor alarms": [["monitor", "alarms", "--state", "floor.db"]],
    "monitor reset": [["monitor", "reset", "wheel", "--reason", "wheel serviced", "--state", "floor.db"]],
}

#: Commands measured elsewhere or with nothing to measure: what they print on standard output, and why.
EXEMPT = {
    "tables": "writes files; prints only progress and one status line, on standard error",
    "stud-strategy": "writes a CSV file; prints one status line on standard error",
    "data build": "minutes of work; prints one short status line per result",
    "monitor run": "prints alarms only (none on this fair wheel: run under monitor status) and a status line on stderr",
    "monitor evidence": "writes an HTML or PDF page; prints one status line on standard error",
}


def _leaves(command: click.Command, path: tuple[str, ...] = ()) -> list[str]:
    if isinstance(command, click.Group):
        return [leaf for name, sub in command.commands.items() for leaf in _leaves(sub, (*path, name))]
    return [" ".join(path)]


def test_every_command_is_measured_or_said_why_not():
    assert sorted(_leaves(cli)) == sorted([*INVOCATIONS, *EXEMPT])


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict[str, str]:
    """Every invocation's standard output, run in order in one folder (check and verify read simulate's files)."""
    folder = tmp_path_factory.mktemp("width")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(folder)
        mp.setenv("ODDSCALC_WORKERS", "1")
        return {" ".join(argv): _run(argv) for argvs in INVOCATIONS.values() for argv in argvs}


def _run(argv: list[str]) -> str:
    """`oddscalc ARGV`'s standard output (a module-scoped fixture cannot take capsys)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code in (0, 1), f"oddscalc {' '.join(argv)}: {err.getvalue()}"  # 1: a check's verdict
    quiet = "--out" in argv or argv[:2] == ["monitor", "run"]  # files written; a fair wheel's run: no alarm to print
    assert out.getvalue().strip() or quiet, f"oddscalc {' '.join(argv)} printed nothing"
    return out.getvalue()


@pytest.mark.parametrize("command", sorted(INVOCATIONS))
def test_text_output_fits_100_columns(command, outputs):
    for argvs in INVOCATIONS[command]:
        text = outputs[" ".join(argvs)]
        long = [line for line in text.splitlines() if len(line) > WIDTH]
        assert not long, f"oddscalc {' '.join(argvs)}: {len(long)} line(s) past {WIDTH} columns, first {long[0]!r}"


def test_exact_prints_whole_what_the_text_shortens(capsys):
    """blackjack hand and plan shorten a long fraction by default and print it whole with --exact: the same
    value as their JSON."""
    hand = ["blackjack", "hand", "8,8", "vs", "10", "--version", "1994", "--decks", "6"]
    data = json.loads(_run([*hand, "--format", "json"]))
    split = Fraction(data["actions"]["split"]["exact"])
    assert len(str(split.denominator)) > 20  # long enough to be shortened
    short, whole = _run(hand), _run([*hand, "--exact"])
    assert f"{split.numerator}/{split.denominator}" in whole and str(split.denominator) not in short
    row = next(line for line in short.splitlines() if line.split()[0] == "split")
    rounded = Context(prec=8, rounding=ROUND_HALF_EVEN).divide(split.numerator, split.denominator)
    assert row.endswith(f" ≈{rounded}")  # its decimal, correctly rounded to 8 significant figures: "≈-0.61584481"
    plan = ["plan", "blackjack", "initial", "--version", "1994", "--shift", "1%"]
    variance = Fraction(json.loads(_run([*plan, "--format", "json"]))["variance"]["exact"])
    assert f" {variance.numerator}/{variance.denominator}," in _run([*plan, "--exact"])
    assert str(variance.denominator) not in _run(plan)
