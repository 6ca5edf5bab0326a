"""A protection study's pictures (`oddscalc protect ... --plot FILE`): the mean exact advantage by true count, how
often each true count comes, and the bet ramp's yield by penetration (protect.penetration, from the same shoes).
A table of several players (`--player`) draws the same three panels with one series a player, each by his own
count, stakes and index plays (his first measure).

The means are exact sample means (protect.summary); the bars around them are ± one standard error between shoes
(the ratio estimate's), drawn from the exact squared standard error's square root. Everything drawn is a float
rendering of those figures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from oddscalc.core.errors import InputError
from oddscalc.protect.count_systems import CountSystem
from oddscalc.protect.penetration import PenetrationRow, cut_places, yield_by_penetration
from oddscalc.protect.run_summary import Estimate, Summary
from oddscalc.protect.shoes import ShoeRecord
from oddscalc.report.plots import canvas

__all__ = [
    "LABELLED_BINS",
    "Study",
    "StudyError",
    "study_figure",
    "study_of",
    "table_figure",
    "write_study_plot",
    "write_table_plot",
]


#: Frequency bars are labelled with their share when there are at most this many bins.
LABELLED_BINS = 16


class StudyError(InputError):
    """A study that has no pictures: it kept no count, so there is no true count to plot by."""


@dataclass(frozen=True)
class Study:
    """What a protect run found and how it was dealt, as the plots name it."""

    summary: Summary
    penetration: tuple[PenetrationRow, ...]
    game: str
    version: str
    rules: tuple[tuple[str, str], ...]
    custom: bool
    dealt: Fraction
    seed: int
    count: str


def _se(e: Estimate, scale: int) -> float:
    return 0.0 if e.se2 is None else math.sqrt(float(e.se2)) * scale


def _points(
    ax: Axes,
    xs: Sequence[float],
    estimates: Sequence[Estimate | None],
    scale: int,
    label: str,
    colour: str,
    at: float,
    joined: bool,
) -> None:
    """Means with ± one standard error bars, shifted by `at` so that several measures do not hide each other;
    `joined`: a line through them (along penetration, not across true-count bins that may have gaps)."""
    shown = [(x + at, e) for x, e in zip(xs, estimates) if e is not None]
    ax.errorbar(
        [x for x, _ in shown],
        [float(e.mean * scale) for _, e in shown],
        yerr=[_se(e, scale) for _, e in shown],
        fmt="o-" if joined else "o",
        markersize=3,
        linewidth=0.9,
        elinewidth=0.7,
        capsize=2,
        color=colour,
        label=label,
    )


@canvas.styled
def study_figure(study: Study) -> Figure:
    """Three panels: advantage by true count, true-count frequency, yield by penetration."""
    s = study.summary
    fig = canvas.figure(7.5, 9.2)
    top, middle, bottom = fig.subplots(3, 1)
    bins = [float(b.bin) for b in s.bins]
    step = 0.12 if len(s.measures) > 1 else 0.0
    for j, m in enumerate(s.measures):
        at = (j - (len(s.measures) - 1) / 2) * step
        _points(top, bins, [b.means[j] for b in s.bins], 100, m, canvas.SERIES[j % len(canvas.SERIES)], at, False)
    top.axhline(0, color="black", linewidth=0.6)
    top.set_xlabel("true count bin b (b ≤ TC < b + 1)")
    top.set_ylabel("mean exact expectation, %" if s.check is None else "mean expectation, % (double precision)")
    top.set_title("Advantage by true count (± one standard error between shoes)", loc="left")
    top.legend(frameon=False)
    shares = [float(b.share * 100) for b in s.bins]
    bars = middle.bar(bins, shares, width=0.8, color=canvas.PUSH)
    if len(bins) <= LABELLED_BINS:
        middle.bar_label(bars, labels=[canvas.chance_text(b.share) for b in s.bins], padding=1, fontsize=5.5)
    middle.set_xlabel("true count bin b (b ≤ TC < b + 1)")
    middle.set_ylabel("share of rounds, %")
    middle.set_title(f"True-count frequency ({s.rounds:,} rounds)", loc="left")
    for ax in (top, middle):
        ax.xaxis.set_major_locator(MaxNLocator(nbins=24, integer=True))
    places = [float(r.penetration * 100) for r in study.penetration]
    for j, m in enumerate(s.measures):
        _points(
            bottom,
            places,
            [r.yield_per_100[j] for r in study.penetration],
            1,
            m,
            canvas.SERIES[j % len(canvas.SERIES)],
            0.0,
            True,
        )
    bottom.axhline(0, color="black", linewidth=0.6)
    bottom.set_xlabel("penetration: share of the shoe dealt before the cut card, % (the same shoes at every place)")
    bottom.set_ylabel("units won per 100 rounds")
    bottom.set_title(
        (
            f"Yield by penetration: bet 1 unit below TC 2, then floor(TC) units, at most {s.spread}"
            if s.stakes.default
            else f"Yield by penetration (per 100 rounds dealt), {s.stakes.text()}"
        )
        + " (± one standard error)",
        loc="left",
    )
    bottom.legend(frameon=False)
    canvas.title(fig, "Protection study", study.game, study.version, study.rules, study.custom)
    fig.supxlabel(
        f"{s.shoes:,} shoes dealt to the cut at {canvas.chance_text(study.dealt)} (seed {study.seed}); "
        f"count {study.count}; means over the rounds of the run\n{_values(s)}",
        fontsize=7,
    )
    return fig


def _values(s: Summary) -> str:
    """How the rounds were valued, as the figure's foot says it (the run's engine and its check)."""
    if s.check is None:
        return "every round's expectation exact"
    worst = max((x for x in s.check.largest if x is not None), default=None)
    return (
        f"every round's expectation in double precision, {s.check.checked:,} rounds checked against the exact "
        f"engine (largest difference {'n/a' if worst is None else format(float(worst), '.1e')})"
    )


def study_of(
    summary: Summary,
    records: Sequence[ShoeRecord],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    count: CountSystem | None,
    about: dict,
) -> Study:
    """The study a protect run makes: its summary and the yield at every 5% cut-card place up to its own
    (`about`: game, version, rules, custom, penetration, seed, as the command reports them)."""
    if count is None:
        raise StudyError("the study's plots are by true count: give a count (a counting system)")
    dealt = Fraction(about["penetration"])
    rows = yield_by_penetration(
        records, len(summary.measures), kinds, pack, count, summary.stakes, dealt, cut_places(dealt), summary.boxes
    )
    return Study(
        summary,
        rows,
        about["game"],
        about["version"],
        tuple((k, v) for k, v in about["rules"].items() if k != "strategy"),  # the measures name their play
        about["custom"],
        dealt,
        about["seed"],
        count.name,
    )


def write_study_plot(
    path: Path,
    summary: Summary,
    records: Sequence[ShoeRecord],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    count: CountSystem | None,
    about: dict,
) -> Path:
    """`path` (PNG or SVG): the three panels of the study a protect run makes (see `study_of`)."""
    return canvas.write(study_figure(study_of(summary, records, kinds, pack, count, about)), path)


@canvas.styled
def table_figure(players: Sequence[tuple[str, Study]]) -> Figure:
    """The three panels of `study_figure` for a table: one series a player (`players`: his label and his study, the
    shoes as he values them), his first measure by his own true count, and his own stakes' yield."""
    if not players:
        raise StudyError("a table's plot needs at least one player")
    fig = canvas.figure(7.5, 9.2)
    top, middle, bottom = fig.subplots(3, 1)
    n = len(players)
    step, width = (0.12, 0.8 / n) if n > 1 else (0.0, 0.8)
    for j, (label, st) in enumerate(players):
        s, colour = st.summary, canvas.SERIES[j % len(canvas.SERIES)]
        at = (j - (n - 1) / 2) * step
        bins = [float(b.bin) for b in s.bins]
        named = f"{label}: {s.measures[0]}"
        _points(top, bins, [b.means[0] for b in s.bins], 100, named, colour, at, False)
        shift = (j - (n - 1) / 2) * width
        middle.bar([b + shift for b in bins], [float(b.share * 100) for b in s.bins], width=width, color=colour)
        places = [float(r.penetration * 100) for r in st.penetration]
        _points(bottom, places, [r.yield_per_100[0] for r in st.penetration], 1, named, colour, 0.0, True)
    first = players[0][1]
    for ax in (top, bottom):
        ax.axhline(0, color="black", linewidth=0.6)
        ax.legend(frameon=False)
    top.set_xlabel("true count bin b (b ≤ TC < b + 1), each player's own count")
    top.set_ylabel(
        "mean exact expectation, %" if first.summary.check is None else "mean expectation, % (double precision)"
    )
    top.set_title("Advantage by true count (± one standard error between shoes)", loc="left")
    middle.set_xlabel("true count bin b (b ≤ TC < b + 1), each player's own count")
    middle.set_ylabel("share of rounds, %")
    middle.set_title(f"True-count frequency ({first.summary.rounds:,} rounds), players left to right", loc="left")
    for ax in (top, middle):
        ax.xaxis.set_major_locator(MaxNLocator(nbins=24, integer=True))
    bottom.set_xlabel("penetration: share of the shoe dealt before the cut card, % (the same shoes at every place)")
    bottom.set_ylabel("units won per 100 rounds dealt")
    bottom.set_title("Yield by penetration, each player's own stakes (± one standard error)", loc="left")
    canvas.title(fig, "Protection study, a table of players", first.game, first.version, first.rules, first.custom)
    fig.supxlabel(
        f"{first.summary.shoes:,} shoes dealt to the cut at {canvas.chance_text(first.dealt)} (seed {first.seed}); "
        f"{n} player(s), each by his own count; means over the rounds of the run\n{_values(first.summary)}",
        fontsize=7,
    )
    return fig


def write_table_plot(
    path: Path,
    players: Sequence[tuple[str, Summary, Sequence[ShoeRecord], CountSystem]],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    about: dict,
) -> Path:
    """`path`: a table's three panels (`table_figure`), each player given as (label, his summary, the shoes as he
    values them, his count)."""
    studies = [(label, study_of(s, records, kinds, pack, count, about)) for label, s, records, count in players]
    return canvas.write(table_figure(studies), path)
