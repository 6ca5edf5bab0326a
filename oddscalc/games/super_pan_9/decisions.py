"""The play the exact figures assume for a player's bank, as data for simulators.

It gives every opposing hand's fourth card by its three cards, and the player-banker's by what he sees. It also
gives the table the round is settled under (stakes, the House's wager, the levy, the shoe model).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.games.super_pan_9.bank_law import INFINITE
from oddscalc.games.super_pan_9.engine import DRAW
from oddscalc.games.super_pan_9.player_bank import BankResult

__all__ = ["BankTable", "bank_table"]


@dataclass(frozen=True)
class BankTable:
    """Hand 0 carries the House's wager (its own hand, or an opposing one); `bank` maps what the bank tells
    apart, (its sorted three values or () in the infinite model, its point[, hands that drew[, hand 0 drew]]),
    to "draw"/"stand". Indexing by a sorted three-card holding gives an opposing hand's play. `house` is the
    House's wager of reg 9(11) in units of one opposing stake, on a hand of its own when `own_hand` (a round
    log tells who placed each wager)."""

    hands: int
    stake_zero: Fraction
    staked: Fraction
    pays: Fraction
    levy: Fraction
    with_replacement: bool
    plays: Mapping[tuple[int, int, int], str]
    bank: Mapping[tuple, str]
    house: Fraction = Fraction(0)
    own_hand: bool = False

    def __getitem__(self, holding: tuple[int, int, int]) -> str:
        return self.plays[holding]

    def bank_draws(self, cards: tuple[int, int, int], drawers: int, zero_drew: bool) -> bool:
        """Does the player-banker take a fourth card, holding `cards` (sorted) after `drawers` hands drew?"""
        length = len(next(iter(self.bank)))
        key = ((() if self.with_replacement else tuple(cards)), sum(cards) % 10, drawers, zero_drew)[:length]
        return self.bank[key] == DRAW


def bank_table(r: BankResult, plays: Mapping[tuple[int, int, int], str]) -> BankTable:
    """The decisions and table behind one set of player-bank figures."""
    t = r.table
    return BankTable(
        t.hands,
        t.stake_zero,
        t.staked,
        t.pays,
        r.levy_rate,
        r.model == INFINITE,
        dict(plays),
        dict(r.decisions),
        Fraction(t.house),
        t.own_hand,
    )
