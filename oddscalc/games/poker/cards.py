"""Cards and packs: a pack is a set of rank values (2..14, Ace 14) times a number of suits.

Card ids run 0..N-1 with id = rank_index * suits + suit, so a reduced pack (a few ranks, a few suits)
is handled by the same code as the full 52-card pack: the brute-force tests rely on that.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb

import numpy as np

from oddscalc.core.errors import CardError

__all__ = ["FULL_DECK", "RANK_CHARS", "SUIT_CHARS", "CardError", "Deck", "combinations_array"]

RANK_CHARS = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
SUIT_CHARS = "cdhs"


@dataclass(frozen=True)
class Deck:
    """A pack of `len(ranks)` ranks (values 2..14, ascending) in `suits` suits."""

    ranks: tuple[int, ...] = tuple(range(2, 15))
    suits: int = 4

    def __post_init__(self) -> None:
        if list(self.ranks) != sorted(set(self.ranks)) or not all(2 <= r <= 14 for r in self.ranks):
            raise CardError(f"ranks must be distinct values 2..14 in ascending order, not {self.ranks}")
        if not 1 <= self.suits <= 4:
            raise CardError(f"a pack has 1 to 4 suits, not {self.suits}")

    @property
    def size(self) -> int:
        return len(self.ranks) * self.suits

    def rank_values(self) -> np.ndarray:
        """Rank value (2..14) of every card id."""
        return np.repeat(np.array(self.ranks, dtype=np.int64), self.suits)

    def rank_index(self) -> np.ndarray:
        return np.repeat(np.arange(len(self.ranks), dtype=np.int64), self.suits)

    def suit_of(self) -> np.ndarray:
        return np.tile(np.arange(self.suits, dtype=np.int64), len(self.ranks))

    def card(self, text: str) -> int:
        """The id of a card written like `As`, `TD`, `10h` (rank then suit letter c, d, h, s)."""
        t = text.strip()
        rank_text, suit_text = t[:-1].upper(), t[-1:].lower()
        values = {v: k for k, v in RANK_CHARS.items()}
        values["10"] = 10
        if rank_text not in values or suit_text not in SUIT_CHARS[: self.suits]:
            raise CardError(
                f"cannot read card {text!r}: write rank (2-9, T, J, Q, K, A) then suit "
                f"({', '.join(SUIT_CHARS[: self.suits])}), e.g. 'As' or 'Td'"
            )
        value = values[rank_text]
        if value not in self.ranks:
            raise CardError(f"card {text!r} is not in this pack (ranks {self.ranks})")
        return self.ranks.index(value) * self.suits + SUIT_CHARS.index(suit_text)

    def hand(self, text: str, size: int) -> tuple[int, ...]:
        """`size` distinct cards written with spaces or commas between them."""
        cards = tuple(self.card(c) for c in text.replace(",", " ").split())
        if len(cards) != size or len(set(cards)) != size:
            raise CardError(f"{text!r}: give exactly {size} different cards")
        return cards

    def name(self, card: int) -> str:
        return RANK_CHARS[self.ranks[card // self.suits]] + SUIT_CHARS[card % self.suits]


FULL_DECK = Deck()


def combinations_array(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of an int8 array, in lexicographic order."""
    count = comb(n, k)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), k)), dtype=np.int8, count=count * k
    )
    return flat.reshape(count, k)
