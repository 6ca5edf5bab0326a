"""A player's stakes against what each was worth: one point per wager of his scored shoes, its stake against its
exact expectation per unit on the shoe's composition before its round (the stakes test's evidence page)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from matplotlib.figure import Figure

from oddscalc.report.plots.canvas import figure, styled

__all__ = ["SIDE_COLOURS", "stakes_figure"]

#: Each punto banco wager's colour (a wager of another key is drawn grey).
SIDE_COLOURS = {"banker": "#b22222", "player": "#1f4e79", "tie": "#2e7d32"}


@styled
def stakes_figure(wagers: Sequence[tuple[Fraction, Fraction, str]], usual: Fraction | None, what: str) -> Figure:
    """wagers: (exact expectation per unit, stake, wager key); `usual` the player's usual stake (a dashed line).
    Each wager key's points are a collection with gid `stakes-KEY`, x in percent of the stake."""
    fig = figure(7.5, 3.6)
    ax = fig.add_subplot()
    for key in dict.fromkeys(k for _, _, k in wagers):
        pts = [(float(e) * 100, float(s)) for e, s, k in wagers if k == key]
        ax.scatter(
            [x for x, _ in pts],
            [y for _, y in pts],
            s=22,
            color=SIDE_COLOURS.get(key, "#666666"),
            alpha=0.8,
            label=f"on {key} ({len(pts)})",
            gid=f"stakes-{key}",
        )
    ax.axvline(0, color="#444444", linewidth=0.9)
    if usual is not None:
        ax.axhline(float(usual), color="#666666", linestyle="--", linewidth=1.0, label=f"usual stake {float(usual):g}")
    ax.set_xlabel("the wager's exact expectation on the shoe before its round (% of the stake)")
    ax.set_ylabel("stake")
    ax.set_title(what, fontsize=10)
    ax.set_ylim(bottom=0)
    ax.legend(loc="best", fontsize=8, framealpha=0.9)
    return fig
