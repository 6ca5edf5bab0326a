"""The commands every game shares: the versions, the wagers a version permits, a wager's edge and distribution,
and every version's tables."""

from __future__ import annotations

import click

from oddscalc import api, door
from oddscalc.cli.common import (
    GAMES,
    REFUSALS,
    VERSIONS_ALLOWED,
    Choices,
    Command,
    analysis_options,
    default_version,
    detail_options,
    emit,
    exact_law_option,
    fail,
    format_option,
    game_argument,
    law_option,
    parse_pairs,
    rule_option,
    run_analysis,
    version_option,
    wager_argument,
)
from oddscalc.cli.plotting import checked_plot, draw, plot_option
from oddscalc.core.files import check_output
from oddscalc.core.parallel import on_cluster, scheduler_address
from oddscalc.core.progress import StderrBar
from oddscalc.core.schemas import named
from oddscalc.regulations.versions import VERSIONS, get_version
from oddscalc.report import serialize, text
from oddscalc.report.edge_tables import House, game_title, write_tables
from oddscalc.report.markdown import dist_markdown, table_markdown
from oddscalc.wager_results import GameAnalysis

__all__ = ["commands"]


@click.command(cls=Command, examples=["oddscalc versions", "oddscalc versions --format json"])
@format_option()
def versions(fmt: str) -> None:
    """List the regulation versions and the games each permits."""
    rows = [(v.id, v.in_force.isoformat(), v.instruments, " ".join(v.games)) for v in VERSIONS.values()]
    if fmt == "json":
        listed = [
            {
                "id": v.id,
                "in_force": v.in_force.isoformat(),
                "title": v.title,
                "instruments": v.instruments,
                "games": list(v.games),
                "summary": v.summary,
            }
            for v in VERSIONS.values()
        ]
        emit(named("versions", {"versions": listed}))
    elif fmt == "csv":
        emit(text._csv([("id", "in_force", "instruments", "games"), *rows]))
    elif fmt == "markdown":
        emit(table_markdown("Regulation versions", [("id", "in force", "instruments", "games"), *rows]))
    else:
        lines = []
        for v in VERSIONS.values():
            lines += [f"{v.id}  in force {v.in_force.isoformat()}  {v.title}", f"      games: {', '.join(v.games)}"]
        emit("\n".join(text.fit(lines)) + "\n")


#: The widest odds text kept in a column beside the citation; longer odds (many payouts) get lines of their own.
_ODDS_COLUMN = 24


@click.command(cls=Command, examples=["oddscalc wagers dice --version 1994", "oddscalc wagers sic-bo --format csv"])
@game_argument()
@version_option()
@format_option()
def wagers(game: str, version: str | None, fmt: str) -> None:
    """List the wagers a version permits for GAME, with odds and citations."""
    try:
        api.check_game(game)
        version = version or default_version(game)
        found = door.wagers(game, version=version)
    except REFUSALS as exc:
        fail(str(exc))
    rows = [(w.key, text.payouts_text(w.payouts), w.citations, " | ".join(w.reconstructions)) for w in found]
    if fmt == "json":
        listed = [
            {
                "key": k,
                "title": w.title,
                "odds": o,
                "citation": c,
                "reconstructed": r,
                "payouts": [serialize.payout_data(p) for p in w.payouts],
            }
            for (k, o, c, r), w in zip(rows, found)
        ]
        emit(named("wagers", {"game": game, "version": version, "wagers": listed}))
    elif fmt == "csv":
        emit(text._csv([("wager", "odds", "citation", "reconstructed"), *rows]))
    elif fmt == "markdown":
        emit(table_markdown(f"{game} under version {version}", [("wager", "odds", "citation", "reconstructed"), *rows]))
    else:
        key_width = max((len(k) for k, *_ in rows), default=0)
        short = [len(o) for _, o, *_ in rows if len(o) <= _ODDS_COLUMN]
        odds_width = max(short, default=0)
        lines = [f"{game.lower()} under version {version}:"]
        for key, odds, cite, recon in rows:
            more = f"  [reconstructed: {recon}]" if recon else ""
            if len(odds) <= odds_width:
                lines += text.citation_lines(f"  {key:{key_width}}  {odds:{odds_width}}  ", cite, more)
            else:  # many payouts: the odds folded between payouts, the citation on lines of its own beneath
                start = f"  {key:{key_width}}  "
                lines += text.odds_lines(start, odds)  # folded between payouts
                lines += text.citation_lines(" " * len(start), cite, more)
        click.echo("\n".join(lines))


@click.command(
    cls=Command,
    examples=[
        "oddscalc edge roulette",
        "oddscalc edge dice field --version 1994",
        "oddscalc edge big-six A --pay A=45:1 --format markdown",
        "oddscalc edge --version 2007",
        "oddscalc edge blackjack --version 2007 --rule hole_card=peek",
    ],
)
@game_argument(required=False)
@wager_argument(required=False)
@analysis_options()
@law_option
@exact_law_option
@detail_options
def edge(
    game: str | None,
    wager: str | None,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str,
    law: bool,
    exact_law: bool,
    detail: bool,
    whole: bool,
) -> None:
    """Exact house edge of every wager of GAME (or of WAGER): a summary table (edge, RTP, hit frequency,
    standard deviation), the details with --detail. Without GAME, every game the --version permits. Blackjack
    under a rule set not shipped: the edge and the figures that need only the game, in seconds; its hit
    frequency and standard deviation need the law of a round (--law: minutes, an estimate said first)."""
    if game is None:
        _every_game(version, bool(pay or rule or decks or custom), fmt, exact_law, detail, whole)
        return
    a = run_analysis(game, wager, version, pay, rule, decks, custom, exact_law, law)
    if fmt == "json":
        emit(serialize.analysis_to_data(a))
    elif fmt == "csv":
        emit(text.edges_csv([a]))
    elif fmt == "markdown":
        emit(text.markdown([a], game_title(a.game, a.version, a.custom)))
    else:
        emit(_edge_text(a, wager, pay, rule, decks, custom, exact_law, detail, whole, law))


def _edge_text(
    a: GameAnalysis,
    wager: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    exact_law: bool,
    detail: bool,
    whole: bool,
    law: bool = False,
) -> str:
    """The text report of one game's edges, beside the same wagers under its other plays (blackjack's basic
    strategy: the same summary, by then cached, so no second estimate of the law's time is said)."""
    plays = api.compared_plays(a.game, parse_pairs(rule, "--rule"))
    others = [
        (name, run_analysis(a.game, wager, a.version, pay, (*rule, *_pairs(rules)), decks, custom, exact_law, law))
        for name, rules in plays[1:]
    ]
    return text.edge_text(a, detail, whole, plays[0][0] if plays else "", others)


def _every_game(version: str | None, house: bool, fmt: str, exact_law: bool, detail: bool, whole: bool) -> None:
    """`edge --version V`: each game the version permits, under its default rules, one after another."""
    if version is None:
        fail("Missing argument 'GAME': give a game, or --version V alone for every game's edges under V")
    if house:
        fail("--rule, --pay, --decks and --custom need GAME: they are one game's rules and odds")
    v = get_version(version)
    games = [g for g in v.games if api.implemented(g)]
    analyses = [run_analysis(g, None, v.id, (), (), None, False, exact_law, law=False) for g in games]
    if fmt == "json":
        emit(named("version-edges", {"version": v.id, "games": [serialize.analysis_to_data(a) for a in analyses]}))
    elif fmt == "csv":
        emit(text.edges_csv(analyses))
    elif fmt == "markdown":
        emit("\n".join(text.markdown([a], game_title(a.game, a.version)) for a in analyses))
    else:
        emit("\n".join(_edge_text(a, None, (), (), None, False, exact_law, detail, whole) for a in analyses))


@click.command(
    cls=Command,
    examples=[
        "oddscalc dist roulette even-chance",
        "oddscalc dist sic-bo single-3 --format csv",
        "oddscalc dist blackjack initial --version 1994 --decks 4 --exact-law",
    ],
)
@game_argument()
@wager_argument()
@analysis_options()
@exact_law_option
@plot_option("the law of the wager's net result (a bar chart)")
@detail_options
def dist(
    game: str,
    wager: str,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str,
    exact_law: bool,
    plot_path: str | None,
    detail: bool,
    whole: bool,
) -> None:
    """Full exact outcome distribution (net return -> probability) of WAGER, after its summary row; its math
    report with --detail."""
    plot = checked_plot(plot_path)
    a = run_analysis(game, wager, version, pay, rule, decks, custom, exact_law)
    if plot:
        draw("law_chart", "write_law_plot", plot, a)
    if fmt == "json":
        emit(serialize.analysis_to_data(a))
    elif fmt == "csv":
        emit(text.dist_csv([a]))
    elif fmt == "markdown":
        emit(dist_markdown(a))
    else:
        emit(text.dist_text(a, detail, whole))


def _pairs(rules: dict[str, str]) -> tuple[str, ...]:
    return tuple(f"{k}={v}" for k, v in rules.items())


@click.command(
    cls=Command,
    examples=[
        "oddscalc tables --out tables/",
        "oddscalc tables --version 2007 --game roulette --game dice --out my-tables/",
        "oddscalc tables --version 2007 --game big-six --pay A=45:1 --booklet --out house/",
    ],
)
@click.option("--out", "out", default="tables", show_default=True, help="Folder to write the tables under.")
@click.option(
    "--version",
    "only_versions",
    multiple=True,
    type=Choices(VERSIONS_ALLOWED, "version"),
    help="Only these versions (default: all).",
)
@click.option(
    "--game",
    "only_games",
    metavar="GAME",
    multiple=True,
    type=Choices(GAMES, "game"),
    help=f"Only these games (default: all): {', '.join(GAMES)}.",
)
@click.option(
    "--booklet/--no-booklet",
    default=None,
    help="Also write each version's print booklet (HTML and PDF) [default: with every game; with --game, "
    "only when asked, of the games chosen].",
)
@rule_option("A house's own rule value (every page CUSTOM).")
@click.option("--pay", multiple=True, metavar="WAGER[.PAYOUT]=ODDS", help="A house's own odds (every page CUSTOM).")
@click.option("--custom", is_flag=True, help="Allow a rule set the version does not permit.")
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Compute the independent parts on the Dask cluster at ADDRESS (tcp://host:8786); default: "
    "Dask's scheduler-address config / $DASK_SCHEDULER_ADDRESS, else local processes. The tables "
    "do not depend on it.",
)
def tables(
    out: str,
    only_versions: tuple[str, ...],
    only_games: tuple[str, ...],
    booklet: bool | None,
    rule: tuple[str, ...],
    pay: tuple[str, ...],
    custom: bool,
    scheduler: str | None,
) -> None:
    """Write every version's tables (Markdown, JSON, CSV) and print booklet (HTML, PDF) under OUT/<version>/.

    Every law is exact: blackjack's law of a round with nothing lumped, read from the shipped data (about
    half an hour per 4- or 6-pack rule set to compute when the cache lacks it, progress on stderr). With
    --rule the house's rule set replaces the printed rule sets; with --pay its odds apply to each; a table or
    booklet page that is not the law's says CUSTOM.
    """
    try:
        folder = check_output(out, "--out", directory=True)
        chosen_versions = [get_version(v).id for v in only_versions] or list(VERSIONS)
        address = scheduler_address(scheduler)
        house = House(parse_pairs(rule, "--rule"), parse_pairs(pay, "--pay"), custom)
    except REFUSALS as exc:
        fail(str(exc))
    try:
        with on_cluster(address):
            write_tables(
                folder,
                chosen_versions,
                only_games,
                booklet,
                StderrBar,
                lambda line: click.echo(line, err=True),
                house,
            )
    except REFUSALS as exc:  # a cluster that fails, nothing to write, a booklet table past its page
        fail(str(exc))
    click.echo(f"tables written under {folder}/", err=True)


commands = [versions, wagers, edge, dist, tables]
