"""Rendering a protection run's summary (text, JSON-ready data, CSV) and its per-round records (CSV).

Means are exact sample means ("p/q" in JSON) of the rounds' values, which are exact. In a run valued by the
double-precision evaluator they are doubles (labelled so, with the run's check against the exact engine).
Standard errors are sampling statistics over shoes, computed exactly as squares and rendered as decimals (mpmath
square roots)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import mpmath

from oddscalc.core.distribution import render_decimal
from oddscalc.core.schemas import named
from oddscalc.protect.bankroll import RampMeasures
from oddscalc.protect.best_side import DEFINITION, BestSide, choice
from oddscalc.protect.count_systems import CountSystem
from oddscalc.protect.run_summary import Check, Estimate, Summary, counts_before
from oddscalc.protect.shoes import Round, ShoeRecord, before_rounds
from oddscalc.protect.stakes import Stakes
from oddscalc.protect.study_figures import BANKROLLS, RISKS, StudyFigures
from oddscalc.report.exact import fraction_text
from oddscalc.report.text import WIDTH, fit, panels

__all__ = [
    "best_side_data",
    "best_side_text",
    "check_data",
    "check_text",
    "records_csv",
    "se_text",
    "study_data",
    "study_text",
    "summary_csv",
    "summary_data",
    "summary_text",
]


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


def _counted(n: int, noun: str) -> str:
    """`n` and `noun`, plural but for one: "1 round", "958 rounds"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def check_text(c: Check, measures: tuple[str, ...]) -> list[str]:
    """What a run valued in double precision says of its values and of its check against the exact engine."""
    return [
        "Values: the double-precision evaluator (a study's values, not exact figures; the documentation's page "
        '"Protect: the double-precision evaluator"): '
        f"{_counted(c.estimated, 'round')}, and {c.exact} by the exact engine where it declined. Checked against "
        f"the exact engine on {_counted(c.checked, 'round')}; largest difference: "
        + ", ".join(f"{m} {_difference(x)}" for m, x in zip(measures, c.largest))
        + "."
    ]


def _aligned(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A table indented two spaces, each column as wide as its widest cell and two spaces from the next (so no
    two values run together), the first left-aligned and the rest right-aligned (`text.panels`)."""
    return ["  " + line for line in panels(head, rows, WIDTH - 2)]


def summary_text(s: Summary, heading: list[str]) -> str:
    lines = fit(heading) + [
        "",
        f"{_counted(s.shoes, 'shoe')}, {_counted(s.rounds, 'round')}; shoes ended: "
        + ", ".join(f"{k} {n}" for k, n in s.ends),
        "",
    ]
    exact = "" if s.check else "exact "
    if s.check:
        lines += [*fit(check_text(s.check, s.measures)), ""]
    lines.append(f"Mean {exact}expectation per round{_per_box(s.boxes)} (% of the stake ± standard error over shoes):")
    lines += [f"  {m:34} {_pm(e)}" for m, e in zip(s.measures, s.overall)]
    lines += [
        "",
        "Rounds with a positive expectation (one unit on each; ± standard error): their share, their number",
        "per shoe, what they are worth per shoe, the shoes with any, and the best expectation seen:",
        *_aligned(
            ("measure", "% of rounds", "per shoe", "units per shoe", "shoes", "best"),
            [
                (
                    p.measure,
                    _pm(p.share, 100, 2),
                    _pm(p.per_shoe, 1, 2),
                    _pm(p.worth_per_shoe, 1, 4),
                    str(p.shoes_with_any),
                    "-" if p.best is None else render_decimal(p.best * 100, 3) + "%",
                )
                for p in s.positive
            ],
        ),
    ]
    if s.bins:
        w = column_width(s.measures)
        lines += [
            "",
            f"True count bins (bin b: b <= TC < b+1): share of rounds, mean {exact}expectation % ± SE:",
            "  " + f"{'bin':>5} {'rounds':>8} {'share %':>9}  " + "  ".join(f"{m[:w]:>{w}}" for m in s.measures),
        ]
        for b in s.bins:
            lines.append(
                f"  {b.bin:>5} {b.rounds:>8} {render_decimal(b.share * 100, 2):>9}  "
                + "  ".join(f"{_pm(e):>{w}}" for e in b.means)
            )
        lines += ["", *_stakes_text(s)]
    return "\n".join(lines) + "\n"


def _stakes_text(s: Summary) -> list[str]:
    """The stakes' yield: the study's spread as it always read; a ramp or key count per round dealt and played."""
    if not s.stakes.sits_out:
        return [
            *fit(
                [
                    f"{s.stakes.describe()}; mean bet {_pm(s.mean_bet, 1, 3)} units{_per_box(s.boxes)}. "
                    f"Units won per 100 rounds{_all_boxes(s.boxes)} ± SE:"
                ]
            ),
            *[f"  {m:34} {_pm(y, 1, 4)}" for m, y in zip(s.measures, s.yield_per_100)],
        ]
    if s.stakes.wongs:
        return _wonging_text(s)
    return [
        *fit(
            [
                f"{s.stakes.describe()}. Of the rounds dealt: played {_pm(s.played, 100, 2)}%, watched "
                f"{_pm(s.watched, 100, 2)}%"
                + (f", away {_pm(s.away, 100, 2)}%" if s.stakes.leave is not None and s.stakes.enter is None else "")
                + "; mean stake "
                f"{_pm(s.mean_bet_played, 1, 3)} units a round played{_per_box(s.boxes)}. Units won"
                f"{_all_boxes(s.boxes)} ± SE:"
            ]
        ),
        f"  {'measure':34} {'per 100 rounds dealt':>22} {'per 100 rounds played':>22}",
        *[
            f"  {m:34} {_pm(y, 1, 4):>22} {_pm(q, 1, 4):>22}"
            for m, y, q in zip(s.measures, s.yield_per_100, s.yield_per_100_played)
        ],
    ]


def _wonging_text(s: Summary) -> list[str]:
    """A wonging run's stakes: the rule, the rounds dealt, watched (every round until he leaves the shoe, played
    or not) and played (staked more than 0), and the yield per 100 rounds dealt and per 100 played."""
    watched = s.rounds - s.rounds_away
    return [
        *fit(
            [
                f"{s.stakes.describe()}. Rounds dealt {s.rounds}: watched {watched} (every round until he leaves "
                f"the shoe, played or not), played {s.rounds_played} (staked: {_pm(s.played, 100, 2)}% of those "
                f"dealt), away {s.rounds_away} (dealt after he left); mean stake {_pm(s.mean_bet_played, 1, 3)} "
                f"units a round played{_per_box(s.boxes)}. Units won{_all_boxes(s.boxes)} ± SE:"
            ]
        ),
        f"  {'measure':34} {'per 100 rounds dealt':>22} {'per 100 rounds played':>22}",
        *[
            f"  {m:34} {_pm(y, 1, 4):>22} {_pm(q, 1, 4):>22}"
            for m, y, q in zip(s.measures, s.yield_per_100, s.yield_per_100_played)
        ],
    ]


#: Shoes listed one by one in the text (all of them in JSON).
SHOES_LISTED = 20


def best_side_text(b: BestSide) -> str:
    """The best-side strategy (definition, means over shoes, and the shoes that bet, up to SHOES_LISTED) as text."""
    lines = [
        "",
        *fit(
            [
                DEFINITION.format(sides=", ".join(b.sides)),
                f"  Rounds bet per shoe {_pm(b.bets_per_shoe, 1, 3)}; yield per shoe {_pm(b.yield_per_shoe, 1, 6)} "
                f"units; per 100 rounds dealt {_pm(b.per_100, 1, 6)} units (± SE over shoes).",
            ]
        ),
    ]
    betting = [s for s in b.shoes if sum(s.bets)]
    if betting:
        lines += [
            f"  shoes with a bet: {len(betting)} of {len(b.shoes)}"
            + (f" (the first {SHOES_LISTED} listed)" if len(betting) > SHOES_LISTED else ""),
            f"  {'shoe':>6} {'rounds':>7} {'bet':>4}  "
            + " ".join(f"{side:>7}" for side in b.sides)
            + f"  {'yield (units)':>16} {'per 100 rounds':>15}",
        ]
        for s in betting[:SHOES_LISTED]:
            lines.append(
                f"  {s.shoe:>6} {s.rounds:>7} {sum(s.bets):>4}  "
                + " ".join(f"{n:>7}" for n in s.bets)
                + f"  {render_decimal(s.total, 8):>16} {'-' if s.per_100 is None else render_decimal(s.per_100, 6):>15}"
            )
    else:
        shoes = "the shoe" if len(b.shoes) == 1 else f"the {len(b.shoes)} shoes"
        lines.append(f"  no round of {shoes} offered a positive side")
    return "\n".join(lines) + "\n"


def best_side_data(b: BestSide) -> dict:
    """The JSON form of `best_side_text` (schemas/protect-1.json: "best_side"), every shoe listed."""
    return {
        "definition": DEFINITION.format(sides=", ".join(b.sides)),
        "sides": list(b.sides),
        "rounds_bet_per_shoe": _est(b.bets_per_shoe),
        "yield_per_shoe": _est(b.yield_per_shoe),
        "yield_per_100_rounds": _est(b.per_100),
        "shoes": [
            {
                "shoe": s.shoe,
                "rounds": s.rounds,
                "rounds_bet": sum(s.bets),
                "bets": dict(zip(b.sides, s.bets)),
                "yield": fraction_text(s.total),
                "yield_decimal": render_decimal(s.total, 8),
                "yield_per_100_rounds": None if s.per_100 is None else fraction_text(s.per_100),
            }
            for s in b.shoes
        ],
    }


def _per_box(boxes: int) -> str:
    return "" if boxes == 1 else " per box"


def _all_boxes(boxes: int) -> str:
    return "" if boxes == 1 else f" (all {boxes} boxes)"


def _pct_of(x: float) -> str:
    return f"{x * 100:.3g}%" if x >= 0.001 else f"{x * 100:.2e}%"


def column_width(measures: tuple[str, ...], room: int = 70) -> int:
    """A column per measure in `room` characters: wide enough for its name up to 32 characters and for a value
    with its standard error (18), narrower names and values where many measures share the line.

    >>> column_width(("player", "banker", "tie")), column_width(("initial, basic strategy (fixed)",))
    (18, 31)
    """
    return max(18, min(32, max(len(m) for m in measures), room // max(1, len(measures)) - 2))


def study_text(f: StudyFigures) -> str:
    """A counted study's bet ramp (W, SD, N0, SCORE, risk of ruin) and its yield by cut-card place, as text."""
    lines = []
    if f.ramps:
        lines += [
            "",
            *fit(
                [
                    f"The bet ramp above, per round{' dealt' if f.wongs else ''}: win W and standard deviation in "
                    "units per 100 rounds, N0 = V / W^2 rounds, SCORE = 10^6 W^2 / V, the risk of ruin "
                    "exp(-2 W B / V) of a bankroll of B units, and "
                    "the bankroll B(r) for a risk of ruin r (variance per unit staked: the full shoe's, from the "
                    "wager's math report, or --ramp-variance)"
                    + (
                        ""
                        if f.boxes == 1
                        else f"; one box's ramp (the {f.boxes} boxes' results are correlated through the banker's "
                        "hand, which a study of expectations does not measure)"
                    )
                    + ":"
                ]
            ),
        ]
        rows: list[list[str]] = []
        ruin: list[list[str]] = []
        for r in f.ramps:
            m = r.measures
            cells = [r.measure, f"{float(m.win) * 100:.4f}", f"{m.sd * 10:.3f}"]
            if m.n0 is None or m.score is None or r.ruin is None or r.bankrolls is None:
                rows.append([*cells, "-", "-", *("-" for _ in RISKS)])
                continue
            rows.append([*cells, f"{float(m.n0):,.0f}", f"{float(m.score):.2f}", *(f"{b:,.0f}" for b in r.bankrolls)])
            ruin.append([r.measure, *(_pct_of(x) for x in r.ruin)])
        lines += _aligned(
            ("measure", "win/100", "SD/100", "N0", "SCORE", *(f"B({float(k) * 100:g}%)" for k in RISKS)), rows
        )
        if len(ruin) < len(rows):
            never = all(not r.measures.variance and not r.measures.win for r in f.ramps)
            lines.append(f"  -: {'no round was played' if never else 'the ramp loses'}: no N0, SCORE or bankroll")
        played = [r for r in f.ramps if r.played is not None]
        if played:
            lines += [
                "",
                *fit(
                    [
                        (
                            "Per round played (SCORE, N0 and the risk of ruin on the rounds played: those he staked "
                            "at the table; the rounds he only watched and those dealt after he left are left out; "
                            "the bankrolls above and the risks of ruin below are these, since a round not played "
                            "risks nothing):"
                            if f.wongs
                            else "Per round played (the rounds sat out left out; the bankrolls above and the risks "
                            "of ruin below are these, since a round sat out risks nothing):"
                        )
                    ]
                ),
            ]
            rows = []
            for r in played:
                assert r.played is not None
                cells = [r.measure, f"{float(r.played.win) * 100:.4f}", f"{r.played.sd * 10:.3f}"]
                if r.played.n0 is None or r.played.score is None:
                    rows.append([*cells, "-", "-"])
                else:
                    rows.append([*cells, f"{float(r.played.n0):,.0f}", f"{float(r.played.score):.2f}"])
            lines += _aligned(("measure", "win/100", "SD/100", "N0", "SCORE"), rows)
            if any(row[-1] == "-" for row in rows):
                lines.append("  -: the ramp loses")
        if ruin:
            lines += [
                "",
                "Risk of ruin of a bankroll of B units:",
                *_aligned(("measure", *(f"B = {b}" for b in BANKROLLS)), ruin),
            ]
    if f.by_penetration:
        w = column_width(f.measures)
        lines += [
            "",
            *fit(
                [
                    "Yield by penetration (the same shoes, the cut card placed earlier): units won per 100 rounds"
                    f"{' dealt' if f.sits_out else ''}{_all_boxes(f.boxes)} ± SE:"
                ]
            ),
            f"  {'dealt %':>8} {'cut after':>9} {'rounds':>8}  " + "  ".join(f"{m[:w]:>{w}}" for m in f.measures),
        ]
        for row in f.by_penetration:
            lines.append(
                f"  {render_decimal(row.penetration * 100, 1):>8} {row.cut:>9} {row.rounds:>8}  "
                + "  ".join(f"{_pm(y, 1, 4):>{w}}" for y in row.yield_per_100)
            )
    return "\n".join(lines) + ("\n" if lines else "")


def study_data(f: StudyFigures) -> dict:
    """The JSON form of `study_text` (schemas/protect-1.json: "ramp", "yield_by_penetration")."""
    return {
        "ramp": [
            {
                "measure": r.measure,
                "variance_per_unit": fraction_text(r.variance_per_unit),
                "win_per_round": fraction_text(r.measures.win),
                "variance_per_round": fraction_text(r.measures.variance),
                "n0": None if r.measures.n0 is None else fraction_text(r.measures.n0),
                "score": None if r.measures.score is None else fraction_text(r.measures.score),
                "score_decimal": None if r.measures.score is None else render_decimal(r.measures.score, 4),
                "risk_of_ruin": None if r.ruin is None else {str(b): f"{x:.6g}" for b, x in zip(BANKROLLS, r.ruin)},
                "bankroll_for_risk": None
                if r.bankrolls is None
                else {fraction_text(k): f"{b:.6g}" for k, b in zip(RISKS, r.bankrolls)},
                **({"per_round_played": _measures_data(r.played)} if r.played is not None else {}),
            }
            for r in f.ramps
        ],
        "yield_by_penetration": [
            {
                "penetration": fraction_text(row.penetration),
                "cut": row.cut,
                "rounds": row.rounds,
                "units_won_per_100_rounds": {m: _est(y) for m, y in zip(f.measures, row.yield_per_100)},
            }
            for row in f.by_penetration
        ],
    }


def _measures_data(m: RampMeasures) -> dict:
    """W, V, N0 and SCORE of a ramp, exact ("p/q")."""
    return {
        "win_per_round": fraction_text(m.win),
        "variance_per_round": fraction_text(m.variance),
        "n0": None if m.n0 is None else fraction_text(m.n0),
        "score": None if m.score is None else fraction_text(m.score),
        "score_decimal": None if m.score is None else render_decimal(m.score, 4),
    }


def _est(e: Estimate | None) -> dict | None:
    if e is None:
        return None
    return {
        "mean": fraction_text(e.mean),
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


def summary_data(s: Summary, about: dict, study: StudyFigures | None = None, best: BestSide | None = None) -> dict:
    """`protect --format json` (schemas/protect-1.json): `about` (the game, rules, count, ...) then the summary
    and, for a counted study, its ramp and yield by penetration; sample means exact ("p/q"), standard errors as
    decimals."""
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
                "best": None if p.best is None else fraction_text(p.best),
            }
            for p in s.positive
        ],
        "true_count_bins": [
            {
                "bin": b.bin,
                "rounds": b.rounds,
                "share": fraction_text(b.share),
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
        **({"stakes": _stakes_data(s)} if s.bins and not s.stakes.default else {}),
        **(study_data(study) if study else {}),
        **({"best_side": best_side_data(best)} if best else {}),
    }
    return named("protect", data)


def _stakes_data(s: Summary) -> dict:
    """A ramp's or key count's stakes (schemas/protect-1.json: "stakes"): the rule, and per round dealt and played."""
    return {
        "rule": s.stakes.text(),
        "description": s.stakes.describe(),
        "steps": [{"true_count": low, "stake": fraction_text(u)} for low, u in s.stakes.steps],
        "key_count": None if s.stakes.key is None else fraction_text(s.stakes.key),
        "enter": None if s.stakes.enter is None else fraction_text(s.stakes.enter),
        "leave": None if s.stakes.leave is None else fraction_text(s.stakes.leave),
        "share_of_rounds_played": _est(s.played),
        "share_of_rounds_watched": _est(s.watched),
        "share_of_rounds_away": _est(s.away),
        **({"wonging": _wonging_data(s)} if s.stakes.wongs else {}),
        "mean_stake_per_round_played": _est(s.mean_bet_played),
        "units_won_per_100_rounds_dealt": {m: _est(y) for m, y in zip(s.measures, s.yield_per_100)},
        "units_won_per_100_rounds_played": {m: _est(y) for m, y in zip(s.measures, s.yield_per_100_played)},
    }


def _wonging_data(s: Summary) -> dict:
    """A wonging run's rule and rounds (schemas/protect-1.json: "stakes"."wonging")."""
    return {
        "re_enter": s.stakes.re_enter,
        "rounds_dealt": s.rounds,
        "rounds_watched": s.rounds - s.rounds_away,
        "rounds_played": s.rounds_played,
        "rounds_away": s.rounds_away,
        "definition": "watched: every round dealt until he leaves the shoe, played or not; played: staked more "
        "than 0; away: dealt after he left (for the rest of the shoe unless re_enter); SCORE, N0 and the risk of "
        "ruin per round played are on the rounds played",
    }


def summary_csv(s: Summary) -> str:
    """One row per (true-count bin or 'all') and measure: rounds, mean expectation and its standard error."""
    lines = ["bin,measure,rounds,mean_expectation,mean_decimal,standard_error,values"]
    rows = [("all", s.rounds, s.overall)] + [(str(b.bin), b.rounds, b.means) for b in s.bins]
    for label, n, means in rows:
        for m, e in zip(s.measures, means):
            lines.append(
                f"{label},{m.replace(',', ';')},{n},{'' if e is None else fraction_text(e.mean)},"
                f"{_pct(e, 1, 8)},{se_text(e, 1)},{'double' if s.check else 'exact'}"
            )
    return "\n".join(lines) + "\n"


def table_csv(s: Summary, players: Sequence[Summary]) -> str:
    """A table of several players: `summary_csv`'s rows with a first column `player` (`table` for the shoes' own
    rows, then each player's number, his true-count bins by his own count)."""
    lines = ["player," + summary_csv(s).splitlines()[0]]
    for who, summary in [("table", s), *((str(n), p) for n, p in enumerate(players, 1))]:
        lines += [f"{who},{row}" for row in summary_csv(summary).splitlines()[1:]]
    return "\n".join(lines) + "\n"


def _shown(x: Round, v: Fraction) -> str:
    """A round's value as the records write it: exact ("p/q"), or the double of a round valued in doubles."""
    return repr(float(v)) if x.estimated else fraction_text(v)


def records_csv(
    records: list[ShoeRecord],
    measures: tuple[str, ...],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    count: CountSystem | None,
    spread: int | Stakes,
    sides: Sequence[str] = (),
) -> str:
    """Every round: shoe, round, cards left, running and true count, bet units, cards taken, each measure's value.

    Cards left are those unseen by the counter, face-down burnt cards included; the counts are exact. Bet units
    are the study's spread, or `spread`'s stakes: 0 for a round sat out. Each measure's expectation before the
    round is exact ("p/q"). In a run valued in double precision it is the double (rounds the exact engine valued
    instead: "p/q"), with the exact values of the rounds checked. With `sides` (baccarat's, `best_side.SIDES`)
    come last the side the best-side strategy bets on the round and its expectation. They are written as the
    measures are (both empty: no side positive, no bet)."""
    doubles = any(x.estimated for r in records for x in r.rounds)
    head = ["shoe", "round", "cards_left", "running_count", "true_count", "bet_units", "cards"]
    head += [m.replace(",", ";") for m in measures] + [f"exact {m.replace(',', ';')}" for m in measures if doubles]
    columns = [list(measures).index(side) for side in sides]
    head += ["best_side", "best_expectation"] if sides else []
    lines = [",".join(head)]
    labels = [label for label, _ in kinds]
    stakes = spread if isinstance(spread, Stakes) else Stakes(spread)
    for r in records:
        counts = counts_before(r, kinds, pack, count) if count else None
        units = stakes.shoe(counts) if counts is not None else None
        for i, (x, b) in enumerate(zip(r.rounds, before_rounds(r, kinds))):
            cells = [
                r.index,
                i + 1,
                b.unseen,
                "" if counts is None else counts[i][0],
                "" if counts is None else counts[i][1],
                "" if units is None else units[i],
                " ".join(labels[k] for k in x.cards),
            ]
            cells += [_shown(x, v) for v in x.values]
            if doubles:
                cells += [fraction_text(v) for v in x.exact] if x.exact else [""] * len(measures)
            if sides:
                j = choice([x.values[c] for c in columns])
                cells += ["", ""] if j is None else [sides[j], _shown(x, x.values[columns[j]])]
            lines.append(",".join(str(c) for c in cells))
    return "\n".join(lines) + "\n"


def table_records_csv(
    records: list[ShoeRecord],
    measures: tuple[str, ...],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    players: Sequence[tuple[CountSystem, Stakes, tuple[str, ...]]],
) -> str:
    """Every round of a table of several players.

    The columns: shoe, round, cards left, boxes dealt (one per player staking, one when none does), the cards.
    Then the basic strategy's expectation of each measure (as `records_csv` writes them). Then per player (count,
    stakes, his measures' names): his running and true count, where he is (play, watch, away), his stake and his
    expectations under his index plays."""
    head = ["shoe", "round", "cards_left", "boxes", "cards", *(m.replace(",", ";") for m in measures)]
    for n, (_, _, names) in enumerate(players, 1):
        head += [f"player {n} {c}" for c in ("running_count", "true_count", "place", "stake")]
        head += [f"player {n} {m.replace(',', ';')}" for m in names]
    lines = [",".join(head)]
    labels = [label for label, _ in kinds]
    for r in records:
        seats = []
        for count, stakes, _ in players:
            counts = counts_before(r, kinds, pack, count)
            seats.append((counts, stakes.places(counts), stakes.shoe(counts)))
        for i, (x, b) in enumerate(zip(r.rounds, before_rounds(r, kinds))):
            staking = sum(1 for _, _, units in seats if units[i])
            cells: list[object] = [r.index, i + 1, b.unseen, max(1, staking), " ".join(labels[k] for k in x.cards)]
            cells += [_shown(x, v) for v in x.values]
            for j, (counts, places, units) in enumerate(seats):
                cells += [counts[i][0], counts[i][1], places[i], units[i], *(_shown(x, v) for v in x.seats[j])]
            lines.append(",".join(str(c) for c in cells))
    return "\n".join(lines) + "\n"


def player_text(title: list[str], s: Summary, f: StudyFigures) -> str:
    """One player of a table: who he is, his stakes' rounds watched and played and yield, then his ramp's N0,
    SCORE and risk of ruin (his yield by penetration is JSON's: a table per player would bury the rest)."""
    return "\n".join(["", *fit(title), *_stakes_text(s)]) + "\n" + study_text(replace(f, by_penetration=()))


def player_data(about: dict, s: Summary, f: StudyFigures) -> dict:
    """One player of a table in JSON (schemas/protect-1.json: "players"): who he is, then his figures as a run's."""
    data = summary_data(s, {}, f)
    keep = ("mean_expectation", "true_count_bins", "spread", "stakes", "ramp", "yield_by_penetration")
    return {**about, "rounds": s.rounds, **{k: data[k] for k in keep if k in data}}
