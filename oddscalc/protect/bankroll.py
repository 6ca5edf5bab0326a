"""What a bet ramp earns against what it risks: win rate, variance, N0, SCORE and risk of ruin.

They come from per-count frequencies, advantages and variances (exact or measured), as Schlesinger defines them
(*Blackjack Attack*, ch. 4 and 9 (SCORE); docs/protect.md, "Bankroll measures").

A round at count bin i (chance f_i) is played with b_i units on a wager whose net result per unit staked has mean
a_i (the advantage) and variance v_i (about a_i). Then per round
    W = sum f_i b_i a_i,   V = sum f_i b_i^2 (v_i + a_i^2) - W^2   (exactly, the mixture's variance).
Also N0 = V / W^2 (rounds until the expected win equals one standard deviation) and SCORE = 10^6 W^2 / V = 10^6 / N0.
SCORE is the expected win per 100 rounds of the ramp scaled to its optimal (Kelly) size for a bankroll of 10,000
units (c = 10,000 W / V times the ramp wins 100 c W). The risk of ruin of a bankroll of B units played for ever is
taken as exp(-2 W B / V). (That is the diffusion approximation; the optimally scaled ramp has exp(-2) = 13.5%,
SCORE's risk.) Exact fractions except the risk of ruin (an exponential: a float).

>>> r = ramp_measures([Row(Fraction(1), Fraction(1, 100), Fraction(1), 1)])
>>> r.win, r.variance, r.n0, r.score
(Fraction(1, 100), Fraction(1, 1), Fraction(10000, 1), Fraction(100, 1))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.protect.run_summary import Summary

__all__ = ["SCORE_BANKROLL", "RampMeasures", "Row", "bankroll_for", "ramp_measures", "risk_of_ruin", "study_rows"]

#: SCORE's bankroll, in units of the money a SCORE is counted in (Schlesinger: $10,000, win per 100 rounds in $).
SCORE_BANKROLL = 10_000


@dataclass(frozen=True)
class Row:
    """One count bin: its chance per round, the advantage and variance per unit staked, the units bet."""

    chance: Fraction
    advantage: Fraction
    variance: Fraction
    bet: Fraction | int


@dataclass(frozen=True)
class RampMeasures:
    """Per round: expected win W and variance V (units); N0 = V / W^2; SCORE = 10^6 W^2 / V (None when W is 0 or
    negative: no bankroll grows)."""

    win: Fraction
    variance: Fraction
    n0: Fraction | None
    score: Fraction | None

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)


def ramp_measures(rows: Sequence[Row]) -> RampMeasures:
    """W, V, N0 and SCORE of a ramp over count bins whose chances sum to 1."""
    total = sum((r.chance for r in rows), Fraction(0))
    if total != 1 or any(r.chance < 0 or r.variance < 0 or r.bet < 0 for r in rows):
        raise InputError(f"a ramp needs chances >= 0 summing to 1 (these sum to {total}), variances and bets >= 0")
    win = sum((r.chance * r.bet * r.advantage for r in rows), Fraction(0))
    variance = sum((r.chance * r.bet**2 * (r.variance + r.advantage**2) for r in rows), Fraction(0)) - win**2
    if win <= 0 or not variance:
        return RampMeasures(win, variance, None, None)
    return RampMeasures(win, variance, variance / win**2, 100 * SCORE_BANKROLL * win**2 / variance)


def risk_of_ruin(win: Fraction, variance: Fraction, bankroll: Fraction | int) -> float:
    """exp(-2 W B / V): the chance a bankroll of B units is ever lost playing for ever (1 when W <= 0)."""
    if bankroll < 0 or variance <= 0:
        raise InputError(f"risk of ruin needs a bankroll >= 0 (not {bankroll}) and a positive variance")
    return 1.0 if win <= 0 else math.exp(-2 * win * bankroll / variance)


def bankroll_for(win: Fraction, variance: Fraction, risk: Fraction | float) -> float:
    """The bankroll (units) whose risk of ruin is `risk`: -V ln(risk) / (2 W)."""
    if not 0 < risk < 1 or win <= 0:
        raise InputError(f"a bankroll for a risk of ruin needs 0 < risk < 1 (not {risk}) and a positive win rate")
    return -float(variance) * math.log(risk) / (2 * float(win))


def study_rows(summary: Summary, measure: int, variance: Fraction, played: bool = False) -> list[Row]:
    """A protect study's ramp as rows, one per true-count bin and stake (`summary.groups`).

    A row holds its share of the rounds and the mean exact expectation of measure number `measure`. It holds the
    stake (the study's spread by default: 1 unit below TC 2, then floor(TC), at most the spread). It holds
    `variance` per unit: the study values expectations only, so the same variance is taken in every bin (e.g. the
    full shoe's exact one). Their W is the study's yield per round dealt exactly. With `played`, the rounds staked
    0 are left out (shares of the rounds played, W per round played)."""
    if not summary.bins:
        raise InputError("the study has no count, so no bins to bet by")
    groups = [g for g in summary.groups if g.stake or not played]
    total = sum((g.share for g in groups), Fraction(0))
    if not total:
        raise InputError("the ramp sat out every round: no round played to measure")
    return [Row(g.share / total, g.means[measure], Fraction(variance), g.stake) for g in groups]
