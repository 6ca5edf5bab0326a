"""GameAnalysis -> plain JSON-ready data: exact values as "p/q" strings beside their decimal renderings."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from oddscalc.core.distribution import render_decimal, render_sqrt
from oddscalc.core.partial_law import PartialLaw
from oddscalc.core.schemas import named
from oddscalc.regulations.model import Payout
from oddscalc.regulations.versions import get_version
from oddscalc.report.exact import DECIMAL_PLACES, exact, fraction_text
from oddscalc.report.math_report_render import report_data
from oddscalc.wager_results import Extra, GameAnalysis, WagerResult

__all__ = ["analysis_to_data", "law_bounds", "payout_data"]


def law_bounds(partial: PartialLaw) -> dict[str, Any]:
    """The exact bounds a partial law puts on the law's chances and variance (schemas/analysis-1.json)."""

    def pair(bounds: tuple[Fraction, Fraction]) -> list[dict[str, str]]:
        return [exact(bounds[0]), exact(bounds[1])]

    return {
        "unresolved": {
            "rounds": partial.what,
            "chance": exact(partial.mass),
            "mean": exact(partial.mean),
            "second_moment": None if partial.square_mean is None else exact(partial.square_mean),
            "net_return_range": [fraction_text(partial.low), fraction_text(partial.high)],
        },
        **{f"p_{name}": pair(bounds) for name, bounds in partial.chance_bounds().items()},
        "variance": pair(partial.variance_bounds()),
    }


def _cell(cell: object) -> object:
    if isinstance(cell, Fraction):
        return exact(cell)
    if isinstance(cell, (bool, int, str)) or cell is None:
        return cell
    return str(cell)


def payout_data(p: Payout) -> dict[str, Any]:
    """One payout: its odds as written, the exact multiple of its unit it pays, its citation."""
    return {
        "key": p.key,
        "odds": p.odds.text,
        "value": fraction_text(p.value),
        "unit": p.unit,
        "citation": p.citation,
        "reconstructed": p.reconstructed,
        "custom": p.custom,
    }


def _wager(r: WagerResult) -> dict[str, Any]:

    w, d, m = r.wager, r.distribution, r.math_report()
    return {
        "key": w.key,
        "title": w.title,
        "law": w.law,
        "citation": w.citations,
        "reconstructed": list(w.reconstructions),
        "custom": w.custom,
        "payouts": [payout_data(p) for p in w.payouts],
        "probability": {"win": exact(d.p_win), "push": exact(d.p_push), "loss": exact(d.p_loss)},
        "expected_value": exact(d.mean),
        "edges": [{"key": e.key, "convention": e.convention, **exact(e.value)} for e in r.edges],
        # lumped rounds: the distribution's variance is not the law's, which is given only when known exactly
        "variance": None if m.variance is None else exact(m.variance),
        "standard_deviation": None if m.variance is None else render_sqrt(m.variance, 12),
        "events": [{"event": name, **exact(p)} for name, p in r.events],
        "figures": [{"name": f.name, "unit": f.unit, **exact(f.value)} for f in r.figures],
        "distribution": [
            {
                "return": fraction_text(ret),
                "probability": fraction_text(p),
                "decimal": render_decimal(p, DECIMAL_PLACES),
            }
            for ret, p in d.outcomes
        ],
        "notes": list(r.notes),
        "distribution_is_law": not r.not_a_law,
        "law_bounds": None if r.partial is None else law_bounds(r.partial),
        "math_report": report_data(m),
    }


def _extra(x: Extra) -> dict[str, Any]:
    return {
        "title": x.title,
        "columns": list(x.columns),
        "rows": [[_cell(c) for c in row] for row in x.rows],
        "note": x.note,
    }


def analysis_to_data(a: GameAnalysis) -> dict[str, Any]:
    """One analysis as schemas/analysis-1.json describes it (`edge`, `dist --format json`, each rule set of a
    JSON table)."""
    v = get_version(a.version)
    data = {
        "game": a.game,
        "version": {"id": v.id, "in_force": v.in_force.isoformat(), "instruments": v.instruments},
        "rules": dict(a.rules),
        "custom": a.custom,
        "assumptions": list(a.assumptions),
        "wagers": [_wager(r) for r in a.results],
        "extras": [_extra(x) for x in a.extras],
    }
    return named("analysis", data)
