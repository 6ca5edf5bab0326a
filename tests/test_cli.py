"""The command line: queries in every format, and one-line errors with exit status 2 for bad input."""

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction as F

import pytest


def run(*args):
    """Run the real entry point in-process; returns (exit code, stdout, stderr)."""
    proc = subprocess.run([sys.executable, "-m", "oddscalc", *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def test_edge_roulette_text():
    code, out, err = run("edge", "roulette", "--version", "1994", "--detail")
    assert code == 0, err
    assert "1/37 = 2.7027%" in out and "1/74 = 1.3514%" in out
    assert "SI 1994/2899 reg 4(5)(a)" in out


def test_edge_roulette_summary_fits_one_screen():
    """The summary alone: a row per wager with its edge and RTP as percentages, within 40 lines of 100 columns,
    no definitions. Straight up: 1 winning number of 37 paid 35 to 1, so the edge is (37 - 36)/37 and the SD
    is sqrt(35^2 x 1/37 + 1 x 36/37 - (1/37)^2) = 216/37 = 5.8378."""
    code, out, err = run("edge", "roulette", "--version", "1994")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) <= 40 and max(map(len, lines)) <= 100
    straight = next(line.split() for line in lines if line.split()[:1] == ["straight"])
    edge = F(37 - 36, 37)
    variance = 35**2 * F(1, 37) + F(36, 37) - edge**2
    assert variance == F(216, 37) ** 2
    assert straight[-4:] == ["2.7027%", "97.2973%", "2.7027%", "5.8378"]
    assert "math report definitions" not in out and "--detail" in out


def test_edge_json_has_exact_fractions_and_citations():
    code, out, _ = run("edge", "dice", "place-to-win-4", "--version", "1994", "--format", "json")
    assert code == 0
    data = json.loads(out)
    wager = data["wagers"][0]
    edges = {e["key"]: e for e in wager["edges"]}
    assert F(edges["initial"]["exact"]) == F(19, 10) * F(1, 3) * -1 + F(2, 3)
    assert edges["initial"]["percent"].startswith("3.33333")
    assert wager["citation"] == "SI 1994/2899 Sch 1 para 3(a)"
    assert data["version"]["id"] == "1994"


def test_edge_csv_parses():
    code, out, _ = run("edge", "big-six", "--version", "2002", "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["wager"] for r in rows} == set("ABCDEFG")
    assert all(r["reconstructed"] for r in rows)


def test_dist_prints_every_outcome():
    code, out, _ = run("dist", "sic-bo", "single-3", "--version", "2002", "--format", "json")
    assert code == 0
    dist = json.loads(out)["wagers"][0]["distribution"]
    assert sum(F(o["probability"]) for o in dist) == 1
    assert {o["return"] for o in dist} == {"-1/1", "1/1", "2/1", "3/1"}
    code, out, _ = run("dist", "roulette", "even-chance", "--version", "1994", "--format", "csv")
    assert "-1/2" in out


@pytest.mark.slow
def test_versions_and_wagers_listings():
    code, out, _ = run("versions", "--format", "json")
    assert [v["id"] for v in json.loads(out)] == ["1994", "2002", "2007"]
    code, out, _ = run("wagers", "dice", "--version", "2002")
    assert code == 0 and "hop-3-3" in out and "reconstructed" in out
    code, out, _ = run("wagers", "dice", "--version", "1994")
    assert "hop-" not in out


def test_pay_override_marks_custom():
    code, out, _ = run("edge", "big-six", "A", "--pay", "A=45:1", "--version", "2002", "--detail")
    assert code == 0
    assert "CUSTOM" in out and "45 to 1 (custom; law: 50 to 1)" in out and "3/26" in out


@pytest.mark.parametrize(
    "args,needle",
    [
        (("edge", "rulette"), "unknown game 'rulette'; allowed: roulette, dice"),
        (("edge", "roulette", "--version", "1999"), "unknown version '1999'; allowed: 1994, 2002, 2007"),
        (("edge", "roulette", "zero"), "no wager 'zero' under version"),
        (("edge", "big-six", "--version", "1994"), "version 1994 does not permit 'big-six'"),
        (("edge", "big-six", "--pay", "A=lots"), "cannot read odds 'lots'"),
        (("edge", "big-six", "--pay", "Z=45:1"), "no wager 'Z'; allowed: A, B"),
        (("edge", "big-six", "--pay", "A45"), "write it as KEY=VALUE"),
        (("edge", "dice", "field", "--pay", "field=2:1"), "name one: field.12, field.2, field.other"),
        (("edge", "roulette", "--format", "yaml"), "unknown format 'yaml'; allowed: text, json, csv"),
        (("edge", "roulette", "--rule", "zeros=2"), "unknown rule option 'zeros'"),
        (("wagers", "poker"), "unknown game 'poker'"),
        (("tables", "--version", "1066"), "unknown version '1066'"),
    ],
)
def test_bad_input_is_one_line_exit_2(args, needle):
    code, out, err = run(*args)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert out == ""


def test_every_command_summary_in_the_help_reads_whole():
    """`oddscalc --help` (and a group's) lists each command with a summary click cuts at its first full stop:
    "(e.g." left `law`'s as "Print the law text NAME (e.g."; a summary is a whole phrase or ends in "..."."""
    import click

    from oddscalc.cli.main import cli

    groups, seen = [cli], 0
    while groups:
        group = groups.pop()
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            cmd = group.get_command(ctx, name)
            if isinstance(cmd, click.Group):
                groups.append(cmd)
            seen += 1
            for limit in range(30, 121):  # click's limit follows the terminal's width
                summary = cmd.get_short_help_str(limit=limit)
                whole = (
                    summary.count("(") == summary.count(")")
                    and summary.endswith(".")
                    and not summary.endswith(("e.g.", "i.e.", "etc."))
                )  # `blackjack hand` once read "... UP, e.g."
                assert summary.endswith("...") or whole, (name, limit, summary)
    assert seen > 17  # the top level's commands and the subcommands
