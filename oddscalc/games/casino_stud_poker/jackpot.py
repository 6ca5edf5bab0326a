"""The progressive jackpot side wager (reg 8(11A), 2002): its exact return as a linear function of the meter,
and the meter's long run.

The wager is settled on the player's own five cards alone, so its return is a sum over the hand categories.
It is return(M) = a + b * M per unit wagered, with `a` from the fixed payouts and `b` from the meter shares.

The meter (reg 8(11A)(d)-(f)): at least 70% of every jackpot stake is added to it, every prize (the fixed ones
too) is paid out of it, and the licence holder may add sums. Per hand it changes by

    c - F - b * max(M, 0) + P(royal flush) * R        in expectation (`MeterLongRun.drift`),

c the contribution, F the fixed prizes' expectation, R what the licence holder adds after a royal flush. The
drift falls as the meter grows, so the meter settles. Over a long run every unit a player stakes returns
exactly c + P(royal flush) R in prizes (stakes in, prizes out, the meter's change negligible). So the house
keeps 1 - c less the additions. The meter at which the drift is zero is the long-run average of max(M, 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import sympy

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.core.numbers import NumberError, parse_number
from oddscalc.regulations.rule_values import RuleError
from oddscalc.wager_results import Extra, RuleOption

__all__ = [
    "ADDED",
    "CARRIED",
    "JACKPOT",
    "METER_RULES",
    "JackpotLine",
    "MeterLongRun",
    "MeterRuleError",
    "MeterRules",
    "jackpot_distribution",
    "jackpot_line",
    "long_run",
    "meter_extra",
    "meter_notes",
    "meter_rules",
]

JACKPOT = "progressive-jackpot"  # the wager's key (reg 8(11A)), which every meter rule concerns


@dataclass(frozen=True)
class JackpotLine:
    """Expected net return per unit wagered = constant + slope * M, for a meter of M units."""

    constant: Fraction
    slope: Fraction

    def at(self, meter: Fraction) -> Fraction:
        return self.constant + self.slope * meter

    @property
    def break_even(self) -> Fraction | None:
        """The meter at which the wager's expectation is exactly zero (None if the meter does not enter)."""
        return -self.constant / self.slope if self.slope else None

    def sympy(self) -> sympy.Expr:
        m = sympy.Symbol("M", positive=True)
        return (
            sympy.Rational(self.constant.numerator, self.constant.denominator)
            + sympy.Rational(self.slope.numerator, self.slope.denominator) * m
        )


def _win(fixed: Fraction, share: Fraction, meter: Fraction, stake_returned: bool) -> Fraction:
    return fixed + share * meter - (0 if stake_returned else 1)


def jackpot_line(
    counts: Mapping[str, int],
    hands: int,
    fixed: Mapping[str, Fraction],
    shares: Mapping[str, Fraction],
    stake_returned: bool,
) -> JackpotLine:
    """The exact line from category counts (out of `hands`) and the payouts: `fixed` multiples of the wager,
    `shares` of the meter. A losing hand loses the wager; a winning one keeps it only if `stake_returned`."""
    constant = Fraction(0)
    slope = Fraction(0)
    winning = set(fixed) | set(shares)
    for cat, n in counts.items():
        p = Fraction(n, hands)
        if cat in winning:
            constant += p * _win(fixed.get(cat, Fraction(0)), Fraction(0), Fraction(0), stake_returned)
            slope += p * shares.get(cat, Fraction(0))
        else:
            constant -= p
    return JackpotLine(constant, slope)


def jackpot_distribution(
    counts: Mapping[str, int],
    fixed: Mapping[str, Fraction],
    shares: Mapping[str, Fraction],
    stake_returned: bool,
    meter: Fraction,
) -> Distribution:
    """Net return per unit wagered at meter M (a payout in meter share pays that share of M)."""
    weights: dict[Fraction, int] = {}
    winning = set(fixed) | set(shares)
    for cat, n in counts.items():
        ret = (
            _win(fixed.get(cat, Fraction(0)), shares.get(cat, Fraction(0)), meter, stake_returned)
            if cat in winning
            else Fraction(-1)
        )
        weights[ret] = weights.get(ret, 0) + n
    return Distribution.from_weights(weights.items())


CARRIED, ADDED = "carried", "added"
MIN_CONTRIBUTION = Fraction(7, 10)  # reg 8(11A)(d): "not less than 70%"

METER_RULES = (
    RuleOption(
        "contribution",
        "share of every Progressive Jackpot stake added to the meter, at least 70% (reg 8(11A)(d)): e.g. 70% or 0.75",
        (),
        "70%",
        (JACKPOT,),
    ),
    RuleOption(
        "reseed",
        "units the licence holder adds to the meter after each royal flush (reg 8(11A)(f); a number >= 0)",
        (),
        "0",
        (JACKPOT,),
    ),
    RuleOption(
        "shortfall",
        "a prize larger than the meter: 'carried' (paid out of the meter, which runs below zero "
        "until later stakes make it good; a royal or straight flush then pays its share of "
        "nothing) or 'added' (the licence holder adds what is lacking, reg 8(11A)(f))",
        (CARRIED, ADDED),
        CARRIED,
        (JACKPOT,),
    ),
)


class MeterRuleError(RuleError):
    """A contribution below the law's 70% or above 100%, or a negative reseed."""


@dataclass(frozen=True)
class MeterRules:
    """How the meter is fed: `contribution` per unit staked, `reseed` added after each royal flush, and what
    happens to a prize the meter cannot cover (`shortfall`)."""

    contribution: Fraction = MIN_CONTRIBUTION
    reseed: Fraction = Fraction(0)
    shortfall: str = CARRIED


def meter_rules(rules: Mapping[str, str]) -> MeterRules:
    """The meter's rule options, read exactly; a one-line error for anything the law or sense refuses."""
    try:
        c = parse_number(
            rules.get("contribution", "70%"), "rule contribution", minimum=MIN_CONTRIBUTION, maximum=1, percent=True
        )
        r = parse_number(rules.get("reseed", "0"), "rule reseed", minimum=0)
    except NumberError as exc:
        raise MeterRuleError(
            f"{exc} (reg 8(11A)(d) adds at least 70% of every stake to the meter)"
            if "contribution" in str(exc)
            else str(exc)
        ) from None
    return MeterRules(c, r, rules.get("shortfall", CARRIED))


@dataclass(frozen=True)
class MeterLongRun:
    """The meter's exact expectations per hand (one unit staked), from the category probabilities."""

    rules: MeterRules
    p_royal: Fraction  # chance of the hand after which the licence holder adds the reseed
    prizes: tuple[tuple[Fraction, Fraction], ...]  # (chance, fixed prize in units) of each fixed-prize hand
    drain: Fraction  # b: share of the meter paid out per hand (royal 100%, straight flush 10%, by their chances)
    stake_back: Fraction  # stakes handed back per hand (a winning stake kept under jackpot-stake=returned)

    @property
    def fixed(self) -> Fraction:
        """F: the fixed prizes paid out of the meter, expected per hand."""
        return sum((p * v for p, v in self.prizes), Fraction(0))

    def top_up(self, meter: Fraction) -> Fraction:
        """Under shortfall=added: what the licence holder adds, expected over one hand dealt at `meter`, so that a
        fixed prize larger than the meter is paid (a meter share never exceeds the meter)."""
        if self.rules.shortfall != ADDED:
            return Fraction(0)
        return sum((p * max(v - Fraction(meter), Fraction(0)) for p, v in self.prizes), Fraction(0))

    @property
    def additions(self) -> Fraction:
        """The licence holder's sums per unit staked (a lower bound under shortfall=added: plus what it tops up)."""
        return self.p_royal * self.rules.reseed

    def drift(self, meter: Fraction) -> Fraction:
        """Expected change of the meter over one hand dealt at `meter`: the contribution, less the prizes paid out
        of it, plus the reseed after a royal flush and (shortfall=added) any top-up."""
        meter = Fraction(meter)
        return (
            self.rules.contribution
            + self.additions
            - self.fixed
            - self.drain * max(meter, Fraction(0))
            + self.top_up(meter)
        )

    @property
    def base(self) -> Fraction:
        """The drift's constant: drift(M) = base - drain * M wherever `linear_from` allows."""
        return self.rules.contribution + self.additions - self.fixed

    @property
    def linear_from(self) -> Fraction | None:
        """The least meter from which drift(M) = base - drain * M holds for every meter above it (None: for every
        meter). A meter below zero pays no share (max(M, 0)), so 0 where shares are paid; under shortfall=added the
        largest fixed prize too (below it the licence holder tops the meter up)."""
        bounds = [Fraction(0)] if self.drain else []
        if self.rules.shortfall == ADDED:
            bounds += [v for _, v in self.prizes]
        return max(bounds, default=None)

    @property
    def settling_meter(self) -> Fraction | None:
        """The meter at which the expected drift is zero (where it exceeds every fixed prize): under
        shortfall=carried exactly the long-run average of max(M, 0); under added the long-run average of M is at
        least this (the top-ups raise it)."""
        return self.base / self.drain if self.drain else None

    def settling_words(self, meter: str = "M") -> str:
        """What `settling_meter` is, in words, for every label that shows it.

        The drift depends on the meter only through max(M, 0) (and the top-ups), and averages zero over a long
        run. So its zero is the long-run average of max(M, 0), not of M (a meter carried below zero is not
        counted). Under shortfall=added it is a lower bound on it, the top-ups left out."""
        average = f"the long-run average of max({meter}, 0)"
        return average + " (at least)" if self.rules.shortfall == ADDED else average

    @property
    def player_return(self) -> Fraction:
        """The player's long-run return per unit staked: prizes out (contribution and additions) and stakes
        handed back, less the stake (exact under shortfall=carried, a lower bound under added)."""
        return self.rules.contribution + self.additions + self.stake_back - 1

    @property
    def house_share(self) -> Fraction:
        """What the house keeps per unit staked in the long run: 1 - contribution - additions - stakes handed back."""
        return -self.player_return


def long_run(
    counts: Mapping[str, int],
    hands: int,
    fixed: Mapping[str, Fraction],
    shares: Mapping[str, Fraction],
    stake_returned: bool,
    rules: MeterRules,
    royal: str = "royal flush",
) -> MeterLongRun:
    """The meter's long run for category `counts` (out of `hands`), the payouts and the meter's rules."""
    p = {cat: Fraction(n, hands) for cat, n in counts.items()}
    winning = set(fixed) | set(shares)
    return MeterLongRun(
        rules,
        p.get(royal, Fraction(0)),
        tuple((p[c], Fraction(v)) for c, v in fixed.items() if p.get(c)),
        sum((p[c] * v for c, v in shares.items()), Fraction(0)),
        sum((p[c] for c in winning), Fraction(0)) if stake_returned else Fraction(0),
    )


def _pct(value: Fraction) -> str:
    return render_decimal(value * 100, 4) + "%"


def meter_notes(run: MeterLongRun, meter: Fraction, line: JackpotLine) -> tuple[str, ...]:
    """The long run in words, for the wager's notes."""
    bound = "at least " if run.rules.shortfall == ADDED else ""
    settle = run.settling_meter
    start = run.linear_from
    return (
        f"long run (stakes in, prizes out, reg 8(11A)(d)-(f)): a player's return per unit staked is {bound}"
        f"{run.player_return} = {_pct(run.player_return)}: the contribution {run.rules.contribution} and the licence "
        f"holder's additions {run.additions} come back as prizes"
        + (f", with the stakes handed back {run.stake_back}" if run.stake_back else "")
        + f"; the house keeps {'at most ' if bound else ''}{run.house_share} = {_pct(run.house_share)}",
        f"the meter's expected drift per hand at M = {meter}: {run.drift(meter)} units "
        f"({render_decimal(run.drift(meter), 6)}); drift(M) = {run.base} - {run.drain} M for "
        + ("every M" if start is None else f"M >= {start}")
        + (
            f"; zero at M = {settle} = {render_decimal(settle, 2)} units, {run.settling_words()}, against the "
            f"break-even meter {line.break_even}"
            if settle
            else ""
        ),
    )


def meter_extra(run: MeterLongRun, meter: Fraction, line: JackpotLine) -> Extra:
    """The meter's long run as a table."""
    r = run.rules
    bound = r.shortfall == ADDED
    rows = [
        ("share of each stake added to the meter (rule contribution)", r.contribution, _pct(r.contribution)),
        (
            "the licence holder's additions per unit staked (rule reseed x P(royal flush))",
            run.additions,
            _pct(run.additions),
        ),
        ("fixed prizes paid out of the meter, expected per hand (units)", run.fixed, render_decimal(run.fixed, 6)),
        (
            "share of the meter paid out per hand (royal flush 100%, straight flush 10%, by their chances)",
            run.drain,
            render_decimal(run.drain, 12),
        ),
        (
            f"expected drift of the meter per hand at M = {meter} (units)",
            run.drift(meter),
            render_decimal(run.drift(meter), 6),
        ),
    ]
    if run.settling_meter is not None:
        rows.append(
            (
                f"meter at which the expected drift is zero: {run.settling_words('meter')} (units)",
                run.settling_meter,
                render_decimal(run.settling_meter, 2),
            )
        )
    if line.break_even is not None:
        rows.append(
            (
                "break-even meter: the wager's expectation zero (units)",
                line.break_even,
                render_decimal(line.break_even, 2),
            )
        )
    rows += [
        (f"a player's return per unit at M = {meter}", line.at(meter), _pct(line.at(meter))),
        (
            "a player's long-run return per unit staked" + (" (at least)" if bound else ""),
            run.player_return,
            _pct(run.player_return),
        ),
        (
            "what the house keeps per unit staked in the long run" + (" (at most)" if bound else ""),
            run.house_share,
            _pct(run.house_share),
        ),
    ]
    return Extra(
        "Progressive jackpot: the meter in the long run (reg 8(11A)(d)-(f))",
        ("quantity", "exact", "decimal"),
        tuple(rows),
        "Every prize, the fixed ones too, is paid out of the meter, so over a long run the prizes are the stakes' "
        "contributions and the licence holder's additions: the house keeps 1 - contribution - additions of every "
        "unit staked whatever the meter shows. The meter's expected drift per hand falls as it grows (royal flush "
        f"and straight flush pay shares of it) and is zero at {run.settling_words('meter')}; the wager pays its way "
        "only above the break-even meter. Shortfall "
        + r.shortfall
        + (
            ""
            if not bound
            else ": the licence holder's top-ups of a meter below a fixed prize are left out of the long-run figures, "
            "which are therefore bounds"
        )
        + ".",
    )
