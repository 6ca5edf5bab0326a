"""The `oddscalc` command line: thin wrappers over `oddscalc.api` and the report writers."""

from __future__ import annotations

import importlib
import json
import re
import sys
from concurrent.futures.process import BrokenProcessPool
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version

import click

from oddscalc import api
from oddscalc.core.progress import StderrBar
from oddscalc.regulations.versions import VERSIONS, get_version
from oddscalc.report import serialize, text
from oddscalc.core.files import check_output
from oddscalc.core.numbers import shorten
from oddscalc.core.parallel import on_cluster, scheduler_address
from oddscalc.report.tables import write_tables

__all__ = ["main", "cli"]

FORMATS = ("text", "json", "csv")

#: Game-specific command modules under oddscalc/cli/, each exposing `commands` (a list of click commands).
EXTENSIONS = ("blackjack", "baccarat", "poker", "sim", "law", "plan", "verify", "protect", "data")


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
            fail(f"{option} {shorten(item)}: write it as KEY=VALUE")
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


def check_format(fmt: str, allowed: tuple[str, ...] = FORMATS) -> None:
    if fmt not in allowed:
        fail(f"unknown format {shorten(fmt)}; allowed: {', '.join(allowed)}")


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


#: What `--exact-law` costs, for its help and for the outputs that point to it.
EXACT_LAW_COST = ("read at once for the tables' rule sets, whose laws are cached; up to about half an hour at 4 or 6 "
                  "packs otherwise")
exact_law_option = click.option(
    "--exact-law", is_flag=True,
    help=f"Blackjack: the law of every round with nothing lumped, as the tables print it ({EXACT_LAW_COST}). "
         "Other games' laws are exact either way.")


def run_analysis(game, wager, version, pay, rule, decks, custom, exact_law: bool = False):
    game = game.lower()
    try:
        api.check_game(game)
        version = version or default_version(game)
        rules = parse_pairs(rule, "--rule")
        if decks is not None:
            rules["decks"] = decks
        return api.analyse(game, version, wager, rules, parse_pairs(pay, "--pay"), custom, StderrBar(),
                           exact_law=exact_law)
    except ValueError as exc:
        fail(str(exc))


def emit(data_or_text) -> None:
    if isinstance(data_or_text, str):
        click.echo(data_or_text, nl=False)
    else:
        click.echo(json.dumps(data_or_text, indent=1, ensure_ascii=False))


def _own_version() -> str:
    try:
        return package_version("oddscalc")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown (not installed)"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_own_version(), "--version", prog_name="oddscalc", message="%(prog)s %(version)s",
                      help="Show oddscalc's version and exit (a command's own --version is the regulation version).")
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
        key_width = max((len(k) for k, *_ in rows), default=0)
        odds_width = max((len(o) for _, o, *_ in rows), default=0)
        for key, odds, cite, recon in rows:
            click.echo(f"  {key:{key_width}}  {odds:{odds_width}}  {cite}"
                       + (f"  [reconstructed: {recon}]" if recon else ""))


@cli.command()
@click.argument("game")
@click.argument("wager", required=False)
@analysis_options
@exact_law_option
def edge(game, wager, version, pay, rule, decks, custom, fmt, exact_law) -> None:
    """Exact house edge of every wager of GAME (or of WAGER), as a fraction and a percentage."""
    check_format(fmt)
    a = run_analysis(game, wager, version, pay, rule, decks, custom, exact_law)
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
@exact_law_option
def dist(game, wager, version, pay, rule, decks, custom, fmt, exact_law) -> None:
    """Full exact outcome distribution (net return -> probability) of WAGER."""
    check_format(fmt)
    a = run_analysis(game, wager, version, pay, rule, decks, custom, exact_law)
    if fmt == "json":
        emit(serialize.analysis_to_data(a))
    elif fmt == "csv":
        emit(text.dist_csv([a]))
    else:
        emit(text.dist_text(a))


@cli.command()
@click.option("--out", "out", default="tables", show_default=True, help="Folder to write the tables under.")
@click.option("--version", "only_versions", multiple=True, help="Only these versions (default: all).")
@click.option("--game", "only_games", multiple=True, help="Only these games (default: all).")
@click.option("--booklet/--no-booklet", default=True, show_default=True,
              help="Also write each version's print booklet (HTML and PDF); skipped when --game is given.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Compute the independent parts on the Dask cluster at ADDRESS (tcp://host:8786); default: "
                   "Dask's scheduler-address config / $DASK_SCHEDULER_ADDRESS, else local processes. The tables "
                   "do not depend on it.")
def tables(out: str, only_versions: tuple[str, ...], only_games: tuple[str, ...], booklet: bool,
           scheduler: str | None) -> None:
    """Write every version's tables (Markdown, JSON, CSV) and print booklet (HTML, PDF) under OUT/<version>/.

    Every law is exact: blackjack's law of a round with nothing lumped, read from the committed cache (about
    half an hour per 4- or 6-pack rule set to compute when the cache lacks it, progress on stderr).
    """
    try:
        out = check_output(out, "--out", directory=True)
        chosen_versions = [get_version(v).id for v in only_versions] or list(VERSIONS)
        for g in only_games:
            api.check_game(g)
        address = scheduler_address(scheduler)
    except ValueError as exc:
        fail(str(exc))
    try:
        with on_cluster(address):
            write_tables(out, chosen_versions, only_games, booklet, StderrBar, lambda line: click.echo(line, err=True))
    except ValueError as exc:  # a cluster that fails, nothing to write, a booklet table past its page
        fail(str(exc))
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


def one_line(message: str) -> str:
    """An error message on one line, any run of more than 80 non-blank characters cut (a pasted megabyte of
    input is named by its start, not echoed whole)."""
    message = " ".join(message.split())

    def cut(m: re.Match) -> str:
        token = m.group()
        tail = token[len(token.rstrip("'\";:,.)")):]
        return f"{token[:60]}...({len(token):,} characters){tail}"
    return re.sub(r"\S{81,}", cut, message)


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors with exit status 2, a clean message on interrupt."""
    try:
        rv = cli.main(args=argv, prog_name="oddscalc", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        click.echo(f"oddscalc: error: {one_line(exc.format_message())}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("oddscalc: interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("\noddscalc: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)
    except MemoryError as exc:  # work a user asked for without a bound (a blackjack law with --law-budget none)
        click.echo(one_line(f"oddscalc: error: out of memory{': ' + str(exc) if str(exc) else ''}"), err=True)
        sys.exit(2)
    except BrokenProcessPool:  # a worker killed by the system, most often for want of memory
        click.echo("oddscalc: error: a worker process was killed (most likely for want of memory)", err=True)
        sys.exit(2)
    except OSError as exc:  # a file that cannot be written or read after all (disk full, a device, /proc)
        where = f" ({shorten(exc.filename)})" if exc.filename else ""
        click.echo(f"oddscalc: error: input/output failed{where}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    sys.exit(rv if isinstance(rv, int) else 0)
