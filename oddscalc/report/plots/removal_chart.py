"""Effects of removal by card (`oddscalc removal ... --plot FILE`, and the booklet's shoe games).

There is one panel per measure and one bar per kind of card. A bar is the exact change in the measure's
expectation when one card of that kind leaves the full shoe, in percentage points of the stake
(protect.removal's EoR; drawn as roundings of it). Blue: removing the card raises the player's expectation;
red-orange: it lowers it."""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from oddscalc.protect.removal import Removal
from oddscalc.report.math_report_render import percent
from oddscalc.report.plots import canvas

__all__ = ["Y_LABEL", "panel_heading", "removal_figure", "write_removal_plot"]

Y_LABEL = "EoR, points"
_PLAYS = {"fixed": "fixed play", "optimised": "play re-optimised per shoe", "follows": "play chosen for another wager"}


def panel_heading(r: Removal, measure: str) -> str:
    """'initial, CD optimal: full-shoe expectation -0.4322%; play re-optimised per shoe; mean EoR +0.0012'."""
    play = next(m.play for m in r.target.measures if m.name == measure)
    mean = r.weighted_mean(measure)
    mean_text = "0 exactly" if mean == 0 else canvas.signed_text(mean * 100, 4) + " points"
    return (
        f"{measure}: full-shoe expectation {percent(r.full[measure])}; {_PLAYS.get(play, play)}; "
        f"count-weighted mean EoR {mean_text}"
    )


@canvas.styled
def removal_figure(r: Removal, width_in: float = 7.5, panel_height_in: float = 1.55) -> Figure:
    """One panel per measure of `r`, stacked, one bar per kind of card labelled with its EoR (in the SVG, the
    group with id m<measure>-bar-<kind>)."""
    measures = [m.name for m in r.target.measures]
    fig = canvas.figure(width_in, 0.8 + len(measures) * panel_height_in + 0.3)
    axes = fig.subplots(len(measures), 1, squeeze=False)[:, 0]
    labels = [f"{label}\n({n})" for label, n in r.kinds]
    for j, (ax, m) in enumerate(zip(axes, measures)):
        effects = [r.effect(m, k) for k in range(len(r.kinds))]
        shown = [(i, e) for i, e in enumerate(effects) if e is not None]
        heights = [float(e * 100) for _, e in shown]
        bars = ax.bar(
            [i for i, _ in shown],
            heights,
            width=0.7,
            color=[canvas.WIN if e > 0 else canvas.LOSS for _, e in shown],
        )
        for (k, _), patch in zip(shown, bars):
            patch.set_gid(f"m{j}-bar-{k}")  # measure j, kind k: an id in the SVG
        ax.bar_label(bars, labels=[canvas.signed_text(e * 100) for _, e in shown], padding=1.5, fontsize=6)
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_xticks(range(len(labels)), labels)
        low, high = min([0.0, *heights]), max([0.0, *heights])
        room = (high - low) * 0.18 or 0.01
        ax.set_ylim(low - (room if low < 0 else 0), high + (room if high > 0 else 0))
        ax.set_ylabel(Y_LABEL)
        ax.set_title(panel_heading(r, m), loc="left", fontsize=7)
    t = r.target
    canvas.title(fig, "Effects of removal", t.game, t.version, tuple(t.resolved().items()), t.custom)
    fig.supxlabel(
        "card removed from the full shoe (how many the shoe holds); bar: change in the wager's expectation per "
        "unit initially staked, in percentage points",
        fontsize=7,
    )
    return fig


def write_removal_plot(path: Path, r: Removal) -> Path:
    """`path` (PNG or SVG): the effects of removal of `r`."""
    return canvas.write(removal_figure(r), path)
