"""Human-readable renderings of analyses: plain text for the terminal, Markdown for the tables."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.distribution import render_decimal
from oddscalc.games.base import Extra, GameAnalysis, WagerResult
from oddscalc.regulations.versions import get_version
from oddscalc.report.serialize import cell_text


def fraction_text(value: Fraction) -> str:
    """An exact value for people: `p/q`, or a plain integer when q is 1."""
    return cell_text(Fraction(value))

__all__ = ["edge_text", "dist_text", "markdown", "edges_csv", "dist_csv", "percent", "heading"]


def percent(value: Fraction, places: int = 4) -> str:
    return render_decimal(Fraction(value) * 100, places) + "%"


def _exact_pct(value: Fraction) -> str:
    return f"{fraction_text(value)} = {percent(value)}"


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


def _payouts(r: WagerResult) -> str:
    ps = r.wager.payouts
    if len(ps) == 1:
        return ps[0].label
    return "; ".join(f"{p.key} {p.label}" for p in ps)


def edge_text(a: GameAnalysis) -> str:
    lines = heading(a)
    for r in a.results:
        d = r.distribution
        lines += ["", f"{r.wager.key}: {r.wager.title}", f"  odds: {_payouts(r)}", f"  citation: {r.wager.citations}"]
        lines += _recon(r)
        if r.not_a_law:
            lines.append("  P(win) not computed exactly (see the note)")
        else:
            lines.append(f"  P(win) {_exact_pct(d.p_win)}" + (f"; P(void) {_exact_pct(d.p_push)}" if d.p_push else ""))
        for e in r.edges:
            lines.append(f"  house edge {e.convention}: {_exact_pct(e.value)}")
        lines += [f"  note: {n}" for n in r.notes]
    return "\n".join(lines) + "\n"


def dist_text(a: GameAnalysis) -> str:
    lines = heading(a)
    for r in a.results:
        d = r.distribution
        lines += ["", f"{r.wager.key}: {r.wager.title} ({_payouts(r)}; {r.wager.citations})"]
        lines += _recon(r)
        lines.append(f"  {'net return':>14}  {'probability':>28}  decimal")
        for ret, p in d.outcomes:
            lines.append(f"  {fraction_text(ret):>14}  {fraction_text(p):>28}  {render_decimal(p, 10)}")
        if r.not_a_law:
            lines.append(f"  expectation {_exact_pct(d.mean)}; NOT the law of a round: {r.not_a_law}")
        else:
            lines.append(f"  expectation {_exact_pct(d.mean)}; variance {fraction_text(d.variance)}; "
                         f"standard deviation {d.stdev(10)}")
        for name, p in r.events:
            lines.append(f"  P({name}) = {_exact_pct(p)}")
    return "\n".join(lines) + "\n"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|")


def _md_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(_md_escape(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    out += ["| " + " | ".join(_md_escape(c) for c in row) + " |" for row in rows]
    return out


def _extra_md(x: Extra) -> list[str]:
    lines = ["", f"### {x.title}", ""]
    lines += _md_table(x.columns, [[cell_text(c) for c in row] for row in x.rows])
    if x.note:
        lines += ["", x.note]
    return lines


def markdown(analyses: Sequence[GameAnalysis], title: str) -> str:
    """One game's tables for one version: a section per rule set, a row per wager, footnotes for reconstructions."""
    lines = [f"# {title}", ""]
    notes: dict[str, int] = {}
    for a in analyses:
        if len(analyses) > 1 or a.rules:
            lines += [f"## Rules: " + (", ".join(f"{k}={v}" for k, v in a.rules) or "as the law states"), ""]
        lines += [f"- {s}" for s in a.assumptions]
        if a.assumptions:
            lines.append("")
        conventions = list(dict.fromkeys(e.convention for r in a.results for e in r.edges))
        columns = ["wager", "odds", "P(win)", *[f"edge {c}" for c in conventions], "citation"]
        rows = []
        for r in a.results:
            marks = "".join(f"[^{notes.setdefault(f'Reconstructed value: {s}', len(notes) + 1)}]"
                            for s in r.wager.reconstructions)
            by = {e.convention: e.value for e in r.edges}
            p_win = (f"not computed[^{notes.setdefault(r.not_a_law, len(notes) + 1)}]" if r.not_a_law else
                     f"{fraction_text(r.distribution.p_win)} ({percent(r.distribution.p_win)})")
            rows.append([
                f"{r.wager.key}{marks}", _payouts(r), p_win,
                *[f"{fraction_text(by[c])} ({percent(by[c])})" if c in by else "" for c in conventions],
                r.wager.citations + (" (reconstructed)" if marks else ""),
            ])
        lines += _md_table(columns, rows)
        for x in a.extras:
            lines += _extra_md(x)
        lines.append("")
    if notes:
        lines.append("")
        lines += [f"[^{n}]: {s}" for s, n in notes.items()]
    return "\n".join(lines).rstrip() + "\n"


def _csv(rows: Sequence[Sequence[object]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


EDGE_COLUMNS = ("version", "game", "rules", "custom", "wager", "title", "odds", "p_win", "p_win_decimal",
                "p_push", "convention", "edge", "edge_percent", "citation", "reconstructed")


def edges_csv(analyses: Sequence[GameAnalysis], header: bool = True) -> str:
    rows: list[list[object]] = [list(EDGE_COLUMNS)] if header else []
    for a in analyses:
        rules = ";".join(f"{k}={v}" for k, v in a.rules)
        for r in a.results:
            d = r.distribution
            law = not r.not_a_law  # otherwise the chances are not computed: left empty
            for e in r.edges:
                rows.append([a.version, a.game, rules, "yes" if a.custom else "no", r.wager.key, r.wager.title, _payouts(r),
                             fraction_text(d.p_win) if law else "", render_decimal(d.p_win, 10) if law else "",
                             fraction_text(d.p_push) if law else "",
                             e.convention, fraction_text(e.value), render_decimal(e.value * 100, 8),
                             r.wager.citations, " | ".join(r.wager.reconstructions)])
    return _csv(rows)


def dist_csv(analyses: Sequence[GameAnalysis]) -> str:
    rows: list[list[object]] = [["version", "game", "rules", "wager", "net_return", "probability", "decimal"]]
    for a in analyses:
        rules = ";".join(f"{k}={v}" for k, v in a.rules)
        for r in a.results:
            for ret, p in r.distribution.outcomes:
                rows.append([a.version, a.game, rules, r.wager.key, fraction_text(ret), fraction_text(p),
                             render_decimal(p, 10)])
    return _csv(rows)
