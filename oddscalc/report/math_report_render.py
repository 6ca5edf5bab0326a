"""Renderings of a wager's math report (core.math_report): text lines, Markdown tables, CSV columns, JSON data.

Conventions shared by every rendering:

- An exact value is written `p/q` (an integer plainly) beside a percentage of the initial stake. It is rounded
  to 8 significant figures when long (`exact.short_text`), except in JSON, CSV and text asked for `--exact`.
- A square root is written with a radical sign (`surd_text`: 3√78/37).
- A decimal that comes from an irrational figure (a square root, a normal quantile) is a rounding, and says so
  by having no fraction beside it.
- A figure that cannot be given is the word for why ("not computed", "not available", "n/a"), never an empty
  number or a wrong one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from oddscalc.core.distribution import render_decimal
from oddscalc.core.math_report import BAND_LEVEL, BAND_ROUNDS, DEFINITIONS, MathReport, Surd, TopAward
from oddscalc.core.partial_law import PartialLaw
from oddscalc.core.planning import Band
from oddscalc.report.exact import LONG_DIGITS, cell_text, exact, fraction_text, short_text
from oddscalc.wager_results import WagerResult

__all__ = [
    "BAND_COLUMNS",
    "BAND_TITLE",
    "CSV_COLUMNS",
    "LOOSE_NOTE",
    "REPORT_COLUMNS",
    "LawFigures",
    "band_text",
    "bounds_cells",
    "bounds_pct",
    "bounds_text",
    "csv_values",
    "decimal_pct",
    "definition_lines",
    "exact_pct",
    "exact_spread",
    "law_figures",
    "one_in",
    "percent",
    "report_data",
    "report_lines",
    "report_rows",
    "rounds_label",
    "sd_text",
    "surd_text",
    "win_bounds",
]

NOT_COMPUTED = "not computed"


class LawFigures(NamedTuple):
    """The figures of a math report that only the law of a round gives, all of them present."""

    p_win: Fraction
    p_push: Fraction
    p_loss: Fraction
    variance: Fraction
    standard_deviation: Surd
    top_award: TopAward


def law_figures(m: MathReport) -> LawFigures | None:
    """`m`'s figures that need the law of a round; None when its distribution is not that law (`m.is_law`)."""
    if not m.is_law:
        return None
    if m.p_win is None or m.p_push is None or m.p_loss is None or m.top_award is None:
        raise ValueError("a math report of the law of a round lacks its chances or its top award")
    variance, sd = _spread_of(m)
    return LawFigures(m.p_win, m.p_push, m.p_loss, variance, sd, m.top_award)


def exact_spread(m: MathReport) -> tuple[Fraction, Surd] | None:
    """The exact variance and standard deviation of `m`, where known (the law of a round, or a partial law whose
    unresolved rounds' second moment is known); None otherwise."""
    return None if m.variance is None else _spread_of(m)


def _spread_of(m: MathReport) -> tuple[Fraction, Surd]:
    if m.variance is None or m.standard_deviation is None:
        raise ValueError("a math report without an exact variance has no spread")
    return m.variance, m.standard_deviation


def percent(value: Fraction, places: int = 4) -> str:
    return render_decimal(Fraction(value) * 100, places) + "%"


def bounds_text(low: Fraction, high: Fraction, places: int = 6, root: bool = False) -> str:
    """Exact bounds rounded outward (the low one down, the high one up) so that the printed interval always
    holds the true value; `root`: of the square roots of the bounds (a standard deviation from variances)."""
    scale = 10**places
    if root:  # floor(sqrt(y)) = isqrt(floor(y)); the ceiling one more when its square falls short
        down = math.isqrt(math.floor(low * scale * scale))
        top = Fraction(high) * scale * scale
        up = math.isqrt(math.ceil(top))
        up += up * up < top
    else:
        down, up = math.floor(low * scale), math.ceil(high * scale)
    return f"{render_decimal(Fraction(down, scale), places)} to {render_decimal(Fraction(up, scale), places)}"


def bounds_pct(low: Fraction, high: Fraction, places: int = 4) -> str:
    """Exact bounds of a chance as percentages rounded outward: `42.1234% to 43.5679%`."""
    return "% to ".join(bounds_text(low * 100, high * 100, places).split(" to ")) + "%"


def bounds_cells(partial: PartialLaw, places: int = 6, whole: bool = False) -> tuple[str, str, str, str, str]:
    """P(win), P(push or void), P(loss), variance and standard deviation as exact bounds, rounded outward.

    The variance and standard deviation get `places` decimals, the percentages 4. When the variance is exact (the
    unresolved rounds' second moment known), it is given as an exact fraction, with the standard deviation's
    decimal rendering."""
    low, high = partial.variance_bounds()
    chances = partial.chance_bounds()
    win, push, loss = (bounds_pct(*chances[name]) for name in ("win", "push", "loss"))
    if low == high:
        return win, push, loss, short_text(low, whole), decimal_text(Surd(low).decimal(), places)
    return win, push, loss, bounds_text(low, high, places), bounds_text(low, high, places, root=True)


def win_bounds(r: WagerResult) -> str:
    """P(win) of a result whose distribution is not the law: its exact bounds, or "not computed" without them."""
    return NOT_COMPUTED if r.partial is None else bounds_pct(*r.partial.chance_bounds()["win"])


def exact_pct(value: Fraction, whole: bool = False) -> str:
    """`p/q = x%`, or `n = x%` for an integer; a long fraction shortened unless `whole` (exact.short_text)."""
    return f"{short_text(Fraction(value), whole)} = {percent(value)}"


_SURD = re.compile(r"(?:(\d+)\*)?sqrt\((\d+)\)(?:/(\d+))?")


def surd_text(exact_form: str) -> str:
    """sympy's form of a square root in the notation people read: the radical sign before the radicand.

    >>> surd_text("3*sqrt(78)/37"), surd_text("sqrt(2)/2"), surd_text("216/37")
    ('3√78/37', '√2/2', '216/37')
    """
    return _SURD.sub(lambda m: f"{m[1] or ''}√{m[2]}" + (f"/{m[3]}" if m[3] else ""), exact_form)


def sd_text(sd: Surd, places: int = 8, whole: bool = False) -> str:
    """A standard deviation: `3√78/37 = 0.71620..`, its exact form left out when longer than LONG_DIGITS
    digits (unless `whole`), the decimal then a rounding."""
    form = surd_text(sd.exact)
    decimal = decimal_text(sd.decimal(), places)
    if not whole and sum(c.isdigit() for c in form) > LONG_DIGITS:
        return decimal
    return f"{form} = {decimal}"


def decimal_pct(value: Decimal, places: int = 4) -> str:
    return f"{value * 100:.{places}f}%"


def decimal_text(value: Decimal, places: int = 4) -> str:
    return f"{value:.{places}f}"


def one_in(n: Fraction) -> str:
    """'1 in 37', '1 in 649,740', '1 in 2.03' (N rounded to 3 significant figures below 1,000)."""
    if n.denominator == 1:
        return f"1 in {n.numerator:,}"
    if n >= 1000:
        return f"1 in {round(n):,}"
    digits = max(0, 2 - len(str(int(n))) + 1)
    return f"1 in {render_decimal(n, digits)}"


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def rounds_label(n: Fraction | int, superscript: bool = False) -> str:
    """10^6 (or 10⁶) for a power of ten from 1,000 up, else the number with thousands separators."""
    n = Fraction(n)
    if n.denominator == 1 and n > 0:
        k = len(str(n.numerator)) - 1
        if n.numerator == 10**k and k >= 3:
            return "10" + str(k).translate(_SUPERSCRIPT) if superscript else f"10^{k}"
        return f"{n.numerator:,}"
    return render_decimal(n, 2)


def band_text(b: Band, places: int = 4) -> str:
    """`low–high%`, e.g. 96.15–98.44%."""
    return f"{b.low * 100:.{places}f}–{decimal_pct(b.high, places)}"


def _stake_text(m: MathReport, whole: bool) -> str:
    if m.stake is None:
        return m.stake_basis
    if m.stake == 1 and m.element_of_risk is None:
        return f"1 ({m.stake_basis})"
    return (
        f"{short_text(m.stake, whole)} = {render_decimal(m.stake, 4)} units per unit initially staked ({m.stake_basis})"
    )


def _risk_text(m: MathReport, whole: bool) -> str:
    if m.element_of_risk is None:
        return m.element_of_risk_basis
    return f"{exact_pct(m.element_of_risk, whole)} ({m.element_of_risk_basis})"


def report_lines(
    m: MathReport, indent: str = "    ", partial: PartialLaw | None = None, whole: bool = False
) -> list[str]:
    """The report as text lines for `edge` and `dist`; `partial`: what is known of the law where `m` is not
    the law of a round (its figures are then given as exact bounds); `whole`: long fractions printed whole."""
    lines = [
        f"expected return {exact_pct(m.expected_return, whole)} per unit initially staked; "
        f"RTP {exact_pct(m.rtp, whole)}"
    ]
    law = law_figures(m)
    if law is None and partial is not None:
        win, push, loss, var, sd = bounds_cells(partial, whole=whole)
        spread = exact_spread(m)
        if spread is not None:
            lines.append(
                f"between (exact bounds, rounded outward; see the note): P(win) {win}; "
                f"P(push or void) {push}; P(loss) {loss}"
            )
            lines += _spread_lines(m, *spread, whole=whole)
            lines.append(f"top award: {NOT_COMPUTED} (not the law of a round)")
        else:
            lines.append(
                f"between (exact bounds, rounded outward; see the note): P(win) {win}; "
                f"P(push or void) {push}; P(loss) {loss}; variance {var}; standard deviation {sd}"
            )
            lines.append(f"volatility index, RTP bands, top award: {NOT_COMPUTED} (not the law of a round)")
    elif law is None:
        lines.append(
            f"P(win), P(push or void), P(loss), variance, standard deviation, volatility index, RTP bands, "
            f"top award: {NOT_COMPUTED} (not the law of a round: see the note)"
        )
    else:
        lines.append(
            f"P(win) = hit frequency (net return > 0) {exact_pct(law.p_win, whole)}; "
            f"P(push or void) {exact_pct(law.p_push, whole)}; P(loss) {exact_pct(law.p_loss, whole)}"
        )
        lines += _spread_lines(m, law.variance, law.standard_deviation, whole=whole)
        t = law.top_award
        lines.append(
            f"top award: net return {short_text(t.net_return, whole)} per unit initially staked, probability "
            f"{exact_pct(t.probability, whole)}, {one_in(t.one_in)}"
        )
    lines.append(f"average total stake: {_stake_text(m, whole)}")
    lines.append(f"element of risk: {_risk_text(m, whole)}")
    return [indent + line for line in lines]


def _spread_lines(m: MathReport, variance: Fraction, sd: Surd, whole: bool = False) -> list[str]:
    """The variance, standard deviation, volatility index and RTP band lines (the variance known exactly; said
    so where the rest of the law is not)."""
    lines = [
        f"variance {short_text(variance, whole)}{'' if m.is_law else ' (exact)'}; standard deviation "
        f"{sd_text(sd, whole=whole)}"
    ]
    lines.append(
        "volatility index (z x SD): "
        + "; ".join(f"{percent(v.level, 0)} {decimal_text(v.value)} (z = {decimal_text(v.z)})" for v in m.volatility)
    )
    lines.append(
        f"RTP band at {percent(BAND_LEVEL, 0)} (normal approximation, exact variance): "
        + "; ".join(
            f"{rounds_label(b.rounds)} rounds {band_text(b, 2)}" + ("*" if b.approximate else "") for b in m.bands
        )
    )
    if any(b.approximate for b in m.bands):
        lines.append(
            "  * Berry-Esseen cannot keep that band's coverage within one point of the level: "
            "too few rounds for the normal approximation to be trusted for this wager"
            + ("" if m.is_law else " (at the greatest third moment the known part of the law allows)")
        )
    return lines


def definition_lines() -> list[str]:
    """The definitions, for the foot of a text report."""
    return ["math report definitions:"] + [f"  {name}: {text}" for name, text in DEFINITIONS.items()]


def _maybe_exact(value: Fraction | None) -> dict[str, str] | None:
    return None if value is None else exact(value)


def _decimal(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def report_data(m: MathReport) -> dict[str, Any]:
    """JSON-ready: exact values as {"exact", "decimal", "percent"}; irrational ones as decimal strings; null for
    a figure that cannot be given (the `status` strings say why)."""
    sd = m.standard_deviation
    return {
        "distribution_is_law": m.is_law,
        "p_win": _maybe_exact(m.p_win),
        "p_push_or_void": _maybe_exact(m.p_push),
        "p_loss": _maybe_exact(m.p_loss),
        "hit_frequency": _maybe_exact(m.hit_frequency),
        "expected_return": exact(m.expected_return),
        "rtp": exact(m.rtp),
        "variance": _maybe_exact(m.variance),
        "standard_deviation": None
        if sd is None
        else {"exact": sd.exact, "square": cell_text(sd.square), "decimal": str(sd.decimal())},
        "third_absolute_central_moment": _maybe_exact(m.third_moment),
        "volatility_index": [
            {"level": fraction_text(v.level), "z": str(v.z), "value": str(v.value)} for v in m.volatility
        ],
        "rtp_bands": [
            {
                "rounds": int(b.rounds),
                "level": fraction_text(b.level),
                "low": str(b.low),
                "high": str(b.high),
                "half_width": str(b.half_width),
                "berry_esseen_bound": _decimal(b.berry_esseen),
                "approximate": b.approximate,
            }
            for b in m.bands
        ],
        "average_total_stake": _maybe_exact(m.stake),
        "average_total_stake_basis": m.stake_basis,
        "element_of_risk": _maybe_exact(m.element_of_risk),
        "element_of_risk_basis": m.element_of_risk_basis,
        "top_award": None
        if m.top_award is None
        else {
            "net_return": exact(m.top_award.net_return),
            "probability": exact(m.top_award.probability),
            "one_in": exact(m.top_award.one_in),
        },
    }


def _md_exact(value: Fraction | None) -> str:
    return NOT_COMPUTED if value is None else f"{short_text(value)} ({percent(value)})"


def _md_risk(m: MathReport) -> str:
    if m.element_of_risk is None:
        return "not available" if m.stake is None else "n/a (stake fixed)"
    return _md_exact(m.element_of_risk)


def _md_stake(m: MathReport) -> str:
    return (
        "not available"
        if m.stake is None
        else short_text(m.stake) + ("" if m.stake.denominator == 1 else f" ({render_decimal(m.stake, 4)})")
    )


REPORT_COLUMNS = (
    "wager",
    "P(win) = hit frequency",
    "P(push or void)",
    "P(loss)",
    "expected return",
    "RTP",
    "variance",
    "standard deviation",
    "VI 90%",
    "VI 95%",
    "VI 99%",
    "average total stake",
    "element of risk",
    "top award (net)",
    "its odds",
)


BAND_COLUMNS = ("wager", "RTP", *(f"N = {rounds_label(n, True)}" for n in BAND_ROUNDS))
BAND_TITLE = f"RTP band at {percent(BAND_LEVEL, 0)} after N rounds (normal approximation, exact variance)"
LOOSE_NOTE = (
    "* The Berry-Esseen bound cannot keep this band's coverage within one percentage point of "
    f"{percent(BAND_LEVEL, 0)}: too few rounds for the normal approximation (a skewed wager)."
)


def report_rows(
    results: Sequence[WagerResult], mark: Callable[[str], str]
) -> tuple[list[list[str]], list[list[str]], bool]:
    """Rows for REPORT_COLUMNS and BAND_COLUMNS (Markdown, plain text cells), and whether any band is marked
    approximate. `mark(text)` returns a footnote reference for a note, so a not-a-law reason is footnoted."""
    rows: list[list[str]] = []
    band_rows: list[list[str]] = []
    loose = False
    for r in results:
        m = r.math_report()
        law = law_figures(m)
        note = mark(r.not_a_law) if law is None else ""
        if law:
            sd = law.standard_deviation
            known = [
                *(_md_exact(x) for x in (law.p_win, law.p_push, law.p_loss)),
                short_text(law.variance),
                sd_text(sd, 6),
            ]
        elif r.partial is not None:  # exact bounds; the note says why
            known = [cell + (note if i < 3 else "") for i, cell in enumerate(bounds_cells(r.partial))]
        else:
            known = [NOT_COMPUTED + note] * 3 + [NOT_COMPUTED] * 2
        rows.append(
            [
                r.wager.key,
                *known[:3],
                _md_exact(m.expected_return),
                _md_exact(m.rtp),
                *known[3:],
                *((decimal_text(v.value) for v in m.volatility) if m.volatility else [NOT_COMPUTED] * 3),
                _md_stake(m) + (mark(m.stake_basis) if m.stake is None else ""),
                _md_risk(m) + (mark(m.element_of_risk_basis) if m.stake is None and m.element_of_risk is None else ""),
                short_text(law.top_award.net_return) if law else NOT_COMPUTED,
                one_in(law.top_award.one_in) if law else NOT_COMPUTED,
            ]
        )
        if m.bands:
            cells = [band_text(b, 2) + ("*" if b.approximate else "") for b in m.bands]
            loose = loose or any(b.approximate for b in m.bands)
        else:
            cells = [NOT_COMPUTED + note] * len(BAND_ROUNDS)
        band_rows.append([r.wager.key, percent(m.rtp), *cells])
    return rows, band_rows, loose


CSV_COLUMNS = (
    "p_loss",
    "hit_frequency",
    "expected_return",
    "rtp",
    "variance",
    "standard_deviation_exact",
    "standard_deviation",
    "volatility_index_90",
    "volatility_index_95",
    "volatility_index_99",
    "average_total_stake",
    "element_of_risk",
    "element_of_risk_percent",
    "top_award",
    "top_award_probability",
    "top_award_one_in",
    *(f"rtp_band95_halfwidth_1e{len(str(n)) - 1}" for n in BAND_ROUNDS),
)


def csv_values(m: MathReport) -> list[str]:
    """The values for CSV_COLUMNS; empty where a figure cannot be given (`distribution_is_law` in the JSON)."""
    law = law_figures(m)

    def frac(x: Fraction | None) -> str:
        return "" if x is None else cell_text(x)

    sd = m.standard_deviation
    return [
        frac(m.p_loss),
        frac(m.hit_frequency),
        cell_text(m.expected_return),
        cell_text(m.rtp),
        frac(m.variance),
        "" if sd is None else sd.exact,
        "" if sd is None else str(sd.decimal(12)),
        *((str(v.value) for v in m.volatility) if m.volatility else ["", "", ""]),
        frac(m.stake),
        frac(m.element_of_risk),
        "" if m.element_of_risk is None else render_decimal(m.element_of_risk * 100, 8),
        frac(law.top_award.net_return) if law else "",
        frac(law.top_award.probability) if law else "",
        frac(law.top_award.one_in) if law else "",
        *((str(b.half_width) for b in m.bands) if m.bands else [""] * len(BAND_ROUNDS)),
    ]
