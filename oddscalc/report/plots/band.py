"""The RTP band a test should see against the number of rounds played (`oddscalc plan ... --plot FILE`).

Each point of the band is core.planning's: RTP ± z σ / √N under the normal approximation, at the plan's level.
It uses the wager's exact mean and variance (the plan's: conservative where part of the law is unknown). It is
computed at 40 digits for every N drawn (ten per decade, the R10 preferred numbers), and the floats drawn are
roundings of those. Where the Berry-Esseen bound cannot keep the coverage within one percentage point of the
level (few rounds of a skewed wager), the band is hatched and the legend says it is rough. The rounds asked for
(--rounds, --turnover) and the rounds needed to detect --shift are marked.

>>> [int(n) for n in rounds_grid(1, 2)]
[10, 12, 16, 20, 25, 32, 40, 50, 63, 80, 100]
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from oddscalc.core.planning import Band, Plan, rtp_band, z_two_sided
from oddscalc.report.math_report_render import percent
from oddscalc.report.plots import canvas
from oddscalc.wager_results import GameAnalysis, WagerResult

__all__ = ["BandCurve", "band_curve", "band_figure", "rounds_grid", "rounds_label", "third_of", "write_band_plot"]

#: The R10 preferred numbers: ten steps per decade, evenly spaced on a logarithmic axis.
R10 = tuple(Fraction(x) for x in ("1", "1.25", "1.6", "2", "2.5", "3.15", "4", "5", "6.3", "8"))
#: Decades drawn from the first, where the band's half-width is at most WIDEST (as a share of the stake).
DECADES = 4
WIDEST = Fraction(1, 10)


def rounds_grid(first: int, last: int) -> list[Fraction]:
    """The numbers of rounds drawn from 10^first to 10^last: the R10 numbers of each decade, rounded to whole
    rounds."""
    out = [Fraction(round(m * 10**k)) for k in range(first, last) for m in R10]
    return [*out, Fraction(10**last)]


def _decade(n: Fraction) -> int:
    """floor(log10(n)) for n >= 1, exactly."""
    return len(str(int(n))) - 1


@dataclass(frozen=True)
class BandCurve:
    """The band at each number of rounds drawn (core.planning's Bands), and the plan it illustrates."""

    bands: tuple[Band, ...]
    plan: Plan

    @property
    def rtp(self) -> Fraction:
        return 1 + self.plan.mean


def band_curve(plan: Plan, third: Fraction | None) -> BandCurve:
    """The plan's band at every number of rounds of the grid; `third`: E|X - mean|^3 (None: no Berry-Esseen mark).

    The grid spans DECADES decades from the one where the band's half-width falls to WIDEST, so that it reads
    at every N drawn. It is widened to hold a decade either side of the rounds the plan asks about."""
    z = z_two_sided(plan.level)  # where to start: a rounding guides the choice; each band drawn is exact
    narrow = Fraction(float(z) ** 2) * plan.variance / WIDEST**2
    first = _decade(max(Fraction(1), narrow))
    first += narrow > 10**first  # the first power of ten at or past it
    marks = [Fraction(n) for n in (plan.rounds, plan.rounds_needed) if n is not None and n >= 1]
    first = min([first, *(_decade(n) - 1 for n in marks)])
    last = max([first + DECADES, *(_decade(n) + 2 for n in marks)])
    grid = rounds_grid(max(first, 0), last)
    return BandCurve(tuple(rtp_band(plan.mean, plan.variance, n, plan.level, third) for n in grid), plan)


def third_of(result: WagerResult) -> Fraction | None:
    """The third absolute central moment the plan's Berry-Esseen bound uses: the law's exact one (None where
    part of the law is unknown, as api.plan_of does)."""
    return None if result.partial is not None else result.math_report().third_moment


def _pct(x: Decimal | Fraction) -> float:
    return float(x) * 100


@canvas.styled
def band_figure(
    curve: BandCurve, game: str, version: str, rules: tuple[tuple[str, str], ...], wager: str, custom: bool = False
) -> Figure:
    """The band (shaded; hatched where rough) around the RTP line against N on a logarithmic axis, with the
    rounds asked for and the rounds needed to detect the shift marked."""
    plan = curve.plan
    fig = canvas.figure(7.5, 4.6)
    ax = fig.subplots()
    ns = [float(b.rounds) for b in curve.bands]
    lows, highs = [_pct(b.low) for b in curve.bands], [_pct(b.high) for b in curve.bands]
    level = canvas.chance_text(plan.level)
    ax.fill_between(ns, lows, highs, color=canvas.WIN, alpha=0.22, linewidth=0, label=f"band holding the RTP {level}")
    rough = [b.approximate for b in curve.bands]
    if any(rough):
        ax.fill_between(
            ns,
            lows,
            highs,
            where=rough,
            facecolor="none",
            edgecolor=canvas.OTHER,
            hatch="////",
            linewidth=0,
            interpolate=False,
        )
    ax.plot(ns, lows, color=canvas.WIN, linewidth=1, gid="band-low")
    ax.plot(ns, highs, color=canvas.WIN, linewidth=1, gid="band-high")
    ax.axhline(_pct(curve.rtp), color="black", linewidth=0.9, label=f"RTP {percent(curve.rtp)} (exact)")
    handles, labels = ax.get_legend_handles_labels()
    if any(rough):
        handles.append(Patch(facecolor="none", edgecolor=canvas.OTHER, hatch="////"))
        labels.append("rough: Berry-Esseen allows more than 1 point off the level")
    band = plan.band
    if band is not None:
        n = float(band.rounds)
        ax.axvline(n, color=canvas.SERIES[2], linestyle="--", linewidth=1)
        ax.plot([n, n], [_pct(band.low), _pct(band.high)], color=canvas.SERIES[2], marker="_", markersize=12)
        handles.append(ax.lines[-1])
        labels.append(f"N = {_rounds_text(band.rounds)}: {_pct(band.low):.4f}% to {_pct(band.high):.4f}%")
    if plan.shift is not None and plan.rounds_needed is not None:
        for sign in (-1, 1):
            ax.axhline(_pct(curve.rtp + sign * plan.shift), color=canvas.LOSS, linestyle=":", linewidth=1)
        ax.axvline(float(plan.rounds_needed), color=canvas.LOSS, linestyle=":", linewidth=1)
        handles.append(ax.lines[-1])
        labels.append(
            f"{plan.rounds_needed:,} rounds detect a shift of ±{_pct(plan.shift):g} points "
            f"(significance {canvas.chance_text(plan.alpha)}, power {canvas.chance_text(plan.power)})"
        )
    ax.set_xscale("log")
    ax.set_xlim(ns[0], ns[-1])
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: rounds_label(v)))
    ax.tick_params(axis="x", labelrotation=30)
    ax.set_xlabel("rounds played, N (logarithmic scale)")
    ax.set_ylabel("return to player, % of the initial stakes")
    ax.legend(handles, labels, loc="upper right", frameon=False)
    ax.set_title(
        f"{wager}: RTP ± z·SD/√N, the normal approximation with the exact mean and variance", loc="left", fontsize=7.5
    )
    canvas.title(fig, f"RTP band at {level} after N rounds", game, version, rules, custom)
    return fig


def rounds_label(v: float) -> str:
    """A tick's number of rounds: '1,000', '100,000', '1 million', '250 million'.

    >>> rounds_label(1e5), rounds_label(1e6), rounds_label(2.5e8), rounds_label(1e10)
    ('100,000', '1 million', '250 million', '10,000 million')
    """
    return f"{v:,.0f}" if v < 1e6 else f"{v / 1e6:,.0f} million"


def _rounds_text(n: Fraction) -> str:
    return f"{n.numerator:,}" if n.denominator == 1 else f"{float(n):,.2f} (expected)"


def write_band_plot(path: Path, plan: Plan, analysis: GameAnalysis) -> Path:
    """`path` (PNG or SVG): the RTP band of the wager analysed (the first of `analysis`) against the number of
    rounds, for `plan` (api.plan_of's answer for it)."""
    result = analysis.results[0]
    curve = band_curve(plan, third_of(result))
    fig = band_figure(curve, analysis.game, analysis.version, analysis.rules, result.wager.key, analysis.custom)
    return canvas.write(fig, path)
