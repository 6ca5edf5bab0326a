"""What a run of shoes shows: true-count distribution, mean exact expectation per true-count bin, and more.

It also shows favourable rounds, a bet spread's yield, and per shoe the rounds that offered a positive wager and
their worth.

Statistics. Every round's value is exact; the sampling is over shoes, which are independent, while rounds
within a shoe are not. So every mean over rounds is a ratio of per-shoe sums, R = sum_i y_i / sum_i x_i
(y_i: the quantity summed over shoe i's rounds of interest, x_i: how many they are). It is an exact fraction of
the sample. Its standard error is the usual between-shoe (cluster) estimate
SE(R)^2 = n / (n - 1) * sum_i (y_i - R x_i)^2 / (sum_i x_i)^2, n shoes. Standard errors are sampling
statistics; they are computed exactly and rendered as decimals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from oddscalc.protect.count_systems import CountSystem, tc_bin, true_count
from oddscalc.protect.shoes import Round, ShoeRecord, before_rounds
from oddscalc.protect.stakes import AWAY, Stakes, bet_units

__all__ = [
    "BinRow",
    "Check",
    "Estimate",
    "PositiveRow",
    "StakeGroup",
    "Summary",
    "bet_units",
    "check_of",
    "counts_before",
    "ratio",
    "seated",
    "shoe_stakes",
    "summarise",
]


_SPREAD = Stakes()


@dataclass(frozen=True)
class Estimate:
    """A sample mean (exact) and the square of its standard error (exact; render its square root)."""

    mean: Fraction
    se2: Fraction | None  # None when fewer than two shoes contribute


def ratio(ys: Sequence[Fraction], xs: Sequence[Fraction]) -> Estimate | None:
    """sum y / sum x over shoes with its between-shoe standard error (None when sum x is 0; no standard error
    when fewer than two shoes have rounds of interest)."""
    sx = sum(xs, Fraction(0))
    if not sx:
        return None
    r = sum(ys, Fraction(0)) / sx
    n = len(xs)
    if sum(1 for x in xs if x) < 2:  # one shoe alone says nothing of the spread between shoes
        return Estimate(r, None)
    return Estimate(r, Fraction(n, n - 1) * sum(((y - r * x) ** 2 for y, x in zip(ys, xs)), Fraction(0)) / sx**2)


@dataclass(frozen=True)
class BinRow:
    """One true-count bin: rounds in it, their share, and per measure the mean exact expectation."""

    bin: int
    rounds: int
    share: Fraction
    means: tuple[Estimate | None, ...]


@dataclass(frozen=True)
class StakeGroup:
    """The rounds of one true-count bin staked alike: their share of the rounds dealt, the stake, and per measure
    their mean exact expectation (the rows of the ramp's N0, SCORE and risk of ruin)."""

    bin: int
    stake: Fraction
    rounds: int
    share: Fraction
    means: tuple[Fraction, ...]


@dataclass(frozen=True)
class PositiveRow:
    """Per measure: share of rounds with a positive expectation, rounds per shoe offering it, and its worth
    per shoe (the sum of the positive expectations: one unit bet on each such round), the best one seen."""

    measure: str
    share: Estimate | None
    per_shoe: Estimate | None
    worth_per_shoe: Estimate | None
    shoes_with_any: int
    best: Fraction | None


@dataclass(frozen=True)
class Check:
    """A run valued in double precision: rounds so valued, rounds the exact engine valued instead (where the
    evaluator declined), rounds valued both ways, and per measure the largest |double - exact| among those."""

    estimated: int
    exact: int
    checked: int
    largest: tuple[Fraction | None, ...]


@dataclass(frozen=True)
class Summary:
    shoes: int
    rounds: int
    measures: tuple[str, ...]
    overall: tuple[Estimate | None, ...]
    positive: tuple[PositiveRow, ...]
    bins: tuple[BinRow, ...]
    spread: int
    yield_per_100: tuple[Estimate | None, ...]  # units won per 100 rounds with the ramp
    mean_bet: Estimate | None
    ends: tuple[tuple[str, int], ...]
    check: Check | None = None  # the double-precision evaluator's rounds checked against the exact engine
    boxes: int = 1  # player boxes a round: the ramp's yield per round counts each (one bet on every box)
    stakes: Stakes = _SPREAD  # how the rounds were staked (the study's spread by default)
    groups: tuple[StakeGroup, ...] = ()  # the rounds by (true-count bin, stake)
    played: Estimate | None = None  # the share of rounds dealt that were played (staked more than 0)
    yield_per_100_played: tuple[Estimate | None, ...] = ()  # units won per 100 rounds played
    mean_bet_played: Estimate | None = None  # the mean stake of a round played
    watched: Estimate | None = None  # the share of rounds dealt watched, not played (sat out, or back-counted)
    away: Estimate | None = None  # the share of rounds dealt after the player left the shoe (wonging out)
    rounds_played: int = 0  # rounds staked more than 0 (every box of a round counted once)
    rounds_away: int = 0  # rounds dealt after the player left the shoe: the rest were watched (played or not)


def check_of(records: Sequence[ShoeRecord], measures: int) -> Check | None:
    """The check of a run's records (None when no round of it was valued in double precision)."""
    rounds = [x for r in records for x in r.rounds]
    estimated = [x for x in rounds if x.estimated]
    if not estimated:
        return None
    checked = [(x.values, x.exact) for x in estimated if x.exact is not None]
    largest = tuple(max((abs(v[j] - e[j]) for v, e in checked), default=None) for j in range(measures))
    return Check(len(estimated), len(rounds) - len(estimated), len(checked), largest)


def summarise(
    records: Sequence[ShoeRecord],
    measures: Sequence[str],
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    count: CountSystem | None,
    spread: int | Stakes,
    boxes: int = 1,
) -> Summary:
    """Every figure of the run from the shoes' exact records.

    `pack`: cards per pack, the true count's unit. `spread`: the top of the study's bet spread, or the stakes.
    `boxes`: player boxes a round, each staking the ramp's bet, so the yield per round counts them all."""
    stakes = spread if isinstance(spread, Stakes) else Stakes(spread)
    m = len(measures)
    one = [Fraction(len(r.rounds)) for r in records]
    sums = [[sum((x.values[j] for x in r.rounds), Fraction(0)) for r in records] for j in range(m)]
    overall = tuple(ratio(sums[j], one) for j in range(m))
    positive = []
    for j, name in enumerate(measures):
        pos = [[x.values[j] for x in r.rounds if x.values[j] > 0] for r in records]
        counts = [Fraction(len(p)) for p in pos]
        worth = [sum(p, Fraction(0)) for p in pos]
        best = max((v for p in pos for v in p), default=None)
        shoes = [Fraction(1)] * len(records)
        positive.append(
            PositiveRow(
                name, ratio(counts, one), ratio(counts, shoes), ratio(worth, shoes), sum(1 for p in pos if p), best
            )
        )
    bins: list[BinRow] = []
    yields: tuple[Estimate | None, ...] = ()
    played_yields: tuple[Estimate | None, ...] = ()
    mean_bet = played = mean_played = watched = away = None
    n_played = n_away = 0
    groups: list[StakeGroup] = []
    if count is not None:
        per_shoe = [counts_before(r, kinds, pack, count) for r in records]
        per_shoe_tc = [[tc for _, tc in c] for c in per_shoe]
        labels = sorted({tc_bin(tc) for tcs in per_shoe_tc for tc in tcs})
        total = sum(len(t) for t in per_shoe_tc)
        for b in labels:
            xs = [Fraction(sum(1 for tc in tcs if tc_bin(tc) == b)) for tcs in per_shoe_tc]
            means = tuple(
                ratio(
                    [
                        sum((x.values[j] for x, tc in zip(r.rounds, tcs) if tc_bin(tc) == b), Fraction(0))
                        for r, tcs in zip(records, per_shoe_tc)
                    ],
                    xs,
                )
                for j in range(m)
            )
            bins.append(BinRow(b, int(sum(xs)), Fraction(int(sum(xs)), total), means))
        units = [stakes.shoe(c) for c in per_shoe]
        won = [
            [
                100 * boxes * sum((u * x.values[j] for u, x in zip(us, r.rounds)), Fraction(0))
                for us, r in zip(units, records)
            ]
            for j in range(m)
        ]
        yields = tuple(ratio(won[j], one) for j in range(m))
        mean_bet = ratio([Fraction(sum(us)) for us in units], one)
        in_play = [Fraction(sum(1 for u in us if u)) for us in units]
        played = ratio(in_play, one)
        gone = [Fraction(stakes.places(c).count(AWAY)) for c in per_shoe]
        watched = ratio([n - p - a for n, p, a in zip(one, in_play, gone)], one)
        away = ratio(gone, one)
        played_yields = tuple(ratio(won[j], in_play) for j in range(m))
        mean_played = ratio([Fraction(sum(us)) for us in units], in_play)
        groups = _groups(records, per_shoe_tc, units, m)
        n_played, n_away = int(sum(in_play)), int(sum(gone))
    ends: dict[str, int] = {}
    for r in records:
        ends[r.end] = ends.get(r.end, 0) + 1
    return Summary(
        len(records),
        int(sum(one)),
        tuple(measures),
        overall,
        tuple(positive),
        tuple(bins),
        stakes.spread,
        yields,
        mean_bet,
        tuple(sorted(ends.items())),
        check_of(records, m),
        boxes,
        stakes,
        tuple(groups),
        played,
        played_yields,
        mean_played,
        watched,
        away,
        n_played,
        n_away,
    )


def _groups(
    records: Sequence[ShoeRecord],
    per_shoe_tc: Sequence[Sequence[Fraction]],
    units: Sequence[Sequence[Fraction | int]],
    m: int,
) -> list[StakeGroup]:
    """The rounds grouped by (true-count bin, stake), in that order, with their share and mean expectations."""
    found: dict[tuple[int, Fraction], list[Round]] = {}
    for r, tcs, us in zip(records, per_shoe_tc, units):
        for x, tc, u in zip(r.rounds, tcs, us):
            found.setdefault((tc_bin(tc), Fraction(u)), []).append(x)
    total = sum(len(v) for v in found.values())
    return [
        StakeGroup(
            b,
            u,
            len(xs),
            Fraction(len(xs), total),
            tuple(sum((x.values[j] for x in xs), Fraction(0)) / len(xs) for j in range(m)),
        )
        for (b, u), xs in sorted(found.items())
    ]


def counts_before(
    record: ShoeRecord, kinds: tuple[tuple[str, int], ...], pack: int, count: CountSystem
) -> list[tuple[Fraction, Fraction]]:
    """The running and true count before each round of a shoe (cards seen: those burnt face up and those of the
    rounds before it; cards left: those not seen)."""
    out = []
    for b in before_rounds(record, kinds):
        rc = count.running(b.seen)
        out.append((rc, true_count(rc, b.unseen, pack)))
    return out


def shoe_stakes(
    record: ShoeRecord, kinds: tuple[tuple[str, int], ...], pack: int, count: CountSystem, stakes: Stakes
) -> list[Fraction | int]:
    """The stake on each round of a shoe."""
    return stakes.shoe(counts_before(record, kinds, pack, count))


def seated(records: Sequence[ShoeRecord], player: int) -> list[ShoeRecord]:
    """The shoes as player `player` of a table (0: the first seat) values them: each round's values his own,
    under his index plays (the exact check, of the basic strategy's values, left out)."""
    return [replace(r, rounds=tuple(replace(x, values=x.seats[player], exact=None) for x in r.rounds)) for r in records]
