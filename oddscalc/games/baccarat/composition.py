"""Composition hooks shared by punto banco and Super Pan 9.

They give the shoe's kinds of card (point values) and every wager's exact expectation on an arbitrary composition.
That comes from the game's own `analyse` with the missing cards given as its `removed` rule. So every rule option
(present or future) passes through unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from oddscalc.games.baccarat.cards import ShoeSpec
from oddscalc.regulations.model import Wager
from oddscalc.wager_results import GameAnalysis

__all__ = ["kinds", "values"]


def _label(value: int) -> str:
    return "A" if value == 1 else str(value)


def kinds(spec: ShoeSpec, rules: dict[str, str], default_decks: str) -> tuple[tuple[str, int], ...]:
    """(label, cards in the full shoe) per point value: "0" for the cards counting nothing, "A" for Aces."""
    full = spec.counts(int(rules.get("decks", default_decks)))
    return tuple((_label(v), n) for v, n in enumerate(full))


def values(
    analyse: Callable[..., GameAnalysis],
    spec: ShoeSpec,
    wagers: tuple[Wager, ...],
    rules: dict[str, str],
    counts: tuple[int, ...],
    default_decks: str,
) -> dict[str, Fraction]:
    """{wager key: exact expectation per unit staked} for the next coup from `counts` (per point value)."""
    full = kinds(spec, rules, default_decks)
    gone = [label for (label, n), left in zip(full, counts) for _ in range(n - left)]
    analysis = analyse(wagers, {**rules, "removed": ",".join(gone) or "none"})
    return {r.wager.key: r.distribution.mean for r in analysis.results}
