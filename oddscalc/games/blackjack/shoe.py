"""Card labels, shoes and parsing for blackjack: ranks A,2..10,J,Q,K (T = 10) and their value indices."""

from __future__ import annotations

from oddscalc.core.errors import CardError
from oddscalc.games.blackjack.rules import TEN

__all__ = ["LABELS", "RANKS", "CardError", "full_shoe", "parse_card", "parse_cards", "rank_counts"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
_ALIASES = {"T": "10", "1": "A", "ACE": "A", "JACK": "J", "QUEEN": "Q", "KING": "K"}


def parse_card(text: str) -> str:
    """The rank of a card label (case-insensitive; T and 10 are the same rank)."""
    t = text.strip().upper()
    t = _ALIASES.get(t, t)
    if t not in RANKS:
        raise CardError(f"unknown card {text.strip()!r}; allowed: A, 2-10 (or T), J, Q, K")
    return t


def parse_cards(text: str) -> list[str]:
    """Ranks from a comma- or space-separated list ('' gives none)."""
    parts = [p for p in text.replace(",", " ").split() if p]
    return [parse_card(p) for p in parts]


def value_index(rank: str) -> int:
    return TEN if rank in ("10", "J", "Q", "K") else RANKS.index(rank)


def rank_counts(decks: int, removed: list[str]) -> dict[str, int]:
    """Cards of each rank left after `removed` (an error names the first card the shoe cannot supply)."""
    left = dict.fromkeys(RANKS, 4 * decks)
    for r in removed:
        if left[r] == 0:
            raise CardError(f"cannot remove another {r}: a {decks}-pack shoe holds only {4 * decks}")
        left[r] -= 1
    return left


def values_of(ranks: dict[str, int]) -> tuple[int, ...]:
    """Counts per value index from counts per rank."""
    out = [0] * 10
    for r, n in ranks.items():
        out[value_index(r)] += n
    return tuple(out)


def full_shoe(decks: int) -> tuple[int, ...]:
    return tuple([4 * decks] * 9 + [16 * decks])
