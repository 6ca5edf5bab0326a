"""The exact engines' values of a single decision, for the cost of a strategy departure.

It is the only place `verify` asks for engine values, and only through `oddscalc.api` and
`oddscalc.blackjack_queries` (an adapter, so that a rewritten engine changes nothing here).

These are values, never settlements: every round is settled from the law in the judges. Results are cached per
decision (a bounded cache), so a log of millions of rounds asks the engine once per distinct situation.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from oddscalc import api, blackjack_queries
from oddscalc.regulations.model import Wager

__all__ = ["blackjack_values", "stud_values", "super_pan_9_values", "three_card_values"]


def blackjack_values(
    rules: Mapping[str, str], wagers: tuple[Wager, ...], hand: tuple[str, ...], up: str, removed: tuple[str, ...]
) -> dict[str, Fraction]:
    """Every action's exact expectation per unit stake for `hand` (ranks, at least two) against up-card `up`.

    `removed` is also gone from the full shoe. Play after the decision is composition-dependent optimal. With a
    peeked hole card, the values are given the banker has no blackjack (`oddscalc blackjack hand`)."""
    return dict(_blackjack(tuple(sorted(rules.items())), wagers, tuple(sorted(hand)), up, tuple(sorted(removed))))


@lru_cache(maxsize=50_000)
def _blackjack(rules: tuple, wagers: tuple[Wager, ...], hand: tuple[str, ...], up: str, removed: tuple[str, ...]):
    q = blackjack_queries.hand_query(dict(rules), ",".join(hand), up, ",".join(removed), wagers)
    return tuple(q.actions)


@lru_cache(maxsize=50_000)
def stud_values(ante: Wager, hand: str, up: str) -> tuple[Fraction, Fraction]:
    """(raise, fold) exact expectations per unit Ante for five cards against the banker's up-card."""
    d = api.hand_decision(ante, hand, up)
    return d.raise_ev, d.fold_ev


@lru_cache(maxsize=50_000)
def three_card_values(ante_play: Wager, hand: str) -> tuple[Fraction, Fraction]:
    """(play, fold) exact expectations per unit Ante for three cards."""
    d = api.hand_decision(ante_play, hand)
    return d.play_ev, d.fold_ev


@lru_cache(maxsize=64)
def _super_pan_9(decks: int, removed: tuple[str, ...]):
    return api.super_pan_9_holdings(decks, removed)


def super_pan_9_values(
    decks: int, removed: tuple[str, ...], holding: tuple[int, int, int], pays: Fraction
) -> dict[str, Fraction]:
    """{"stand": ..., "draw": ...}: exact expectations per unit of an initial wager paid at `pays`, for the
    player's three cards (point values, sorted), on the full shoe less `removed`."""
    h = _super_pan_9(decks, removed)[holding]
    return {"stand": h.ev("stand", pays), "draw": h.ev("draw", pays)}
