"""Cards as a round log writes them, read once into small integer codes, and each game's pack.

A card is a rank `A`, `2`-`9`, `10` (or `T`), `J`, `Q`, `K`, optionally followed by a suit `c`, `d`, `h`
or `s` (either case): `"K"`, `"10h"`, `"Ts"`. Reading a card is one dictionary look-up. Its code is
`rank * 5 + suit` (rank 0 = Ace .. 12 = King; suit 0-3, or 4 when none is given). Tables indexed by code
give what each game needs (its baccarat point, blackjack value, poker rank), so the per-round path never
parses text.

>>> code = CARD_CODES["Th"]; RANK_OF[code], SUIT_OF[code], BACCARAT_POINT[code], POKER_RANK[code]
(9, 2, 0, 10)
"""

from __future__ import annotations

__all__ = [
    "BACCARAT_POINT",
    "BLACKJACK_VALUE",
    "CARD_CODES",
    "CARD_HELP",
    "NO_SUIT",
    "POKER_RANK",
    "RANK_NAMES",
    "RANK_OF",
    "SUIT_NAMES",
    "SUIT_OF",
    "TEN_RANKS",
    "label",
    "pack",
]

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = "cdhs"
NO_SUIT = 4
TEN_RANKS = (9, 10, 11, 12)
CARD_HELP = 'a rank A, 2-9, 10 (or T), J, Q, K, optionally followed by a suit c, d, h or s (e.g. "K", "10h")'


def _codes() -> dict[str, int]:
    table: dict[str, int] = {}
    for rank, name in enumerate(RANK_NAMES):
        for spelling in {name, name.lower(), *(("T", "t") if name == "10" else ())}:
            table[spelling] = rank * 5 + NO_SUIT
            for suit, letter in enumerate(SUIT_NAMES):
                table[spelling + letter] = table[spelling + letter.upper()] = rank * 5 + suit
    return table


#: Every accepted card text -> its code.
CARD_CODES: dict[str, int] = _codes()
_CODES = range(13 * 5)
RANK_OF: tuple[int, ...] = tuple(c // 5 for c in _CODES)
SUIT_OF: tuple[int, ...] = tuple(c % 5 for c in _CODES)
#: Baccarat point (SI 1994/2899 reg 9(2)(c) for Super Pan 9; the same for punto banco): Ace 1, 2-9, tens and courts 0.
BACCARAT_POINT: tuple[int, ...] = tuple(r + 1 if r < 9 else 0 for r in RANK_OF)
#: Blackjack value (reg 7(11)): Ace 1 (11 where it helps, decided on the hand), 2-10 face value, courts 10.
BLACKJACK_VALUE: tuple[int, ...] = tuple(min(r + 1, 10) for r in RANK_OF)
#: Poker rank (Sch 2 para 1): 2..14 with the Ace high.
POKER_RANK: tuple[int, ...] = tuple(14 if r == 0 else r + 1 for r in RANK_OF)


def label(code: int) -> str:
    """The card's text as the log would write it, e.g. 'K', '10h'."""
    suit = SUIT_OF[code]
    return RANK_NAMES[RANK_OF[code]] + ("" if suit == NO_SUIT else SUIT_NAMES[suit])


def pack(game: str, decks: int) -> tuple[int, ...]:
    """Cards of each rank (index 0 = Ace .. 12 = King) in a full shoe of `decks` packs for `game`.

    Super Pan 9 uses packs without 7s, 8s, 9s and 10s (reg 9(2)(b)); every other card game full 52-card packs.
    """
    if game == "super-pan-9":
        return tuple(0 if 6 <= r <= 9 else 4 * decks for r in range(13))
    return tuple(4 * decks for _ in range(13))
