"""What a counted study adds to its summary for an analyst: the bet ramp's N0, SCORE and risk of ruin
(protect.bankroll), and its yield at every cut-card place up to the run's (protect.penetration), both read off
the same shoes.

The study records each round's expectation, never its outcome, so the ramp's variance per unit staked is an
input. By default it is the full shoe's variance of the measure's wager from the game's math report
(`variances`), the same in every count bin (Schlesinger's practice; *Blackjack Attack* ch. 4).

>>> from oddscalc.protect.bankroll import Row
>>> m = ramp_measures([Row(Fraction(1, 2), Fraction(-1, 100), Fraction(4, 3), 1),
...                    Row(Fraction(1, 2), Fraction(3, 100), Fraction(4, 3), 2)])
>>> m.win, m.n0 is not None and round(float(m.n0))  # W = (-1 + 6) / 200; V = 1/2 (4/3 + 1e-4) + 2 (4/3 + 9e-4) - W^2
(Fraction(1, 40), 5335)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc import api
from oddscalc.core.errors import LimitError
from oddscalc.protect.bankroll import RampMeasures, bankroll_for, ramp_measures, risk_of_ruin, study_rows
from oddscalc.protect.count_systems import CountSystem
from oddscalc.protect.penetration import PenetrationRow, cut_places, yield_by_penetration
from oddscalc.protect.run_summary import Summary
from oddscalc.protect.shoes import ShoeRecord
from oddscalc.protect.target import Target

__all__ = ["BANKROLLS", "RISKS", "Ramp", "StudyFigures", "study_figures", "variances"]

#: Bankrolls (units of the smallest bet) whose risk of ruin a study prints.
BANKROLLS = (100, 250, 500, 1000)
#: Risks of ruin whose bankroll a study prints (13.5% = exp(-2): SCORE's bankroll, the ramp sized by Kelly).
RISKS = (Fraction(5, 100), Fraction(1, 100))


@dataclass(frozen=True)
class Ramp:
    """One measure's ramp: the variance per unit staked assumed, and W, V, N0 and SCORE (`measures`).

    Also the risk of ruin of each of BANKROLLS and the bankroll of each of RISKS. (These are floats: an
    exponential and a logarithm; None when the ramp does not win.)"""

    measure: str
    variance_per_unit: Fraction
    measures: RampMeasures
    ruin: tuple[float, ...] | None
    bankrolls: tuple[float, ...] | None
    played: RampMeasures | None = None  # per round played, where the stakes sit some rounds out (ruin from these)


@dataclass(frozen=True)
class StudyFigures:
    """The measures' names, their ramps (one per measure) and the yield by penetration rows of a counted study."""

    measures: tuple[str, ...]
    ramps: tuple[Ramp, ...]
    by_penetration: tuple[PenetrationRow, ...]
    places: tuple[Fraction, ...]
    boxes: int = 1  # the ramps are one box's; the yields by penetration count every box
    sits_out: bool = False  # the stakes sit some rounds out: the yields are per round dealt
    wongs: bool = False  # the player wongs in or out: the ramp's figures per round dealt, then per round played


def variances(t: Target) -> tuple[Fraction, ...]:
    """Each measure's variance per unit staked on the full shoe (its wager's exact math report under the
    measure's rules: blackjack's under the strategy the measure names); shipped for the tables' rule sets."""
    found = []
    for m in t.measures:
        report = api.math_report(t.game, t.version, m.wager, {**dict(t.rules), **dict(m.rules)}, dict(t.pay), t.custom)
        if report.variance is None:
            raise LimitError(f"{t.game} wager {m.wager}: its math report has no variance per unit staked")
        found.append(report.variance)
    return tuple(found)


def _ramp(summary: Summary, j: int, variance: Fraction) -> Ramp:
    """One measure's ramp: W, V, N0, SCORE per round dealt and, where rounds are sat out, per round played; the
    risk of ruin from the rounds played (a round sat out risks nothing)."""
    m = ramp_measures(study_rows(summary, j, variance))
    if not any(g.stake for g in summary.groups):  # never played (a wonger who never entered): nothing to measure
        return Ramp(summary.measures[j], variance, m, None, None, None)
    sits = summary.stakes.wongs or any(not g.stake for g in summary.groups)
    p = ramp_measures(study_rows(summary, j, variance, played=True)) if sits else None
    r = p or m
    wins = r.win > 0 and r.variance > 0
    return Ramp(
        summary.measures[j],
        variance,
        m,
        tuple(risk_of_ruin(r.win, r.variance, b) for b in BANKROLLS) if wins else None,
        tuple(bankroll_for(r.win, r.variance, k) for k in RISKS) if wins else None,
        p,
    )


def study_figures(
    summary: Summary,
    records: Sequence[ShoeRecord],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    count: CountSystem,
    dealt: Fraction,
    per_unit: Sequence[Fraction],
) -> StudyFigures:
    """The ramps of a counted study, and its yield at every cut-card place up to `dealt`, the run's penetration.

    `per_unit`: each measure's variance per unit staked. A ramp is one box's: with several boxes their results
    are correlated through the banker's hand, which a study of expectations does not measure. The yield counts
    every box."""
    places = cut_places(dealt)
    rows = yield_by_penetration(
        records, len(summary.measures), kinds, pack, count, summary.stakes, dealt, places, summary.boxes
    )
    ramps = tuple(_ramp(summary, j, v) for j, v in enumerate(per_unit)) if summary.bins else ()
    return StudyFigures(
        summary.measures, ramps, rows, places, summary.boxes, summary.stakes.sits_out, summary.stakes.wongs
    )
