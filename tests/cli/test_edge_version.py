"""`oddscalc edge --version V`: every game's edges under one version in one command, and shell completion of
wager names and of --rule names and values."""

from __future__ import annotations

import json
from fractions import Fraction

from oddscalc.regulations.versions import get_version
from tests.cli_run import run_cli
from tests.json_schemas import validate_named


def test_edge_with_a_version_and_no_game_prints_every_game(capsys):
    code, out, err = run_cli(["edge", "--version", "2007"], capsys)
    assert code == 0, err
    for game in get_version("2007").games:
        assert f"\n{game}:" in f"\n{out}", game
    # single-zero roulette: a straight up at 35 to 1 on 37 numbers loses 1/37 a unit, worked here
    straight = next(line for line in out.splitlines() if line.split()[:1] == ["straight"])
    assert f"{float(Fraction(100, 37)):.4f}%" in straight
    assert "baccarat-banque" not in out  # 2007 dropped it
    code, out, err = run_cli(["edge", "--version", "2007", "--format", "json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    validate_named(doc)
    assert [a["game"] for a in doc["games"]] == list(get_version("2007").games)
    code, out, _ = run_cli(["edge", "--version", "1994", "--format", "csv"], capsys)
    assert code == 0 and {row.split(",")[1] for row in out.splitlines()[1:]} == set(get_version("1994").games)
    code, out, _ = run_cli(["edge", "--version", "2002", "--format", "markdown"], capsys)
    assert code == 0 and out.count("\n# ") + out.startswith("# ") == len(get_version("2002").games)


def test_edge_without_a_game_needs_a_version_and_takes_no_game_options(capsys):
    code, _, err = run_cli(["edge"], capsys)
    assert code == 2 and "Missing argument 'GAME'" in err and "--version" in err
    code, _, err = run_cli(["edge", "--version", "2007", "--rule", "decks=4"], capsys)
    assert code == 2 and len(err.splitlines()) == 1 and "--rule" in err and "GAME" in err


def _completions(args: list[str], incomplete: str) -> list[str]:
    from click.shell_completion import ShellComplete

    from oddscalc.cli.main import cli

    return [c.value for c in ShellComplete(cli, {}, "oddscalc", "_ODDSCALC_COMPLETE").get_completions(args, incomplete)]


def test_shell_completion_offers_wagers_and_rule_names_and_values():
    assert _completions(["edge", "roulette"], "s") == ["straight", "split", "street", "six-line"]
    assert "initial" in _completions(["dist", "blackjack"], "")
    assert "even-chance" in _completions(["check", "roulette"], "e")
    names = _completions(["edge", "blackjack", "--rule"], "")
    assert "soft17=" in names and "decks=" in names
    assert _completions(["edge", "blackjack", "--rule"], "soft17=") == ["soft17=stand", "soft17=hit"]
    assert "soft17=" in _completions(["tables", "--rule"], "so")  # no game: every game's rule names


def test_rule_completion_offers_the_named_games_rules_only():
    """With GAME given, --rule offers that game's rule names and no other game's (punto banco's `removed`)."""
    from oddscalc import api

    for game in ("blackjack", "punto-banco"):
        own = [f"{o.name}=" for o in api.rule_options(game)]
        assert _completions(["edge", game, "--rule"], "") == own
        assert _completions(["edge", "--version", "2007", game, "--rule"], "") == own
        assert _completions(["edge", game, "--rule", "decks=4", "--rule"], "") == own
