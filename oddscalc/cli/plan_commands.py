"""`oddscalc plan`: the rounds a test of a wager's RTP needs, and the band the RTP should fall in."""

from __future__ import annotations

from fractions import Fraction

import click

from oddscalc import api
from oddscalc.cli.common import (
    REFUSALS,
    Command,
    analysis_options,
    emit,
    exact_law_option,
    exact_option,
    fail,
    game_argument,
    run_analysis,
    wager_argument,
)
from oddscalc.cli.plotting import checked_plot, draw, plot_option
from oddscalc.core.numbers import parse_number, parse_whole
from oddscalc.report.markdown import table_markdown
from oddscalc.report.plan_render import plan_data, plan_rows, plan_text
from oddscalc.report.text import _csv, heading

__all__ = ["commands"]


@click.command(
    "plan",
    cls=Command,
    examples=[
        "oddscalc plan roulette straight --shift 1%",
        "oddscalc plan dice win --version 1994 --rounds 1e6 --level 99%",
        "oddscalc plan three-card-poker ante-play --turnover 5e5 --format json",
    ],
)
@game_argument()
@wager_argument()
@click.option(
    "--shift",
    default=None,
    metavar="POINTS",
    help="RTP shift to detect, as a fraction of the initial stake or a percentage: 0.005 or 0.5%.",
)
@click.option("--rounds", default=None, help="Number of rounds for the band (1e6 allowed).")
@click.option("--turnover", default=None, help="Total staked, in units of the initial stake, for the band.")
@click.option("--alpha", default="1%", show_default=True, help="Significance level of the detecting z-test.")
@click.option("--power", default="80%", show_default=True, help="Chance of detecting a shift of --shift.")
@click.option("--level", default="95%", show_default=True, help="Probability that the RTP lies in the band.")
@click.option("--one-sided", is_flag=True, help="Detect a shift in one stated direction only.")
@analysis_options()
@exact_law_option
@exact_option
@plot_option("the RTP band against the number of rounds")
def plan(
    game: str,
    wager: str,
    shift: str | None,
    rounds: str | None,
    turnover: str | None,
    alpha: str,
    power: str,
    level: str,
    one_sided: bool,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str,
    exact_law: bool,
    whole: bool,
    plot_path: str | None,
) -> None:
    """Plan a test of WAGER's return to player (RTP).

    With --shift: the rounds needed to detect that shift of the RTP by a z-test at --alpha with --power. With
    --rounds or --turnover: the band the RTP should fall in with probability --level, and the smallest shift those
    rounds detect. Model: the normal approximation to the mean net return with the wager's exact variance.
    """
    plot = checked_plot(plot_path)
    try:
        asked_shift = None if shift is None else parse_number(shift, "--shift", percent=True, minimum=0, min_open=True)
        asked_rounds = None if rounds is None else parse_whole(rounds, "--rounds", minimum=1)
        asked_turnover = None if turnover is None else parse_number(turnover, "--turnover", minimum=0, min_open=True)
        asked_alpha = _chance(alpha, "--alpha")
        asked_power = _chance(power, "--power")
        asked_level = _chance(level, "--level")
    except REFUSALS as exc:
        fail(str(exc))
    a = run_analysis(game, wager, version, pay, rule, decks, custom, exact_law)
    try:
        result = api.plan_of(
            a.results[0],
            shift=asked_shift,
            rounds=asked_rounds,
            turnover=asked_turnover,
            alpha=asked_alpha,
            power=asked_power,
            level=asked_level,
            two_sided=not one_sided,
        )
    except REFUSALS as exc:
        fail(str(exc))
    if plot:
        draw("band", "write_band_plot", plot, result, a)
    key = a.results[0].wager.key
    if fmt == "json":
        emit(
            plan_data(
                result, {"game": a.game, "wager": key, "version": a.version, "rules": dict(a.rules), "custom": a.custom}
            )
        )
    elif fmt in ("csv", "markdown"):
        rows = [("quantity", "value"), ("game", a.game), ("wager", key), ("version", a.version), *plan_rows(result)]
        emit(_csv(rows) if fmt == "csv" else table_markdown(f"Test plan: {a.game} {key}, version {a.version}", rows))
    else:
        emit(plan_text(result, "\n".join(heading(a, whole)) + f"\n{key}: {a.results[0].wager.title}", whole))


def _chance(text: str, what: str) -> Fraction:
    """A probability strictly between 0 and 1, as a fraction, a decimal or a percentage."""
    return parse_number(text, what, minimum=0, maximum=1, min_open=True, max_open=True, percent=True)


commands = [plan]
