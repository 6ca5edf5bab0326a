"""Rendering a protection run's summary (text, JSON-ready data, CSV) and its per-round records (CSV).

Means are exact sample means ("p/q" in JSON) of the rounds' values, which are exact, or, in a run valued by the
double-precision evaluator, doubles (labelled so, with the run's check against the exact engine); standard
errors are sampling statistics over shoes, computed exactly as squares and rendered as decimals (mpmath square
roots)."""

from __future__ import annotations

from fractions import Fraction

import mpmath

from oddscalc.core.distribution import render_decimal
from oddscalc.core.schemas import named
from oddscalc.protect.counting import CountSystem, true_count
from oddscalc.protect.shoes import ShoeRecord
from oddscalc.protect.summary import Check, Estimate, Summary, bet_units

__all__ = ["check_data", "check_text", "records_csv", "se_text", "summary_csv", "summary_data", "summary_text"]


def se_text(e: Estimate | None, scale: int = 100) -> str:
    """The standard error as a decimal to two significant figures (percentage points by default)."""
    if e is None or e.se2 is None:
        return "n/a"
    with mpmath.workdps(30):
        root = mpmath.sqrt(mpmath.mpf(e.se2.numerator) / e.se2.denominator) * scale
        return mpmath.nstr(root, 2, min_fixed=-50, max_fixed=50)


def _pct(e: Estimate | None, scale: int = 100, places: int = 4) -> str:
    return "n/a" if e is None else render_decimal(e.mean * scale, places)


def _pm(e: Estimate | None, scale: int = 100, places: int = 4) -> str:
    return f"{_pct(e, scale, places)} ± {se_text(e, scale)}"


def _difference(x: Fraction | None) -> str:
    return "n/a" if x is None else f"{float(x):.1e}"


def check_text(c: Check, measures: tuple[str, ...]) -> list[str]:
    """What a run valued in double precision says of its values and of its check against the exact engine."""
    return [
        f"Values: the double-precision evaluator (a study's values, not exact figures; docs/protect.md): "
        f"{c.estimated} rounds, and {c.exact} by the exact engine where it declined. Checked against the exact "
        f"engine on {c.checked} rounds; largest difference: "
        + ", ".join(f"{m} {_difference(x)}" for m, x in zip(measures, c.largest))
        + "."
    ]


def summary_text(s: Summary, heading: list[str]) -> str:
    lines = list(heading) + [
        "",
        f"{s.shoes} shoes, {s.rounds} rounds; shoes ended: " + ", ".join(f"{k} {n}" for k, n in s.ends),
        "",
    ]
    exact = "" if s.check else "exact "
    if s.check:
        lines += [*check_text(s.check, s.measures), ""]
    lines.append(f"Mean {exact}expectation per round (% of the stake ± standard error over shoes):")
    lines += [f"  {m:34} {_pm(e)}" for m, e in zip(s.measures, s.overall)]
    lines += [
        "",
        "Rounds with a positive expectation (one unit on each; ± standard error):",
        f"  {'measure':34} {'share of rounds %':>22} {'rounds per shoe':>18} {'worth per shoe (units)':>26}"
        f" {'shoes with any':>14} best",
    ]
    for p in s.positive:
        lines.append(
            f"  {p.measure:34} {_pm(p.share):>22} {_pm(p.per_shoe, 1, 2):>18} {_pm(p.worth_per_shoe, 1, 6):>26}"
            f" {p.shoes_with_any:>14} {'-' if p.best is None else render_decimal(p.best * 100, 4) + '%'}"
        )
    if s.bins:
        lines += [
            "",
            f"True count bins (bin b: b <= TC < b+1): share of rounds, mean {exact}expectation % ± SE:",
            "  " + f"{'bin':>5} {'rounds':>8} {'share %':>9}  " + "  ".join(f"{m[:32]:>32}" for m in s.measures),
        ]
        for b in s.bins:
            lines.append(
                f"  {b.bin:>5} {b.rounds:>8} {render_decimal(b.share * 100, 2):>9}  "
                + "  ".join(f"{_pm(e):>32}" for e in b.means)
            )
        lines += [
            "",
            f"Bet spread 1 to {s.spread} units (1 unit below TC 2, then floor(TC) units, at most {s.spread}); "
            f"mean bet {_pm(s.mean_bet, 1, 3)} units. Units won per 100 rounds ± SE:",
        ]
        lines += [f"  {m:34} {_pm(y, 1, 4)}" for m, y in zip(s.measures, s.yield_per_100)]
    return "\n".join(lines) + "\n"


def _est(e: Estimate | None) -> dict | None:
    if e is None:
        return None
    return {
        "mean": f"{e.mean.numerator}/{e.mean.denominator}",
        "mean_decimal": render_decimal(e.mean, 8),
        "standard_error": se_text(e, 1),
    }


def check_data(c: Check | None, measures: tuple[str, ...]) -> dict:
    """The JSON form of `check_text`: the engine the values came from and, for doubles, the check."""
    if c is None:
        return {"engine": "exact"}
    return {
        "engine": "double",
        "rounds_in_doubles": c.estimated,
        "rounds_exact": c.exact,
        "rounds_checked": c.checked,
        "largest_difference": {m: None if x is None else f"{float(x):.3e}" for m, x in zip(measures, c.largest)},
    }


def summary_data(s: Summary, about: dict) -> dict:
    """`protect --format json` (schemas/protect-1.json): `about` (the game, rules, count, ...) then the summary;
    sample means exact ("p/q"), standard errors as decimals."""
    data = {
        **about,
        "shoes": s.shoes,
        "rounds": s.rounds,
        "ends": dict(s.ends),
        "values": check_data(s.check, s.measures),
        "mean_expectation": {m: _est(e) for m, e in zip(s.measures, s.overall)},
        "positive": [
            {
                "measure": p.measure,
                "share_of_rounds": _est(p.share),
                "rounds_per_shoe": _est(p.per_shoe),
                "worth_per_shoe": _est(p.worth_per_shoe),
                "shoes_with_any": p.shoes_with_any,
                "best": None if p.best is None else f"{p.best.numerator}/{p.best.denominator}",
            }
            for p in s.positive
        ],
        "true_count_bins": [
            {
                "bin": b.bin,
                "rounds": b.rounds,
                "share": f"{b.share.numerator}/{b.share.denominator}",
                "mean_expectation": {m: _est(e) for m, e in zip(s.measures, b.means)},
            }
            for b in s.bins
        ],
        "spread": {
            "units": s.spread,
            "mean_bet": _est(s.mean_bet),
            "units_won_per_100_rounds": {m: _est(y) for m, y in zip(s.measures, s.yield_per_100)},
        }
        if s.bins
        else None,
    }
    return named("protect", data)


def summary_csv(s: Summary) -> str:
    """One row per (true-count bin or 'all') and measure: rounds, mean expectation and its standard error."""
    lines = ["bin,measure,rounds,mean_expectation,mean_decimal,standard_error,values"]
    rows = [("all", s.rounds, s.overall)] + [(str(b.bin), b.rounds, b.means) for b in s.bins]
    for label, n, means in rows:
        for m, e in zip(s.measures, means):
            lines.append(
                f"{label},{m.replace(',', ';')},{n},{'' if e is None else f'{e.mean.numerator}/{e.mean.denominator}'},"
                f"{_pct(e, 1, 8)},{se_text(e, 1)},{'double' if s.check else 'exact'}"
            )
    return "\n".join(lines) + "\n"


def records_csv(
    records: list[ShoeRecord],
    measures: tuple[str, ...],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    count: CountSystem | None,
    spread: int,
) -> str:
    """Every round: shoe, round, cards left, running and true count (exact), bet units, the cards the round
    took, and each measure's expectation before it: exact ("p/q"), or in a run valued in double precision the
    double (rounds the exact engine valued instead: "p/q"), with the exact values of the rounds checked."""
    doubles = any(x.estimated for r in records for x in r.rounds)
    head = ["shoe", "round", "cards_left", "running_count", "true_count", "bet_units", "cards"]
    head += [m.replace(",", ";") for m in measures] + [f"exact {m.replace(',', ';')}" for m in measures if doubles]
    lines = [",".join(head)]
    labels = [label for label, _ in kinds]
    for r in records:
        seen = [0] * len(kinds)
        left = sum(n for _, n in kinds)
        for i, x in enumerate(r.rounds):
            rc = count.running(tuple(seen)) if count else None
            tc = None if rc is None else true_count(rc, left, pack)
            cells = [
                r.index,
                i + 1,
                left,
                "" if rc is None else rc,
                "" if tc is None else tc,
                "" if tc is None else bet_units(tc, spread),
                " ".join(labels[k] for k in x.cards),
            ]
            cells += [repr(float(v)) if x.estimated else f"{v.numerator}/{v.denominator}" for v in x.values]
            if doubles:
                cells += [f"{v.numerator}/{v.denominator}" for v in x.exact] if x.exact else [""] * len(measures)
            lines.append(",".join(str(c) for c in cells))
            for k in x.cards:
                seen[k] += 1
            left -= len(x.cards)
    return "\n".join(lines) + "\n"
