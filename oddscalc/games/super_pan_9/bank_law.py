"""What a player holding the Super Pan 9 bank meets: for each thing he can know when he decides on a fourth
card, the exact weight of every outcome if he stands and if he draws.

Both shoe models (`finite_bank`, `infinite_bank`) produce this one shape, and `player_bank` turns it into
decisions and expectations, so the model is the only thing that differs between them.

- An *information set* `Info` is (the bank's three cards, or () where only the point matters; its point; how
  many hands took a fourth card; whether hand 0 took one). Hand 0 is the hand that may carry the House's
  wager (reg 9(11)); the bank sees which hands drew, so it can tell.
- An *outcome* `Outcome` is (hands the bank beats, hands that beat the bank, the bank's result against hand 0:
  +1, 0 or -1). Equal points void the wager (reg 9(8)).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["FINITE", "INFINITE", "BankLaw", "Info", "Outcome", "Weights"]

Info = tuple[tuple[int, ...], int, int, bool]
Outcome = tuple[int, int, int]
Weights = Mapping[Outcome, int]

FINITE = "finite shoe, exact"
INFINITE = "infinite shoe (cards drawn with replacement in the shoe's proportions), exact under that model"


@dataclass(frozen=True)
class BankLaw:
    """`cells[info] = (outcome weights if the bank stands, outcome weights if it draws)`.

    Each action's weights are integers summing to `total` over all cells. They are ordered deals for the finite
    shoe, and products of card counts over N^(4 hands + 4) for the infinite one."""

    model: str
    hands: int
    total: int
    cells: Mapping[Info, tuple[Weights, Weights]]

    def check(self) -> None:
        """Both actions' weights add up to the whole."""
        for action in (0, 1):
            found = sum(sum(cell[action].values()) for cell in self.cells.values())
            if found != self.total:
                raise AssertionError(f"{self.model}, {self.hands} hands: weights sum to {found}, not {self.total}")
