"""Markdown for the queries' `--format markdown`: a title and pipe tables of what their CSV holds, ready to paste
into a document (the printed tables' own Markdown is `report.text.markdown`).

>>> print(table_markdown("Versions", [("id", "in force"), ("1994", "1995-01-01")]), end="")
# Versions
<BLANKLINE>
| id | in force |
|---|---|
| 1994 | 1995-01-01 |
"""

from __future__ import annotations

from collections.abc import Sequence

from oddscalc.core.distribution import render_decimal
from oddscalc.report.exact import cell_text
from oddscalc.report.text import heading, md_table
from oddscalc.wager_results import GameAnalysis

__all__ = ["dist_markdown", "table_markdown"]


def table_markdown(title: str, rows: Sequence[Sequence[object]], notes: Sequence[str] = ()) -> str:
    """`# title`, the rows as a table (the first row its header; fractions exact), then `notes` as paragraphs."""
    head, *body = rows
    lines = [f"# {title}", "", *md_table([str(c) for c in head], [[cell_text(c) for c in row] for row in body])]
    for note in notes:
        lines += ["", note]
    return "\n".join(lines) + "\n"


def dist_markdown(a: GameAnalysis) -> str:
    """Each wager's exact law of its net return per unit staked: a table per wager under the analysis' heading."""
    first, *rest = heading(a)
    lines = [f"# {first}", "", *[f"- {line}" for line in rest]]
    for r in a.results:
        rows = [(cell_text(ret), cell_text(p), render_decimal(p * 100, 6) + "%") for ret, p in r.distribution.outcomes]
        lines += ["", f"## {r.wager.key}: {r.wager.title}", "", f"Citation: {r.wager.citations}.", ""]
        lines += md_table(("net return", "probability", "percent"), rows)
        if r.not_a_law:
            lines += ["", f"Not the law of a round: {r.not_a_law}"]
    return "\n".join(lines) + "\n"
