"""The evidence over time of one monitor test: the log of its e-detector against the rounds (a point every 256),
the threshold it alarms at, and the round where it crossed (the monitor's state file keeps the points)."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.figure import Figure

from oddscalc.report.plots.canvas import figure, styled

__all__ = ["evidence_figure"]


@styled
def evidence_figure(points: Sequence[tuple[int, float]], threshold: float, crossed: int | None, what: str) -> Figure:
    """points: (round, log e-detector then); `threshold` the log threshold; `crossed` the alarm's round."""
    fig = figure(7.5, 3.4)
    ax = fig.add_subplot()
    xs = [r for r, _ in points]
    ys = [max(v, 0.0) for _, v in points]
    ax.step(xs, ys, where="post", color="#1f4e79", linewidth=1.4, label="log e-detector", gid="evidence")
    ax.axhline(threshold, color="#b22222", linestyle="--", linewidth=1.2, label=f"threshold {threshold:.2f}")
    if crossed is not None:
        ax.axvline(crossed, color="#666666", linestyle=":", linewidth=1.2, label=f"alarm at round {crossed:,}")
    ax.set_xlabel("round")
    ax.set_ylabel("log e-value")
    ax.set_title(what, fontsize=10)
    ax.set_ylim(bottom=0)
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    return fig
