"""The command line: queries in every format, and one-line errors with exit status 2 for bad input."""

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction as F

import click
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
    assert [v["id"] for v in json.loads(out)["versions"]] == ["1994", "2002", "2007"]
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
        (("edge", "roulette", "--format", "yaml"), "unknown format 'yaml'; allowed: text, markdown, json, csv"),
        (("verify", "roulette", "log.jsonl", "--format", "csv"), "unknown format 'csv'; allowed: text, json"),
        (("removal", "roulette"), "oddscalc removal does not take game 'roulette'; allowed: blackjack, punto-banco"),
        (("poker-hand", "blackjack", "As Kd"), "does not take game 'blackjack'; allowed: casino-stud-poker"),
        (
            ("blackjack", "hand", "8,8", "vs", "10", "--soft17", "always"),
            "unknown --soft17 'always'; allowed: stand, hit",
        ),
        (("tables", "--game", "pokr"), "unknown game 'pokr'; allowed: roulette"),
        (
            ("tables", "--game", "three-card-poker", "--version", "1994"),
            "three-card-poker not permitted by version 1994",
        ),
        (("simulate", "roulette", "straight", "--format", "xml"), "unknown format 'xml'; allowed: text, json, csv"),
        (("blackjack", "hand"), "Missing argument"),
        (("edge",), "Missing argument 'GAME'"),
        (("edgy", "roulette"), "No such command 'edgy'"),
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


def _commands(group=None, path=()):
    """(path, command) of every command and group under the `oddscalc` group, the group itself first."""
    from oddscalc.cli.main import cli

    group = group or cli
    yield path, group
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, path + (name,))
        else:
            yield path + (name,), command


def _parse(words):
    """The command an `oddscalc ...` line names, its options and arguments parsed (click raises on a bad one)."""
    from oddscalc.cli.main import cli

    command, i = cli, 0
    while isinstance(command, click.Group) and i < len(words):
        command, i = command.commands[words[i]], i + 1
    with command.make_context(" ".join(["oddscalc", *words[:i]]), list(words[i:])):
        return command


def test_oddscalc_alone_prints_its_help_and_exits_0(capsys):
    from tests.cli_run import run_cli

    for argv in ([], ["blackjack"], ["data"]):
        code, out, err = run_cli(argv, capsys)
        assert code == 0 and err == "", argv
        assert (
            out.startswith(f"Usage: oddscalc {' '.join(argv)}".rstrip() + " [OPTIONS] COMMAND") and "Commands:" in out
        )


def test_every_command_s_help_lists_its_fixed_values_and_examples_that_parse(capsys):
    """One help style: games, versions and formats are fixed choices (listed in --help, offered by completion),
    and every command's help ends with examples, each a whole `oddscalc` line that parses."""
    import shlex

    from tests.cli_run import run_cli

    seen = 0
    for path, command in _commands():
        code, out, _ = run_cli([*path, "--help"], capsys)
        assert code == 0
        examples = out.split("\nExamples:\n", 1)[1].splitlines() if "\nExamples:\n" in out else []
        own = [e.strip() for e in examples if e.strip().startswith(" ".join(["oddscalc", *path]))]
        assert own, f"oddscalc {' '.join(path)} --help shows no example of itself"
        for example in own:
            words = shlex.split(example.split("  #")[0])[1:]
            parsed = _parse(words)  # a group's examples are of its commands
            assert parsed is command or isinstance(command, click.Group), example
        for p in command.params:
            if p.name in ("game", "version", "only_games", "only_versions", "fmt") and not getattr(p, "is_flag", False):
                assert isinstance(p.type, click.Choice), (path, p.name)
                assert all(str(c) in out for c in p.type.choices), (path, p.name)  # listed in --help
        seen += 1
    assert seen > 20


@pytest.mark.parametrize(
    "line, offered",
    [
        ("oddscalc ed", {"edge"}),
        ("oddscalc edge ", {"roulette", "dice", "big-six", "three-card-poker"}),
        ("oddscalc edge roulette --version ", {"1994", "2002", "2007"}),
        ("oddscalc dist roulette even-chance --format ", {"text", "markdown", "json", "csv"}),
        ("oddscalc removal ", {"blackjack", "punto-banco", "super-pan-9"}),
        ("oddscalc blackjack hand 8,8 vs 10 --soft17 ", {"stand", "hit"}),
        ("oddscalc tables --game super", {"super-pan-9"}),
        ("oddscalc law 19", {"1994"}),
    ],
)
def test_shell_completion_offers_the_fixed_values(line, offered, capsys, monkeypatch):
    """What bash asks (docs/cli-completion.md): `_ODDSCALC_COMPLETE=bash_complete` with the words typed."""
    from tests.cli_run import run_cli

    words = line.split()
    monkeypatch.setenv("_ODDSCALC_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", line)
    monkeypatch.setenv("COMP_CWORD", str(len(words) if line.endswith(" ") else len(words) - 1))  # the word completed
    code, out, _ = run_cli([], capsys)
    values = {row.split(",", 1)[1] for row in out.splitlines()}
    assert code == 0 and offered <= values, out


def test_simulate_prints_text_by_default_and_csv_into_out(tmp_path, capsys):
    from tests.cli_run import run_cli

    argv = ["simulate", "roulette", "straight", "--rounds", "370", "--seed", "5"]
    code, text, _ = run_cli(argv, capsys)
    rows = [line.split() for line in text.splitlines()[2:4]]
    counts = {F(r): int(n.replace(",", "")) for r, n, _ in rows}
    assert code == 0 and sum(counts.values()) == 370 and set(counts) == {-1, 35}
    observed = F(sum(r * n for r, n in counts.items()), 370)
    assert f"mean net return per unit staked: {float(observed):.6f} (exact expectation -0.027027)" in text
    code, csv_text, _ = run_cli([*argv, "--format", "csv"], capsys)
    assert csv_text.splitlines()[0] == "net_return,count" and csv_text != text
    code, _, _ = run_cli([*argv, "--out", tmp_path / "sim.csv"], capsys)
    assert (tmp_path / "sim.csv").read_text() == csv_text  # --out writes what `check` reads unless told otherwise


def test_poker_hand_words_its_decision_and_margin(capsys):
    """`fold (raising would lose 3.7540% of the Ante more than folding)`, never `gain -2042/54395 over folding`;
    the margin is the difference of the two expectations the output prints."""
    from tests.cli_run import run_cli

    code, out, _ = run_cli(["poker-hand", "casino-stud-poker", "As Kd 5c 4h 2d", "--up", "7h"], capsys)
    ev = F(out.split("expectation of raise: ")[1].split()[0])
    margin = (ev - (-1)) * 100
    assert code == 0 and margin < 0
    assert f"decision: fold (raising would lose {float(-margin):.4f}% of the Ante more than folding)" in out
