"""The printed odds booklet: one HTML document per version (A4 print CSS) and a PDF made from it.

Each game gets its own pages: every permitted wager with its odds as the law words them, the exact
chance of winning, the exact edge as a fraction and a percentage under each convention, the citation,
and a numbered footnote for every reconstructed value. The PDF is rendered by WeasyPrint with the
font timestamps pinned (SOURCE_DATE_EPOCH), so the same input gives the same bytes.
"""

from __future__ import annotations

import html
import importlib
import os
from collections.abc import Sequence
from fractions import Fraction

from oddscalc.games.base import Extra, GameAnalysis, WagerResult
from oddscalc.regulations.versions import get_version
from oddscalc.report.removal import booklet_section
from oddscalc.report.serialize import cell_text
from oddscalc.report.text import percent

__all__ = ["booklet_html", "booklet_pdf", "CHART_RENDERERS"]

#: Games whose extras have a picture of their own: module with `charts_html(analysis) -> str` (an HTML fragment).
CHART_RENDERERS = {"blackjack": "oddscalc.report.blackjack_charts"}

#: A fixed moment (the 1994 Regulations' coming into force) stamped into the PDF's fonts instead of "now".
EPOCH = "788918400"

CSS = """
@page { size: A4; margin: 18mm 14mm 16mm 14mm; font-family: "DejaVu Sans", sans-serif;
  @top-left { content: string(version); font-size: 8pt; color: #555; }
  @top-right { content: string(game); font-size: 8pt; color: #555; }
  @bottom-center { content: "page " counter(page) " of " counter(pages); font-size: 8pt; color: #555; } }
body { font-family: "DejaVu Sans", sans-serif; font-size: 8.5pt; line-height: 1.3; }
h1 { font-size: 18pt; margin-top: 40mm; }
.version-name { string-set: version content(); font-size: 8pt; color: #555; }
section.game { page-break-before: always; }
section.game h2 { string-set: game content(); font-size: 14pt; border-bottom: 1px solid #333; }
h3 { font-size: 10.5pt; margin: 10pt 0 4pt; }
table { border-collapse: collapse; width: 100%; margin: 4pt 0 8pt; }
th, td { border: 0.5pt solid #999; padding: 2pt 3pt; vertical-align: top; text-align: left; }
th { background: #e8e8e8; }
tr { page-break-inside: avoid; }
td.num { font-family: "DejaVu Sans Mono", monospace; word-break: break-all; }
.edge div { margin: 0 0 2pt; }
.conv { color: #555; font-size: 7.5pt; }
.assume { color: #333; font-size: 8pt; }
.notes { font-size: 7.5pt; border-top: 0.5pt solid #999; margin-top: 8pt; }
.custom { color: #a00; font-weight: bold; }
@media screen { body { max-width: 200mm; margin: auto; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _frac(value: Fraction) -> str:
    return cell_text(Fraction(value))


def _wager_row(r: WagerResult, footnotes: dict[str, int]) -> str:
    w, d = r.wager, r.distribution
    marks = "".join(f"<sup>{footnotes.setdefault(f'Reconstructed value: {s}', len(footnotes) + 1)}</sup>"
                    for s in w.reconstructions)
    odds = "<br>".join(_e(p.odds.text if len(w.payouts) == 1 else f"{p.key}: {p.odds.text}")
                       + (" <span class='custom'>(custom)</span>" if p.custom else "") for p in w.payouts)
    edges = "".join(f"<div>{_e(_frac(e.value))}<br>= {_e(percent(e.value))} <span class='conv'>{_e(e.convention)}</span></div>"
                    for e in r.edges)
    recon = " (reconstructed)" if w.reconstructions else ""
    if r.not_a_law:  # some outcomes are only their conditional mean: no exact P(win) to print
        p_win = f"not computed<sup>{footnotes.setdefault(r.not_a_law, len(footnotes) + 1)}</sup>"
    else:
        p_win = f"{_e(_frac(d.p_win))}<br>= {_e(percent(d.p_win))}"
    return (f"<tr><td><b>{_e(w.key)}</b>{marks}<br>{_e(w.title)}</td><td>{odds}</td>"
            f"<td class='num'>{p_win}</td>"
            f"<td class='num edge'>{edges}</td><td>{_e(w.citations)}{recon}</td></tr>")


def _extra(x: Extra) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in x.columns)
    rows = "".join("<tr>" + "".join(f"<td>{_e(cell_text(c))}</td>" for c in row) + "</tr>" for row in x.rows)
    note = f"<p class='assume'>{_e(x.note)}</p>" if x.note else ""
    return f"<h3>{_e(x.title)}</h3><table><tr>{head}</tr>{rows}</table>{note}"


def _charts(game: str, analysis: GameAnalysis) -> str | None:
    name = CHART_RENDERERS.get(game)
    if not name:
        return None
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        return None
    render = getattr(module, "charts_html", None)
    return render(analysis) if render else None


def _game(game: str, analyses: Sequence[GameAnalysis]) -> str:
    footnotes: dict[str, int] = {}
    parts = [f"<section class='game'><h2>{_e(game)}</h2>"]
    for a in analyses:
        if len(analyses) > 1 or a.rules:
            rules = ", ".join(f"{k} = {v}" for k, v in a.rules) or "as the law states"
            parts.append(f"<h3>Rules: {_e(rules)}</h3>")
        if a.custom:
            parts.append("<p class='custom'>Custom rule set or pay table: not the law's figures.</p>")
        parts += [f"<p class='assume'>{_e(s)}</p>" for s in a.assumptions]
        parts.append("<table><colgroup><col style='width:21%'><col style='width:15%'><col style='width:15%'>"
                     "<col style='width:27%'><col style='width:22%'></colgroup><tr><th>wager</th><th>odds as the law words them</th><th>P(win), exact</th>"
                     "<th>house edge, exact, and convention</th><th>citation</th></tr>")
        parts += [_wager_row(r, footnotes) for r in a.results]
        parts.append("</table>")
        charts = _charts(game, a)
        if charts:
            parts.append(charts)
            extras = [x for x in a.extras if "chart" not in x.title.lower()]
        else:
            extras = list(a.extras)
        parts += [_extra(x) for x in extras]
        parts.append(booklet_section(game, a.version, a.rules))  # issue 16: effects of removal (blackjack)
    if footnotes:
        parts.append("<div class='notes'>" + "".join(
            f"<p><sup>{n}</sup> {_e(s)}</p>" for s, n in footnotes.items()) + "</div>")
    parts.append("</section>")
    return "".join(parts)


def booklet_html(version: str, games: Sequence[tuple[str, Sequence[GameAnalysis]]]) -> str:
    """The whole booklet for one version, as one self-contained HTML document."""
    v = get_version(version)
    header = f"oddscalc: version {v.id}, in force {v.in_force.isoformat()}"
    contents = "".join(f"<li>{_e(g)}</li>" for g, _ in games)
    body = "".join(_game(g, a) for g, a in games)
    return (f"<!DOCTYPE html><html lang='en-GB'><head><meta charset='utf-8'><title>{_e(header)}</title>"
            f"<style>{CSS}</style></head><body>"
            f"<p class='version-name'>{_e(header)}</p>"
            f"<h1>Exact odds of the permitted casino games</h1>"
            f"<p><b>Version {_e(v.id)}</b>: {_e(v.title)}. In force {_e(v.in_force.isoformat())}.</p>"
            f"<p>{_e(v.instruments)}.</p><p>{_e(v.summary)}</p>"
            "<p>Every figure is an exact rational number computed by oddscalc; percentages are roundings of it. "
            "Edges are the house's expected gain under the convention named beside each.</p>"
            f"<h3>Games</h3><ul>{contents}</ul>{body}</body></html>\n")


def booklet_pdf(document: str) -> bytes:
    """Render the booklet HTML to PDF bytes, reproducibly."""
    import weasyprint  # imported here: only the booklet needs it, and it is slow to import

    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        return weasyprint.HTML(string=document).write_pdf()
    finally:
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous
