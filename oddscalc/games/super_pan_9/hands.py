"""Super Pan 9 hands as a bank meets them: four-card blocks and the class each block falls in.

A block is three cards, then the card a fourth draw would take. Its class is (drew?, final point), under the
opposing players' strategy.

Counting convention (as in `engine`): every hand, the bank's included, is dealt a fourth position whether or
not it draws. So all deals of a round have the same length and a probability is a count over
N(N-1)...(N-L+1). A card in an unused position is never seen and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import factorial, prod

from oddscalc.games.super_pan_9.engine import DRAW

__all__ = ["HOLDINGS", "VALUES", "Block", "HandClass", "arrangements", "bank_result", "blocks", "point"]

VALUES = 7  # point values 0 (J, Q, K), 1 (Ace), 2-6: reg 9(2)(b),(c)
HOLDINGS: tuple[tuple[int, int, int], ...] = tuple(combinations_with_replacement(range(VALUES), 3))

#: A hand's class: (took a fourth card, final point).
HandClass = tuple[bool, int]


def arrangements(cards: tuple[int, ...]) -> int:
    """Orders in which a multiset of card values can be dealt: 3!/(multiplicities!) for three cards."""
    return factorial(len(cards)) // prod(factorial(cards.count(v)) for v in set(cards))


def point(cards: tuple[int, ...]) -> int:
    """A hand's point value (reg 9(2)(d))."""
    return sum(cards) % 10


def bank_result(bank: int, hand: int) -> int:
    """The bank's result against one hand: +1 its point is higher, 0 equal (void, reg 9(8)), -1 lower."""
    return (bank > hand) - (bank < hand)


@dataclass(frozen=True)
class Block:
    """Three dealt cards (sorted values), the card in the fourth position, and the hand's class."""

    cards: tuple[int, int, int]
    fourth: int
    drew: bool

    @property
    def arrangements(self) -> int:
        return arrangements(self.cards)

    @property
    def final(self) -> int:
        return (point(self.cards) + self.fourth) % 10 if self.drew else point(self.cards)

    @property
    def hand_class(self) -> HandClass:
        return self.drew, self.final

    @property
    def values(self) -> tuple[int, int, int, int]:
        """The four values as a sorted multiset (what the block takes from the shoe)."""
        a, b, c, d = sorted(self.cards + (self.fourth,))
        return a, b, c, d


def blocks(strategy: Mapping[tuple[int, int, int], str]) -> tuple[Block, ...]:
    """Every (holding, fourth card) block; a holding absent from `strategy` (the shoe cannot deal it) is left out."""
    return tuple(Block(h, x, strategy[h] == DRAW) for h in HOLDINGS if h in strategy for x in range(VALUES))
