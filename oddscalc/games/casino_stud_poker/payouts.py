"""Which Raise payout of reg 8(8)(b) pays each five-card category, read from the wager (so user pay tables apply)."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.regulations.model import Wager

__all__ = ["CATEGORY_PAYOUT", "raise_pays"]

#: The Raise payout key paying each five-card category (FIVE_CATEGORIES order).
CATEGORY_PAYOUT = (
    "one-pair-or-less",
    "one-pair-or-less",
    "two-pairs",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
    "royal-flush",
)


def raise_pays(w: Wager) -> tuple[Fraction, ...]:
    """The Raise odds for each category, read from the wager (so user pay tables apply)."""
    return tuple(w.pay(key) for key in CATEGORY_PAYOUT)
