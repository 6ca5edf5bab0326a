"""The booklet's figures, as inline SVG in its HTML (WeasyPrint draws them into the PDF).

For each rule set, they are the law of every wager whose law says more than its chances of winning, pushing and
losing (plots.law.helps; wagers with one law share a panel). The games dealt from a shoe add the effects of
removal by card.

Loaded by name from report.booklet (matplotlib takes a second to import, and only a booklet needs it here).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from matplotlib.figure import Figure

from oddscalc.report.html_tables import CONTENT_WIDTH_PT, esc
from oddscalc.report.plots import canvas
from oddscalc.report.plots.law_chart import helps, law_figure, picture_of
from oddscalc.report.plots.removal_chart import removal_figure
from oddscalc.report.removal_render import GAMES, removal_for
from oddscalc.wager_results import GameAnalysis, WagerResult

__all__ = ["figure_html", "law_html", "removal_html"]

#: The page's content width, in inches: every figure is drawn at the size it is printed.
WIDTH_IN = CONTENT_WIDTH_PT / 72


def figure_html(fig: Figure, key: str, heading: str) -> str:
    """A figure as inline SVG under a heading, kept on one page; its ids prefixed by a digest of `key` (unique
    per figure of a booklet) so that no two figures share one."""
    prefix = "f" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:10] + "-"
    return f"<h4>{esc(heading)}</h4><figure class='plot'>{canvas.inline_svg(fig, prefix)}</figure>"


def _panels(results: Sequence[WagerResult]) -> list[tuple[str, WagerResult]]:
    """One (heading, result) per distinct law among the wagers a picture helps: wagers with the same law (sic
    bo's six single-number wagers) share a panel named for all of them."""
    groups: dict[object, list[WagerResult]] = {}
    for r in results:
        if helps(r):
            groups.setdefault(r.distribution.outcomes, []).append(r)
    out = []
    for members in groups.values():
        keys = [r.wager.key for r in members]
        if len(keys) == 1:
            heading = f"{keys[0]}: {members[0].wager.title}"
        else:
            heading = (
                ", ".join(keys) if len(keys) <= 3 else f"{keys[0]} to {keys[-1]}"
            ) + f" ({len(keys)} wagers, one law)"
        out.append((heading, members[0]))
    return out


def law_html(a: GameAnalysis) -> str:
    """The law figure of one rule set ("" when no wager's law says more than its table row)."""
    panels = _panels(a.results)
    if not panels:
        return ""
    fig = law_figure([(h, picture_of(r)) for h, r in panels], a.game, a.version, a.rules, a.custom, WIDTH_IN, 1.75, 2)
    return figure_html(fig, f"law|{a.game}|{a.version}|{a.rules}|{a.custom}", "Law of the net result (figure)")


def removal_html(game: str, version: str, rules: Sequence[tuple[str, str]]) -> str:
    """The effects-of-removal figure of one rule set of a shoe game ("" for other games)."""
    if game not in GAMES:
        return ""
    r = removal_for(game, version, {k: v for k, v in rules if k != "strategy"})
    fig = removal_figure(r, WIDTH_IN, 1.3)
    where = "the table above" if game == "blackjack" else f"{game}-removal.md and .json beside this booklet"
    heading = f"Effects of removal by card (figure; exact values: {where})"
    return figure_html(fig, f"removal|{game}|{version}|{rules}", heading)
