"""Human-readable renderings of analyses: plain text for the terminal, Markdown for the tables."""

from __future__ import annotations

import csv
import io
import re
import textwrap
from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.distribution import render_decimal
from oddscalc.regulations.model import Payout
from oddscalc.regulations.versions import get_version
from oddscalc.report import math_report_render
from oddscalc.report.exact import LONG_MEANING, LONG_WORDS, cell_text, rendered_beside, short_text, shorten_numbers
from oddscalc.report.math_report_render import (
    NOT_COMPUTED,
    bounds_cells,
    bounds_pct,
    decimal_text,
    exact_spread,
    percent,
    win_bounds,
)
from oddscalc.report.math_report_render import exact_pct as _exact_pct
from oddscalc.report.rule_words import rules_in_words
from oddscalc.wager_results import PER_STAKE, Extra, Figure, GameAnalysis, WagerResult

__all__ = [
    "WIDTH",
    "dist_csv",
    "dist_text",
    "edge_text",
    "edges_csv",
    "extra_cell",
    "fit",
    "fraction_text",
    "hanging",
    "heading",
    "markdown",
    "md_table",
    "panels",
    "payouts_text",
    "percent",
    "phrases",
    "summary_cells",
    "summary_lines",
    "table",
    "title_lines",
]


def fraction_text(value: Fraction) -> str:
    """An exact value for people: `p/q`, or a plain integer when q is 1 (JSON always writes `p/q`)."""
    return cell_text(Fraction(value))


#: Text reports fit this many columns (a line longer only where a whole fraction is asked for with --exact).
WIDTH = 100


def fit(lines: Sequence[str], width: int = WIDTH) -> list[str]:
    """Lines folded at spaces to `width` columns, a folded line's rest indented two more than its start (a
    number is never broken: a longer word stays whole)."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out += textwrap.wrap(
            line.strip(),
            width,
            initial_indent=indent,
            subsequent_indent=indent + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
    return out


def hanging(start: str, rest: str, width: int = WIDTH) -> list[str]:
    """`start` followed by `rest` folded to `width` columns, its further lines aligned under its first word (or
    indented four where `start` is too wide for that)."""
    indent = len(start) if len(start) <= width - 30 else 4
    return textwrap.wrap(
        rest,
        width,
        initial_indent=start,
        subsequent_indent=" " * indent,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [start.rstrip()]


_NBSP = "\u00a0"


def _glued(citation: str) -> str:
    """`citation` with the spaces it must not be folded at made unbreakable: inside parentheses and quotes, and
    after "SI", "reg", "Sch" and "para" (so "SI 1994/2899" and "reg 7(5)" stay whole)."""
    out, depth, quote = [], 0, ""
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
        glue = ch == " " and (quote or depth or re.search(r"(?:^|[ (])(?:SI|reg|Sch|para)$", citation[:i]))
        out.append(_NBSP if glue else ch)
    return "".join(out)


#: What a note's fold must not cut: "SI 1994/2899", "reg 7(10)", "Sch 1 para 6" (a word after SI, reg, Sch,
#: para), a quotation, and a document's name with its short parenthesis ("Blackjack Rules UK (basic game)",
#: "regulations README (oddscalc law README)": up to two words before a capitalised word and the parenthesis).
_NOTE_UNITS = re.compile(
    r"\b(?:SI|reg|Sch|para) \S|\"[^\"]+\"|(?<!\w)'[^']{1,30}'(?!\w)|\b(?:\w+ ){0,2}[A-Z]{2,}\w* \([^();:,]{1,30}\)"
)


def _glued_note(note: str) -> str:
    """`note` (prose that cites) with the spaces inside its citations made unbreakable.

    >>> _glued_note("kept from SI 1994/2899 reg 7(10)").count(_NBSP)
    2
    """
    return _NOTE_UNITS.sub(lambda m: m.group().replace(" ", _NBSP), note)


def odds_lines(start: str, odds: str, width: int = WIDTH) -> list[str]:
    """`start`, then the payouts of `odds` ("ante: 1 to 1; flush: 6 to 1") folded only between payouts.

    >>> odds_lines("  x  ", "ante: 1 to 1; four-of-a-kind: 20 to 1", width=40)
    ['  x  ante: 1 to 1;', '     four-of-a-kind: 20 to 1']
    """
    glued = re.sub(r"(?<!;) ", _NBSP, odds)
    return [line.replace(_NBSP, " ") for line in hanging(start, glued, width)]


def citation_lines(start: str, citation: str, rest: str = "", width: int = WIDTH) -> list[str]:
    """`start`, then `citation` and `rest` folded to `width` like `hanging`, the citation never folded inside a
    reference's parts (parentheses, quotes, "SI 1994/2899", "reg 7(5)"), nor `rest` (a note) inside one it cites.

    >>> citation_lines("  x  ", "SI 1994/2899 reg 12(5)-(10), 12(8)(a) (inserted by SI 2002/1130)", width=40)
    ['  x  SI 1994/2899 reg 12(5)-(10),', '     12(8)(a) (inserted by SI 2002/1130)']
    """
    return [line.replace(_NBSP, " ") for line in hanging(start, _glued(citation) + _glued_note(rest), width)]


def heading(a: GameAnalysis, whole: bool = False) -> list[str]:
    """The version, the rule set (as --rule takes it), whether it is a custom one, and what the figures assume
    (long fractions in them shortened unless `whole`)."""
    return title_lines(a) + _assumptions(a, whole)


#: What marks a custom analysis in every text output.
CUSTOM_LINE = "CUSTOM: this rule set or pay table is not the law's; figures are for the house's own table"


def title_lines(a: GameAnalysis) -> list[str]:
    """The version, the rule set (as --rule takes it), and whether it is a custom one."""
    v = get_version(a.version)
    lines = [f"{a.game}: version {v.id} ({v.instruments}), in force {v.in_force.isoformat()}"]
    if a.rules:
        lines.append("rules: " + ", ".join(f"{k}={val}" for k, val in a.rules))
    if a.custom:
        lines.append(CUSTOM_LINE)
    return lines


def _assumptions(a: GameAnalysis, whole: bool = False) -> list[str]:
    return [f"assumes: {shorten_numbers(s, whole)}" for s in a.assumptions]


def _recon(r: WagerResult) -> list[str]:
    return [f"  reconstructed: {s}" for s in r.wager.reconstructions]


def payouts_text(payouts: Sequence[Payout]) -> str:
    """A wager's odds for people: its one payout's, or each payout's with what it pays on (`total 12: 3 to 1`)."""
    if len(payouts) == 1:
        return payouts[0].label
    return "; ".join(p.described for p in payouts)


def _payouts(r: WagerResult) -> str:
    return payouts_text(r.wager.payouts)


SUMMARY_HEAD = ("wager", "odds as written", "house edge", "RTP", "hit freq.", "SD")


def summary_cells(r: WagerResult, label: str = "") -> tuple[str, ...]:
    """One wager's summary row (SUMMARY_HEAD): its edge, RTP, hit frequency and standard deviation.

    The edge is per unit initially staked, and the RTP and hit frequency are percentages. Where the distribution
    is not the law of a round, they are exact bounds, rounded outward; "n/c" (not computed) where not even those
    are known."""
    m = r.math_report()
    if r.partial is not None and not m.is_law:
        hit = "–".join(x.strip("%") for x in bounds_pct(*r.partial.chance_bounds()["win"], places=2).split(" to "))
        hit += "%"
    elif m.p_win is not None:
        hit = percent(m.p_win)
    else:
        hit = NOT_COMPUTED
    spread = exact_spread(m)
    if spread is not None:
        sd = decimal_text(spread[1].decimal(), 4)
    elif r.partial is not None:
        sd = "–".join(bounds_cells(r.partial, 2)[4].split(" to "))
    else:
        sd = NOT_COMPUTED
    return (label or r.wager.key, _payouts(r), percent(r.edge()), percent(m.rtp), hit, sd)


def phrases(text: str, width: int) -> list[str]:
    """`text` folded to `width` columns between its phrases (the "; "-separated payouts of a wager), never inside
    one: a phrase wider than `width` keeps a line of its own.

    >>> phrases("win: 1 to 1; blackjack: 3 to 2", 16)
    ['win: 1 to 1;', 'blackjack: 3 to 2']
    >>> phrases("total 2: 2 to 1; total 12: 3 to 1; others: 1 to 1", 34)
    ['total 2: 2 to 1; total 12: 3 to 1;', 'others: 1 to 1']
    """
    lines: list[str] = []
    for phrase in text.split("; "):
        if lines and len(lines[-1]) + 3 + len(phrase) <= width:  # "; " joins it, and the line may end with ";"
            lines[-1] += "; " + phrase
        elif lines:
            lines[-1] += ";"
            lines.append(phrase)
        else:
            lines.append(phrase)
    return lines


def table(head: Sequence[str], rows: Sequence[Sequence[str]], wrap: int = 1, width: int = WIDTH) -> list[str]:
    """Columns as wide as their widest cell, the first two left-aligned and the rest right-aligned; column
    `wrap` folded between its phrases (`phrases`) onto further lines where the table would pass `width`
    columns."""
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]
    spare = width - 2 - sum(widths) - 2 * (len(widths) - 1)
    if spare < 0:
        folded = [phrases(row[wrap], widths[wrap] + spare) for row in rows]
        widths[wrap] = max(len(head[wrap]), *(len(line) for cell in folded for line in cell))
    lines = []
    for row in (head, *rows):
        parts = phrases(row[wrap], widths[wrap])
        for n, part in enumerate(parts):
            cells = [(c if n == 0 else "") if i != wrap else part for i, c in enumerate(row)]
            line = "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
            lines.append(("  " + line).rstrip())
    return lines


def panels(head: Sequence[str], rows: Sequence[Sequence[str]], width: int = WIDTH) -> list[str]:
    """A table, the first column left-aligned and the rest right-aligned, two spaces apart, in panels if wide.

    Where it is wider than `width`, its other columns are shared out evenly among panels, a blank line apart.
    Each panel repeats the first column and fits; one column too wide for that keeps a panel of its own.

    >>> print("\\n".join(panels(("card", "a", "b", "c"), [("x", "1", "22", "333")], width=12)))
    card  a   b
    x     1  22
    <BLANKLINE>
    card    c
    x     333
    """
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]
    rest = list(range(1, len(head)))
    groups = 1
    while True:
        size = -(-len(rest) // groups)
        parts = [rest[i : i + size] for i in range(0, len(rest), size)]
        if size <= 1 or all(widths[0] + sum(widths[i] + 2 for i in part) <= width for part in parts):
            break
        groups += 1
    lines: list[str] = []
    for part in parts:
        lines += [""] if lines else []
        for row in (head, *rows):
            lines.append("  ".join([row[0].ljust(widths[0]), *(row[i].rjust(widths[i]) for i in part)]).rstrip())
    return lines


def summary_lines(a: GameAnalysis, play: str = "", plays: Sequence[tuple[str, GameAnalysis]] = ()) -> list[str]:
    """The summary table: a row per wager; `plays`, the same wagers under other plays (named), add a row after
    the wager's own wherever that play changes its law, the own row then named `play`."""
    rows = []
    for r in a.results:
        more = [
            (f"{r.wager.key} ({name})", x)
            for name, b in plays
            for x in b.results
            if x.wager.key == r.wager.key and x.distribution != r.distribution
        ]
        rows.append(summary_cells(r, f"{r.wager.key} ({play})" if more and play else ""))
        rows += [summary_cells(x, label) for label, x in more]
    return [*table(SUMMARY_HEAD, rows), SUMMARY_NOTE]


SUMMARY_NOTE = "  edge per unit initially staked; RTP = 100% - edge; hit freq. = P(net return > 0); SD of a round"
#: The summary's last line (`--exact` is named by the rounding note, exact.noted, where it would change a number).
HINT = "--detail: each wager's edges, math report and notes, and the definitions"


def edge_text(
    a: GameAnalysis,
    detail: bool = False,
    whole: bool = False,
    play: str = "",
    plays: Sequence[tuple[str, GameAnalysis]] = (),
) -> str:
    """Summary first: the version and rules, a table with a row per wager, what the figures assume; then with
    `detail` each wager's citation, edges under every convention, math report and notes, and the definitions.
    `whole`: long fractions printed whole (else rounded, exact.short_text); `play` and `plays`: see
    summary_lines."""
    lines = title_lines(a) + [""] + summary_lines(a, play, plays) + [""] + _assumptions(a, whole)
    notes = list(dict.fromkeys(n for r in a.results for n in r.notes if r.not_a_law and n == r.not_a_law))
    if not detail:
        lines += [f"note: {shorten_numbers(n, whole)}" for n in notes]
        lines += ["", HINT]
        return "\n".join(fit(lines)) + "\n"
    for r in a.results:
        d = r.distribution
        lines += ["", f"{r.wager.key}: {r.wager.title}", f"  odds: {_payouts(r)}", f"  citation: {r.wager.citations}"]
        lines += _recon(r)
        if r.not_a_law:
            lines.append(
                "  P(win) not computed exactly (see the note)"
                if r.partial is None
                else f"  P(win) {win_bounds(r)} (exact bounds, rounded outward: see the note)"
            )
        else:
            lines.append(
                f"  P(win) {_exact_pct(d.p_win, whole)}"
                + (f"; P(void) {_exact_pct(d.p_push, whole)}" if d.p_push else "")
            )
        for e in r.edges:
            lines.append(f"  house edge {e.convention}: {_exact_pct(e.value, whole)}")
        lines += [f"  {figure_text(f, whole)}" for f in r.figures]
        lines.append("  math report:")
        lines += math_report_render.report_lines(r.math_report(), partial=r.partial, whole=whole)
        lines += [f"  note: {shorten_numbers(n, whole)}" for n in r.notes]
    lines += ["", *math_report_render.definition_lines()]
    return "\n".join(fit(lines)) + "\n"


def figure_text(f: Figure, whole: bool = False) -> str:
    """A non-probability figure as what it is: a return as a percentage of the stake, a count with its unit."""
    if f.unit == PER_STAKE:
        return f"{f.name}: {_exact_pct(f.value, whole)} {PER_STAKE}"
    return f"{f.name}: {short_text(f.value, whole)} = {render_decimal(f.value, 4)} {f.unit}"


def _columns(rows: Sequence[Sequence[str]], heads: Sequence[str]) -> list[str]:
    """Right-aligned columns as wide as their widest cell (the last column left as it is)."""
    widths = [max(len(x) for x in col) for col in zip(heads, *rows)]
    fmt = lambda row: "  " + "  ".join(c.rjust(w) for c, w in zip(row[:-1], widths)) + "  " + row[-1]  # noqa: E731
    return [fmt(heads)] + [fmt(row) for row in rows]


def dist_text(a: GameAnalysis, detail: bool = False, whole: bool = False) -> str:
    """Summary first (as edge_text), then each wager's law: a row per net return with its probability (exact,
    shortened when long unless `whole`) and decimal; its named events and figures; with `detail` its math
    report and the definitions."""
    lines = title_lines(a) + [""] + summary_lines(a) + [""] + _assumptions(a, whole)
    for r in a.results:
        d = r.distribution
        lines += ["", f"{r.wager.key}: {r.wager.title} ({_payouts(r)}; {r.wager.citations})"]
        lines += _recon(r)
        lines += _columns(
            [(short_text(ret, whole), short_text(p, whole), render_decimal(p, 10)) for ret, p in d.outcomes],
            ("net return", "probability", "decimal"),
        )
        if r.not_a_law:
            lines.append(f"  NOT the law of a round: {shorten_numbers(r.not_a_law, whole)}")
        for name, p in r.events:
            lines.append(f"  P({name}) = {_exact_pct(p, whole)}")
        lines += [f"  {figure_text(f, whole)}" for f in r.figures]
        if detail:
            lines.append("  math report:")
            lines += math_report_render.report_lines(r.math_report(), partial=r.partial, whole=whole)
    lines += ["", *math_report_render.definition_lines()] if detail else ["", HINT]
    return "\n".join(fit(lines)) + "\n"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|")


def md_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(_md_escape(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    out += ["| " + " | ".join(_md_escape(c) for c in row) + " |" for row in rows]
    return out


def extra_cell(cell: object, rendered_beside: bool) -> str:
    """An extra table's cell for Markdown: a fraction exact, with its percentage unless the next column has it."""
    if isinstance(cell, Fraction) and cell.denominator != 1 and not rendered_beside:
        return f"{short_text(cell)} ({percent(cell)})"
    return short_text(cell) if isinstance(cell, Fraction) else cell_text(cell)


def _extra_md(x: Extra) -> list[str]:
    lines = ["", f"### {x.title}", ""]
    beside = rendered_beside(x.columns)
    lines += md_table(
        x.columns,
        [[extra_cell(c, beside[i] if i < len(beside) else False) for i, c in enumerate(row)] for row in x.rows],
    )
    if x.note:
        lines += ["", x.note]
    return lines


def _marks(refs: Sequence[int]) -> str:
    """Footnote references separated by commas, so that marks 1 and 2 never read as 12."""
    return ",".join(f"[^{n}]" for n in refs)


def markdown(analyses: Sequence[GameAnalysis], title: str) -> str:
    """One game's tables for one version in Markdown: a section per rule set, named in plain English.

    Each wager has a row: its odds, P(win), edges, RTP, standard deviation and citation, as the text summary has
    them. Footnotes mark reconstructions. Fractions longer than 20 digits are rounded (exact.short_text); the
    JSON and CSV beside them have them whole."""
    lines = [f"# {title}", ""]
    notes: dict[str, int] = {}

    def mark(text: str) -> str:
        return f"[^{notes.setdefault(text, len(notes) + 1)}]"

    for n, a in enumerate(analyses, 1):
        if len(analyses) > 1 or a.rules:
            lines += [f"## Rule set {n}: {rules_in_words(a.rules)}", ""]
            lines += ["Rule values: " + ", ".join(f"`{k}={v}`" for k, v in a.rules) + ".", ""]
        if a.custom:
            lines += [f"**{CUSTOM_LINE}.**", ""]
        lines += [f"- {shorten_numbers(s)}" for s in a.assumptions]
        if a.assumptions:
            lines.append("")
        conventions = list(dict.fromkeys(e.convention for r in a.results for e in r.edges))
        edges = [f"edge {c}" for c in conventions]
        columns = ["wager", "odds", "P(win) = hit frequency", *edges, "RTP", "standard deviation", "citation"]
        rows = []
        for r in a.results:
            marks = _marks(
                [notes.setdefault(f"Reconstructed value: {s}", len(notes) + 1) for s in r.wager.reconstructions]
            )
            by = {e.convention: e.value for e in r.edges}
            p_win = (
                f"{win_bounds(r)}{mark(r.not_a_law)}"
                if r.not_a_law
                else f"{short_text(r.distribution.p_win)} ({percent(r.distribution.p_win)})"
            )
            rows.append(
                [
                    f"{r.wager.key}{marks}",
                    _payouts(r),
                    p_win,
                    *[f"{short_text(by[c])} ({percent(by[c])})" if c in by else "" for c in conventions],
                    *summary_cells(r)[3:6:2],  # the RTP and the standard deviation, as the text summary gives them
                    r.wager.citations + (" (reconstructed)" if marks else ""),
                ]
            )
        lines += md_table(columns, rows)
        report, bands, loose = math_report_render.report_rows(a.results, mark)
        lines += ["", "### Math report", ""] + md_table(math_report_render.REPORT_COLUMNS, report)
        lines += ["", f"### {math_report_render.BAND_TITLE}", ""] + md_table(math_report_render.BAND_COLUMNS, bands)
        if loose:
            lines += ["", _md_escape(math_report_render.LOOSE_NOTE).replace("*", "\\*", 1)]
        for x in a.extras:
            lines += _extra_md(x)
        lines.append("")
    lines += ["", "## Definitions", ""]
    definitions = math_report_render.DEFINITIONS.items()
    lines += [f"- **{LONG_WORDS}**: {LONG_MEANING}"] + [f"- **{k}**: {v}" for k, v in definitions]
    if notes:
        lines.append("")
        lines += [f"[^{n}]: {shorten_numbers(s)}" for s, n in notes.items()]
    return "\n".join(lines).rstrip() + "\n"


def _csv(rows: Sequence[Sequence[object]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


EDGE_COLUMNS = (
    "version",
    "game",
    "rules",
    "custom",
    "wager",
    "title",
    "odds",
    "p_win",
    "p_win_decimal",
    "p_push",
    "convention",
    "edge",
    "edge_percent",
    "citation",
    "reconstructed",
    *math_report_render.CSV_COLUMNS,
)


def edges_csv(analyses: Sequence[GameAnalysis], header: bool = True) -> str:
    """A row per wager and edge convention; the math report's columns repeat on each row of a wager."""
    rows: list[list[object]] = [list(EDGE_COLUMNS)] if header else []
    for a in analyses:
        rules = ";".join(f"{k}={v}" for k, v in a.rules)
        for r in a.results:
            d = r.distribution
            law = not r.not_a_law  # otherwise the chances are not computed: left empty
            report = math_report_render.csv_values(r.math_report())
            for e in r.edges:
                rows.append(
                    [
                        a.version,
                        a.game,
                        rules,
                        "yes" if a.custom else "no",
                        r.wager.key,
                        r.wager.title,
                        _payouts(r),
                        fraction_text(d.p_win) if law else "",
                        render_decimal(d.p_win, 10) if law else "",
                        fraction_text(d.p_push) if law else "",
                        e.convention,
                        fraction_text(e.value),
                        render_decimal(e.value * 100, 8),
                        r.wager.citations,
                        " | ".join(r.wager.reconstructions),
                        *report,
                    ]
                )
    return _csv(rows)


def dist_csv(analyses: Sequence[GameAnalysis]) -> str:
    rows: list[list[object]] = [["version", "game", "rules", "wager", "net_return", "probability", "decimal"]]
    for a in analyses:
        rules = ";".join(f"{k}={v}" for k, v in a.rules)
        for r in a.results:
            for ret, p in r.distribution.outcomes:
                rows.append(
                    [a.version, a.game, rules, r.wager.key, fraction_text(ret), fraction_text(p), render_decimal(p, 10)]
                )
    return _csv(rows)
