"""What every command shares: the help's one style (fixed values listed, examples), one-line errors (exit status
2), the options every query takes, reading KEY=VALUE pairs, running an analysis through the api, and printing the
result."""

from __future__ import annotations

import json
import os
import re
import textwrap
from collections.abc import Callable, Collection, Sequence
from typing import Any, NoReturn, TypeAlias, TypeVar

import click
from click.shell_completion import CompletionItem

from oddscalc import api, door
from oddscalc.core.errors import DataError, InputError, LimitError
from oddscalc.core.numbers import shorten
from oddscalc.core.progress import StderrBar
from oddscalc.regulations.versions import VERSIONS
from oddscalc.report.exact import noted
from oddscalc.wager_results import GameAnalysis

__all__ = [
    "EXACT_LAW_COST",
    "GAMES",
    "QUERY_FORMATS",
    "REFUSALS",
    "REPORT_FORMATS",
    "VERSIONS_ALLOWED",
    "Choices",
    "Command",
    "CommandFn",
    "Group",
    "JSONData",
    "UserError",
    "analysis_options",
    "default_version",
    "detail_options",
    "emit",
    "exact_law_option",
    "fail",
    "flag_names",
    "format_option",
    "game_argument",
    "law_option",
    "one_line",
    "parse_pairs",
    "run_analysis",
    "version_option",
]

#: The output formats of a query that prints a table: text for people, Markdown to paste, JSON and CSV for programs.
QUERY_FORMATS = ("text", "markdown", "json", "csv")
#: The formats of a command whose output is no table (a report, a verdict): text for people, JSON for programs.
REPORT_FORMATS = ("text", "json")
#: Every game, in the api's order.
GAMES = tuple(api.GAMES)
#: Every regulation version, oldest first.
VERSIONS_ALLOWED = tuple(VERSIONS)

#: A command's function, as click's decorators take and return it.
CommandFn = TypeVar("CommandFn", bound=Callable[..., Any])
#: What a command prints as JSON: an object or an array of them, ready for json.dumps.
JSONData: TypeAlias = dict[str, Any] | list[Any]


class UserError(click.ClickException, InputError):
    """A one-line error naming the bad value and what is allowed; exit status 2. A click error (click prints
    it) and one of oddscalc's input errors (`oddscalc.InputError`), so the error family holds it too."""

    exit_code = 2


#: The errors a command turns into one line and exit status 2 (`fail`): every error of oddscalc's family but a
#: run that failed after it started (`RunError`, exit status 1 in `cli.main`). Anything else is a bug.
REFUSALS = (InputError, DataError, LimitError)


class Refused(click.BadParameter, InputError):
    """A value outside a fixed set, named with what is allowed in one line (click's usage error, exit status 2)."""

    def format_message(self) -> str:
        return self.message


class Choices(click.Choice):
    """A fixed set of values: `--help` lists them, shell completion offers them, case is ignored (the value
    comes back spelled as here), and anything else is refused in one line naming what is allowed. `known` are
    values right elsewhere but not here (a game a command does not take), refused as such."""

    def __init__(self, choices: Sequence[str], what: str, known: Collection[str] = ()) -> None:
        super().__init__(tuple(choices), case_sensitive=False)
        self.what = what
        self.known = frozenset(k.lower() for k in known)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            allowed = ", ".join(map(str, self.choices))
            if str(value).lower() in self.known and ctx is not None:
                message = f"{ctx.command_path} does not take {self.what} {shorten(value)}; allowed: {allowed}"
            else:
                message = f"unknown {self.what} {shorten(value)}; allowed: {allowed}"
            raise Refused(message, ctx, param) from None


class _Styled:
    """The one help style's parts: the fixed arguments' values ("Arguments:", never broken at a hyphen) after the
    description, then "Examples:", whole command lines to copy (`examples`), after the options."""

    examples: tuple[str, ...] = ()

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)  # type: ignore[misc]
        fixed = [
            (p.human_readable_name, ", ".join(map(str, p.type.choices)))
            for p in ctx.command.get_params(ctx)
            if isinstance(p, click.Argument) and isinstance(p.type, click.Choice)
        ]
        if fixed:
            with formatter.section("Arguments"):
                name_width = max(len(name) for name, _ in fixed)
                for name, values in fixed:
                    lines = textwrap.wrap(
                        values,
                        max(30, formatter.width - formatter.current_indent - name_width - 2),
                        break_on_hyphens=False,
                        break_long_words=False,
                    )
                    for i, line in enumerate(lines):
                        label = name if i == 0 else ""
                        formatter.write(f"{'':{formatter.current_indent}}{label:{name_width}}  {line}\n")

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)  # type: ignore[misc]
        if self.examples:
            with formatter.section("Examples"):
                for example in self.examples:  # whole, never wrapped: a line to copy
                    formatter.write(f"{'':{formatter.current_indent}}{example}\n")


class Command(_Styled, click.Command):
    """A command in the one help style (`_Styled`), with its `examples`."""

    def __init__(self, *args: Any, examples: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.examples = tuple(examples)


class Group(_Styled, click.Group):
    """A group of commands in the same style, with its `examples`: alone (`oddscalc`, `oddscalc blackjack`) it
    prints its help and exits 0; its commands are `Command`s."""

    command_class = Command

    def __init__(self, *args: Any, examples: Sequence[str] = (), **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", {"help_option_names": ["-h", "--help"]})
        super().__init__(*args, **kwargs)
        self.examples = tuple(examples)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            click.echo(ctx.get_help())
            ctx.exit(0)
        return super().parse_args(ctx, args)


#: The library's messages name parameters (`pay`, `custom=True`, `up=...`); the command line says its flags.
_FLAGS = (
    (re.compile(r"(?<![-\w])pay '"), "--pay '"),
    (re.compile(r"give custom=True"), "pass --custom"),
    (re.compile(r"give up='7h' or another card"), "give --up CARD (e.g. --up 7h)"),
    (re.compile(r"give up=None"), "drop --up"),
    (re.compile(r"^law budget "), "--law-budget "),
    (re.compile(r"^hands '"), "--hands '"),
    (re.compile(r"(?:^|(?<=: ))(count|burn|shuffle) '"), r"--\1 '"),
    (re.compile(r"(?:^|(?<=: ))count weight for "), "--count weight for "),
    (re.compile(r"weights such as 0=1,A=-1"), "weights such as --count 0=1,A=-1"),
    (re.compile(r"(?:^|(?<=: ))burn (?=\S+ burns |(?:down|up):N)"), "--burn "),
    (re.compile(r"a deeper penetration"), "a deeper --penetration"),
    (re.compile(r"^shuffle (?=(?:riffle|strip): )"), "--shuffle "),
    (re.compile(r"(?:^|(?<=: ))leave (?=-?\d[^ ]* is above enter )"), "--leave "),
    (re.compile(r" is above enter (?=-?\d)"), " is above --enter "),
    (re.compile(r"(?:^|(?<=: ))re_enter: "), "--re-enter: "),
    (re.compile(r"allowed only with both enter and leave"), "allowed only with both --enter and --leave"),
    (re.compile(r"^pattern (?=.* (?:is not a regular expression|needs a named group))"), "--pattern "),
    (re.compile(r"^(rounds must|shuffle deals|strategy for) "), r"--\1 "),
    (re.compile(r"^cut (\d)"), r"--cut \1"),
    (re.compile(r"^strategy file "), "--strategy "),
    (re.compile(r"(?<=; )strategy applies to "), "--strategy applies to "),
    (re.compile(r"give a count \(a counting system\)"), "give --count (a counting system)"),
    (re.compile(r"give a count with them"), "give a --count with them"),
    (re.compile(r"(?:^|(?<=: ))ramp (?=step |true count |stake |'|@)"), "--ramp "),
    (re.compile(r"(?:^|(?<=: )|(?<=cannot read ))indices "), "--indices "),
    (
        re.compile(r"set the rule strategy=basic here and for the check"),
        "pass --rule strategy=basic here and to `check`",
    ),
)


def flag_names(message: str) -> str:
    """A library message as the command line says it: parameters named by their flags.

    >>> flag_names("pay 'A': no wager 'A'; allowed: B"), flag_names("three-card-poker has no up-card; give up=None")
    ("--pay 'A': no wager 'A'; allowed: B", 'three-card-poker has no up-card; drop --up')
    """
    for pattern, flag in _FLAGS:
        message = pattern.sub(flag, message)
    return message


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line error (exit status 2), parameters named by their flags (`flag_names`)."""
    raise UserError(flag_names(message))


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


def format_option(
    formats: Sequence[str] = QUERY_FORMATS, default: str | None = "text", help: str = "Output format."
) -> Callable[[CommandFn], CommandFn]:
    """`--format`, one of `formats` (`--help` lists them); the command's function takes it as `fmt`."""
    return click.option(
        "--format",
        "fmt",
        type=Choices(formats, "format"),
        default=default,
        show_default=default is not None,
        help=help,
    )


def version_option(
    help: str = "Regulation version (default: the newest that permits the game).",
) -> Callable[[CommandFn], CommandFn]:
    """`--version`, one of the regulation versions; the command's function takes it as `version` (None if not given)."""
    return click.option("--version", "version", type=Choices(VERSIONS_ALLOWED, "version"), default=None, help=help)


def game_argument(games: Sequence[str] = GAMES, required: bool = True) -> Callable[[CommandFn], CommandFn]:
    """GAME, one of `games` (listed under "Arguments:" in `--help`); a game of the api outside `games` is refused as
    one the command does not take."""
    return click.argument("game", metavar="GAME", type=Choices(games, "game", known=GAMES), required=required)


def complete_wager(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion of WAGER: the wagers of the GAME given, under the --version given before it (else the
    game's newest)."""
    game = ctx.params.get("game")
    if not game:
        return []
    try:
        found = api.wagers(game, ctx.params.get("version") or default_version(game))
    except REFUSALS:
        return []
    return [CompletionItem(w.key) for w in found if w.key.lower().startswith(incomplete.lower())]


def complete_rule(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion of --rule NAME=VALUE: the rule names of the GAME given (every game's, without one) as
    `NAME=`, then, after the `=`, that rule's values.

    >>> ctx = click.Context(click.Command("edge"))
    >>> ctx.params["game"] = "blackjack"
    >>> [c.value for c in complete_rule(ctx, click.Option(["--rule"]), "soft17=")]
    ['soft17=stand', 'soft17=hit']
    """
    game = ctx.params.get("game") or _game_left_unparsed(ctx)
    games = [game] if game else [g for g in GAMES if api.implemented(g)]
    options = {o.name: o for g in games for o in api.rule_options(g)}
    name, eq, value = incomplete.partition("=")
    if eq:
        option = options.get(name)
        choices = option.choices if option is not None else ()
        return [CompletionItem(f"{name}={c}") for c in choices if c.lower().startswith(value.lower())]
    return [CompletionItem(f"{n}=", type="nospace") for n in options if n.startswith(incomplete)]


def _game_left_unparsed(ctx: click.Context) -> str | None:
    """The GAME typed before a trailing `--rule` awaiting its value: click's completion then leaves the
    command's arguments unparsed in `ctx.args`, so GAME is not in `ctx.params`."""
    return next((a for a in ctx.args if a in GAMES), None)


def rule_option(help: str = "Set a rule option of the game.") -> Callable[[CommandFn], CommandFn]:
    """--rule NAME=VALUE (many), its names and values offered by shell completion."""
    return click.option("--rule", multiple=True, metavar="NAME=VALUE", help=help, shell_complete=complete_rule)


def wager_argument(required: bool = True) -> Callable[[CommandFn], CommandFn]:
    """WAGER, a wager of GAME, offered by shell completion."""
    return click.argument("wager", required=required, shell_complete=complete_wager)


def analysis_options(formats: Sequence[str] | None = QUERY_FORMATS) -> Callable[[CommandFn], CommandFn]:
    """The options shared by every query that analyses a game, `--format` one of `formats` (None: a command that
    gives its own `format_option`)."""

    def wrap(fn: CommandFn) -> CommandFn:
        for decorator in reversed(
            (
                version_option(),
                click.option(
                    "--pay", multiple=True, metavar="WAGER[.PAYOUT]=ODDS", help="Override a payout, e.g. A=45:1."
                ),
                rule_option(),
                click.option("--decks", default=None, help="Number of packs (the 'decks' rule option)."),
                click.option("--custom", is_flag=True, help="Allow a rule set the version does not permit."),
            )
            + (() if formats is None else (format_option(formats),))
        ):
            fn = decorator(fn)
        return fn

    return wrap


def exact_option(fn: CommandFn) -> CommandFn:
    """--exact (as `whole`): a text report's long fractions printed whole instead of shortened."""
    return click.option(
        "--exact",
        "whole",
        is_flag=True,
        help="Text: print every exact fraction whole (else one longer than 20 digits is written as its "
        "decimal rounded to 8 significant figures, marked ≈). JSON and CSV always carry them whole.",
    )(fn)


def detail_options(fn: CommandFn) -> CommandFn:
    """--detail and --exact: a text report's summary table alone by default."""
    fn = exact_option(fn)
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


law_option = click.option(
    "--law",
    is_flag=True,
    help="Blackjack: the figures that need the law of a round too (standard deviation, hit frequency, P(push), "
    "the law itself): at once where shipped or cached, else minutes, an estimate of the time said first. "
    "Without it, a rule set not shipped gives the edge and the figures that need only the game, in seconds. "
    "Other games give their law either way.",
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
    law: bool = True,
) -> GameAnalysis:
    """The analysis a query asks for, from its options (`analysis_options`); a one-line error for bad input.
    `law` False: blackjack's law of a round only where shipped or cached (`api.analyse`); True: where it must
    be computed, an estimate of its time on stderr first (`api.law_seconds`)."""
    try:
        api.check_game(game)
        version = version or default_version(game)
        rules = parse_pairs(rule, "--rule")
        if decks is not None:
            rules["decks"] = decks
        if law or exact_law:
            _say_law_cost(game, version, rules, parse_pairs(pay, "--pay"), custom, exact_law)
        return door.analyse(
            game,
            wager,
            version=version,
            rules=rules,
            pay=parse_pairs(pay, "--pay"),
            custom=custom,
            exact_law=exact_law,
            progress=StderrBar(),
            law=law,
        )
    except REFUSALS as exc:
        fail(str(exc))


def _say_law_cost(
    game: str, version: str, rules: dict[str, str], pay: dict[str, str], custom: bool, exact_law: bool
) -> None:
    """Before a law of a round that is neither shipped nor cached is computed: what, and about how long (the
    game's own figures computed first, with a progress line, to time it: `api.law_seconds`)."""
    seconds = api.law_seconds(game, version, rules, pay, custom, exact_law, StderrBar())
    if seconds is None:
        return
    about = f"about {round(seconds)} s" if seconds < 120 else f"about {round(seconds / 60)} min"
    click.echo(
        f"oddscalc: computing the law of a round ({game}; neither shipped nor cached): {about} at this "
        "machine's present speed (an estimate: the game's own time here times the law's measured share), then "
        "cached for the next run",
        err=True,
    )


def emit(data_or_text: str | JSONData) -> None:
    """Print text as it is (with the rounding note at its end, once, where it rounds a long fraction:
    exact.noted), or data as indented JSON."""
    if isinstance(data_or_text, str):
        click.echo(noted(data_or_text), nl=False)
    else:
        click.echo(json.dumps(data_or_text, indent=1, ensure_ascii=False))


def _a_path(text: str) -> bool:
    """Whether `text` names a file or folder that exists, or one that could in a folder that does (a file missing)."""
    try:
        return os.path.exists(text) or (os.sep in text and os.path.isdir(os.path.dirname(text)))
    except ValueError:  # a NUL byte
        return False


def one_line(message: str) -> str:
    """An error message on one line, any run of more than 80 non-blank characters cut, but a path kept whole.

    A pasted megabyte of input is named by its start, not echoed whole. A path of a file or folder that exists,
    or could (its folder does), is kept: the user must see which one.

    >>> one_line("bad  value " + "9" * 100)
    'bad value 999999999999999999999999999999999999999999999999999999999999...(100 characters)'
    """
    message = " ".join(message.split())

    def cut(m: re.Match[str]) -> str:
        token = m.group()
        tail = token[len(token.rstrip("'\";:,.)")) :]
        if len(token) <= 4096 and _a_path(token[: len(token) - len(tail)].lstrip("'\"(")):
            return token
        return f"{token[:60]}...({len(token):,} characters){tail}"

    return re.sub(r"\S{81,}", cut, message)
