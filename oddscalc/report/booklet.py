"""The printed odds booklet: one HTML document per version (A4 print CSS) and a PDF made from it.

Each game gets its own pages: for every rule set, every permitted wager with its odds as the law words them,
the exact chance of winning, the exact edge under each convention and the citation (footnotes under the
table that marks them); the wagers' math report and RTP bands; the figures (FIGURES: the laws that say more
than their rows, and the shoe games' effects of removal, as inline SVG); then the game's further tables,
fitted to the page (html_tables). The cover lists the games with their pages and defines the math report's
figures. The PDF is rendered by WeasyPrint with the font timestamps pinned (SOURCE_DATE_EPOCH), so the same
input gives the same bytes.

Further sections (after the games) are added by one line in SECTIONS: "module:function", the function
taking (version, games) and returning HTML (`section_html` builds one; `html_tables.extra_html` renders
`analysis.Extra` tables to fit).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from oddscalc.analysis import Extra, GameAnalysis, WagerResult
from oddscalc.core.distribution import render_decimal
from oddscalc.core.mathreport import BAND_ROUNDS, DEFINITIONS
from oddscalc.regulations.versions import get_version
from oddscalc.report import math_report as mr
from oddscalc.report.exact import cell_text
from oddscalc.report.html_tables import LONG_NOTE, Cell, esc, extra_html, fixed_table_html, fraction_html
from oddscalc.report.math_report import percent
from oddscalc.report.removal import booklet_section

if TYPE_CHECKING:  # WeasyPrint is imported when a booklet is laid out: it is slow to import
    from weasyprint.document import Document

__all__ = [
    "CHART_RENDERERS",
    "FIGURES",
    "SECTIONS",
    "BookletLayoutError",
    "booklet_document",
    "booklet_html",
    "booklet_pdf",
    "overflowing_tables",
    "section_html",
]

#: Games whose extras have a picture of their own: a module with `charts_html(analysis) -> str` (an HTML fragment)
#: and `consumes(extra) -> bool` (the extras that picture replaces).
CHART_RENDERERS = {"blackjack": "oddscalc.report.blackjack"}

#: The module drawing the booklet's figures (`law_html(analysis)`, `removal_html(game, version, rules)`): loaded by
#: name when a booklet is made, since matplotlib takes a second to import.
FIGURES = "oddscalc.report.plots.booklet"

#: Sections printed after the games, each "module:function"; function(version, games) -> HTML ("" for none).
SECTIONS: tuple[str, ...] = ()

#: A fixed moment (the 1994 Regulations' coming into force) stamped into the PDF's fonts instead of "now".
EPOCH = "788918400"

CSS = """
@page { size: A4; margin: 18mm 14mm 16mm 14mm; font-family: "DejaVu Sans", sans-serif;
  @top-left { content: string(version); font-size: 8pt; color: #555; }
  @top-right { content: string(game); font-size: 8pt; color: #555; }
  @bottom-center { content: "page " counter(page) " of " counter(pages); font-size: 8pt; color: #555; } }
@page :first { @top-left { content: none; } @top-right { content: none; } }
body { font-family: "DejaVu Sans", sans-serif; font-size: 8.5pt; line-height: 1.3; }
h1 { font-size: 18pt; margin-top: 12mm; }
h1.cover { string-set: version attr(data-header); }
section.game { page-break-before: always; }
section.game h2 { string-set: game content(); font-size: 14pt; border-bottom: 1px solid #333; }
h3 { font-size: 10.5pt; margin: 10pt 0 4pt; page-break-after: avoid; }
h4 { font-size: 9pt; margin: 8pt 0 3pt; page-break-after: avoid; }
table { border-collapse: collapse; width: 100%; margin: 4pt 0 6pt; }
th, td { border: 0.5pt solid #999; padding: 2pt 3pt; vertical-align: top; text-align: left; overflow-wrap: break-word; }
table.fixed { table-layout: fixed; }
table.fixed td, table.fixed th { overflow-wrap: anywhere; }
th { background: #e8e8e8; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
td.num, table.report td { font-family: "DejaVu Sans Mono", monospace; }
table.report td:first-child { font-family: "DejaVu Sans", sans-serif; }
td.num { word-break: break-all; }
table.extra, table.report { font-size: 7.5pt; }
table.report td, table.report th { padding: 1.5pt 2pt; }
.edge div { margin: 0 0 2pt; }
.conv { color: #555; font-size: 7.5pt; }
.assume { color: #333; font-size: 8pt; }
.part { color: #555; font-size: 7.5pt; margin: 6pt 0 0; page-break-after: avoid; }
.notes { font-size: 7.5pt; margin: 0 0 8pt; }
.notes p { margin: 0 0 2pt; }
.custom { color: #a00; font-weight: bold; }
ul.toc { list-style: none; padding-left: 0; width: 60%; }
ul.toc a { color: inherit; text-decoration: none; }
ul.toc a::after { content: leader('.') target-counter(attr(href), page); }
dl.defs dt { font-weight: bold; margin-top: 3pt; }
dl.defs dd { margin: 0 0 0 8mm; }
figure.plot { margin: 2pt 0 8pt; page-break-inside: avoid; }
figure.plot svg { display: block; margin: 0 auto; }
@media screen { body { max-width: 200mm; margin: auto; } }
"""


class Notes:
    """Footnotes of one game: numbered in order of first mark, printed under every table that marks them."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}
        self.pending: list[str] = []

    def mark(self, *texts: str) -> str:
        """Superscript references for these notes, separated by commas (marks 1 and 2 never read as 12)."""
        refs = []
        for t in texts:
            refs.append(self.numbers.setdefault(t, len(self.numbers) + 1))
            if t not in self.pending:
                self.pending.append(t)
        return f"<sup>{','.join(map(str, refs))}</sup>" if refs else ""

    def flush(self) -> str:
        """The notes marked since the last flush, to print under the table that marks them."""
        if not self.pending:
            return ""
        ordered = sorted(self.pending, key=self.numbers.__getitem__)
        out = "<div class='notes'>" + "".join(f"<p><sup>{self.numbers[t]}</sup> {esc(t)}</p>" for t in ordered)
        self.pending = []
        return out + "</div>"


def _exact_cell(value: Fraction) -> str:
    return f"{esc(cell_text(value))}<br>= {esc(percent(value))}"


def _wager_row(r: WagerResult, notes: Notes) -> str:
    w, d = r.wager, r.distribution
    marks = notes.mark(*(f"Reconstructed value: {s}" for s in w.reconstructions))
    odds = "<br>".join(
        esc(p.odds.text if len(w.payouts) == 1 else f"{p.title or p.key}: {p.odds.text}")
        + (" <span class='custom'>(custom)</span>" if p.custom else "")
        for p in w.payouts
    )
    edges = "".join(f"<div>{_exact_cell(e.value)} <span class='conv'>{esc(e.convention)}</span></div>" for e in r.edges)
    recon = " (reconstructed)" if w.reconstructions else ""
    p_win = f"{esc(mr.win_bounds(r))}{notes.mark(r.not_a_law)}" if r.not_a_law else _exact_cell(d.p_win)
    return (
        f"<tr><td><b>{esc(w.key)}</b>{marks}<br>{esc(w.title)}</td><td>{odds}</td>"
        f"<td class='num'>{p_win}</td>"
        f"<td class='num edge'>{edges}</td><td>{esc(w.citations)}{recon}</td></tr>"
    )


def _wager_table(results: Sequence[WagerResult], notes: Notes) -> str:
    rows = "".join(_wager_row(r, notes) for r in results)
    return (
        "<table class='fixed'><colgroup><col style='width:21%'><col style='width:15%'><col style='width:15%'>"
        "<col style='width:27%'><col style='width:22%'></colgroup><thead><tr><th>wager</th>"
        "<th>odds as the law words them</th><th>P(win): exact, or exact bounds</th>"
        "<th>house edge, exact, and convention</th>"
        f"<th>citation</th></tr></thead><tbody>{rows}</tbody></table>" + notes.flush()
    )


def _short(value: Fraction, shortened: list[bool], limit: int = 10) -> str:
    html, cut = fraction_html(value, limit=limit)
    if cut:
        shortened.append(True)
    return html


REPORT_HEAD = (
    "wager",
    "P(win) = hit frequency",
    "P(push or void)",
    "P(loss)",
    "expected return; RTP",
    "standard deviation",
    "volatility index at 90%, 95%, 99%",
    "average total stake",
    "element of risk",
    "top award: net return, odds",
)


def _report_table(results: Sequence[WagerResult], notes: Notes) -> str:
    cells: list[list[Cell]] = []
    band_cells: list[list[Cell]] = []
    shortened: list[bool] = []
    loose = False
    for r in results:
        m = r.math_report()
        key = f"<b>{esc(r.wager.key)}</b>"
        money = f"{esc(percent(m.expected_return))}<br>RTP {esc(percent(m.rtp))}"
        if m.stake is None:
            stake = "n/a" + notes.mark(m.stake_basis)
        elif m.stake.denominator == 1:
            stake = esc(cell_text(m.stake))
        else:  # units of the initial stake, not a percentage; a fraction too long for the column as a decimal
            shown = cell_text(m.stake)
            stake = (f"{esc(shown)}<br>" if len(shown) <= 9 else "") + esc(render_decimal(m.stake, 4))
        if m.element_of_risk is not None:
            risk = esc(percent(m.element_of_risk))
        else:
            risk = "n/a" + (notes.mark(m.element_of_risk_basis) if m.stake is None else "")
        if m.variance is not None:  # exact (the law, or the second moment of its unknown part): VI and bands
            vi = "<br>".join(esc(mr.decimal_text(v.value)) for v in m.volatility)
            bands = [esc(mr.band_text(b, 2)) + ("*" if b.approximate else "") for b in m.bands]
            loose = loose or any(b.approximate for b in m.bands)
            band_cells.append([key, esc(percent(m.rtp)), *bands])
        law = mr.law_figures(m)
        if law is not None:
            root = law.standard_deviation
            exact = root.exact if len(root.exact) <= 20 else ""
            sd_html = (f"{esc(exact)}<br>= " if exact else "") + esc(mr.decimal_text(root.decimal(), 4))
            top = f"{esc(cell_text(law.top_award.net_return))}<br>{esc(mr.one_in(law.top_award.one_in))}"
            chances = [_short(x, shortened) for x in (law.p_win, law.p_push, law.p_loss)]
            cells.append([key, *chances, money, sd_html, vi, stake, risk, top])
        elif r.partial is not None:  # the mean exact, the chances bounded exactly (rounded outward), the
            win, push, loss, _, sd = (esc(c) for c in mr.bounds_cells(r.partial, 4))  # variance exact or bounded
            mark = notes.mark(r.not_a_law)
            if m.variance is not None:
                cells.append(
                    [key, win + mark, push + mark, loss + mark, money, sd, vi, stake, risk, "not computed" + mark]
                )
            else:
                cells.append(
                    [
                        key,
                        win + mark,
                        push + mark,
                        loss + mark,
                        money,
                        sd + mark,
                        "not computed" + mark,
                        stake,
                        risk,
                        "not computed",
                    ]
                )
                band_cells.append(
                    [key, esc(percent(m.rtp)), ("not computed" + mark + ": not the law of a round", len(BAND_ROUNDS))]
                )
        else:  # only the mean is exact: one cell says so for every figure that needs the law
            gone = "not computed" + notes.mark(r.not_a_law) + ": not the law of a round"
            cells.append([key, (gone, 3), money, (gone, 2), stake, risk, "not computed"])
            band_cells.append([key, esc(percent(m.rtp)), (gone, len(BAND_ROUNDS))])
    note = (
        "Definitions on the first page. Exact fractions too long for this table are printed as percentages; "
        "the wager table above and the JSON tables give them exactly."
        if shortened
        else "Definitions on the first page; exact values in the JSON tables."
    )
    out = fixed_table_html(
        "Math report", REPORT_HEAD, cells, (12, 10, 9, 10, 10, 13, 9, 8, 8, 11), note, css_class="report", level=4
    )
    band_note = "The band is RTP &plusmn; 1.96 SD/&radic;N, the normal approximation with the exact variance." + (
        " * The Berry-Esseen bound cannot keep the coverage within one percentage point of 95% at this "
        "number of rounds (a skewed wager): read that band as rough."
        if loose
        else ""
    )
    out += fixed_table_html(
        mr.BAND_TITLE,
        mr.BAND_COLUMNS,
        band_cells,
        (12, 9, *(79 / len(BAND_ROUNDS),) * len(BAND_ROUNDS)),
        band_note,
        css_class="report",
        level=4,
    )
    return out + notes.flush()


def _charts(game: str) -> tuple[Callable[[GameAnalysis], str] | None, Callable[[Extra], bool]]:
    """The game's chart renderer and the test for the extras it replaces (None, never when it has none)."""
    name = CHART_RENDERERS.get(game)
    module = importlib.import_module(name) if name else None
    render = getattr(module, "charts_html", None)
    consumes = getattr(module, "consumes", None) if render else None
    return render, (consumes or (lambda x: False))


def section_html(title: str, body: str, anchor: str) -> str:
    """A section on pages of its own, its title in the running header and linked from the contents."""
    return f"<section class='game' id='{esc(anchor)}'><h2>{esc(title)}</h2>{body}</section>"


def _game(game: str, analyses: Sequence[GameAnalysis]) -> str:
    notes = Notes()
    render, consumes = _charts(game)
    figures = importlib.import_module(FIGURES)
    parts = []
    for a in analyses:
        if len(analyses) > 1 or a.rules:
            rules = ", ".join(f"{k} = {v}" for k, v in a.rules) or "as the law states"
            parts.append(f"<h3>Rules: {esc(rules)}</h3>")
        if a.custom:
            parts.append("<p class='custom'>Custom rule set or pay table: not the law's figures.</p>")
        parts += [f"<p class='assume'>{esc(s)}</p>" for s in a.assumptions]
        parts.append(_wager_table(a.results, notes))
        parts.append(_report_table(a.results, notes))
        parts.append(figures.law_html(a))
        if render:
            parts.append(render(a) or "")
        parts += [extra_html(x) for x in a.extras if not consumes(x)]
        parts.append(booklet_section(game, a.version, a.rules))  # effects of removal (blackjack), report/removal.py
        parts.append(figures.removal_html(game, a.version, a.rules))
    return section_html(game, "".join(parts), f"game-{game}")


def _definitions() -> str:
    return (
        "<h3>How to read the math report</h3><dl class='defs'>"
        + "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in DEFINITIONS.items())
        + "</dl>"
    )


def _sections(version: str, games: Sequence[tuple[str, Sequence[GameAnalysis]]]) -> list[str]:
    out = []
    for spec in SECTIONS:
        module, _, name = spec.partition(":")
        out.append(getattr(importlib.import_module(module), name)(version, games) or "")
    return out


def booklet_html(version: str, games: Sequence[tuple[str, Sequence[GameAnalysis]]]) -> str:
    """The whole booklet for one version, as one self-contained HTML document."""
    v = get_version(version)
    header = f"oddscalc: version {v.id}, in force {v.in_force.isoformat()}"
    contents = "".join(f"<li><a href='#game-{esc(g)}'>{esc(g)}</a></li>" for g, _ in games)
    body = "".join(_game(g, a) for g, a in games) + "".join(_sections(version, games))
    return (
        f"<!DOCTYPE html><html lang='en-GB'><head><meta charset='utf-8'><title>{esc(header)}</title>"
        f"<style>{CSS}</style></head><body>"
        f"<h1 class='cover' data-header='{esc(header)}'>Exact odds of the permitted casino games</h1>"
        f"<p><b>Version {esc(v.id)}</b>: {esc(v.title)}. In force {esc(v.in_force.isoformat())}.</p>"
        f"<p>{esc(v.instruments)}.</p><p>{esc(v.summary)}</p>"
        "<p>Every figure is an exact rational number computed by oddscalc; percentages are roundings of it. "
        "Edges are the house's expected gain under the convention named beside each. "
        f"{esc(LONG_NOTE)}</p>"
        f"<h3>Games</h3><ul class='toc'>{contents}</ul>{_definitions()}{body}</body></html>\n"
    )


class BookletLayoutError(ValueError):
    """A booklet table laid out past its page's content box."""


def overflowing_tables(document: Document, tolerance_px: float = 0.5) -> list[str]:
    """Every table box (each page's part of a table) that extends past its page's content box, as
    'page P: table at line L, R pt past the right edge, B pt past the bottom' (empty when all fit)."""
    from weasyprint.formatting_structure.boxes import TableBox

    found = []
    for number, page in enumerate(document.pages, 1):
        box = page._page_box  # WeasyPrint's laid-out page: the boxes and their positions, in CSS px
        left, top = box.content_box_x(), box.content_box_y()
        right, bottom = left + box.width, top + box.height
        stack = [box]
        while stack:
            b = stack.pop()
            if isinstance(b, TableBox):
                x, y = b.border_box_x(), b.border_box_y()
                over = (x + b.border_width() - right, y + b.border_height() - bottom, left - x, top - y)
                if max(over) > tolerance_px:
                    head = " ".join("".join(b.element.itertext()).split())[:60] if b.element is not None else ""
                    found.append(
                        f"page {number}: table '{head}', {over[0] * 0.75:.1f} pt past the right edge, "
                        f"{over[1] * 0.75:.1f} pt past the bottom"
                    )
            stack.extend(getattr(b, "children", ()) or ())
    return found


def booklet_document(document: str) -> Document:
    """The booklet laid out by WeasyPrint (pages and their boxes), without writing a PDF."""
    import weasyprint  # imported here: only the booklet needs it, and it is slow to import

    return weasyprint.HTML(string=document).render()


def booklet_pdf(document: str, check: bool = True) -> bytes:
    """Render the booklet HTML to PDF bytes, reproducibly; with `check`, refuse (BookletLayoutError) a booklet
    with a table that runs off its page."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        laid_out = booklet_document(document)
        if check:
            bad = overflowing_tables(laid_out)
            if bad:
                raise BookletLayoutError(f"{len(bad)} booklet table part(s) run off the page, first {bad[0]}")
        return laid_out.write_pdf()
    finally:
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous
