"""Composition queries for the baccarat family: `oddscalc baccarat` (punto banco) and `oddscalc super-pan-9`.

Both take the cards already gone from the shoe (`--removed 9,9,8,8,0,0`) and print every wager's exact
expectation on the rest, marking any that has turned positive for the player. They are the generic
`oddscalc edge GAME --rule removed=...` with a shorter spelling and an output made for watching a shoe.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import click

from oddscalc import api
from oddscalc.cli.common import (
    REFUSALS,
    Command,
    CommandFn,
    default_version,
    emit,
    exact_option,
    fail,
    format_option,
    version_option,
)
from oddscalc.core.distribution import render_decimal
from oddscalc.core.progress import StderrBar
from oddscalc.report import serialize, text
from oddscalc.report.edge_tables import game_title
from oddscalc.report.exact import short_text
from oddscalc.wager_results import GameAnalysis

__all__ = ["commands"]


#: An example of cards gone from each game's shoe, shown in --help (the tests check the game accepts it).
REMOVED_EXAMPLES = {"punto-banco": "9,9,8,8,0,0", "super-pan-9": "6,6,5,0,K,A"}


def _options(decks_help: str, game: str) -> Callable[[CommandFn], CommandFn]:
    """The options of a composition query: --decks (`decks_help`), --removed (with `game`'s example), --version,
    --custom, --format and --exact."""

    def wrap(fn: CommandFn) -> CommandFn:
        for decorator in reversed(
            (
                click.option("--decks", default=None, help=decks_help),
                click.option(
                    "--removed",
                    default="none",
                    metavar="CARDS",
                    help=f"Cards already dealt, comma-separated (e.g. {REMOVED_EXAMPLES[game]}).",
                ),
                version_option(),
                click.option("--custom", is_flag=True, help="Allow a shoe the version does not permit."),
                format_option(),
                exact_option,
            )
        ):
            fn = decorator(fn)
        return fn

    return wrap


def _query(game: str, decks: str | None, removed: str, version: str | None, custom: bool) -> GameAnalysis:
    try:
        version = version or default_version(game)
        rules = {"removed": removed.strip() or "none"}
        if decks is not None:
            rules["decks"] = decks
        return api.analyse(game, version, rules=rules, custom=custom, progress=StderrBar())
    except REFUSALS as exc:
        fail(str(exc))


def _pct(value: Fraction) -> str:
    return render_decimal(value * 100, 4) + "%"


def _query_text(a: GameAnalysis, whole: bool = False) -> str:
    """The query for people, folded to 100 columns; long fractions shortened unless `whole`."""
    lines = text.heading(a, whole)
    shoe = next((x for x in a.extras if x.title.startswith("Shoe composition")), None)
    if shoe:
        lines += ["", f"shoe: {shoe.note}", "  value  start  removed  left"]
        lines += [f"  {v:>5}  {start:>5}  {gone:>7}  {left:>4}" for v, start, gone, left in shoe.rows]
    rows = [
        (
            r.wager.key,
            text._payouts(r),
            _pct(r.distribution.p_win),
            _pct(r.distribution.p_push),
            _pct(r.distribution.mean),
            short_text(r.distribution.mean, whole) + ("  POSITIVE" if r.distribution.mean > 0 else ""),
        )
        for r in a.results
    ]
    lines += ["", *text.table(("wager", "odds", "P(win)", "P(void)", "expectation", "exact expectation"), rows)]
    positive = [r.wager.key for r in a.results if r.distribution.mean > 0]
    lines += ["", "positive for the player: " + (", ".join(positive) if positive else "none")]
    summary = next((x for x in a.extras if "by three-card point" in x.title), None)
    if summary:
        lines += ["", "fourth-card strategy by point (House bank; player bank):"]
        lines += [f"  {point}: {house}; {pb}" for point, _, house, pb in summary.rows]
        lines.append(summary.note)
    return "\n".join(text.fit(lines)) + "\n"


def _emit(a: GameAnalysis, fmt: str, whole: bool) -> None:
    if fmt == "json":
        emit(serialize.analysis_to_data(a))
    elif fmt == "csv":
        emit(text.edges_csv([a]))
    elif fmt == "markdown":
        emit(text.markdown([a], game_title(a.game, a.version)))
    else:
        emit(_query_text(a, whole))


@click.command(
    "baccarat",
    cls=Command,
    examples=[
        f"oddscalc baccarat --removed {REMOVED_EXAMPLES['punto-banco']}",
        "oddscalc baccarat --decks 8 --format json",
    ],
)
@_options("Number of 52-card packs, 1-8 (default 6: the law names none).", "punto-banco")
def baccarat(decks: str | None, removed: str, version: str | None, custom: bool, fmt: str, whole: bool) -> None:
    """Punto banco on a depleted shoe: exact odds of the three wagers after REMOVED cards are gone.

    Cards: A or 1, 2-9, and 0, T, 10, J, Q or K for a ten-value card.
    """
    _emit(_query("punto-banco", decks, removed, version, custom), fmt, whole)


@click.command(
    "super-pan-9",
    cls=Command,
    examples=[
        f"oddscalc super-pan-9 --removed {REMOVED_EXAMPLES['super-pan-9']}",
        "oddscalc super-pan-9 --version 1994",
    ],
)
@_options("Number of reduced packs (the law's shoe is 8, 288 cards; others need --custom).", "super-pan-9")
def super_pan_9(decks: str | None, removed: str, version: str | None, custom: bool, fmt: str, whole: bool) -> None:
    """Super Pan 9 on a depleted shoe: exact odds, and the player's best fourth-card play, after REMOVED cards.

    Cards: A or 1, 2-6, and 0, J, Q or K for a court card (no 7s, 8s, 9s or 10s in this shoe).
    """
    _emit(_query("super-pan-9", decks, removed, version, custom), fmt, whole)


commands = [baccarat, super_pan_9]
