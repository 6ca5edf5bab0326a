"""Blackjack basic-strategy charts as Markdown and as a printable HTML page (inline CSS colours)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TypeAlias

from oddscalc.core.distribution import render_decimal
from oddscalc.wager_results import Extra, GameAnalysis

__all__ = ["CHART_TITLES", "ChartRow", "Charts", "charts_html", "charts_markdown", "charts_page", "consumes"]

#: One row of a chart: its label and an action code per up-card 2..A (read back from JSON, a list of the two).
ChartRow: TypeAlias = tuple[str, Sequence[str]]
#: The charts by kind ("hard", "soft", "pair", "later"), as `blackjack_queries.game_summary` gives them.
Charts: TypeAlias = Mapping[str, Sequence[ChartRow]]

UPS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
CHART_TITLES = {
    "hard": "Hard totals (first two cards)",
    "soft": "Soft totals (first two cards)",
    "pair": "Pairs",
    "later": "Three or more cards: stand or hit",
}
_COLOURS = {"S": "#f4d03f", "H": "#ffffff", "D": "#5dade2", "P": "#58d68d", "-": "#d5d8dc"}
_LEGEND = (("S", "stand"), ("H", "hit"), ("D", "double"), ("P", "split"))


def charts_markdown(title: str, charts: Charts) -> str:
    """One Markdown table per chart; `charts` maps kind -> [(row label, [codes per up-card 2..A])]."""
    lines = [f"# {title}", ""]
    for kind, name in CHART_TITLES.items():
        lines += [f"## {name}", "", "| hand | " + " | ".join(UPS) + " |", "|---|" + "---|" * len(UPS)]
        lines += [f"| {label} | " + " | ".join(codes) + " |" for label, codes in charts.get(kind, [])]
        lines.append("")
    lines.append("S stand, H hit, D double, P split.")
    return "\n".join(lines) + "\n"


def _pct(text: str) -> str:
    return render_decimal(Fraction(text) * 100, 4) + "%"


def _table(name: str, rows: Sequence[ChartRow], level: int = 2) -> str:
    """One chart as an HTML table, each cell coloured by its action (inline styles)."""
    parts = [
        f'<section><h{level}>{html.escape(name)}</h{level}><table><tr><th class="row">hand</th>'
        + "".join(f"<th>{u}</th>" for u in UPS)
        + "</tr>"
    ]
    for label, codes in rows:
        cells = "".join(
            f'<td style="background:{_COLOURS.get(c, "#fff")};text-align:center">{html.escape(c)}</td>' for c in codes
        )
        parts.append(f'<tr><th class="row">{html.escape(label)}</th>{cells}</tr>')
    parts.append("</table></section>")
    return "".join(parts)


def _legend() -> str:
    return (
        "<p>"
        + " &nbsp; ".join(
            f'<span style="background:{_COLOURS[c]};border:1px solid #888;padding:0 .4em">{c}</span> {w}'
            for c, w in _LEGEND
        )
        + "</p>"
    )


def consumes(extra: Extra) -> bool:
    """The extras `charts_html` prints (coloured): the booklet does not print them again as plain tables."""
    return extra.title.startswith("Basic strategy")


_COLUMN = 'style="display:inline-block;width:49%;vertical-align:top;margin-right:1%"'


def charts_html(analysis: GameAnalysis) -> str:
    """An HTML fragment with the basic-strategy charts of a blackjack GameAnalysis (its extras), for the booklet.

    They fit one page: hard totals (and the charts after the third) in the left column, the others in the right,
    the legend under them. The fragment is empty when the analysis has none."""
    found = [x for x in analysis.extras if consumes(x)]
    if not found:
        return ""
    tables = [_table(x.title, [(str(r[0]), [str(c) for c in r[1:]]) for r in x.rows], level=4) for x in found]
    left, right = [tables[0], *tables[3:]], tables[1:3]
    columns = "".join(f"<div {_COLUMN}>{''.join(t)}</div>" for t in (left, right) if t)
    return f'<div class="bj-charts">{columns}{_legend()}</div>'


def charts_page(title: str, charts: Charts, ev: str | None = None, td_ev: str | None = None) -> str:
    """A self-contained HTML page with the four charts, coloured by action, sized to print on one page."""
    t = html.escape(title)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{t}</title>",
        "<style>body{font-family:Helvetica,Arial,sans-serif;margin:1.5em;color:#222}"
        "h1{font-size:1.2em}h2{font-size:1em;margin:1em 0 .3em}"
        "table{border-collapse:collapse;margin-bottom:.5em}"
        "td,th{border:1px solid #888;width:2.2em;height:1.5em;text-align:center;font-size:.85em}"
        "th.row{width:5em;text-align:left;padding-left:.3em}"
        ".grid{display:flex;flex-wrap:wrap;gap:1.5em}"
        "@media print{body{margin:0}.grid{gap:1em}}</style></head><body>",
        f"<h1>{t}</h1>",
    ]
    if ev is not None:
        parts.append(
            f"<p>Player expectation: composition-dependent optimal {_pct(ev)}"
            + (f"; this basic strategy {_pct(td_ev)}" if td_ev else "")
            + " (exact values in the JSON).</p>"
        )
    parts.append('<div class="grid">')
    parts += [_table(name, charts.get(kind, [])) for kind, name in CHART_TITLES.items()]
    parts.append("</div>" + _legend() + "</body></html>")
    return "\n".join(parts) + "\n"
