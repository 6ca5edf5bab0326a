"""The monitor's pages, as HTML, and as PDF through WeasyPrint: the floor page and an alarm's evidence page.

The floor page shows every table at a glance, rewritten as the monitor runs. An alarm's evidence page is for a
regulator: the law, the counts, the evidence over time, where it crossed, and what else was tested."""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from oddscalc.monitor.player_stakes import KAPPAS, NULL_HYPOTHESIS
from oddscalc.monitor.result_laws import GAMES, result_law
from oddscalc.monitor.streams import STAKES, part_name
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
td.frac { font-family: 'DejaVu Sans Mono', monospace; font-size: 0.8em; word-break: break-all; max-width: 24em; }
table.shoes { font-size: 0.8em; }
svg { max-width: 100%; height: auto; }
.verdict { border-left: 4px solid #b22222; background: #fff3f3; padding: 6px 10px; font-size: 1.05em; }
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
        faults_text = esc(t.faults_text) or "none"
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


def _percent(x: Fraction) -> str:
    return f"{float(x) * 100:+.3f}%"


def _usual(stakes: Sequence[Fraction]) -> Fraction | None:
    """A player's usual stake: the median of his stakes (the lower one of an even count)."""
    ordered = sorted(stakes)
    return ordered[(len(ordered) - 1) // 2] if ordered else None


def _stakes_sections(
    alarm: dict[str, Any], table: TableSummary, history: Sequence[tuple[int, int, float]], shoes, plots
) -> tuple[str, str]:
    """A stakes alarm's verdict, and its sections: the null hypothesis, each shoe scored (T, p, the e-values),
    the stakes against their worth, and the rounds staked above the usual stake with what each was worth."""
    canvas, chart = plots
    player = alarm["dealer"]
    shown = [r for r in shoes if r["last"] <= alarm["round"]]
    later = len(shoes) - len(shown)
    scored = next((s.n for s in table.streams if s.test == STAKES and s.dealer == player), len(shown))
    after = {rnd: v for _, rnd, v in history}
    wagers = [(rnd, Fraction(st), key, Fraction(e), r) for r in shown for rnd, st, key, e in r["wagers"]]
    usual = _usual([st for _, st, _, _, _ in wagers])
    crossing = next((r for r in shown if r["last"] == alarm["round"]), None)
    level = f"{alarm['level']:.4g}" + (f" (exactly {esc(alarm['level_exact'])})" if alarm["level_exact"] else "")
    verdict = (
        f"<p class='verdict'><b>Verdict: player {esc(player)}'s stakes follow what the cards left in the shoe made"
        f" each round worth.</b> His evidence reached {math.exp(min(alarm['log_e'], 700)):.4g}, at or above the"
        f" threshold {math.exp(min(alarm['log_threshold'], 700)):.4g}, when shoe"
        f" {esc(str(crossing['marker']) if crossing else '?')} ended at round {alarm['round']:,}, after"
        f" {scored:,} shoe{'' if scored == 1 else 's'} of his scored. On a player whose stakes do not follow the"
        f" cards (the null hypothesis below), the chance of such an alarm within the horizon is at most {level}.</p>"
    )
    rows = []
    for r in shown:
        t = Fraction(r["t"])
        staked = sum((Fraction(st) for _, st, _, _ in r["wagers"]), Fraction(0))
        es = "".join(f"<td class='n'>{math.exp(x):.3g}</td>" for x in r["log_e"])
        now = after.get(r["last"])
        hot = " class='hotline'" if r["last"] == alarm["round"] else ""
        rows.append(
            f"<tr{hot}><td>{esc(str(r['marker']))}</td><td class='t'>{r['first']:,}-{r['last']:,}</td>"
            f"<td class='n'>{len(r['wagers'])}</td><td class='n'>{float(staked):g}</td>"
            f"<td class='n'>{float(t):.4g}</td><td class='frac'>{t.numerator}/{t.denominator}</td>"
            f"<td class='n'>{r['p']:.3g}</td>{es}"
            f"<td class='n'>{'' if now is None else format(max(now, 0.0), '.2f')}</td></tr>"
        )
    kept = (
        f" His first {scored - len(shown) - later:,} shoe(s) are no longer kept; the last ones are."
        if scored > len(shown) + later
        else ""
    ) + (f" {later} shoe(s) scored since the alarm are not shown." if later else "")
    kappa_heads = "".join(f"<th>e ({k})</th>" for k in KAPPAS)
    shoes_html = (
        "<h2>Each shoe scored</h2><p>Per shoe in which he staked: T, the sum over his wagers of stake x the wager's"
        " exact expectation on the shoe's composition before its round (as a decimal, then exactly); p, the share"
        " of the deal seen and the deals drawn with the same scorecard whose T is at least the seen one's; the"
        " shoe's e-values kappa p^(kappa - 1); and the log e-detector after the shoe (the row where it crossed in"
        f" red).{kept}</p>"
        "<table class='shoes'><tr><th>shoe</th><th>rounds</th><th>wagers</th><th>staked</th><th>T</th>"
        f"<th>T exactly</th><th>p</th>{kappa_heads}<th>log e-detector</th></tr>{''.join(rows)}</table>"
    )
    fig = chart.stakes_figure(
        [(e, st, key) for _, st, key, e, _ in wagers], usual, f"{table.name}: player {player}'s stakes and their worth"
    )
    above = [w for w in wagers if usual is not None and w[1] > usual]
    arows = "".join(
        f"<tr><td class='n'>{rnd:,}</td><td>{esc(str(r['marker']))}</td><td>{esc(key)}</td>"
        f"<td class='n'>{float(st):g}</td><td class='n'>{_percent(e)}</td>"
        f"<td class='frac'>{e.numerator}/{e.denominator}</td><td class='n'>{float(st * e):+.4g}</td></tr>"
        for rnd, st, key, e, r in above
    )
    gained = sum((st * e for _, st, _, e, _ in above), Fraction(0))
    above_html = (
        f"<h2>Rounds staked above his usual stake</h2><p>His usual stake, the median of his"
        f" {len(wagers):,} stakes above, is {float(usual) if usual is not None else 0:g}."
        + (
            f" He staked more in {len(above):,} round(s), worth {float(gained):+.4g} to him in all (exactly"
            f" {gained.numerator}/{gained.denominator}): each stake x its exact expectation.</p>"
            "<table><tr><th>round</th><th>shoe</th><th>on</th><th>stake</th><th>expectation</th>"
            f"<th>exactly</th><th>worth (stake x expectation)</th></tr>{arows}</table>"
            if above
            else " He never staked more.</p>"
        )
    )
    body = (
        "<h2>The null hypothesis</h2><p>The stakes test asks of each player whether his stakes follow the cards. Its"
        f" null hypothesis: <em>{esc(NULL_HYPOTHESIS)}</em> Flat bettors, Martingale, Paroli and &ldquo;follow the"
        " shoe&rdquo; satisfy it; a player whose stakes follow what the cards dealt leave in the shoe does not.</p>"
        + shoes_html
        + "<h2>His stakes against their worth</h2><p>Each of his wagers in the shoes above: its stake against its"
        " exact expectation on the shoe's composition before its round, the worth the shoe gave it.</p>"
        + canvas.inline_svg(fig, f"st{alarm['id']}-")
        + above_html
    )
    return verdict, body


def evidence_page(
    alarm: dict[str, Any],
    table: TableSummary,
    history: Sequence[tuple[int, int, float]],
    faults,
    stakes_shoes: Sequence[dict[str, Any]] = (),
) -> str:
    """One alarm's evidence page; a stakes alarm's also shows the player's shoes scored (`stakes_shoes`, as the
    state file keeps them), led by its verdict."""
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
    verdict = stakes = ""
    if test == STAKES and alarm["log_e"] is not None:
        verdict, stakes = _stakes_sections(
            alarm, table, history, stakes_shoes, (canvas, importlib.import_module("oddscalc.report.plots.stakes_chart"))
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
        f"{' at ' + esc(alarm['time']) if alarm['time'] else ''}</p>{verdict}"
        f"<h2>What was found</h2><p>{esc(alarm['alternative'])}</p>"
        + (
            stakes
            or f"<h2>The law tested against</h2><p>{esc(alarm['law'])}. Every chance is exact (a fraction); only the"
            " evidence, a statistic of the observed results, is a floating-point number.</p>"
        )
        + f"<h2>The evidence{' over time' if stakes else ''}</h2>{evidence}{plot}"
        f"<h2>The counts</h2><p>{table.results:,} result{'' if table.results == 1 else 's'} in {table.rounds:,} "
        f"round{'' if table.rounds == 1 else 's'} since the last reset:</p>"
        f"{_counts_table(table)}"
        "<h2>What else was tested on this table</h2><p>"
        + (
            f"Settlement, the rules of play and the shoe: {table.settled_wrong} fault(s) found by the judge."
            if table.game not in GAMES
            else f"Settlement: {table.settled_wrong} wager(s) settled against the law."
        )
        + " The statistical tests (log e-detector now, log threshold, level):</p>"
        f"<table><tr><th>test</th><th>dealer, stake level or player</th><th>results</th><th>state</th>"
        f"<th>log e now</th><th>log threshold</th><th>level</th></tr>{others}</table>"
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
