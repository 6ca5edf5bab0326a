"""`oddscalc poker-hand`: the exact raise/play or fold decision for one hand (and the banker's up-card)."""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path

import click

from oddscalc import api, door
from oddscalc.cli.common import (
    REFUSALS,
    REPORT_FORMATS,
    Choices,
    Command,
    default_version,
    fail,
    format_option,
    game_argument,
    parse_pairs,
    version_option,
)
from oddscalc.core.distribution import render_decimal
from oddscalc.core.files import check_output, writing_text
from oddscalc.core.numbers import shorten
from oddscalc.core.progress import StderrBar
from oddscalc.core.schemas import named
from oddscalc.report.exact import exact, fraction_text
from oddscalc.report.text import fit

__all__ = ["commands"]

_GAMES = ("casino-stud-poker", "three-card-poker")


def _decide(
    game: str, cards: str, up: str | None, version: str | None, pay: tuple[str, ...]
) -> tuple[str, api.PokerHand]:
    try:
        version = version or default_version(game)
        return version, door.poker_hand(game, cards, up, version=version, pay=parse_pairs(pay, "--pay"))
    except REFUSALS as exc:
        fail(str(exc))


@click.command(
    "poker-hand",
    cls=Command,
    examples=[
        'oddscalc poker-hand casino-stud-poker "As Kd 5c 5h 2d" --up 7h',
        'oddscalc poker-hand three-card-poker "Qs 6d 4c" --format json',
    ],
)
@game_argument(_GAMES)
@click.argument("cards")
@click.option("--up", default=None, help="The banker's up-card (casino stud poker), e.g. 7h.")
@version_option()
@click.option(
    "--pay", multiple=True, metavar="WAGER[.PAYOUT]=ODDS", help="Override a payout, e.g. ante.royal-flush=100:1."
)
@format_option(REPORT_FORMATS)
def poker_hand(game: str, cards: str, up: str | None, version: str | None, pay: tuple[str, ...], fmt: str) -> None:
    """Exact expectation of raising (playing) and of folding for one hand, listing every banker hand.

    CARDS are written like "As Kd 5c 5h 2d" (casino stud poker, five cards) or "Qs 6d 4c" (Three Card Poker).
    """
    version, d = _decide(game, cards, up, version, pay)
    if hasattr(d, "play_ev"):  # Three Card Poker: three cards
        act, ev, against = "play", d.play_ev, ""
    else:  # casino stud poker: five cards against the banker's up-card
        act, ev, against = "raise", d.raise_ev, f" against up-card {d.up}"
    margin = ev - d.fold_ev
    if fmt == "json":
        data = {
            "game": game,
            "version": version,
            "hand": d.hand,
            "up": getattr(d, "up", None),
            "category": d.category,
            "banker_hands": {
                "does not qualify": d.no_qualify,
                "player wins": d.player_wins,
                "void": d.void,
                "banker wins": d.banker_wins,
            },
            f"ev_{act}": fraction_text(ev),
            "ev_fold": fraction_text(d.fold_ev),
            "gain_over_folding": exact(margin),
            "decision": d.decision,
        }
        click.echo(json.dumps(named("poker-hand", data), indent=1))
        return
    total = d.no_qualify + d.player_wins + d.void + d.banker_wins
    lines = [
        f"{game} (version {version}): {d.hand} ({d.category}){against}",
        f"  banker's {total:,} possible hands: {d.no_qualify:,} do not qualify, {d.player_wins:,} lose to "
        f"the player, {d.void:,} tie, {d.banker_wins:,} win",
        f"  expectation of {act}: {fraction_text(ev)} = {render_decimal(ev, 6)} per unit Ante",
        "  expectation of fold: -1",
        f"  decision: {d.decision} ({_margin_text(act, margin)})",
    ]
    click.echo("\n".join(fit(lines)))


def _margin_text(act: str, margin: Fraction) -> str:
    """The decision's margin for people: what raising (playing) gains or loses against folding, in % of the Ante.

    >>> _margin_text("raise", Fraction(-2042, 54395))
    'raising would lose 3.7540% of the Ante more than folding'
    >>> _margin_text("play", Fraction(61, 9212))
    'playing gains 0.6622% of the Ante over folding'
    """
    doing = {"raise": "raising", "play": "playing"}[act]
    if margin > 0:
        return f"{doing} gains {render_decimal(margin * 100, 4)}% of the Ante over folding"
    if margin < 0:
        return f"{doing} would lose {render_decimal(-margin * 100, 4)}% of the Ante more than folding"
    return f"{doing} and folding are worth the same"


@click.command(
    "stud-strategy",
    cls=Command,
    examples=["oddscalc stud-strategy --out ace-king.csv", "oddscalc stud-strategy --hands all --out all-hands.csv"],
)
@click.option("--out", "out", required=True, help="CSV file to write (one row per player hand class and up-card).")
@click.option(
    "--hands",
    type=Choices(("ace-king", "all"), "--hands"),
    default="ace-king",
    show_default=True,
    help="ace-king: the no-pair A-K hands, the only ones whose decision varies; all: every hand (6.3 million rows).",
)
@version_option()
@click.option("--pay", multiple=True, metavar="ante.PAYOUT=ODDS", help="Override a Raise payout.")
def stud_strategy(out: str, hands: str, version: str | None, pay: tuple[str, ...]) -> None:
    """Write the exact casino stud expectation of raising, and the decision, for every hand class and up-card."""
    path: Path | None = None
    try:
        path = check_output(out, "--out")
        version = version or default_version("casino-stud-poker")
        bar = StderrBar()
        bar(0, 1, "casino stud poker: every deal")  # long work says so at once (counting comes first)
        rows = api.stud_decisions(version, hands, parse_pairs(pay, "--pay"), bar)
        with writing_text(path) as f:
            writer = csv.writer(f, lineterminator="\n")
            writer.writerow(
                (
                    "hand",
                    "up_card",
                    "hands_in_class",
                    "banker_no_qualify",
                    "player_wins",
                    "void",
                    "banker_wins",
                    "ev_raise",
                    "ev_fold",
                    "decision",
                )
            )
            n = 0
            for hand, up, weight, nq, lt, eq, gt, ev, decision in rows:
                writer.writerow((hand, up, weight, nq, lt, eq, gt, fraction_text(ev), "-1", decision))
                n += 1
    except REFUSALS as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write --out {shorten(str(path or out))}: {exc.strerror or exc}")
    click.echo(f"{n:,} rows written to {path} (hidden banker sets per row: 163,185; fold loses 1)", err=True)


commands = [poker_hand, stud_strategy]
