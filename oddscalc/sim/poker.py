"""What the simulators of casino stud poker (reg 8, Sch 2) and Three Card Poker (reg 12) share: the 52-card pack, the
hand ranker and a hand's log record.

Hands are ranked here by two small plain-Python evaluators written from the law alone (Schedule 2 for five cards,
reg 12(1) as inserted in 2002 for three), apart from the engines' vectorised ranking and counting and from the
verifier's. Cards are (rank 2..14, suit 0..3) pairs, Ace 14.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc.sim.log_lines import STAKE, wager_entry

__all__ = [
    "FIVE_NAMES",
    "PACK",
    "THREE_NAMES",
    "Card",
    "Value",
    "card_names",
    "rank_five",
    "rank_three",
    "two_wagers",
]

Card = tuple[int, int]
Value = tuple[int, tuple[int, ...]]  # (category index, tie-break ranks): larger is better, equal is a tie

PACK: tuple[Card, ...] = tuple((rank, suit) for rank in range(2, 15) for suit in range(4))

#: Schedule 2 para 2, lowest first; the royal flush ranked apart (para 2(a)).
FIVE_NAMES = (
    "no pair",
    "one pair",
    "two pairs",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
#: Reg 12(1)(c), lowest first: a straight beats a flush in three-card hands.
THREE_NAMES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")


def _straight_top(ranks: Sequence[int]) -> int:
    """Top rank of a straight made by these distinct ranks (sorted descending), else 0; the Ace may count one
    to complete A-2-3-4-5 or A-2-3 (Sch 2 para 1, reg 12(1)(d)), which then ranks lowest."""
    k = len(ranks)
    if ranks[0] - ranks[-1] == k - 1:
        return ranks[0]
    if ranks[0] == 14 and list(ranks[1:]) == list(range(k, 1, -1)):
        return k
    return 0


def _groups(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, ranks) of the hand's groups of equal ranks, larger groups first, then higher ranks."""
    count: dict[int, int] = {}
    for r, _ in cards:
        count[r] = count.get(r, 0) + 1
    order = sorted(count.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(n for _, n in order), tuple(r for r, _ in order)


def rank_five(cards: Sequence[Card]) -> Value:
    """A five-card hand's value under Schedule 2: equal hands (suits never rank) get equal values."""
    sizes, ranks = _groups(cards)
    flush = len({s for _, s in cards}) == 1
    top = _straight_top(ranks) if len(ranks) == 5 else 0
    if top:
        cat = (9 if top == 14 else 8) if flush else 4
        return cat, (top,)
    if flush:
        return 5, ranks
    cat = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(sizes, 0)
    return cat, ranks


def rank_three(cards: Sequence[Card]) -> Value:
    """A three-card hand's value under reg 12(1): straight flush, three of a kind, straight, flush, pair, high."""
    sizes, ranks = _groups(cards)
    flush = len({s for _, s in cards}) == 1
    top = _straight_top(ranks) if len(ranks) == 3 else 0
    if top:
        return (5 if flush else 3), (top,)
    if sizes[0] == 3:
        return 4, ranks
    if flush:
        return 2, ranks
    return (1 if sizes[0] == 2 else 0), ranks


_RANK_TEXT = {
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


def card_names(cards: Sequence[Card]) -> list[str]:
    """Cards as a round log writes them: rank then suit, e.g. 'Th', 'As'."""
    return [_RANK_TEXT[r] + "cdhs"[s] for r, s in cards]


def two_wagers(
    record: dict | None,
    player: Sequence[Card],
    banker: Sequence[Card],
    parts: tuple[Fraction, Fraction | None],
    bet: str,
    ratio: int,
) -> Fraction:
    """The net per unit Ante of an Ante and a second wager (`bet`, `ratio` times the Ante, None when the player
    folded); given a record, the hand's log record: both hands, the decision, the two wagers."""
    if record is not None:
        record.update(
            {
                "player": card_names(player),
                "banker": card_names(banker),
                "decision": "fold" if parts[1] is None else bet,
                "wagers": [wager_entry("ante", parts[0])],
            }
        )
        if parts[1] is not None:
            record["wagers"].append(wager_entry(bet, parts[1], STAKE * ratio))
    return parts[0] + (0 if parts[1] is None else ratio * parts[1])
