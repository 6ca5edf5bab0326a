"""Super Pan 9's composition hooks (DEVELOPING.md): the shoe's point values and every wager's exact expectation
on an arbitrary composition, through `wagers.analyse` (the player's fourth-card decision re-solved for it)."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.games.baccarat import composition
from oddscalc.games.baccarat.cards import SUPER_PAN_9
from oddscalc.games.super_pan_9.wagers import analyse
from oddscalc.regulations.model import Wager

__all__ = ["composition_kinds", "composition_values"]


def composition_kinds(rules: dict[str, str]) -> tuple[tuple[str, int], ...]:
    """The point values 0 (J, Q, K), A, 2-6 and how many of each the full shoe holds."""
    return composition.kinds(SUPER_PAN_9, rules, "8")


def composition_values(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...]
) -> dict[str, Fraction]:
    """Each wager's exact expectation per unit staked for the next deal from `counts` (per point value)."""
    return composition.values(analyse, SUPER_PAN_9, wagers, rules, counts, "8")
