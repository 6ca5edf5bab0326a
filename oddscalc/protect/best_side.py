"""Baccarat's best-side strategy: before each round, one unit on the best wager, when its expectation is positive.

The best wager is whichever a punter may choose has the highest exact expectation on the cards left. Otherwise
the round is sat out.

The sides: punto banco's player, banker and tie; Super Pan 9's initial wager and tie against the House bank (the
wagers against a player's bank are not the punter's choice). Two sides equally best: the first in that order.
Per shoe come the rounds dealt, the rounds bet and which side each time. Then the yield (the sum of the chosen
exact expectations: what one unit on each such round is worth) and the yield per 100 rounds dealt, 100 x yield /
rounds dealt. Over the shoes: ratio estimates with their between-shoe standard errors (`summary.ratio`).

>>> choice((Fraction(-1, 100), Fraction(1, 200), Fraction(1, 100)))
2
>>> choice((Fraction(-1, 100), Fraction(0), Fraction(-3, 100))) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.protect.run_summary import Estimate, ratio
from oddscalc.protect.shoes import ShoeRecord

__all__ = ["DEFINITION", "SIDES", "BestSide", "ShoeBest", "best_side", "choice"]

#: The wagers a punter chooses between, per game, in the order that breaks a tie.
SIDES = {"punto-banco": ("player", "banker", "tie"), "super-pan-9": ("initial", "tie")}

DEFINITION = (
    "Best side: before each round, one unit on the side with the highest exact expectation on the cards left when "
    "it is positive (the first in the order {sides} when two are equal), otherwise no bet; a shoe's yield is the sum "
    "of the expectations bet, its yield per 100 rounds 100 x yield / rounds dealt."
)


@dataclass(frozen=True)
class ShoeBest:
    """One shoe under the best-side strategy: rounds dealt, rounds bet on each side, and the yield (exact)."""

    shoe: int
    rounds: int
    bets: tuple[int, ...]
    total: Fraction

    @property
    def per_100(self) -> Fraction | None:
        """Yield per 100 rounds dealt (None for a shoe with no round)."""
        return 100 * self.total / self.rounds if self.rounds else None


@dataclass(frozen=True)
class BestSide:
    """The strategy over a run: the sides, every shoe, and per shoe the rounds bet and the yield, and the yield
    per 100 rounds dealt (ratio estimates over shoes)."""

    sides: tuple[str, ...]
    shoes: tuple[ShoeBest, ...]
    bets_per_shoe: Estimate | None
    yield_per_shoe: Estimate | None
    per_100: Estimate | None


def choice(values: Sequence[Fraction]) -> int | None:
    """The side bet (an index into `values`, the sides' expectations): the highest when positive, the first of
    equals; None when no side is positive."""
    best = max(range(len(values)), key=lambda j: (values[j], -j), default=None)
    return best if best is not None and values[best] > 0 else None


def best_side(game: str, records: Sequence[ShoeRecord], measures: Sequence[str]) -> BestSide | None:
    """The best-side strategy over a run's records (`measures`: the values' names); None for a game with no
    sides to choose (blackjack)."""
    sides = SIDES.get(game)
    if sides is None:
        return None
    columns = [list(measures).index(s) for s in sides]
    shoes = []
    for r in records:
        bets, total = [0] * len(sides), Fraction(0)
        for x in r.rounds:
            j = choice([x.values[c] for c in columns])
            if j is not None:
                bets[j] += 1
                total += x.values[columns[j]]
        shoes.append(ShoeBest(r.index, len(r.rounds), tuple(bets), total))
    one = [Fraction(1)] * len(shoes)
    bet = [Fraction(sum(s.bets)) for s in shoes]
    worth = [s.total for s in shoes]
    return BestSide(
        sides,
        tuple(shoes),
        ratio(bet, one),
        ratio(worth, one),
        ratio([100 * w for w in worth], [Fraction(s.rounds) for s in shoes]),
    )
