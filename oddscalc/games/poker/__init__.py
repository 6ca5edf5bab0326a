"""Shared poker machinery: packs, the five- and three-card rankings (each written once), hand tables."""

from oddscalc.games.poker.cards import FULL_DECK, CardError, Deck
from oddscalc.games.poker.ranking import FIVE_CATEGORIES, THREE_CATEGORIES, rank_five, rank_three
from oddscalc.games.poker.tables import hand_table, rank_hands, suit_classes

__all__ = [
    "FIVE_CATEGORIES",
    "FULL_DECK",
    "THREE_CATEGORIES",
    "CardError",
    "Deck",
    "hand_table",
    "rank_five",
    "rank_hands",
    "rank_three",
    "suit_classes",
]
