"""What every command shares: one-line errors (exit status 2), the options every query takes, reading KEY=VALUE
pairs, running an analysis through the api, and printing the result."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NoReturn, TypeAlias, TypeVar

import click

from oddscalc import api
from oddscalc.analysis import GameAnalysis
from oddscalc.core.numbers import shorten
from oddscalc.core.progress import StderrBar
from oddscalc.regulations.versions import VERSIONS

__all__ = [
    "EXACT_LAW_COST",
    "FORMATS",
    "CommandFn",
    "JSONData",
    "UserError",
    "analysis_options",
    "check_format",
    "default_version",
    "detail_options",
    "emit",
    "exact_law_option",
    "fail",
    "format_option",
    "one_line",
    "parse_pairs",
    "run_analysis",
]

FORMATS = ("text", "json", "csv")

#: A command's function, as click's decorators take and return it.
CommandFn = TypeVar("CommandFn", bound=Callable[..., Any])
#: What a command prints as JSON: an object or an array of them, ready for json.dumps.
JSONData: TypeAlias = dict[str, Any] | list[Any]


class UserError(click.ClickException):
    """A one-line error naming the bad value and what is allowed; exit status 2."""

    exit_code = 2


def fail(message: str) -> NoReturn:
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


def format_option(fn: CommandFn) -> CommandFn:
    return click.option("--format", "fmt", default="text", show_default=True, help="Output format: text, json or csv.")(
        fn
    )


def check_format(fmt: str, allowed: tuple[str, ...] = FORMATS) -> None:
    if fmt not in allowed:
        fail(f"unknown format {shorten(fmt)}; allowed: {', '.join(allowed)}")


def analysis_options(fn: CommandFn) -> CommandFn:
    """The options shared by every query that analyses a game."""
    for decorator in reversed(
        (
            click.option(
                "--version", "version", default=None, help="Regulation version (default: newest permitting the game)."
            ),
            click.option("--pay", multiple=True, metavar="WAGER[.PAYOUT]=ODDS", help="Override a payout, e.g. A=45:1."),
            click.option("--rule", multiple=True, metavar="NAME=VALUE", help="Set a rule option of the game."),
            click.option("--decks", default=None, help="Number of packs (the 'decks' rule option)."),
            click.option("--custom", is_flag=True, help="Allow a rule set the version does not permit."),
            format_option,
        )
    ):
        fn = decorator(fn)
    return fn


def detail_options(fn: CommandFn) -> CommandFn:
    """--detail and --exact: a text report's summary table alone by default."""
    fn = click.option(
        "--exact",
        "whole",
        is_flag=True,
        help="Text: print every exact fraction whole (else one longer than 20 digits is shortened to its "
        "first digits and its digit counts). JSON and CSV always carry them whole.",
    )(fn)
    return click.option(
        "--detail",
        is_flag=True,
        help="Text: after the summary table, each wager's edges under every convention, its math report, "
        "notes and the definitions.",
    )(fn)


#: What `--exact-law` costs, for its help and for the outputs that point to it.
EXACT_LAW_COST = (
    "read at once for the tables' rule sets, whose laws are cached; up to about half an hour at 4 or 6 packs otherwise"
)
exact_law_option = click.option(
    "--exact-law",
    is_flag=True,
    help=f"Blackjack: the law of every round with nothing lumped, as the tables print it ({EXACT_LAW_COST}). "
    "Other games' laws are exact either way.",
)


def run_analysis(
    game: str,
    wager: str | None,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    exact_law: bool = False,
) -> GameAnalysis:
    """The analysis a query asks for, from its options (`analysis_options`); a one-line error for bad input."""
    game = game.lower()
    try:
        api.check_game(game)
        version = version or default_version(game)
        rules = parse_pairs(rule, "--rule")
        if decks is not None:
            rules["decks"] = decks
        return api.analyse(
            game, version, wager, rules, parse_pairs(pay, "--pay"), custom, StderrBar(), exact_law=exact_law
        )
    except ValueError as exc:
        fail(str(exc))


def emit(data_or_text: str | JSONData) -> None:
    """Print text as it is, or data as indented JSON."""
    if isinstance(data_or_text, str):
        click.echo(data_or_text, nl=False)
    else:
        click.echo(json.dumps(data_or_text, indent=1, ensure_ascii=False))


def one_line(message: str) -> str:
    """An error message on one line, any run of more than 80 non-blank characters cut (a pasted megabyte of
    input is named by its start, not echoed whole)."""
    message = " ".join(message.split())

    def cut(m: re.Match[str]) -> str:
        token = m.group()
        tail = token[len(token.rstrip("'\";:,.)")) :]
        return f"{token[:60]}...({len(token):,} characters){tail}"

    return re.sub(r"\S{81,}", cut, message)
