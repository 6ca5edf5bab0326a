"""The printed odds booklet: one HTML document per version (A4 print CSS) and a PDF made from it.

Each game is a numbered section, and each of its rule sets a numbered subsection named in plain English
(report/rule_words.py), both in the contents and the running header. A rule set opens with its summary table,
a row per wager, with footnotes under it marked "[1]" on the line. A row gives the odds as the law words them,
P(win), the house edge and any other convention where it differs, the RTP, the standard deviation with its
square root typeset, and the citation. Then come the math report and RTP bands, and the game's charts on a page
of their own that names the rule set. The figures follow (FIGURES: the laws that say more than their rows, and
the shoe games' effects of removal, as inline SVG), then its further tables fitted to the page (html_tables).
A fraction too long to read
is rounded (exact.short_text), so no number on a page is longer than about 25 characters. The back matter gives the
definitions, the edge conventions, how citations read and how to reproduce the booklet. The PDF is rendered
by WeasyPrint with the font timestamps pinned (SOURCE_DATE_EPOCH), so the same input gives the same bytes.

Further sections (after the games) are added by one line in SECTIONS: "module:function", the function
taking (version, games) and returning HTML (`section_html` builds one; `html_tables.extra_html` renders
`analysis.Extra` tables to fit).
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from oddscalc.core.distribution import render_decimal
from oddscalc.core.errors import LimitError
from oddscalc.core.math_report import BAND_ROUNDS, DEFINITIONS, Surd
from oddscalc.regulations.versions import get_version
from oddscalc.report import math_report_render as mr
from oddscalc.report.exact import LONG_MEANING, LONG_WORDS, ROUNDED_MARK, SHORT_DIGITS, short_text, shorten_numbers
from oddscalc.report.html_tables import LONG_NOTE, Cell, esc, extra_html, fixed_table_html
from oddscalc.report.math_report_render import percent
from oddscalc.report.pdf_fonts import use_shipped_fonts
from oddscalc.report.removal_render import booklet_section
from oddscalc.report.rule_words import rules_in_words
from oddscalc.wager_results import PER_ROLL, PER_STAKE, RESOLVED, TOTAL_STAKED, Extra, GameAnalysis, WagerResult

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
    "citation_parts",
    "cited_rows",
    "common_citation",
    "overflowing_cells",
    "overflowing_tables",
    "rule_set_names",
    "section_html",
    "surd_html",
]

#: Games whose extras have a picture of their own: a module with `charts_html(analysis) -> str` (an HTML fragment)
#: and `consumes(extra) -> bool` (the extras that picture replaces).
CHART_RENDERERS = {"blackjack": "oddscalc.report.strategy_charts"}

#: The module drawing the booklet's figures (`law_html(analysis)`, `removal_html(game, version, rules)`): loaded by
#: name when a booklet is made, since matplotlib takes a second to import.
FIGURES = "oddscalc.report.plots.booklet_figures"

#: Sections printed after the games, each "module:function"; function(version, games) -> HTML ("" for none).
SECTIONS: tuple[str, ...] = ()

#: A fixed moment (the 1994 Regulations' coming into force) stamped into the PDF's fonts instead of "now".
EPOCH = "788918400"

#: Every page's foot after its number: what "≈" means and where the exact fraction is.
PAGE_NOTE = f"{ROUNDED_MARK} rounded to {SHORT_DIGITS} significant figures; exact fractions in the JSON tables"

CSS = """
@page { size: A4; margin: 18mm 14mm 16mm 14mm; font-family: "DejaVu Sans", sans-serif;
  @top-left { content: string(version); font-size: 8pt; color: #555; }
  @top-right { content: string(game) string(ruleset); font-size: 8pt; color: #555; }
  @bottom-center { content: "page " counter(page) " of " counter(pages) "  ·  PAGE_NOTE"; font-size: 8pt;
    color: #555; } }
@page :first { @top-left { content: none; } @top-right { content: none; } }
body { font-family: "DejaVu Sans", sans-serif; font-size: 8.5pt; line-height: 1.3; }
h1 { font-size: 18pt; margin-top: 12mm; }
h1.cover { string-set: version attr(data-header); }
section.game { page-break-before: always; }
section.game h2 { string-set: game content(), ruleset ""; font-size: 14pt; border-bottom: 1px solid #333; }
h3 { font-size: 10.5pt; margin: 10pt 0 4pt; page-break-after: avoid; }
h3.ruleset { string-set: ruleset attr(data-short); font-size: 11pt; border-bottom: 0.5pt solid #999; }
h4 { font-size: 9pt; margin: 8pt 0 3pt; page-break-after: avoid; }
table { border-collapse: collapse; width: 100%; margin: 4pt 0 6pt; }
th, td { border: 0.5pt solid #999; padding: 2pt 3pt; vertical-align: top; text-align: left; overflow-wrap: break-word; }
table.fixed { table-layout: fixed; }
table.fixed td, table.fixed th { overflow-wrap: anywhere; }
td.num, table.fixed td.num { overflow-wrap: normal; }
th { background: #e8e8e8; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
td.num, table.report td, table.summary td.num { font-family: "DejaVu Sans Mono", monospace; }
table.report td:first-child { font-family: "DejaVu Sans", sans-serif; }
table.extra, table.report { font-size: 7.5pt; }
table.summary, table.report.fixed { font-size: 7pt; }
table.report td, table.report th, table.summary td, table.summary th { padding: 1.5pt 2pt; }
.title { color: #444; }
.conv { color: #555; font-family: "DejaVu Sans", sans-serif; }
.fn { font-size: 7pt; color: #333; font-weight: normal; }
.rad { text-decoration: overline; }
.nb { white-space: nowrap; }
.assume { color: #333; font-size: 8pt; }
.rulevalues { color: #555; font-size: 7.5pt; }
.part { color: #555; font-size: 7.5pt; margin: 6pt 0 0; page-break-after: avoid; }
.notes { font-size: 7.5pt; margin: 0 0 8pt; }
.notes p { margin: 0 0 2pt; }
.custom { color: #a00; font-weight: bold; }
ul.toc { list-style: none; padding-left: 0; }
ul.toc ul { list-style: none; padding-left: 6mm; }
ul.toc a { color: inherit; text-decoration: none; }
ul.toc a::after { content: leader('.') target-counter(attr(href), page); }
dl.defs dt { font-weight: bold; margin-top: 3pt; }
dl.defs dd { margin: 0 0 0 8mm; }
figure.plot { margin: 2pt 0 8pt; page-break-inside: avoid; }
figure.plot svg { display: block; margin: 0 auto; }
div.chart-page { page-break-before: always; page-break-inside: avoid; }
div.keep { page-break-inside: avoid; }
div.keep table.extra { line-height: 1.2; }
div.keep table.extra td { padding: 0.8pt 2pt; }
.bj-charts table { font-size: 7.5pt; margin: 2pt 0 4pt; }
.bj-charts td, .bj-charts th { padding: 0.8pt 2pt; }
.bj-charts th { text-align: center; }
.bj-charts th.row { text-align: left; }
table.bands { font-size: 6.8pt; }
.bj-charts h4 { margin: 4pt 0 2pt; }
div.chart-page .caption { font-weight: bold; font-size: 9.5pt; margin: 0 0 4pt; }
@media screen { body { max-width: 200mm; margin: auto; } }
""".replace("PAGE_NOTE", PAGE_NOTE)


class Notes:
    """Footnotes of one game: numbered in order of first mark, printed under every table that marks them. A mark
    is a bracketed number on the line ("[1]", "[1,2]"), never a superscript that could read as an exponent."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}
        self.pending: list[str] = []

    def mark(self, *texts: str) -> str:
        """References to these notes, separated by commas (marks 1 and 2 never read as 12)."""
        refs = []
        for t in texts:
            refs.append(self.numbers.setdefault(t, len(self.numbers) + 1))
            if t not in self.pending:
                self.pending.append(t)
        return f" <span class='fn'>[{','.join(map(str, refs))}]</span>" if refs else ""

    def flush(self) -> str:
        """The notes marked since the last flush, to print under the table that marks them."""
        if not self.pending:
            return ""
        ordered = sorted(self.pending, key=self.numbers.__getitem__)
        out = "<div class='notes'>" + "".join(
            f"<p><span class='fn'>[{self.numbers[t]}]</span> {esc(shorten_numbers(t))}</p>" for t in ordered
        )
        self.pending = []
        return out + "</div>"


#: Digits (numerator and denominator together) of the longest fraction printed whole in the summary's and the math
#: report's narrow cells: at most 15 characters with its sign and slash, which fit those columns on one line.
NARROW_DIGITS = 13


def _value(value: Fraction) -> str:
    """An exact value for a narrow cell: an integer plainly, else `p/q = x%`, folded before the "=" if need be.

    A fraction of more than NARROW_DIGITS digits is rounded (exact.short_text). The value folds before the "="
    where the cell is too narrow for one line; a number itself is never broken across lines (the CSS: numeric
    cells wrap only at spaces)."""
    value = Fraction(value)
    if value.denominator == 1:
        return esc(value.numerator)
    return f"{_narrow(value)} =&nbsp;{esc(percent(value))}"


#: " to " in odds, with no-break spaces: "50 to 1" never folds in a narrow cell.
_TO = "&nbsp;to&nbsp;"


def _narrow(value: Fraction) -> str:
    """A fraction for a narrow cell (HTML): whole up to NARROW_DIGITS digits, else rounded (exact.short_text)."""
    return esc(short_text(value, limit=NARROW_DIGITS))


def surd_html(sd: Surd, places: int = 4) -> str:
    """A standard deviation: its exact form typeset (3√<span style='text-decoration:overline'>78</span>/37)
    above its decimal, or the decimal alone when the exact form is too long for a narrow cell (NARROW_DIGITS)."""
    form = mr.surd_text(sd.exact)
    decimal = esc(mr.decimal_text(sd.decimal(), places))
    if sum(c.isdigit() for c in form) > NARROW_DIGITS:
        return decimal
    typeset = re.sub(r"√(\d+)", lambda m: f"√<span class='rad'>{m[1]}</span>", esc(form))
    return f"<span class='nb'>{typeset}</span> =&nbsp;{decimal}"  # never folded after its "/"


#: Short names of the edge conventions beside the edge per unit initially staked (back matter defines them).
CONVENTION_NAMES = {RESOLVED: "per resolved wager", PER_ROLL: "per roll", TOTAL_STAKED: "on total staked"}
#: What each edge convention divides by, by the edge's key (back matter).
CONVENTION_MEANINGS = {
    "initial": "the house's expected gain divided by the initial stake: what it keeps of each unit put down. "
    "The summary tables print this edge; RTP is 100% less it.",
    "resolved": "the same gain divided by the chance the wager is settled (a void or tie returns the stake and "
    "is left out): the edge per decided wager.",
    "per-roll": "for a dice wager that may stand for several throws: the edge divided by the expected number of "
    "throws until it is settled, so that wagers of different lengths compare per throw.",
    "total-staked": "the edge on everything staked, the behind (odds) wager taken at its largest.",
    "element-of-risk": "the expected loss divided by the expected total staked in a round, where stakes grow in "
    "play (doubles, splits, the casino stud Raise, the Play wager).",
}


def _title(key: str, title: str) -> str:
    """The wager's title when it says more than its key: 'One specific number' for straight, not 'Behind 4' for
    behind-4 nor 'Three dice total 4' for total-4 (every word of the key, two more words at most).

    >>> _title("total-4", "Three dice total 4"), _title("straight", "One specific number")
    ('', 'One specific number')
    """
    words, own = re.split(r"[\s-]+", title.lower()), key.lower().split("-")
    plain = "(" not in title and set(own) <= set(words) and len(words) - len(own) <= 2
    return "" if plain else title


def citation_parts(citation: str) -> list[str]:
    """`citation` split at its spaces outside parentheses and quotes: the places where it may be shortened.

    >>> citation_parts("SI 1994/2899 Sch 4 (inserted by SI 2002/1130) 'Single number' (a)")
    ['SI', '1994/2899', 'Sch', '4', '(inserted by SI 2002/1130)', "'Single number'", '(a)']
    >>> citation_parts('Blackjack Rules UK (basic game), "Usual odds payable"')
    ['Blackjack', 'Rules', 'UK', '(basic game),', '"Usual odds payable"']
    """
    parts, start, depth, quote = [], 0, 0, ""
    for i, ch in enumerate(citation):
        if quote:
            if ch == quote and (i + 1 == len(citation) or citation[i + 1] in " ,;)"):
                quote = ""
        elif ch in "\"'" and (i == 0 or citation[i - 1] in " ("):
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == " " and depth == 0:
            parts.append(citation[start:i])
            start = i + 1
    return [*parts, citation[start:]]


def common_citation(citations: Sequence[str]) -> str:
    """The longest run of leading whole parts that every one of two or more `citations` begins with ("" if none).

    A run is two or more parts (`citation_parts`) and leaves each citation something of its own. A table can then
    name it once in its heading, and each row reads as the heading's words followed by the row's.

    >>> common_citation(["SI 1994/2899 reg 4(5)(a)", "SI 1994/2899 reg 4(5)(b)", "SI 1994/2899 reg 4(6)"])
    'SI 1994/2899 reg'
    >>> common_citation(["Rules UK (basic game), 'Insurance'", "Rules UK (basic game) (other)"])
    'Rules UK'
    """
    if len(citations) < 2:
        return ""
    split = [citation_parts(c) for c in citations]
    first, n = split[0], 0
    while n < min(len(p) for p in split) - 1 and all(p[n] == first[n] for p in split):
        n += 1
    return " ".join(first[:n]) if n >= 2 else ""


def cited_rows(citations: Sequence[str]) -> tuple[str, list[str]]:
    """The citations' common start (`common_citation`) and each citation's row after it: the start and a row,
    joined by a space, give the citation whole.

    >>> cited_rows(["SI 1994/2899 reg 4(5)(a)", "SI 1994/2899 reg 4(5)(g); reg 4(6)"])
    ('SI 1994/2899 reg', ['4(5)(a)', '4(5)(g); reg 4(6)'])
    """
    prefix = common_citation(citations)
    return prefix, [c.removeprefix(f"{prefix} ") if prefix else c for c in citations]


def _other_edges(r: WagerResult) -> str:
    """The wager's edges under the conventions other than per unit initially staked (none when all are 0)."""
    others = [e for e in r.edges if e.key != "initial" and e.value != 0]
    return "".join(
        f"<div><span class='conv'>{esc(CONVENTION_NAMES.get(e.convention, e.convention))}:</span> "
        f"{_value(e.value)}</div>"
        for e in others
    )


SUMMARY_HEAD = (
    "wager",
    "odds as the law words them",
    "P(win) = hit frequency",
    "house edge per unit initially staked",
    "edge under other conventions",
    "RTP",
    "standard deviation",
)


def _summary_table(results: Sequence[WagerResult], notes: Notes) -> str:
    """A row per wager: its odds, P(win), the house edge (under every convention where they differ), the RTP, the
    standard deviation of a round and its citation, the citations' common start named once in the heading."""
    prefix, cites = cited_rows([r.wager.citations for r in results])
    rows = []
    for r, cite in zip(results, cites, strict=True):
        w, d, m = r.wager, r.distribution, r.math_report()
        marks = notes.mark(*(f"Reconstructed value: {s}" for s in w.reconstructions))
        title = _title(w.key, w.title)
        odds = "<br>".join(  # "50 to 1" kept on one line
            esc(p.odds.text if len(w.payouts) == 1 else f"{p.title or p.key}: {p.odds.text}").replace(" to ", _TO)
            + (" <span class='custom'>(custom)</span>" if p.custom else "")
            for p in w.payouts
        )
        if r.not_a_law:
            p_win = esc(mr.win_bounds(r)) + notes.mark(r.not_a_law)
        else:
            p_win = _value(d.p_win)
        spread = mr.exact_spread(m)
        if spread is not None:
            sd = surd_html(spread[1])
        elif r.partial is not None:
            sd = esc(mr.bounds_cells(r.partial, 4)[4]) + notes.mark(r.not_a_law)
        else:
            sd = mr.NOT_COMPUTED + notes.mark(r.not_a_law)
        rows.append(
            [
                f"<b>{esc(w.key)}</b>{marks}" + (f"<br><span class='title'>{esc(title)}</span>" if title else ""),
                odds,
                p_win,
                _value(r.edge()),
                _other_edges(r),
                esc(percent(m.rtp)),
                sd,
                esc(cite) + (" (reconstructed)" if w.reconstructions else ""),
            ]
        )
    head = [*SUMMARY_HEAD, f"citation: {prefix} …" if prefix else "citation"]
    widths = [13, 10, 13, 13, 13, 9, 14, 15]
    if not any(row[4] for row in rows):  # no wager has another convention: the column goes
        head, widths = head[:4] + head[5:], [16, 8, 16, 16, 9, 17, 18]
        rows = [row[:4] + row[5:] for row in rows]
    table = _fixed(head, rows, widths, "summary", numeric=range(2, len(head) - 1))
    return table + _figures(results) + notes.flush()


def _figures(results: Sequence[WagerResult]) -> str:
    """The wagers' further expectations per unit initially staked (blackjack's under optimal play and under the
    basic strategy, the edge players face), as house edges."""
    lines = [
        f"<b>{esc(r.wager.key)}</b>: {esc(f.name)}: player {esc(percent(f.value))}, house edge "
        f"{esc(percent(-f.value))} per unit initially staked"
        for r in results
        for f in r.figures
        if f.unit == PER_STAKE
    ]
    return "".join(f"<p class='assume'>{line}</p>" for line in lines)


def _fixed(
    head: Sequence[str], rows: Sequence[Sequence[Cell]], widths: Sequence[float], css: str, numeric: Sequence[int]
) -> str:
    """A table laid out to fixed `widths` (percentages), the `numeric` columns in a monospaced face."""
    cols = "".join(f"<col style='width:{w:.4g}%'>" for w in widths)
    th = "".join(f"<th>{esc(c)}</th>" for c in head)

    def td(i: int, cell: Cell) -> str:
        if isinstance(cell, tuple):
            return f"<td colspan='{cell[1]}'>{cell[0]}</td>"
        return f"<td class='num'>{cell}</td>" if i in numeric else f"<td>{cell}</td>"

    body = "".join("<tr>" + "".join(td(i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    return (
        f"<table class='{css} fixed'><colgroup>{cols}</colgroup><thead><tr>{th}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


#: The math report's column widths (% of the page): the chances and the variance wide enough for a shortened
#: decimal or a NARROW_DIGITS fraction on one line.
REPORT_WIDTHS = (10, 13.5, 13.5, 13.5, 8, 8, 8, 7.5, 9, 9)
REPORT_HEAD = (
    "wager",
    "P(push or void)",
    "P(loss)",
    "variance",
    "VI 90%",
    "VI 95%",
    "VI 99%",
    "average total stake",
    "element of risk",
    "top award: net return, odds",
)


def _report_table(results: Sequence[WagerResult], notes: Notes) -> str:
    """The math report's further figures (the summary table has P(win), the edge, RTP and the standard
    deviation), then the RTP bands."""
    cells: list[list[Cell]] = []
    band_cells: list[list[Cell]] = []
    loose = False
    for r in results:
        m = r.math_report()
        key = f"<b>{esc(r.wager.key)}</b>"
        if m.stake is None:
            stake = "n/a" + notes.mark(m.stake_basis)
        elif m.stake.denominator == 1:
            stake = esc(m.stake.numerator)
        else:  # units of the initial stake, not a percentage
            shown = short_text(m.stake)
            stake = (f"{esc(shown)}<br>= " if len(shown) <= 9 else "") + esc(render_decimal(m.stake, 4))
        if m.element_of_risk is not None:
            risk = esc(percent(m.element_of_risk))
        else:
            risk = "n/a" + (notes.mark(m.element_of_risk_basis) if m.stake is None else "")
        vi: list[Cell] = [esc(mr.decimal_text(v.value)) for v in m.volatility]
        if m.variance is not None:  # exact (the law, or the second moment of its unknown part): VI and bands
            bands = [esc(mr.band_text(b, 2)) + ("*" if b.approximate else "") for b in m.bands]
            loose = loose or any(b.approximate for b in m.bands)
            band_cells.append([key, esc(percent(m.rtp)), *bands])
        variance = "" if m.variance is None else _narrow(m.variance)
        law = mr.law_figures(m)
        if law is not None:
            top = f"{esc(short_text(law.top_award.net_return))}; {esc(mr.one_in(law.top_award.one_in))}"
            cells.append([key, _value(law.p_push), _value(law.p_loss), variance, *vi, stake, risk, top])
        elif r.partial is not None:  # the mean exact, the chances bounded exactly (rounded outward)
            _, push, loss, var, _ = (esc(c) for c in mr.bounds_cells(r.partial, 4))
            mark = notes.mark(r.not_a_law)
            spread: list[Cell] = [variance, *vi] if m.variance is not None else [var + mark, ("not computed" + mark, 3)]
            cells.append([key, push + mark, loss + mark, *spread, stake, risk, "not computed" + mark])
            if m.variance is None:
                band_cells.append(
                    [key, esc(percent(m.rtp)), ("not computed" + mark + ": not the law of a round", len(BAND_ROUNDS))]
                )
        else:  # only the mean is exact: one cell says so for every figure that needs the law
            gone = "not computed" + notes.mark(r.not_a_law) + ": not the law of a round"
            cells.append([key, (gone, 6), stake, risk, "not computed"])
            band_cells.append([key, esc(percent(m.rtp)), (gone, len(BAND_ROUNDS))])
    out = (
        "<h4>Math report</h4>"
        + _fixed(REPORT_HEAD, cells, REPORT_WIDTHS, "report", numeric=range(1, 10))
        + "<p class='assume'>Definitions at the back of the booklet; every exact value whole in the JSON tables.</p>"
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
        css_class="report bands",
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


class RuleSetName(NamedTuple):
    """A rule set's number in the booklet ("8.2"), its anchor, its name in plain English and the short name
    the running header and the contents use (the rules that differ between the game's rule sets)."""

    number: str
    anchor: str
    name: str
    short: str


def rule_set_names(game: str, number: int, analyses: Sequence[GameAnalysis]) -> list[RuleSetName]:
    """The numbered names of a game's rule sets (none when it has one rule set and no rule options)."""
    if len(analyses) <= 1 and not (analyses and analyses[0].rules):
        return []
    varying = {k for a in analyses for k, v in a.rules if any(dict(b.rules).get(k) != v for b in analyses)}
    return [
        RuleSetName(
            f"{number}.{n}",
            f"rules-{game}-{n}",
            rules_in_words(a.rules),
            rules_in_words([(k, v) for k, v in a.rules if k in varying]) if varying else "",
        )
        for n, a in enumerate(analyses, 1)
    ]


def _sentence(text: str) -> str:
    """`text` begun with a capital letter, as a paragraph is.

    >>> _sentence("single-zero wheel of 37 compartments")
    'Single-zero wheel of 37 compartments'
    """
    return text[:1].upper() + text[1:]


def _game(number: int, game: str, analyses: Sequence[GameAnalysis]) -> str:
    notes = Notes()
    render, consumes = _charts(game)
    figures = importlib.import_module(FIGURES)
    names = rule_set_names(game, number, analyses)
    parts = []
    for n, a in enumerate(analyses):
        name = names[n] if names else None
        if name:
            short = f" · {name.number} {name.short}" if name.short else f" · {name.number}"
            parts.append(
                f"<h3 class='ruleset' id='{esc(name.anchor)}' data-short='{esc(short)}'>"
                f"{esc(name.number)} {esc(name.name)}</h3>"
                "<p class='rulevalues'>Rule values (as <code>--rule</code> takes them): "
                + esc(", ".join(f"{k}={v}" for k, v in a.rules))
                + "</p>"
            )
        if a.custom:
            parts.append("<p class='custom'>Custom rule set or pay table: not the law's figures.</p>")
        parts += [f"<p class='assume'>{esc(_sentence(shorten_numbers(s)))}</p>" for s in a.assumptions]
        parts.append(_summary_table(a.results, notes))
        parts.append(_report_table(a.results, notes))
        parts.append(figures.law_html(a))
        if render:
            chart = render(a)
            if chart:
                which = f"rule set {name.number}: {name.name}" if name else game
                parts.append(f"<div class='chart-page'><p class='caption'>For {esc(which)}</p>{chart}</div>")
        parts += [extra_html(x) for x in a.extras if not consumes(x)]
        parts.append(
            booklet_section(game, a.version, a.rules)
        )  # effects of removal (blackjack), report/removal_render.py
        parts.append(figures.removal_html(game, a.version, a.rules))
    return section_html(f"{number} {game}", "".join(parts), f"game-{game}")


def _back_matter(version: str, games: Sequence[tuple[str, Sequence[GameAnalysis]]]) -> str:
    """Definitions, the edge conventions, how citations read, and how to make this booklet again."""
    v = get_version(version)
    used = dict.fromkeys((e.key, e.convention) for _, sets in games for a in sets for r in a.results for e in r.edges)
    conventions = "".join(
        f"<dt>{esc(c)}</dt><dd>{esc(CONVENTION_MEANINGS.get(k, 'as its name says.'))}</dd>" for k, c in used
    )
    definitions = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in DEFINITIONS.items())
    definitions += f"<dt>{esc(LONG_WORDS)}</dt><dd>{esc(LONG_MEANING)}.</dd>"
    definitions += (
        "<dt>3√<span class='rad'>78</span>/37</dt><dd>an exact square root: 3 times the square root of 78, "
        "divided by 37 (standard deviations are square roots of exact variances).</dd>"
        "<dt>[1]</dt><dd>a footnote mark, printed on the line in brackets; its note is under the table.</dd>"
    )
    body = (
        f"<h3 id='back-definitions'>Definitions</h3><dl class='defs'>{definitions}</dl>"
        f"<h3 id='back-conventions'>Edge conventions</h3><dl class='defs'>{conventions}</dl>"
        "<h3 id='back-citations'>Citations</h3>"
        f"<p>Every wager cites the provision of {esc(v.instruments)} that permits it and fixes its odds. "
        "'reg 4(5)(a)' is regulation 4, paragraph (5), sub-paragraph (a) of the Regulations; 'Sch 1 para 2(2)(c)' "
        "is paragraph 2(2)(c) of Schedule 1. Where a table names the start of its citations in its heading, each "
        "row gives the rest. '(reconstructed)' marks a value the published text does not give legibly; its "
        "footnote says how it was reconstructed.</p>"
        f"<p>{esc(v.title)}. In force {esc(v.in_force.isoformat())}.</p>"
        "<h3 id='back-reproduce'>How to reproduce this booklet</h3>"
        f"<p>With oddscalc installed, <code>oddscalc tables --out tables/ --version {esc(v.id)}</code> writes "
        f"this booklet (tables/{esc(v.id)}/booklet.pdf and .html) with each game's tables in Markdown, JSON and "
        "CSV beside it; the same input gives the same bytes. The exact laws are read from the data shipped with "
        "the package (<code>ODDSCALC_STORE=shipped</code>), or computed again without it. One wager's figures: "
        f"<code>oddscalc edge GAME --version {esc(v.id)} --detail</code> (its law: <code>oddscalc dist GAME "
        "WAGER</code>); <code>--format json</code> gives every fraction whole.</p>"
    )
    return section_html("Back matter", body, "back-matter")


def _sections(version: str, games: Sequence[tuple[str, Sequence[GameAnalysis]]]) -> list[str]:
    out = []
    for spec in SECTIONS:
        module, _, name = spec.partition(":")
        out.append(getattr(importlib.import_module(module), name)(version, games) or "")
    return out


def _contents(games: Sequence[tuple[str, Sequence[GameAnalysis]]]) -> str:
    items = []
    for number, (g, analyses) in enumerate(games, 1):
        sets = "".join(
            f"<li><a href='#{esc(n.anchor)}'>{esc(n.number)} {esc(n.short or n.name)}</a></li>"
            for n in rule_set_names(g, number, analyses)
        )
        items.append(f"<li><a href='#game-{esc(g)}'>{number} {esc(g)}</a>" + (f"<ul>{sets}</ul>" if sets else ""))
    back = "".join(
        f"<li><a href='#{a}'>{t}</a></li>"
        for a, t in (
            ("back-definitions", "Definitions"),
            ("back-conventions", "Edge conventions"),
            ("back-citations", "Citations"),
            ("back-reproduce", "How to reproduce this booklet"),
        )
    )
    return f"<ul class='toc'>{''.join(items)}<li><a href='#back-matter'>Back matter</a><ul>{back}</ul></li></ul>"


def booklet_html(version: str, games: Sequence[tuple[str, Sequence[GameAnalysis]]]) -> str:
    """The whole booklet for one version, as one self-contained HTML document."""
    v = get_version(version)
    header = f"oddscalc: version {v.id}, in force {v.in_force.isoformat()}"
    body = (
        "".join(_game(n, g, a) for n, (g, a) in enumerate(games, 1))
        + "".join(_sections(version, games))
        + _back_matter(version, games)
    )
    custom = any(a.custom for _, sets in games for a in sets)
    return (
        f"<!DOCTYPE html><html lang='en-GB'><head><meta charset='utf-8'><title>{esc(header)}</title>"
        f"<style>{CSS}{CUSTOM_CSS if custom else ''}</style></head><body>"
        f"<h1 class='cover' data-header='{esc(header)}'>Exact odds of the permitted casino games</h1>"
        + (f"<p class='custom'>{esc(CUSTOM_COVER)}</p>" if custom else "")
        + f"<p><b>Version {esc(v.id)}</b>: {esc(v.title)}. In force {esc(v.in_force.isoformat())}.</p>"
        f"<p>{esc(v.instruments)}.</p><p>{esc(v.summary)}</p>"
        "<p>Every figure is an exact rational number computed by oddscalc; percentages are roundings of it. "
        "Each game opens with a summary, a row per wager; the house edge is per unit initially staked, other "
        f"conventions beside it. A fraction too long to read is shown as its decimal rounded to {SHORT_DIGITS} "
        f"significant figures, marked {ROUNDED_MARK} ({esc(LONG_WORDS)}), as the foot of every page recalls; the "
        f"JSON tables give it whole. {esc(LONG_NOTE)} Definitions, conventions and "
        "how to reproduce the booklet are at the back.</p>"
        f"<h3>Contents</h3>{_contents(games)}{body}</body></html>\n"
    )


#: A custom booklet's mark, at the head of every page and on the cover: its figures are not the law's.
CUSTOM_PAGE = "CUSTOM: the house's own rule set or pay table, not the law's"
CUSTOM_CSS = f'@page {{ @top-center {{ content: "{CUSTOM_PAGE}"; font-size: 8pt; color: #a00; font-weight: bold; }} }}'
CUSTOM_COVER = (
    "CUSTOM: some rule sets or pay tables in this booklet are the house's own, not the law's; each is marked "
    "where it appears, and every page carries this mark."
)


class BookletLayoutError(LimitError):
    """A booklet table laid out past its page's content box, or a cell's line past its cell."""


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


def overflowing_cells(document: Document, tolerance_px: float = 0.5) -> list[str]:
    """Every line of a table cell that runs past the cell's content box (a number too wide for its column: numbers
    are never broken across lines), as 'page P: 'TEXT', R pt past its cell' (empty when all fit)."""
    from weasyprint.formatting_structure.boxes import LineBox, TableCellBox, TextBox

    found = []
    for number, page in enumerate(document.pages, 1):
        stack = [(page._page_box, None)]  # each box with the table cell it is in (None: in none)
        while stack:
            b, cell = stack.pop()
            cell = b if isinstance(b, TableCellBox) else cell
            if isinstance(b, LineBox) and cell is not None:
                ends = [t.position_x + t.width for t in b.descendants() if isinstance(t, TextBox)]
                over = max(ends, default=0) - (cell.content_box_x() + cell.width)
                if over > tolerance_px:
                    text = "".join(t.text for t in b.descendants() if isinstance(t, TextBox))
                    found.append(f"page {number}: '{text}', {over * 0.75:.1f} pt past its cell")
                continue
            stack.extend((child, cell) for child in getattr(b, "children", ()) or ())
    return found


def booklet_document(document: str) -> Document:
    """The booklet laid out by WeasyPrint (pages and their boxes), without writing a PDF."""
    use_shipped_fonts()
    import weasyprint  # imported here: only the booklet needs it, and it is slow to import

    return weasyprint.HTML(string=document).render()


def booklet_pdf(document: str, check: bool = True) -> bytes:
    """Render the booklet HTML to PDF bytes, reproducibly; with `check`, refuse (BookletLayoutError) a booklet
    with a table that runs off its page or a cell line that runs past its cell."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        laid_out = booklet_document(document)
        if check:
            bad = overflowing_tables(laid_out)
            if bad:
                raise BookletLayoutError(f"{len(bad)} booklet table part(s) run off the page, first {bad[0]}")
            wide = overflowing_cells(laid_out)
            if wide:
                raise BookletLayoutError(f"{len(wide)} booklet table cell line(s) run past the cell, first {wide[0]}")
        return laid_out.write_pdf()
    finally:
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous
