"""What every game's simulator shares: the type of a round function and the error a simulator raises.

A game's module (`sim/<game>.py`) builds its round function with `simulator(wager, rules, table)`;
`sim/simulators.py` registers the modules and plays the rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from oddscalc.core.errors import InputError

__all__ = ["Round", "SimulationError"]

Round = Callable[..., Fraction]
"""(wager, rng[, record]) -> net return per unit staked; given a `record` dict, the round also fills in what a
round log holds (docs/verify.md), without changing what it draws."""


class SimulationError(InputError):
    """A game or wager with no reference simulator, or a rule set or table a simulator cannot play."""
