"""Side wagers: Under 13 / Over 13 (reg 7(10), Aces count 1) and insurance (reg 7(7)), exact per shoe."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.core.distribution import Distribution
from oddscalc.games.blackjack.rules import ACE, TEN

__all__ = [
    "insurance",
    "insurance_offered",
    "insurance_taken",
    "insurance_win",
    "over_13",
    "two_card_totals",
    "under_13",
]


def two_card_totals(shoe: tuple[int, ...]) -> dict[tuple[int, bool], Fraction]:
    """Chance of each first-two-card total with Aces as 1, keyed (total, both Aces)."""
    size = sum(shoe)
    out: dict[tuple[int, bool], Fraction] = {}
    for a in range(10):
        for b in range(10):
            ways = shoe[a] * (shoe[b] - (a == b))
            if ways > 0:
                key = (a + b + 2, a == b == ACE)
                out[key] = out.get(key, Fraction(0)) + Fraction(ways, size * (size - 1))
    return out


def under_13(shoe: tuple[int, ...], pays: Fraction, aces_pay: Fraction) -> Distribution:
    """Under 13, reg 7(10)(c): total < 13 pays `pays`, a pair of Aces `aces_pay`; 13 or more loses."""
    w: dict[Fraction, Fraction] = {}
    for (total, aces), p in two_card_totals(shoe).items():
        r = aces_pay if aces else (pays if total < 13 else Fraction(-1))
        w[r] = w.get(r, Fraction(0)) + p
    return Distribution.from_weights(w.items())


def over_13(shoe: tuple[int, ...], pays: Fraction) -> Distribution:
    """Over 13, reg 7(10)(d): total > 13 pays `pays`; 13 or less loses."""
    w: dict[Fraction, Fraction] = {}
    for (total, _), p in two_card_totals(shoe).items():
        r = pays if total > 13 else Fraction(-1)
        w[r] = w.get(r, Fraction(0)) + p
    return Distribution.from_weights(w.items())


def insurance_win(left: tuple[int, ...]) -> Fraction:
    """Chance the banker's second card is a ten-value, from the cards `left` (player's and up-card out)."""
    return Fraction(left[TEN], sum(left))


def insurance(left: tuple[int, ...], pays: Fraction) -> Distribution:
    """Per unit insurance stake: wins `pays` when the banker's second card is a ten-value, reg 7(7)."""
    p = insurance_win(left)
    return Distribution.from_weights([(pays, p), (Fraction(-1), 1 - p)])


def insurance_offered(shoe: tuple[int, ...]) -> Fraction:
    """Chance a hand is offered insurance: the player's first two cards an Ace and a ten, the up-card an Ace."""
    size = sum(shoe)
    return Fraction(2 * shoe[ACE] * shoe[TEN] * (shoe[ACE] - 1), size * (size - 1) * (size - 2))


def insurance_taken(shoe: tuple[int, ...], pays: Fraction) -> Fraction:
    """What always insuring adds to a round from `shoe`, per unit initial stake: the chance insurance is offered
    (`insurance_offered`) x half the stake (reg 7(7)) x its expectation once the A,T and the Ace are out."""
    if shoe[ACE] < 2 or shoe[TEN] < 1:
        return Fraction(0)
    left = tuple(n - (2 if v == ACE else 1 if v == TEN else 0) for v, n in enumerate(shoe))
    p = insurance_win(left)
    return insurance_offered(shoe) * (pays * p - (1 - p)) / 2
