"""HTML tables that fit an A4 page: the booklet's cells and the column split for wide tables.

A table whose columns cannot all fit the page's width is printed as several tables. Each repeats the first
(label) column and takes an even share of the others. A column's width is estimated from its longest
unbreakable word at the table's font size. A fraction too long for a narrow cell is printed as a percentage, and
the table says that the exact value is in the JSON tables; a short one is printed exactly with its
percentage beside it. The booklet's layout test checks the result against WeasyPrint's own layout.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeAlias

from oddscalc.report.exact import cell_text, rendered_beside, shorten_numbers
from oddscalc.report.math_report_render import percent
from oddscalc.wager_results import Extra

__all__ = [
    "CONTENT_WIDTH_PT",
    "LONG_FRACTION",
    "LONG_NOTE",
    "Cell",
    "esc",
    "extra_html",
    "fixed_table_html",
    "fraction_html",
    "plain_text",
    "split_columns",
    "table_html",
]

#: A4 less the booklet's 14 mm side margins, in points.
CONTENT_WIDTH_PT = (210 - 28) / 25.4 * 72
#: Fractions with more characters than this are printed as percentages in the booklet.
LONG_FRACTION = 24
LONG_NOTE = "Values printed as percentages only are long fractions, rounded; the JSON tables give them exactly."
#: Advances of DejaVu Sans characters in ems (digits 0.636, '%' 0.95), rounded up; padding and border in pt.
_EM = {
    **dict.fromkeys("0123456789", 0.64),
    "%": 0.95,
    "≈": 0.84,
    ".": 0.32,
    ",": 0.32,
    ":": 0.34,
    "/": 0.34,
    "-": 0.37,
    " ": 0.32,
    "i": 0.28,
    "l": 0.28,
    "j": 0.28,
    "t": 0.4,
    "f": 0.36,
    "r": 0.5,
    "m": 0.98,
    "w": 0.82,
}
_EM_LOWER, _EM_UPPER, _MARGIN = 0.62, 0.74, 1.04
_CELL_EXTRA_PT = 7.0

#: A cell of a table laid out to fixed widths: HTML, or (HTML, number of columns it spans).
Cell: TypeAlias = str | tuple[str, int]


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def fraction_html(value: Fraction, with_percent: bool = True, limit: int = LONG_FRACTION) -> tuple[str, bool]:
    """(HTML, shortened): an exact value, with its percentage, or the percentage alone when it is too long."""
    value = Fraction(value)
    text = cell_text(value)
    if value.denominator == 1:
        return esc(text), False
    if len(text) > limit:
        return esc(percent(value)), True
    return (f"{esc(text)}<br>{esc(percent(value))}" if with_percent else esc(text)), False


_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"\s+|(?<=-)(?=[A-Za-z])")  # white space, or after a hyphen before a letter (UAX #14)


def plain_text(cell_html: str) -> str:
    """The text of a cell's HTML, a line break counted as a space."""
    return html.unescape(_TAG.sub("", cell_html.replace("<br>", " ")))


def _ems(word: str) -> float:
    return sum(_EM.get(c, _EM_UPPER if c.isupper() else _EM_LOWER) for c in word)


def _width_pt(texts: Sequence[str], font_pt: float, bold: bool = False) -> float:
    """Estimated min-content width of a column: its widest unbreakable word."""
    widest = max((_ems(word) for t in texts for word in _BREAK.split(t)), default=1.0)
    return widest * font_pt * _MARGIN * (1.06 if bold else 1.0) + _CELL_EXTRA_PT


def split_columns(
    columns: Sequence[str], rows: Sequence[Sequence[str]], font_pt: float, width_pt: float = CONTENT_WIDTH_PT
) -> list[list[int]]:
    """Groups of column indices, each with column 0 first, that each fit `width_pt` (as few groups as possible,
    the other columns shared out evenly)."""
    widths = [
        max(_width_pt([c], font_pt, True), _width_pt([r[i] for r in rows if i < len(r)], font_pt))
        for i, c in enumerate(columns)
    ]
    if sum(widths) <= width_pt or len(columns) <= 2:
        return [list(range(len(columns)))]
    rest = list(range(1, len(columns)))
    groups = max(2, math.ceil(sum(widths[1:]) / max(width_pt - widths[0], 1.0)))
    while True:
        size = math.ceil(len(rest) / groups)
        parts = [rest[i : i + size] for i in range(0, len(rest), size)]
        if all(widths[0] + sum(widths[i] for i in part) <= width_pt for part in parts) or size == 1:
            return [[0, *part] for part in parts]
        groups += 1


def _td(cell: Cell) -> str:
    """A cell: HTML, or (HTML, number of columns it spans)."""
    if isinstance(cell, tuple):
        return f"<td colspan='{cell[1]}'>{cell[0]}</td>"
    return f"<td>{cell}</td>"


def fixed_table_html(
    title: str,
    columns: Sequence[str],
    cells: Sequence[Sequence[Cell]],
    widths: Sequence[float],
    note: str = "",
    css_class: str = "extra",
    level: int = 3,
) -> str:
    """A titled table from HTML `cells` laid out fixed to `widths`: percentages of the page, one per column.

    It is faster to lay out than `table_html`'s and never split (its cells must wrap), and a cell may span
    columns. `note` (HTML) goes under it."""
    cols = "".join(f"<col style='width:{w:.4g}%'>" for w in widths)
    head = "".join(f"<th>{esc(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(_td(c) for c in row) + "</tr>" for row in cells)
    return (
        f"<h{level}>{esc(title)}</h{level}><table class='{css_class} fixed'><colgroup>{cols}</colgroup>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        + (f"<p class='assume'>{note}</p>" if note else "")
    )


def table_html(
    title: str,
    columns: Sequence[str],
    cells: Sequence[Sequence[str]],
    note: str = "",
    css_class: str = "extra",
    font_pt: float = 7.5,
    level: int = 3,
    once: str = "",
) -> str:
    """A titled table from HTML `cells`, split into several tables when too wide for the page (`split_columns`).

    `note` (HTML: what the table's codes mean) goes under it, and under each part of a split one. `once` (HTML:
    prose too long to repeat) goes before the note under the table or its last part only."""
    groups = split_columns(columns, [[plain_text(c) for c in row] for row in cells], font_pt)
    parts = []
    for n, group in enumerate(groups):
        label = (
            f"<p class='part'>part {n + 1} of {len(groups)}: columns "
            f"{esc(columns[group[1]])} to {esc(columns[group[-1]])}</p>"
            if len(groups) > 1
            else ""
        )
        head = "".join(f"<th>{esc(columns[i])}</th>" for i in group)
        body = "".join("<tr>" + "".join(f"<td>{row[i]}</td>" for i in group if i < len(row)) + "</tr>" for row in cells)
        split = " style='width:auto'" if len(groups) > 1 else ""  # each part as narrow as its columns allow
        table = f"<table class='{css_class}'{split}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        said = " ".join(x for x in (once if n == len(groups) - 1 else "", note) if x)
        if said:
            table += f"<p class='assume'>{said}</p>"
        heading = f"<h{level}>{esc(title)}</h{level}>" if n == 0 else ""
        parts.append(
            f"<div class='keep'>{heading}{label}{table}</div>"
        )  # on one page with its legend, where it fits one
    return "".join(parts)


def extra_html(x: Extra) -> str:
    """A game's further table: fractions exact with percentages (percentages only when long), fitted to the page."""
    beside = rendered_beside(x.columns)
    cells, shortened = [], False
    for row in x.rows:
        html_row = []
        for i, c in enumerate(row):
            if isinstance(c, Fraction):
                shown, cut = fraction_html(c, with_percent=not (i < len(beside) and beside[i]))
                shortened = shortened or cut
                html_row.append(shown)
            else:
                html_row.append(esc(shorten_numbers(cell_text(c))))
        cells.append(html_row)
    said = x.note[:1].upper() + x.note[1:]  # a paragraph begins as a sentence does
    note = " ".join(esc(t) for t in (said, LONG_NOTE if shortened else "") if t)
    return table_html(x.title, x.columns, cells, note)
