"""The `oddscalc` command line: thin wrappers over `oddscalc.api` and the report writers."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import click

from oddscalc import api
from oddscalc.core.progress import StderrBar
from oddscalc.regulations.versions import VERSIONS, get_version
from oddscalc.report import serialize, text
from oddscalc.report.booklet import booklet_html, booklet_pdf
from oddscalc.core.files import write_bytes, write_text
from oddscalc.report.tables import write_game_tables, write_index
from oddscalc.report.removal import write_removal_tables

__all__ = ["main", "cli"]

FORMATS = ("text", "json", "csv")

#: Game-specific command modules under oddscalc/cli/, each exposing `commands` (a list of click commands).
EXTENSIONS = ("blackjack", "baccarat", "poker", "sim", "protect")


class UserError(click.ClickException):
    """A one-line error naming the bad value and what is allowed; exit status 2."""

    exit_code = 2


def fail(message: str) -> None:
    raise UserError(message)


def parse_pairs(values: tuple[str, ...], option: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            fail(f"{option} {item!r}: write it as KEY=VALUE")
        pairs[key.strip()] = value.strip()
    return pairs


def default_version(game: str) -> str:
    """The newest version that permits `game`."""
    for v in reversed(VERSIONS.values()):
        if game in v.games:
            return v.id
    return next(reversed(VERSIONS))


def format_option(fn):
    return click.option("--format", "fmt", default="text", show_default=True,
                        help="Output format: text, json or csv.")(fn)


def check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        fail(f"unknown format {fmt!r}; allowed: {', '.join(FORMATS)}")


def analysis_options(fn):
    """The options shared by every query that analyses a game."""
    for decorator in reversed((
        click.option("--version", "version", default=None, help="Regulation version (default: newest permitting the game)."),
        click.option("--pay", multiple=True, metavar="WAGER[.PAYOUT]=ODDS", help="Override a payout, e.g. A=45:1."),
        click.option("--rule", multiple=True, metavar="NAME=VALUE", help="Set a rule option of the game."),
        click.option("--decks", default=None, help="Number of packs (the 'decks' rule option)."),
        click.option("--custom", is_flag=True, help="Allow a rule set the version does not permit."),
        format_option,
    )):
        fn = decorator(fn)
    return fn


def run_analysis(game, wager, version, pay, rule, decks, custom):
    game = game.lower()
    try:
        api.check_game(game)
        version = version or default_version(game)
        rules = parse_pairs(rule, "--rule")
        if decks is not None:
            rules["decks"] = decks
        return api.analyse(game, version, wager, rules, parse_pairs(pay, "--pay"), custom, StderrBar())
    except ValueError as exc:
        fail(str(exc))


def emit(data_or_text) -> None:
    if isinstance(data_or_text, str):
        click.echo(data_or_text, nl=False)
    else:
        click.echo(json.dumps(data_or_text, indent=1, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Exact odds, expectations and house edges for the casino games of the British regulations."""


@cli.command()
@format_option
def versions(fmt: str) -> None:
    """List the regulation versions and the games each permits."""
    check_format(fmt)
    rows = [(v.id, v.in_force.isoformat(), v.instruments, " ".join(v.games)) for v in VERSIONS.values()]
    if fmt == "json":
        emit([{"id": v.id, "in_force": v.in_force.isoformat(), "title": v.title, "instruments": v.instruments,
               "games": list(v.games), "summary": v.summary} for v in VERSIONS.values()])
    elif fmt == "csv":
        emit(text._csv([("id", "in_force", "instruments", "games"), *rows]))
    else:
        for v in VERSIONS.values():
            click.echo(f"{v.id}  in force {v.in_force.isoformat()}  {v.title}")
            click.echo(f"      games: {', '.join(v.games)}")


@cli.command()
@click.argument("game")
@click.option("--version", "version", default=None, help="Regulation version (default: newest permitting the game).")
@format_option
def wagers(game: str, version: str | None, fmt: str) -> None:
    """List the wagers a version permits for GAME, with odds and citations."""
    check_format(fmt)
    try:
        api.check_game(game.lower())
        version = version or default_version(game.lower())
        found = api.wagers(game.lower(), version)
    except ValueError as exc:
        fail(str(exc))
    rows = [(w.key, "; ".join(f"{p.key} {p.odds.text}" for p in w.payouts), w.citations,
             " | ".join(w.reconstructions)) for w in found]
    if fmt == "json":
        emit([{"key": k, "odds": o, "citation": c, "reconstructed": r, "title": w.title}
              for (k, o, c, r), w in zip(rows, found)])
    elif fmt == "csv":
        emit(text._csv([("wager", "odds", "citation", "reconstructed"), *rows]))
    else:
        click.echo(f"{game.lower()} under version {version}:")
        for (key, odds, cite, recon), w in zip(rows, found):
            click.echo(f"  {key:24} {odds:28} {cite}" + (f"  [reconstructed: {recon}]" if recon else ""))


@cli.command()
@click.argument("game")
@click.argument("wager", required=False)
@analysis_options
def edge(game, wager, version, pay, rule, decks, custom, fmt) -> None:
    """Exact house edge of every wager of GAME (or of WAGER), as a fraction and a percentage."""
    check_format(fmt)
    a = run_analysis(game, wager, version, pay, rule, decks, custom)
    if fmt == "json":
        emit(serialize.analysis_to_data(a))
    elif fmt == "csv":
        emit(text.edges_csv([a]))
    else:
        emit(text.edge_text(a))


@cli.command()
@click.argument("game")
@click.argument("wager")
@analysis_options
def dist(game, wager, version, pay, rule, decks, custom, fmt) -> None:
    """Full exact outcome distribution (net return -> probability) of WAGER."""
    check_format(fmt)
    a = run_analysis(game, wager, version, pay, rule, decks, custom)
    if fmt == "json":
        emit(serialize.analysis_to_data(a))
    elif fmt == "csv":
        emit(text.dist_csv([a]))
    else:
        emit(text.dist_text(a))


@cli.command()
@click.option("--out", "out", default="tables", show_default=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--version", "only_versions", multiple=True, help="Only these versions (default: all).")
@click.option("--game", "only_games", multiple=True, help="Only these games (default: all).")
@click.option("--booklet/--no-booklet", default=True, show_default=True,
              help="Also write each version's print booklet (HTML and PDF); skipped when --game is given.")
def tables(out: Path, only_versions: tuple[str, ...], only_games: tuple[str, ...], booklet: bool) -> None:
    """Write every version's tables (Markdown, JSON, CSV) and print booklet (HTML, PDF) under OUT/<version>/."""
    try:
        chosen_versions = [get_version(v).id for v in only_versions] or list(VERSIONS)
        for g in only_games:
            api.check_game(g)
    except ValueError as exc:
        fail(str(exc))
    for version in chosen_versions:
        permitted = get_version(version).games
        games = [g for g in api.GAMES if g in permitted and (not only_games or g in only_games)]
        done = [g for g in games if api.implemented(g)]
        computed = []
        for game in done:
            bar = StderrBar()
            rule_sets = api.table_rule_sets(game, version)
            analyses = []
            for i, rules in enumerate(rule_sets):
                bar(i, len(rule_sets), f"{version} {game}")
                analyses.append(api.analyse(game, version, rules=rules))
            bar(len(rule_sets), len(rule_sets), f"{version} {game}")
            write_game_tables(out, version, game, analyses)
            write_removal_tables(out, version, game, bar)  # issue 16: effects of removal, shoe games only
            computed.append((game, analyses))
        if not only_games:
            write_index(out, version, done, [g for g in games if g not in done])
            if booklet:
                document = booklet_html(version, computed)
                write_text(out / version / "booklet.html", document)
                write_bytes(out / version / "booklet.pdf", booklet_pdf(document))
    click.echo(f"tables written under {out}/", err=True)


def _load_extensions() -> None:
    for name in EXTENSIONS:
        try:
            module = importlib.import_module(f"oddscalc.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"oddscalc.cli.{name}":
                continue
            raise
        for command in module.commands:
            cli.add_command(command)


_load_extensions()


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors with exit status 2, a clean message on interrupt."""
    try:
        rv = cli.main(args=argv, prog_name="oddscalc", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        message = exc.format_message().replace("\n", " ")
        click.echo(f"oddscalc: error: {message}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("oddscalc: interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("\noddscalc: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)
    sys.exit(rv if isinstance(rv, int) else 0)
