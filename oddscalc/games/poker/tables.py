"""Every hand of a pack, ranked once into arrays, and the pack's hands grouped by suit symmetry.

Relabelling suits changes no probability, so the exact analyses work on one representative hand per
class of hands equal up to a permutation of suits, weighted by the class size. A class is named by the
sorted list of per-suit rank masks (which ranks the hand holds in each suit).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from oddscalc.games.poker.cards import Deck, combinations_array
from oddscalc.games.poker.ranking import rank_five, rank_three

__all__ = ["HandTable", "SuitClasses", "hand_table", "suit_classes", "suit_masks"]


@dataclass(frozen=True)
class HandTable:
    """All `size`-card hands of `deck` (rows of card ids, lexicographic) and their values."""

    deck: Deck
    size: int
    cards: np.ndarray  # (H, size) int8 card ids
    values: np.ndarray  # (H,) int64 hand values (higher is better)


def _rank(deck: Deck, cards: np.ndarray, size: int) -> np.ndarray:
    ranks = deck.rank_values()[cards]
    suits = deck.suit_of()[cards]
    return rank_five(ranks, suits) if size == 5 else rank_three(ranks, suits)


def rank_hands(deck: Deck, cards: np.ndarray) -> np.ndarray:
    """Values of hands given as rows of card ids (five or three cards a row)."""
    cards = np.atleast_2d(np.asarray(cards, dtype=np.int64))
    return _rank(deck, cards, cards.shape[1])


@lru_cache(maxsize=8)
def hand_table(deck: Deck, size: int) -> HandTable:
    """Rank every hand of the pack once (2,598,960 five-card hands take about a second)."""
    if size not in (3, 5):
        raise ValueError(f"hands have 3 or 5 cards, not {size}")
    cards = combinations_array(deck.size, size)
    values = np.empty(len(cards), dtype=np.int64)
    step = 1 << 19  # rank in blocks to bound the memory of the (n, k, k) comparisons
    for start in range(0, len(cards), step):
        values[start : start + step] = _rank(deck, cards[start : start + step].astype(np.int64), size)
    return HandTable(deck, size, cards, values)


def suit_masks(deck: Deck, cards: np.ndarray) -> np.ndarray:
    """(H, suits) array: bit r of column s is set when the hand holds rank index r in suit s."""
    cards = np.asarray(cards, dtype=np.int64)
    rank_idx, suit = cards // deck.suits, cards % deck.suits
    bits = np.int64(1) << rank_idx
    return np.stack([np.where(suit == s, bits, 0).sum(axis=1) for s in range(deck.suits)], axis=1)


@dataclass(frozen=True)
class SuitClasses:
    """One representative hand (row index into the table) per suit-symmetry class, and the class sizes."""

    index: np.ndarray  # (C,) row indices into the hand table
    weight: np.ndarray  # (C,) number of hands in each class


@lru_cache(maxsize=8)
def suit_classes(deck: Deck, size: int) -> SuitClasses:
    """Group the table's hands by suit permutation (134,459 classes of five cards, 1,755 of three)."""
    table = hand_table(deck, size)
    masks = np.sort(suit_masks(deck, table.cards), axis=1)
    width = len(deck.ranks)
    code = np.zeros(len(masks), dtype=np.int64)
    for s in range(deck.suits):
        code |= masks[:, s] << (width * s)
    _, index, weight = np.unique(code, return_index=True, return_counts=True)
    return SuitClasses(index, weight.astype(np.int64))
