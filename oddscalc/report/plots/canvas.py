"""What every plot shares: one fixed style, the title naming game, version and rule set, and the bytes written.

Reproducible by construction: each figure is drawn and saved under matplotlib's default style overlaid with
STYLE, so a user's matplotlibrc changes nothing. Text is in DejaVu Sans, the copy matplotlib ships, so every
machine draws the same glyphs, as paths. The SVG hash salt (the ids of clip paths and glyphs) is fixed, and
there is no date, creator or software stamp. So the same figures give the same bytes, and the committed booklets
stay byte-identical. Drawing uses only the Agg (PNG) and SVG canvases: no display, no pyplot state.
"""

from __future__ import annotations

import functools
import io
import re
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path
from typing import ParamSpec, TypeVar

import matplotlib
import matplotlib.style
from matplotlib.figure import Figure

from oddscalc.core.files import write_bytes
from oddscalc.report.plots.plot_files import plot_format
from oddscalc.report.rule_words import rules_in_words

__all__ = [
    "LOSS",
    "OTHER",
    "PUSH",
    "SERIES",
    "STYLE",
    "WIN",
    "chance_text",
    "figure",
    "inline_svg",
    "render",
    "rules_text",
    "signed_text",
    "style",
    "styled",
    "title",
    "write",
]

#: The style every plot is drawn in, over matplotlib's defaults.
STYLE: dict[str, object] = {
    "svg.hashsalt": "oddscalc",
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "mathtext.fontset": "dejavusans",
    "axes.unicode_minus": True,
    "font.size": 8,
    "axes.titlesize": 8,
    "axes.labelsize": 8,
    "xtick.labelsize": 7,
    "ytick.labelsize": 7,
    "legend.fontsize": 7,
    "figure.titlesize": 8.5,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.grid.axis": "y",
    "grid.color": "#dddddd",
    "grid.linewidth": 0.5,
    "axes.axisbelow": True,
    "hatch.linewidth": 0.6,
    "savefig.dpi": 150,
    "savefig.facecolor": "white",
}

#: Characters of the title's size that fit an inch of the figure's width (DejaVu Sans at 8.5 pt: about 15).
TITLE_CHARS_PER_INCH = 14

# Okabe-Ito colours (told apart by colour-blind readers): losses, pushes, wins, and series in order.
LOSS = "#D55E00"
PUSH = "#999999"
WIN = "#0072B2"
OTHER = "#E69F00"
SERIES = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")

_P = ParamSpec("_P")
_R = TypeVar("_R")


@contextmanager
def style() -> Iterator[None]:
    """matplotlib's default style with STYLE over it, for this block only (figures are built and saved in it)."""
    with matplotlib.style.context(["default", STYLE]):
        yield


def styled(build: Callable[_P, _R]) -> Callable[_P, _R]:
    """`build` (a function returning a Figure) run inside `style()`."""

    @functools.wraps(build)
    def wrapped(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with style():
            return build(*args, **kwargs)

    return wrapped


def figure(width_in: float, height_in: float) -> Figure:
    """A new figure of this size in inches, laid out so that titles and labels never overlap (call in `style()`)."""
    return Figure(figsize=(width_in, height_in), layout="constrained")


def rules_text(rules: Mapping[str, str] | Sequence[tuple[str, str]]) -> str:
    """A rule set in plain English, worded as the booklets' headings word it (rule_words.rules_in_words).

    >>> rules_text({"decks": "6", "soft17": "stand"})
    '6 packs, dealer stands on soft 17'
    >>> rules_text(())
    'as the law states'
    """
    return rules_in_words(list(rules.items()) if isinstance(rules, Mapping) else list(rules))


def title(
    fig: Figure,
    what: str,
    game: str,
    version: str,
    rules: Mapping[str, str] | Sequence[tuple[str, str]],
    custom: bool = False,
) -> None:
    """The figure's title: what it shows, the game and version, then its rule set, wrapped to the figure's width."""
    head = f"{game}, version {version}" + (" (CUSTOM rules or pay table: not the law's figures)" if custom else "")
    width = int(fig.get_figwidth() * TITLE_CHARS_PER_INCH)
    lines = textwrap.wrap(f"{what}: {head}", width) + textwrap.wrap(f"Rules: {rules_text(rules)}", width)
    fig.suptitle("\n".join(lines), fontsize=STYLE["figure.titlesize"])


def chance_text(p: Fraction) -> str:
    """A chance as a percentage to 3 significant figures (a rendering of the exact value).

    >>> chance_text(Fraction(18, 37)), chance_text(Fraction(1, 649740)), chance_text(Fraction(1))
    ('48.6%', '0.000154%', '100%')
    """
    with localcontext() as ctx:
        ctx.prec = 3
        value = Decimal(p.numerator) * 100 / Decimal(p.denominator)
    text = f"{value:f}"
    return (text.rstrip("0").rstrip(".") if "." in text else text) + "%"


def signed_text(x: Fraction, digits: int = 3) -> str:
    """A signed decimal to `digits` significant figures, with a true minus sign (a rendering of the exact value).

    >>> signed_text(Fraction(1188, 10000)), signed_text(Fraction(-437, 1000000)), signed_text(Fraction(0))
    ('+0.119', '−0.000437', '0')
    """
    if x == 0:
        return "0"
    with localcontext() as ctx:
        ctx.prec = digits
        value = abs(Decimal(x.numerator) / Decimal(x.denominator))
    return ("+" if x > 0 else "−") + f"{value:f}"


def render(fig: Figure, fmt: str, text_as_paths: bool = True) -> bytes:
    """The figure as PNG, SVG or PDF bytes, with no date, creator or software stamp.

    An SVG draws its text as paths, so it looks the same in every viewer. With `text_as_paths` False it draws it
    as text in DejaVu Sans, which the reader must have. The booklet does: a third of the size, and its words
    searchable in the PDF."""
    stamps: dict[str, dict[str, str | None]] = {
        "svg": {"Date": None, "Creator": None},
        "pdf": {"CreationDate": None, "Creator": None, "Producer": None},
    }
    meta = stamps.get(fmt, {"Software": None})
    buffer = io.BytesIO()
    with style(), matplotlib.rc_context({"svg.fonttype": "path" if text_as_paths else "none"}):
        fig.savefig(buffer, format=fmt, metadata=meta)
    return buffer.getvalue()


def write(fig: Figure, path: Path) -> Path:
    """Write the figure to `path` (atomically) in the format its extension names."""
    write_bytes(path, render(fig, plot_format(path)))
    return path


def inline_svg(fig: Figure, prefix: str) -> str:
    """The figure as an <svg> element to put inline in HTML, its text as text in DejaVu Sans.

    It has no XML prolog, metadata, indentation or turns by 0 degrees. Every id (clip paths, markers) is prefixed
    with `prefix`, so that several figures in one document never share an id."""
    text = render(fig, "svg", text_as_paths=False).decode("utf-8")
    text = text[text.index("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, flags=re.S)
    text = re.sub(r' transform="rotate\(-?0 [-\d.]+ [-\d.]+\)"', "", text)  # a turn by 0 degrees: nothing
    text = re.sub(r">\n\s+<", ">\n<", text)  # the indentation between elements
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', text)
    text = re.sub(r'(href="#|url\(#)([^")]+)', lambda m: f"{m.group(1)}{prefix}{m.group(2)}", text)
    return text.rstrip() + "\n"
