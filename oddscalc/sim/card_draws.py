"""Dealing from a shoe in the simulators: the cards' values, and with the same draws their names for a round log."""

from __future__ import annotations

import random

__all__ = ["draw_cards"]


def draw_cards(
    rng: random.Random, shoe: list[int], k: int, replace: bool = False, labels: list[str] | None = None
) -> tuple[list[int], list[str] | None]:
    """k cards in dealing order from `shoe` (card values): `rng.sample(shoe, k)`, or with `replace` k independent
    `rng.choice(shoe)`. Given `labels` (the cards' names, position by position) the same draws are made by
    position, so that the names of the cards drawn come back too (else None): logging changes no result.

    >>> values, names = draw_cards(random.Random(1), [1, 2, 0], 2, labels=["A", "2", "K"])
    >>> values == draw_cards(random.Random(1), [1, 2, 0], 2)[0]
    True
    >>> names == [{1: "A", 2: "2", 0: "K"}[v] for v in values]
    True
    """
    if labels is None:
        return ([rng.choice(shoe) for _ in range(k)] if replace else rng.sample(shoe, k)), None
    positions = range(len(shoe))
    picked = [rng.choice(positions) for _ in range(k)] if replace else rng.sample(positions, k)
    return [shoe[i] for i in picked], [labels[i] for i in picked]
