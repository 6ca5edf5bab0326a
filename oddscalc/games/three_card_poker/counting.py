"""Exact counting for Three Card Poker: every player hand against every banker hand of the remaining cards.

22,100 player hands x 18,424 banker hands is 4 x 10^8 pairs; one representative per suit-symmetry class
(1,755 classes) against all banker hands, disjointness tested with card bitmasks, brings it under a second.
numpy holds integer arrays only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from oddscalc.games.poker.cards import Deck
from oddscalc.games.poker.ranking import three_qualifier
from oddscalc.games.poker.tables import hand_table, suit_classes

__all__ = ["TcpCounts", "tcp_counts"]


@dataclass(frozen=True)
class TcpCounts:
    """Per representative player hand: banker hands that do not qualify (`nq`), qualify and lose (`lt`),
    tie (`eq`), or beat the player (`gt`), out of C(N-3, 3)."""

    deck: Deck
    rep_cards: np.ndarray
    rep_value: np.ndarray
    rep_weight: np.ndarray
    nq: np.ndarray
    lt: np.ndarray
    eq: np.ndarray
    gt: np.ndarray

    @property
    def banker_hands(self) -> int:
        return comb(self.deck.size - 3, 3)


@lru_cache(maxsize=4)
def tcp_counts(deck: Deck) -> TcpCounts:
    """Count every player hand class against every banker hand exactly."""
    table = hand_table(deck, 3)
    classes = suit_classes(deck, 3)
    masks = (np.int64(1) << table.cards.astype(np.int64)).sum(axis=1)
    q = three_qualifier()
    rep_cards = table.cards[classes.index].astype(np.int64)
    rep_value = table.values[classes.index]
    out = np.zeros((4, len(rep_cards)), dtype=np.int64)
    for i, (m, v) in enumerate(zip(masks[classes.index], rep_value)):
        banker = table.values[(masks & m) == 0]
        nq = int((banker < q).sum())
        lt = int(((banker >= q) & (banker < v)).sum()) if v >= q else 0
        eq = int((banker == v).sum()) if v >= q else 0
        out[:, i] = nq, lt, eq, len(banker) - nq - lt - eq
    return TcpCounts(deck, rep_cards, rep_value, classes.weight, *out)
