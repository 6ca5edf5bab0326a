"""Cards for a round log: a rank and, better, a suit, in the log's canonical text (`A`, `2`-`10`, `J`, `Q`, `K`,
then `c`, `d`, `h` or `s`): the text a declared order's commitment hashes.

Write real ranks (a King as `K`, never as a 10: the shoe check counts each rank) and suits (with them the verifier
counts each card, checks a declared order card by card and finds riffle shuffles between shoes).

>>> card(1, "s"), card(10, "h"), card("t"), card("Q", "clubs"), card(13)
('As', '10h', '10', 'Qc', 'K')
>>> card(0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
oddscalc.roundlog.schema.RoundLogError: card rank 0: a rank is 1-13 (1 Ace, 11 Jack, 12 Queen, 13 King) or ...
"""

from __future__ import annotations

from oddscalc.core.numbers import shorten
from oddscalc.roundlog.schema import RoundLogError

__all__ = ["RANKS", "SUITS", "Card", "card", "cards"]

#: The ranks as the log writes them, Ace first.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: The suits as the log writes them, clubs first (the packs' factory order: clubs, diamonds, hearts, spades).
SUITS = ("c", "d", "h", "s")
_SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s", "♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_RANK_TEXT = {r.lower(): r for r in RANKS} | {"t": "10"}
_RANK_HELP = "a rank is 1-13 (1 Ace, 11 Jack, 12 Queen, 13 King) or A, 2-10, T, J, Q, K"

#: A card as a writer takes it: its canonical text ("Qh", "10"), any text the log accepts ("th"), or a
#: (rank, suit) pair such as (12, "h").
Card = str | tuple[int | str, str | None]


def card(rank: int | str, suit: str | None = None) -> str:
    """A card's canonical text, the log's spelling, from a rank and a suit in any common form.

    Args:
        rank: 1-13 (1 Ace, 11 Jack, 12 Queen, 13 King), or A, 2-10, T, J, Q, K in either case.
        suit: c, d, h or s, or a suit's name or symbol, in either case; None when the simulator does not know it.

    Returns:
        The rank (A, 2-10, J, Q, K), then the suit's lower-case letter if given.

    Raises:
        RoundLogError: a rank or a suit that is none of these.

    Examples:
        The Queen is rank 12, and ♥ is hearts; a suit's name may be capitalised:

        >>> card(12, "♥"), card("a", "Spades"), card("T")
        ('Qh', 'As', '10')
    """
    if isinstance(rank, int) and not isinstance(rank, bool):
        if not 1 <= rank <= 13:
            raise RoundLogError(f"card rank {rank}: {_RANK_HELP}")
        name = RANKS[rank - 1]
    elif isinstance(rank, str) and rank.lower() in _RANK_TEXT:
        name = _RANK_TEXT[rank.lower()]
    else:
        raise RoundLogError(f"card rank {shorten(rank)}: {_RANK_HELP}")
    if suit is None:
        return name
    letter = _SUIT_NAMES.get(suit.lower(), suit.lower()) if isinstance(suit, str) else None
    if letter not in SUITS:
        raise RoundLogError(f"card suit {shorten(suit)}: a suit is c, d, h or s (or its name: clubs, diamonds, ...)")
    return name + letter


def _one(c: Card) -> str:
    if isinstance(c, tuple) and len(c) == 2:
        return card(c[0], c[1])
    if isinstance(c, str):
        rank, suit = (c[:-1], c[-1]) if len(c) >= 2 and c[-1].lower() in "cdhs" else (c, None)
        return card(rank, suit)
    raise RoundLogError(f"card {shorten(c)}: give a card as text ('Qh', '10', 'T') or as (rank, suit)")


def cards(given: object) -> list[str]:
    """A list of cards in canonical text, each given as text or as a (rank, suit) pair.

    Args:
        given: the cards, an iterable; a single card's text is not a list, and is refused.

    Returns:
        Each card's canonical text (`card`), in order.

    Raises:
        RoundLogError: `given` is not a list of cards, or a card that is no card.

    Examples:
        >>> cards(["qh", (1, "spades"), "T"])
        ['Qh', 'As', '10']
    """
    if isinstance(given, (str, bytes)) or not hasattr(given, "__iter__"):
        raise RoundLogError(f"cards must be a list of cards, not {shorten(given)}")
    return [_one(c) for c in given]
