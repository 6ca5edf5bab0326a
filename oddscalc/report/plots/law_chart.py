"""The law of a wager's net result as a bar chart: each net return per unit staked against its exact chance.

A law of more than MAX_BARS returns (blackjack's round: 18, from -8 to +8) has its rarest extremes merged into
two tail bars, "-5 or less" and "+5 or more". Each is drawn at the exact total chance of the returns it holds,
and the caption says which. When the chances span more than a factor of LOG_RATIO (40: a bar would be a
sliver), the chance axis is logarithmic. A royal flush's 1 in 649,740 then shows beside a loss of one chance in
two. Every bar carries its chance as a percentage. Where part of a law is not computed (blackjack's budgeted
resplit rounds, core.partial_law), that part is one hatched bar at its exact total chance, labelled with the
range of its returns.

>>> from oddscalc.core.distribution import Distribution
>>> law = Distribution.from_weights({-1: 36, -Fraction(1, 2): 1, 1: 36})
>>> [(b.label, b.chance, b.kind) for b in bars_of(law.outcomes).bars]
[('−1', Fraction(36, 73), 'loss'), ('−0.5', Fraction(1, 73), 'loss'), ('+1', Fraction(36, 73), 'win')]
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from oddscalc.core.errors import InputError
from oddscalc.report.plots import canvas
from oddscalc.wager_results import GameAnalysis, WagerResult

__all__ = [
    "LOG_RATIO",
    "MAX_BARS",
    "WIDE",
    "X_LABEL",
    "Bar",
    "LawPicture",
    "NotALawError",
    "bars_of",
    "helps",
    "law_figure",
    "picture_of",
    "return_text",
    "write_law_plot",
]

#: The most bars one law is drawn with; rarer extremes are merged into tail bars beyond it.
MAX_BARS = 12
#: Laws of more bars than this take a row of their own in a figure of several panels.
WIDE = 6
#: Chances further apart than this factor are drawn on a logarithmic axis.
LOG_RATIO = 40
X_LABEL = "net return per unit staked (units of the initial stake)"
_COLOURS = {"loss": canvas.LOSS, "push": canvas.PUSH, "win": canvas.WIN, "unresolved": canvas.OTHER}


class NotALawError(InputError):
    """A wager's distribution that is not the law of one round (its mean is exact, its chances are not)."""


@dataclass(frozen=True)
class Bar:
    """One bar: the net returns it stands for (from `low` to `high`), their exact total chance, and whether
    they are losses, a push, wins, or rounds whose law is not computed ("unresolved")."""

    label: str
    low: Fraction
    high: Fraction
    chance: Fraction
    kind: str


@dataclass(frozen=True)
class LawPicture:
    """The bars of one law, what was merged or left unresolved (for the caption), and the chance axis's scale."""

    bars: tuple[Bar, ...]
    merged: str = ""
    unresolved: str = ""

    @property
    def log(self) -> bool:
        """True when the chances span more than a factor of LOG_RATIO: the chance axis is then logarithmic."""
        chances = [b.chance for b in self.bars]
        return min(chances) * LOG_RATIO < max(chances)


def return_text(value: Fraction) -> str:
    """A net return as a reader writes it: a short decimal when it ends within 3 places, else p/q, else a
    rounding marked ≈; signed, with a true minus sign.

    >>> [return_text(Fraction(x)) for x in ("-1", "0", "35", "19/20", "-1/3", "1234567/1000000")]
    ['−1', '0', '+35', '+0.95', '−1/3', '≈+1.235']
    """
    sign = "−" if value < 0 else "+" if value > 0 else ""
    v = abs(Fraction(value))
    if 1000 % v.denominator == 0:
        whole, rest = divmod(v.numerator * (1000 // v.denominator), 1000)
        text = f"{whole}" + (f".{rest:03d}".rstrip("0") if rest else "")
    elif len(f"{v.numerator}/{v.denominator}") <= 7:
        text = f"{v.numerator}/{v.denominator}"
    else:
        return f"≈{sign}{float(v):.3f}"
    return sign + text


def _kind(low: Fraction, high: Fraction) -> str:
    return "loss" if high < 0 else "win" if low > 0 else "push"


def _bar(pairs: Sequence[tuple[Fraction, Fraction]], tail: str = "") -> Bar:
    low, high = pairs[0][0], pairs[-1][0]
    label = (
        return_text(low)
        if len(pairs) == 1
        else f"≤ {return_text(high)}"
        if tail == "low"
        else (f"≥ {return_text(low)}")
    )
    return Bar(label, low, high, sum((p for _, p in pairs), Fraction(0)), _kind(low, high))


def bars_of(outcomes: Sequence[tuple[Fraction, Fraction]], max_bars: int = MAX_BARS) -> LawPicture:
    """The bars of a law given as sorted (net return, chance) pairs: one per return, the extremes merged.

    While there are more than `max_bars`, the extremes are merged into a low and a high tail bar. Each step
    absorbs into its tail the rarer of the two returns next to the tails. A tail never crosses a push or the
    other sign: losses merge with losses, wins with wins."""
    groups = [[pair] for pair in outcomes]
    low_tail = high_tail = False

    def total(group: list[tuple[Fraction, Fraction]]) -> Fraction:
        return sum((p for _, p in group), Fraction(0))

    while len(groups) > max_bars:
        can_low = groups[1][-1][0] < 0 and groups[0][-1][0] < 0
        can_high = groups[-2][0][0] > 0 and groups[-1][0][0] > 0
        if not (can_low or can_high):
            break
        if can_low and (not can_high or total(groups[1]) <= total(groups[-2])):  # hide the rarer of the two
            groups[:2] = [groups[0] + groups[1]]
            low_tail = True
        else:
            groups[-2:] = [groups[-2] + groups[-1]]
            high_tail = True
    bars = [
        _bar(g, "low" if i == 0 and low_tail else "high" if i == len(groups) - 1 and high_tail else "")
        for i, g in enumerate(groups)
    ]
    merged = [
        f"the returns {return_text(b.low)} to {return_text(b.high)} are one bar, at their exact total chance"
        for b, on in ((bars[0], low_tail), (bars[-1], high_tail))
        if on
    ]
    return LawPicture(tuple(bars), "; ".join(merged))


def picture_of(result: WagerResult, max_bars: int = MAX_BARS) -> LawPicture:
    """The bars of a wager's law; where part of it is not computed, that part as one more bar ("unresolved").
    NotALawError for a distribution that is not a law and has no known part."""
    partial = result.partial
    if result.not_a_law and partial is None:
        raise NotALawError(
            f"cannot draw the law of {result.wager.key}: {result.not_a_law} (the distribution is not the law of "
            "a round)"
        )
    if partial is None:
        return bars_of(result.distribution.outcomes, max_bars)
    known = bars_of(partial.exact, max_bars - 1)
    span = f"{return_text(partial.low)} to {return_text(partial.high)}"
    rest = Bar(f"{span}\nnot computed", partial.low, partial.high, partial.mass, "unresolved")
    note = (
        f"hatched: {partial.what}, chance {canvas.chance_text(partial.mass)} in all, their exact mean "
        f"{return_text(partial.mean)}, each return in {span}; their own law is not computed"
    )
    return LawPicture((*known.bars, rest), known.merged, note)


def helps(result: WagerResult) -> bool:
    """Whether a picture says more than the chances of winning, pushing and losing do: a law with more than one
    winning return or more than one losing return (and a known law)."""
    if result.not_a_law and result.partial is None:
        return False
    returns = [r for r, _ in result.distribution.outcomes]
    return sum(r > 0 for r in returns) > 1 or sum(r < 0 for r in returns) > 1


def draw_panel(ax: Axes, picture: LawPicture, heading: str, width_in: float = 7.5, tag: str = "p0") -> None:
    """Draw one law's bars on `ax` (`width_in` wide): chance in percent, each bar labelled with it; bar i's SVG
    group has the id `tag`-bar-i."""
    xs = range(len(picture.bars))
    heights = [float(b.chance * 100) for b in picture.bars]
    bars = ax.bar(
        xs,
        heights,
        width=0.7,
        color=[_COLOURS[b.kind] for b in picture.bars],
        hatch=["////" if b.kind == "unresolved" else "" for b in picture.bars],
        edgecolor="white",
        linewidth=0.4,
    )
    for i, patch in enumerate(bars):
        patch.set_gid(f"{tag}-bar-{i}")
    ax.bar_label(bars, labels=[canvas.chance_text(b.chance) for b in picture.bars], padding=1.5, fontsize=6)
    ax.set_xticks(list(xs), [b.label for b in picture.bars])
    pad = max(0.0, (6 - len(heights)) / 2)  # few bars keep the width of six, centred
    ax.set_xlim(-0.6 - pad, len(heights) - 0.4 + pad)
    if len(picture.bars) > 9:
        ax.tick_params(axis="x", labelsize=6.5)
    if picture.log:
        ax.set_yscale("log")
        ax.set_ylim(min(heights) / 3, max(heights) * 6)
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.set_ylabel("chance, % (log scale)")
    else:
        ax.set_ylim(0, max(heights) * 1.15)
        ax.set_ylabel("chance, %")
    ax.set_title("\n".join(textwrap.wrap(heading, int(width_in * 15))), loc="left")


def _caption(pictures: Sequence[LawPicture]) -> str:
    notes = sorted({n for p in pictures for n in (p.merged, p.unresolved) if n})
    colours = "Red-orange: losses; grey: push; blue: wins."
    return X_LABEL + "\n" + " ".join([colours, *(n[0].upper() + n[1:] + "." for n in notes)])


def _rows(panels: Sequence[tuple[str, LawPicture]], columns: int) -> list[list[int]]:
    """Panels by row: a law of more than WIDE bars fills a row; the others go `columns` to a row, in order."""
    rows: list[list[int]] = []
    for i in range(len(panels)):
        if not _wide(panels[i][1], columns) and rows and len(rows[-1]) < columns:
            if not _wide(panels[rows[-1][0]][1], columns):
                rows[-1].append(i)
                continue
        rows.append([i])
    return rows


def _wide(picture: LawPicture, columns: int) -> bool:
    return columns == 1 or len(picture.bars) > WIDE


@canvas.styled
def law_figure(
    panels: Sequence[tuple[str, LawPicture]],
    game: str,
    version: str,
    rules: Sequence[tuple[str, str]],
    custom: bool = False,
    width_in: float = 7.5,
    panel_height_in: float = 2.1,
    columns: int = 2,
) -> Figure:
    """One panel per (heading, law), titled with the game, version and rule set, the x-axis label and what the
    colours and any merged bars mean beneath; laws of up to WIDE bars share a row `columns` at a time."""
    rows = _rows(panels, columns)
    if all(len(members) == 1 and not _wide(panels[members[0]][1], columns) for members in rows):
        width_in *= 1 / columns  # laws of few bars alone on their rows: a figure as narrow as one of them
        columns = 1
    fig = canvas.figure(width_in, 0.75 + len(rows) * panel_height_in + 0.35)
    grid = fig.add_gridspec(len(rows), 2 * columns)  # a narrow panel spans two cells, so a lone one is centred
    for r, members in enumerate(rows):
        start = columns - len(members)
        for c, i in enumerate(members):
            wide = _wide(panels[i][1], columns)
            span = slice(None) if wide else slice(start + 2 * c, start + 2 * c + 2)
            panel_width = width_in / (1 if wide else columns)
            draw_panel(fig.add_subplot(grid[r, span]), panels[i][1], panels[i][0], panel_width, f"p{i}")
    canvas.title(fig, "Law of the net result of one round", game, version, rules, custom)
    fig.supxlabel(_caption([p for _, p in panels]), fontsize=7, wrap=True)
    return fig


def heading_of(result: WagerResult) -> str:
    """A panel's heading: the wager's key and title."""
    return f"{result.wager.key}: {result.wager.title}"


def write_law_plot(path: Path, analysis: GameAnalysis) -> Path:
    """`path` (PNG or SVG): the law of each wager of `analysis`, one panel each (NotALawError, one line, if
    one of them has no law to draw)."""
    panels = [(heading_of(r), picture_of(r)) for r in analysis.results]
    fig = law_figure(panels, analysis.game, analysis.version, analysis.rules, analysis.custom, columns=1)
    return canvas.write(fig, path)
