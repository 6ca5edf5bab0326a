"""`oddscalc verify`: judge a simulator's round log, round by round, against the law."""

from __future__ import annotations

import click

from oddscalc import api
from oddscalc.cli.common import (
    REFUSALS,
    REPORT_FORMATS,
    Command,
    emit,
    fail,
    format_option,
    game_argument,
    parse_pairs,
    rule_option,
    version_option,
)
from oddscalc.core.inputs import check_input, input_name
from oddscalc.core.numbers import parse_number, parse_whole
from oddscalc.core.progress import StderrBar
from oddscalc.report.text import fit
from oddscalc.verify.runner import verify as run

__all__ = ["commands"]


@click.command(
    "verify",
    cls=Command,
    examples=[
        "oddscalc verify punto-banco pb.jsonl",
        "oddscalc verify blackjack bj.jsonl --strategy basic --format json",
    ],
)
@game_argument()
@click.argument("log")
@version_option("Regulation version (default: the log header's).")
@rule_option("Set a rule option (replaces the header's).")
@click.option("--pay", multiple=True, metavar="WAGER[.PAYOUT]=ODDS", help="A house's own odds (marked CUSTOM).")
@click.option("--custom", is_flag=True, help="Allow a rule set the version does not permit.")
@click.option(
    "--strategy",
    default=None,
    help="Also judge the player's decisions: basic | optimal | FILE (a blackjack chart in JSON).",
)
@click.option(
    "--alpha",
    default="1/100",
    show_default=True,
    help="Significance level of the randomness tests as a whole (Bonferroni-corrected).",
)
@click.option("--randomness/--no-randomness", default=True, show_default=True, help="Run the randomness tests.")
@click.option("--show", default="10", show_default=True, help="Faults printed in full in the text report.")
@click.option("--keep", default="10000", show_default=True, help="Faults kept in full (the rest are counted).")
@format_option(REPORT_FORMATS)
def verify(
    game: str,
    log: str,
    version: str | None,
    rule: tuple[str, ...],
    pay: tuple[str, ...],
    custom: bool,
    strategy: str | None,
    alpha: str,
    randomness: bool,
    show: str,
    keep: str,
    fmt: str,
) -> None:
    """Replay every round of LOG (a JSON Lines round log) under the law of GAME.

    LOG may be gzip-compressed; - reads standard input.

    Reports illegal play, mis-settlement, shoe integrity, strategy departures (with --strategy) and randomness.
    The round log's format: the documentation's page "Verifying round by round".
    Exit status 0 when clean, 1 when any fault is found, 2 on bad input, 130 when interrupted (after
    printing the partial report).
    """
    try:
        api.check_game(game)
        check_input(log, "LOG")  # before the work of reading the options
        level = parse_number(alpha, "--alpha", minimum=0, maximum=1, min_open=True, max_open=True)
        shown = parse_whole(show, "--show", minimum=0, maximum=10**6)
        kept = parse_whole(keep, "--keep", minimum=0, maximum=10**7)
        report = run(
            log,
            game,
            version,
            parse_pairs(rule, "--rule") or None,
            parse_pairs(pay, "--pay") or None,
            custom,
            strategy,
            level,
            randomness,
            StderrBar(),
            kept,
        )
    except REFUSALS as exc:
        fail(f"{input_name(log)}: {exc}" if "line " in str(exc)[:12] else str(exc))
    if fmt == "json":
        emit(report.data())
    else:
        emit("\n".join(fit(report.text(shown).splitlines())) + "\n")  # folded to 100 columns
    if report.interrupted:
        raise SystemExit(130)
    if not report.clean:
        raise SystemExit(1)


commands = [verify]
