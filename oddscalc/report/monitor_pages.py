"""The monitor's pages, as HTML, and as PDF through WeasyPrint: the floor page and an alarm's evidence page.

The floor page shows every table at a glance, rewritten as the monitor runs. An alarm's evidence page is for a
regulator: the law, the counts, the evidence over time, where it crossed, and what else was tested."""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from oddscalc.monitor.result_laws import GAMES, result_law
from oddscalc.monitor.streams import part_name
from oddscalc.monitor.table_summary import StreamSummary, TableSummary
from oddscalc.report.html_tables import esc
from oddscalc.report.pdf_fonts import use_shipped_fonts

__all__ = ["evidence_page", "floor_page", "pdf_bytes"]

_CSS = """
body { font-family: 'DejaVu Sans', sans-serif; margin: 1.5em; color: #222; font-size: 14px; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
.sub { color: #555; margin-top: 0; }
.grid { display: flex; flex-wrap: wrap; gap: 12px; }
.card { border: 1px solid #ccc; border-radius: 6px; padding: 10px 12px; width: 290px; background: #fafafa; }
.card.alarm { border-color: #b22222; background: #fff3f3; }
.card h3 { margin: 0 0 4px 0; font-size: 1.05em; }
.badge { display: inline-block; padding: 1px 7px; border-radius: 9px; font-size: 0.8em; color: #fff; }
.ok { background: #2e7d32; } .bad { background: #b22222; } .warn { background: #b26a00; }
.bar { height: 8px; background: #e5e5e5; border-radius: 4px; margin: 2px 0 6px 0; }
.bar span { display: block; height: 8px; border-radius: 4px; background: #1f4e79; }
.bar span.hot { background: #b22222; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.92em; }
td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #eee; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.small { font-size: 0.85em; color: #444; }
.hotline { color: #b22222; font-weight: bold; } .warnline { color: #b26a00; }
td.t { white-space: nowrap; }
"""


def _page(title: str, body: str, refresh: int | None = None) -> str:
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">{meta}<title>{esc(title)}</title>'
        f"<style>{_CSS}</style></head><body>\n{body}\n</body></html>\n"
    )


def _share(s: StreamSummary) -> float:
    if not math.isfinite(s.log_threshold) or s.log_threshold <= 0:
        return 0.0
    return max(0.0, min(1.0, s.log_e / s.log_threshold))


def _stream_line(s: StreamSummary) -> str:
    who = f" ({esc(part_name(s.test, s.dealer))})" if s.dealer else ""
    share = _share(s)
    hot = " hot" if s.alarm is not None else ""
    word = f"ALARM round {s.alarm:,}" if s.alarm is not None else f"{share:.0%} of threshold"
    return (
        f'<div class="small">{esc(s.test)}{who}: {word}</div>'
        f'<div class="bar"><span class="{hot.strip()}" style="width:{share * 100:.1f}%"></span></div>'
    )


def floor_page(
    tables: Sequence[TableSummary], alarms: Sequence[dict[str, Any]], faults: Sequence[dict[str, Any]], resets
) -> str:
    """Every table's state: rounds, each test's evidence as a share of its threshold, alarms and feed faults."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    cards = []
    for t in tables:
        n_faults = sum(t.faults.values())
        badge = (
            '<span class="badge bad">ALARM</span>'
            if t.alarmed
            else '<span class="badge warn">feed faults</span>'
            if n_faults
            else '<span class="badge ok">OK</span>'
        )
        lines = "".join(_stream_line(s) for s in sorted(t.streams, key=lambda s: (s.test, s.dealer))[:12])
        more = len(t.streams) - 12
        faults_text = ", ".join(f"{n} {esc(k)}" for k, n in sorted(t.faults.items())) or "none"
        cards.append(
            f'<div class="card{" alarm" if t.alarmed else ""}"><h3>{esc(t.name)} {badge}</h3>'
            f'<div class="small">{esc(t.game)} ({esc(t.version)}) · {t.rounds:,} '
            f"round{'' if t.rounds == 1 else 's'} · last round "
            f"{t.last_round if t.last_round is not None else '-'}</div>"
            f'<div class="small{" hotline" if t.settled_wrong else ""}">settlement: {t.settled_wrong} wager(s) settled'
            " against the law</div>"
            f'<div class="small{" warnline" if n_faults else ""}">feed faults: {faults_text}</div>{lines}'
            + ("" if t.streams else '<div class="small">no result yet</div>')
            + (f'<div class="small">and {more} more stream(s)</div>' if more > 0 else "")
            + "</div>"
        )
    rows = "".join(
        f"<tr><td class='n'>{a['id']}</td><td>{esc(a['tbl'])}</td><td>{esc(a['test'])}"
        f"{(' (' + esc(part_name(a['test'], a['dealer'])) + ')') if a['dealer'] else ''}</td>"
        f"<td class='n'>{a['round']:,}</td>"
        f"<td class='t'>{esc(a['time'] or '')}</td><td>{esc(a['alternative'])}</td></tr>"
        for a in list(alarms)[-50:]
    )
    frows = "".join(
        f"<tr><td>{esc(f['tbl'])}</td><td>{esc(f['kind'])}</td><td>{esc(f['source'] or '')}:{f['line'] or ''}</td>"
        f"<td>{esc(f['detail'])}</td></tr>"
        for f in faults
    )
    rrows = "".join(f"<tr><td>{esc(t)}</td><td>{esc(w)}</td><td>{esc(r)}</td></tr>" for t, w, r in resets)
    body = (
        f"<h1>Floor monitor</h1><p class='sub'>{len(tables)} table(s) · {len(alarms)} alarm(s) · updated {stamp}"
        " · each bar: the test's evidence (log e-value) as a share of the threshold it alarms at</p>"
        f"<div class='grid'>{''.join(cards) or '<p>No table has reported yet.</p>'}</div>"
        "<h2>Alarms</h2>"
        + (
            f"<table><tr><th>id</th><th>table</th><th>test</th><th>round</th><th>time</th><th>what</th></tr>{rows}"
            "</table>"
            if rows
            else "<p>None.</p>"
        )
        + "<h2>Feed faults (first 50)</h2>"
        + (
            f"<table><tr><th>table</th><th>kind</th><th>where</th><th>detail</th></tr>{frows}</table>"
            if frows
            else "<p>None.</p>"
        )
        + (
            f"<h2>Resets (audit trail)</h2><table><tr><th>table</th><th>when</th><th>reason</th></tr>{rrows}</table>"
            if rrows
            else ""
        )
    )
    return _page("Floor monitor", body, refresh=10)


def _counts_table(t: TableSummary) -> str:
    if t.game not in GAMES:
        return (
            "<p>A card table has no one law of results to count: each round's law is the shoe's, from the cards"
            " seen since the shuffle (the hold test).</p>"
        )
    law = result_law(t.game, t.version)
    total = sum(t.counts)
    if total == 0:
        return "<p>No results counted since the last reset.</p>"
    cells = []
    for label, p, n in zip(law.labels, law.p, t.counts):
        expected = float(p) * total
        z = (n - expected) / math.sqrt(expected * (1 - float(p))) if expected else 0.0
        cells.append((label, p, n, expected, z))
    if len(cells) > 40:  # sic bo's 216 throws: show the 20 furthest from expectation
        cells = sorted(cells, key=lambda c: -abs(c[4]))[:20]
        note = "<p class='small'>The 20 results furthest from expectation of the 216 ordered throws.</p>"
    else:
        note = ""
    rows = "".join(
        f"<tr><td>{esc(label)}</td><td>{p.numerator}/{p.denominator}</td><td class='n'>{n:,}</td>"
        f"<td class='n'>{e:,.1f}</td><td class='n'>{z:+.2f}</td></tr>"
        for label, p, n, e, z in cells
    )
    return (
        f"{note}<table><tr><th>result</th><th>exact chance</th><th>count</th><th>expected</th>"
        f"<th>(count - expected) / sd</th></tr>{rows}</table>"
    )


def evidence_page(alarm: dict[str, Any], table: TableSummary, history: Sequence[tuple[int, int, float]], faults) -> str:
    """One alarm's evidence page."""
    canvas = importlib.import_module("oddscalc.report.plots.canvas")  # matplotlib: loaded only for a page
    plots = importlib.import_module("oddscalc.report.plots.evidence_chart")
    test = alarm["test"]
    who = f", {esc(part_name(test, alarm['dealer']))}" if alarm["dealer"] else ""
    if alarm["log_e"] is None:
        what = (
            "a wager was settled otherwise than the law says"
            if test == "settlement"
            else "the round was dealt otherwise than the law says"
        )
        evidence = (
            f"<p>A {esc(test)} alarm is a fact, not a statistic: at round {alarm['round']:,} {what} (under"
            " <em>What was found</em>: what was done, what the law says, and the paragraph that says so). It spends"
            " none of the false-alarm budget. The counts below are the table's, for context.</p>"
        )
        plot = ""
    else:
        k = len(history)
        pts = [(r, v) for _, r, v in history]
        fig = plots.evidence_figure(pts, alarm["log_threshold"], alarm["round"], f"{table.name}: {test}{who}")
        plot = canvas.inline_svg(fig, f"ev{alarm['id']}-")
        evidence = (
            f"<p>The test's e-detector reached {math.exp(min(alarm['log_e'], 700)):.4g} at round {alarm['round']:,}"
            f" (log {alarm['log_e']:.3f}), at or above its threshold {math.exp(min(alarm['log_threshold'], 700)):.4g}"
            f" (log {alarm['log_threshold']:.3f}). The chance that this happens on a fair table within the horizon is"
            f" at most the level this test was given, {alarm['level']:.4g}"
            + (f" (exactly {esc(alarm['level_exact'])})" if alarm["level_exact"] else "")
            + f", whatever the number of looks. The evidence over the rounds ({k:,} points):</p>"
        )
    others = "".join(
        f"<tr><td>{esc(s.test)}</td><td>{esc(part_name(s.test, s.dealer))}</td><td class='n'>{s.n:,}</td>"
        f"<td>{'ALARM round ' + format(s.alarm, ',') if s.alarm is not None else 'no alarm'}</td>"
        f"<td class='n'>{s.log_e:.2f}</td><td class='n'>{s.log_threshold:.2f}</td><td class='n'>{s.level:.3g}</td></tr>"
        for s in table.streams
    )
    frows = "".join(
        f"<tr><td>{esc(f['kind'])}</td><td>{esc(f['source'] or '')}:{f['line'] or ''}</td><td>{esc(f['detail'])}</td>"
        "</tr>"
        for f in list(faults)[:20]
    )
    body = (
        f"<h1>Alarm {alarm['id']}: table {esc(table.name)}, test {esc(test)}{who}</h1>"
        f"<p class='sub'>{esc(table.game)}, regulation version {esc(table.version)} · round {alarm['round']:,}"
        f"{' at ' + esc(alarm['time']) if alarm['time'] else ''}</p>"
        f"<h2>What was found</h2><p>{esc(alarm['alternative'])}</p>"
        f"<h2>The law tested against</h2><p>{esc(alarm['law'])}. Every chance is exact (a fraction); only the"
        " evidence, a statistic of the observed results, is a floating-point number.</p>"
        f"<h2>The evidence</h2>{evidence}{plot}"
        f"<h2>The counts</h2><p>{table.results:,} result{'' if table.results == 1 else 's'} in {table.rounds:,} "
        f"round{'' if table.rounds == 1 else 's'} since the last reset:</p>"
        f"{_counts_table(table)}"
        "<h2>What else was tested on this table</h2><p>"
        + (
            f"Settlement, the tableau and the shoe: {table.settled_wrong} fault(s) found by the judge."
            if table.game not in GAMES
            else f"Settlement: {table.settled_wrong} wager(s) settled against the law."
        )
        + " The statistical tests (log e-detector now, log threshold, level):</p>"
        f"<table><tr><th>test</th><th>dealer or stake level</th><th>results</th><th>state</th><th>log e now</th>"
        f"<th>log threshold</th><th>level</th></tr>{others}</table>"
        "<h2>Feed faults on this table</h2>"
        + (f"<table><tr><th>kind</th><th>where</th><th>detail</th></tr>{frows}</table>" if frows else "<p>None.</p>")
        + "<h2>How to read this</h2><p class='small'>Each test is a CUSUM of likelihood ratios against fixed"
        " alternatives to the exact law; its e-detector (the largest product of ratios since any start, divided by"
        " the number of alternatives) has, on a fair table, a chance at most level of ever reaching threshold ="
        " (alternatives x rounds in the horizon / level) within the horizon (Ville's inequality applied to the"
        " Shiryaev-Roberts statistic). Written by oddscalc monitor; its guide, &ldquo;Monitoring live"
        " tables&rdquo;, says more.</p>"
    )
    return _page(f"Alarm {alarm['id']}", body)


def pdf_bytes(html: str) -> bytes:
    """The page as PDF (WeasyPrint, imported here: it is slow to import)."""
    use_shipped_fonts()
    from weasyprint import HTML

    return HTML(string=html).write_pdf()
