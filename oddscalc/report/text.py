"""Human-readable renderings of analyses: plain text for the terminal, Markdown for the tables."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from fractions import Fraction

from oddscalc.analysis import PER_STAKE, Extra, Figure, GameAnalysis, WagerResult
from oddscalc.core.distribution import render_decimal
from oddscalc.regulations.model import Payout
from oddscalc.regulations.versions import get_version
from oddscalc.report import math_report
from oddscalc.report.exact import cell_text, rendered_beside
from oddscalc.report.math_report import exact_pct as _exact_pct
from oddscalc.report.math_report import percent, win_bounds

__all__ = [
    "dist_csv",
    "dist_text",
    "edge_text",
    "edges_csv",
    "extra_cell",
    "fraction_text",
    "heading",
    "markdown",
    "md_table",
    "payouts_text",
    "percent",
]


def fraction_text(value: Fraction) -> str:
    """An exact value for people: `p/q`, or a plain integer when q is 1 (JSON always writes `p/q`)."""
    return cell_text(Fraction(value))


def heading(a: GameAnalysis) -> list[str]:
    v = get_version(a.version)
    lines = [f"{a.game}: version {v.id} ({v.instruments}), in force {v.in_force.isoformat()}"]
    if a.rules:
        lines.append("rules: " + ", ".join(f"{k}={val}" for k, val in a.rules))
    if a.custom:
        lines.append("CUSTOM: this rule set or pay table is not the law's; figures are for the house's own table")
    lines += [f"assumes: {s}" for s in a.assumptions]
    return lines


def _recon(r: WagerResult) -> list[str]:
    return [f"  reconstructed: {s}" for s in r.wager.reconstructions]


def payouts_text(payouts: Sequence[Payout]) -> str:
    """A wager's odds for people: its one payout's, or each payout's with what it pays on (`total 12: 3 to 1`)."""
    if len(payouts) == 1:
        return payouts[0].label
    return "; ".join(p.described for p in payouts)


def _payouts(r: WagerResult) -> str:
    return payouts_text(r.wager.payouts)


def edge_text(a: GameAnalysis) -> str:
    lines = heading(a)
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
            lines.append(f"  P(win) {_exact_pct(d.p_win)}" + (f"; P(void) {_exact_pct(d.p_push)}" if d.p_push else ""))
        for e in r.edges:
            lines.append(f"  house edge {e.convention}: {_exact_pct(e.value)}")
        lines.append("  math report:")
        lines += math_report.report_lines(r.math_report(), partial=r.partial)
        lines += [f"  note: {n}" for n in r.notes]
    lines += ["", *math_report.definition_lines()]
    return "\n".join(lines) + "\n"


def figure_text(f: Figure) -> str:
    """A non-probability figure as what it is: a return as a percentage of the stake, a count with its unit."""
    if f.unit == PER_STAKE:
        return f"{f.name}: {_exact_pct(f.value)} {PER_STAKE}"
    return f"{f.name}: {fraction_text(f.value)} = {render_decimal(f.value, 4)} {f.unit}"


def _columns(rows: Sequence[Sequence[str]], heads: Sequence[str]) -> list[str]:
    """Right-aligned columns as wide as their widest cell (the last column left as it is)."""
    widths = [max(len(x) for x in col) for col in zip(heads, *rows)]
    fmt = lambda row: "  " + "  ".join(c.rjust(w) for c, w in zip(row[:-1], widths)) + "  " + row[-1]  # noqa: E731
    return [fmt(heads)] + [fmt(row) for row in rows]


def dist_text(a: GameAnalysis) -> str:
    lines = heading(a)
    for r in a.results:
        d = r.distribution
        lines += ["", f"{r.wager.key}: {r.wager.title} ({_payouts(r)}; {r.wager.citations})"]
        lines += _recon(r)
        lines += _columns(
            [(fraction_text(ret), fraction_text(p), render_decimal(p, 10)) for ret, p in d.outcomes],
            ("net return", "probability", "decimal"),
        )
        if r.not_a_law:
            lines.append(f"  NOT the law of a round: {r.not_a_law}")
        for name, p in r.events:
            lines.append(f"  P({name}) = {_exact_pct(p)}")
        lines += [f"  {figure_text(f)}" for f in r.figures]
        lines.append("  math report:")
        lines += math_report.report_lines(r.math_report(), partial=r.partial)
    lines += ["", *math_report.definition_lines()]
    return "\n".join(lines) + "\n"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|")


def md_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(_md_escape(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    out += ["| " + " | ".join(_md_escape(c) for c in row) + " |" for row in rows]
    return out


def extra_cell(cell: object, rendered_beside: bool) -> str:
    """An extra table's cell for Markdown: a fraction exact, with its percentage unless the next column has it."""
    if isinstance(cell, Fraction) and cell.denominator != 1 and not rendered_beside:
        return f"{cell_text(cell)} ({percent(cell)})"
    return cell_text(cell)


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
    """One game's tables for one version: a section per rule set, a row per wager, footnotes for reconstructions."""
    lines = [f"# {title}", ""]
    notes: dict[str, int] = {}

    def mark(text: str) -> str:
        return f"[^{notes.setdefault(text, len(notes) + 1)}]"

    for a in analyses:
        if len(analyses) > 1 or a.rules:
            lines += ["## Rules: " + (", ".join(f"{k}={v}" for k, v in a.rules) or "as the law states"), ""]
        lines += [f"- {s}" for s in a.assumptions]
        if a.assumptions:
            lines.append("")
        conventions = list(dict.fromkeys(e.convention for r in a.results for e in r.edges))
        columns = ["wager", "odds", "P(win)", *[f"edge {c}" for c in conventions], "citation"]
        rows = []
        for r in a.results:
            marks = _marks(
                [notes.setdefault(f"Reconstructed value: {s}", len(notes) + 1) for s in r.wager.reconstructions]
            )
            by = {e.convention: e.value for e in r.edges}
            p_win = (
                f"{win_bounds(r)}{mark(r.not_a_law)}"
                if r.not_a_law
                else f"{fraction_text(r.distribution.p_win)} ({percent(r.distribution.p_win)})"
            )
            rows.append(
                [
                    f"{r.wager.key}{marks}",
                    _payouts(r),
                    p_win,
                    *[f"{fraction_text(by[c])} ({percent(by[c])})" if c in by else "" for c in conventions],
                    r.wager.citations + (" (reconstructed)" if marks else ""),
                ]
            )
        lines += md_table(columns, rows)
        report, bands, loose = math_report.report_rows(a.results, mark)
        lines += ["", "### Math report", ""] + md_table(math_report.REPORT_COLUMNS, report)
        lines += ["", f"### {math_report.BAND_TITLE}", ""] + md_table(math_report.BAND_COLUMNS, bands)
        if loose:
            lines += ["", _md_escape(math_report.LOOSE_NOTE).replace("*", "\\*", 1)]
        for x in a.extras:
            lines += _extra_md(x)
        lines.append("")
    lines += ["", "## Definitions", ""] + [f"- **{k}**: {v}" for k, v in math_report.DEFINITIONS.items()]
    if notes:
        lines.append("")
        lines += [f"[^{n}]: {s}" for s, n in notes.items()]
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
    *math_report.CSV_COLUMNS,
)


def edges_csv(analyses: Sequence[GameAnalysis], header: bool = True) -> str:
    """A row per wager and edge convention; the math report's columns repeat on each row of a wager."""
    rows: list[list[object]] = [list(EDGE_COLUMNS)] if header else []
    for a in analyses:
        rules = ";".join(f"{k}={v}" for k, v in a.rules)
        for r in a.results:
            d = r.distribution
            law = not r.not_a_law  # otherwise the chances are not computed: left empty
            report = math_report.csv_values(r.math_report())
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
