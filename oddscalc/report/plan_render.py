"""Renderings of a test plan (core.planning.Plan): text lines, JSON-ready data, CSV rows."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from oddscalc.core.distribution import render_decimal, render_sqrt
from oddscalc.core.planning import Plan
from oddscalc.core.schemas import named
from oddscalc.report.exact import exact, fraction_text, short_text
from oddscalc.report.math_report_render import decimal_pct, exact_pct, percent
from oddscalc.report.text import fit

__all__ = ["plan_data", "plan_rows", "plan_text"]


def _points(value: Decimal | Fraction) -> str:
    if isinstance(value, Fraction):
        return render_decimal(value * 100, 4) + " percentage points"
    return f"{value * 100:.4f} percentage points"


def _level(value: Fraction) -> str:
    """A probability as a percentage to 4 significant figures, however small: 1%, 80%, 1e-398%."""
    d = Decimal(value.numerator) / Decimal(value.denominator) * 100
    return (f"{d:.6f}".rstrip("0").rstrip(".") if d >= Decimal("0.0001") else f"{d:.3e}") + "%"


def _sided(p: Plan) -> str:
    return "two-sided (a shift either way)" if p.two_sided else "one-sided (a shift in the stated direction)"


def _rounds(n: Fraction) -> str:
    return f"{n.numerator:,}" if n.denominator == 1 else f"{render_decimal(n, 2)} (expected)"


def _amount(value: Fraction | None, whole: bool) -> str:
    """An amount of stake, exact (shortened when long unless `whole`)."""
    return "not known" if value is None else short_text(value, whole)


def plan_text(p: Plan, heading: str, whole: bool = False) -> str:
    """The plan for people: what was asked, the answer, and the model and formula behind it, folded to 100
    columns (long fractions shortened unless `whole`)."""
    lines = [
        *heading.split("\n"),
        f"  expected return {exact_pct(p.mean, whole)} per unit initially staked (RTP {percent(1 + p.mean)}); "
        f"variance {short_text(p.variance, whole)}, standard deviation {render_sqrt(p.variance, 10)}",
        f"  model: {p.model}",
    ]
    if p.shift is not None:
        lines.append(
            f"  rounds to detect a shift of the RTP by {_points(p.shift)}, {_sided(p)}, z-test at "
            f"significance {_level(p.alpha)} with power {_level(p.power)}: {p.rounds_needed:,}"
        )
        if p.turnover_needed is not None and p.stake != 1:
            lines.append(
                f"  that is an expected turnover of {render_decimal(p.turnover_needed, 2)} units of initial "
                f"stake ({_amount(p.stake, whole)} staked per round on average)"
            )
        lines.append(
            "  formula: N = ceil(((z_a + z_power) x SD / shift)^2), z_a = Phi^-1(1 - alpha/2) "
            + ("" if p.two_sided else "(1 - alpha one-sided) ")
            + "and z_power = Phi^-1(power)"
        )
    b, rounds, detectable = p.band, p.rounds, p.detectable
    if b is not None and rounds is not None and detectable is not None:  # a band was asked for: all three given
        asked = (
            f"a turnover of {_amount(p.turnover, whole)} units ({_rounds(rounds)} rounds at "
            f"{_amount(p.stake, whole)} staked per round)"
            if p.turnover is not None
            else f"{_rounds(rounds)} rounds"
        )
        lines.append(
            f"  after {asked}, the RTP per unit initially staked lies with probability {_level(b.level)} "
            f"in {decimal_pct(b.low)} to {decimal_pct(b.high)} (RTP {percent(b.rtp)} +- {_points(b.half_width)})"
        )
        if b.berry_esseen is not None:
            lines.append(
                f"  Berry-Esseen: the normal model's distribution function is off by at most "
                f"{b.berry_esseen:.4g} here" + ("; the band is rough at this number of rounds" if b.approximate else "")
            )
        lines.append(
            f"  these rounds detect a shift of {_points(detectable)} or more with power {_level(p.power)} "
            f"(significance {_level(p.alpha)}, {_sided(p)})"
        )
    return "\n".join(fit(lines)) + "\n"


def _dec(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def plan_data(p: Plan, about: dict[str, Any]) -> dict[str, Any]:
    """JSON-ready (schemas/plan-1.json): exact inputs as {"exact", ...}; answers as integers or decimal strings."""
    b = p.band
    data = {
        **about,
        "model": p.model,
        "expected_return": exact(p.mean),
        "variance": exact(p.variance),
        "average_total_stake": None if p.stake is None else exact(p.stake),
        "alpha": fraction_text(p.alpha),
        "power": fraction_text(p.power),
        "two_sided": p.two_sided,
        "shift": None if p.shift is None else exact(p.shift),
        "rounds_needed": p.rounds_needed,
        "turnover_needed": None if p.turnover_needed is None else exact(p.turnover_needed),
        "rounds": None if p.rounds is None else fraction_text(p.rounds),
        "turnover": None if p.turnover is None else fraction_text(p.turnover),
        "band": None
        if b is None
        else {
            "level": fraction_text(b.level),
            "rtp": exact(b.rtp),
            "low": str(b.low),
            "high": str(b.high),
            "half_width": str(b.half_width),
            "berry_esseen_bound": _dec(b.berry_esseen),
            "approximate": b.approximate,
        },
        "detectable_shift": _dec(p.detectable),
    }
    return named("plan", data)


def plan_rows(p: Plan) -> list[tuple[str, str]]:
    """(quantity, value) rows for CSV."""
    rows: list[tuple[str, str]] = []

    def add(key: str, value: object) -> None:
        if isinstance(value, dict) and "exact" in value:
            rows.append((key, value["exact"]))
        elif isinstance(value, dict):
            for k, v in value.items():
                add(f"{key}.{k}", v)
        else:
            rows.append((key, "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)))

    for key, value in plan_data(p, {}).items():
        if key not in ("$schema", "schema_version"):  # the JSON document's, not quantities of the plan
            add(key, value)
    return rows
