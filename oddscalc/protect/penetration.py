"""Yield by penetration from one set of shoes, read from a run's records without dealing again.

It is what the bet ramp wins per 100 rounds had the cut card been placed earlier.

A shoe dealt to a cut card at penetration p plays every round begun while fewer than floor(p x N) cards are out
(protect.shoes). The shuffle does not depend on the cut. So the shoe dealt to an earlier cut q <= p plays exactly
the rounds of the run's record begun while fewer than floor(q x N) cards were out, with the same cards and the same
exact values. Every cut-card place up to the run's is read off the same shoes (common random numbers, so the
differences between places are not blurred by different shuffles). The yield at each place is the ratio estimate
of protect.summary (units won per 100 rounds with the ramp of `bet_units`, its standard error between shoes).

>>> [str(p) for p in cut_places(Fraction(3, 10))]
['1/20', '1/10', '3/20', '1/5', '1/4', '3/10']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from oddscalc.core.errors import InputError
from oddscalc.protect.count_systems import CountSystem
from oddscalc.protect.run_summary import Estimate, ratio, shoe_stakes
from oddscalc.protect.shoes import ShoeRecord, before_rounds
from oddscalc.protect.stakes import Stakes

__all__ = ["STEP", "PenetrationError", "PenetrationRow", "cut_places", "yield_by_penetration"]

#: The spacing of the cut-card places read off a run: every 5% of the shoe.
STEP = Fraction(5, 100)


class PenetrationError(InputError):
    """A cut-card place deeper than the run's: its rounds were never dealt."""


@dataclass(frozen=True)
class PenetrationRow:
    """One cut-card place: the share of the shoe dealt before it, the cards that is, the rounds played, and per
    measure the ramp's units won per 100 rounds."""

    penetration: Fraction
    cut: int
    rounds: int
    yield_per_100: tuple[Estimate | None, ...]


def cut_places(penetration: Fraction, step: Fraction = STEP) -> tuple[Fraction, ...]:
    """Every multiple of `step` below the run's `penetration`, and the run's own."""
    below = [step * k for k in range(1, floor(penetration / step) + 1) if step * k < penetration]
    return (*below, penetration)


def _starts_and_bets(
    record: ShoeRecord, kinds: tuple[tuple[str, int], ...], pack: int, count: CountSystem, stakes: Stakes
) -> tuple[list[int], list[Fraction | int]]:
    """Cards out before each round of a shoe (burnt cards included), and the units staked on it (by the count
    then)."""
    return [b.start for b in before_rounds(record, kinds)], shoe_stakes(record, kinds, pack, count, stakes)


def yield_by_penetration(
    records: Sequence[ShoeRecord],
    measures: int,
    kinds: tuple[tuple[str, int], ...],
    pack: int,
    count: CountSystem,
    spread: int | Stakes,
    dealt: Fraction,
    places: Sequence[Fraction],
    boxes: int = 1,
) -> tuple[PenetrationRow, ...]:
    """The ramp's yield per 100 rounds for each cut-card place in `places`, from the run's records.

    The places are shares of the shoe, each at most the run's penetration `dealt`. `measures`: how many values
    each round carries. `spread`: the study's spread or the stakes. `boxes`: player boxes a round, each staking
    the ramp's bet."""
    stakes = spread if isinstance(spread, Stakes) else Stakes(spread)
    deeper = [p for p in places if p > dealt or p <= 0]
    if deeper:
        raise PenetrationError(
            f"cut-card place {deeper[0]} is outside the run's dealt share of the shoe (0, {dealt}]: its rounds "
            "were never dealt"
        )
    size = sum(n for _, n in kinds)
    shoes = [(r, *_starts_and_bets(r, kinds, pack, count, stakes)) for r in records]
    rows = []
    for place in places:
        cut = floor(place * size)
        kept = [[(x, b) for x, s, b in zip(r.rounds, starts, bets) if s < cut] for r, starts, bets in shoes]
        xs = [Fraction(len(k)) for k in kept]
        yields = tuple(
            ratio([100 * boxes * sum((b * x.values[j] for x, b in k), Fraction(0)) for k in kept], xs)
            for j in range(measures)
        )
        rows.append(PenetrationRow(place, cut, int(sum(xs)), yields))
    return tuple(rows)
