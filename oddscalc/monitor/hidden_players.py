"""Simulated Three Card Poker players for the hidden-decisions test's tests and benchmarks, from a seeded RNG.

Each round deals three cards to the player and three to the banker from a freshly shuffled pack (reg 12(1)(b)).
The player decides on his own cards, as a player may, except the cheats, who see the banker's.

- `book`: the book decision every hand;
- `random`: departs from the book in a share of hands chosen at random (a hunch);
- `plays-all`: plays every hand (never folds), a fixed rule of his own cards;
- `mimics-dealer`: plays Queen-high or better (the banker's qualifying hand), folds the rest;
- `cheat`: sees the banker's cards and departs exactly when the departure gains;
- `cheat-some`: sees them in a share of hands chosen at random (a card flashed), otherwise plays by the book.

>>> rounds = simulate("cheat", 3, seed=7)
>>> len(rounds), [len(p) + len(b) for p, b, _ in rounds], all(d in ("play", "fold") for _, _, d in rounds)
(3, [6, 6, 6], True)
"""

from __future__ import annotations

import random

from oddscalc.core.errors import InputError
from oddscalc.monitor.hidden_decisions import OUTCOMES, Book, StudBook, ante_play, banker_outcome, stud_outcome
from oddscalc.verify.card_codes import CARD_CODES, POKER_RANK, RANK_NAMES, SUIT_NAMES
from oddscalc.verify.poker import three_value

__all__ = ["PACK", "PLAYERS", "STUD_PLAYERS", "simulate", "simulate_stud"]

PLAYERS = ("book", "random", "plays-all", "mimics-dealer", "cheat", "cheat-some")
#: Casino stud poker's simulated players: as their Three Card Poker namesakes.
STUD_PLAYERS = ("book", "random", "cheat")
#: The 52 cards as a log writes them.
PACK = tuple(r + s for r in RANK_NAMES for s in SUIT_NAMES)


def _other(decision: str) -> str:
    return "fold" if decision == "play" else "play"


def _queen_or_better(cards: list[str]) -> bool:
    category, ranks = three_value([CARD_CODES[c] for c in cards])
    return category > 0 or ranks[0] >= POKER_RANK[CARD_CODES["Q"]]


def simulate(
    player: str, rounds: int, seed: int, share: float = 0.1, book: Book | None = None
) -> list[tuple[list[str], list[str], str]]:
    """`rounds` hands of `player` (one of PLAYERS): (his cards, the banker's, his decision). `share` is the random
    departer's share of departures, and the share of hands in which `cheat-some` sees the banker's cards; `book`
    the book he departs from (the 2002 pay table's unless given)."""
    if player not in PLAYERS:
        raise InputError(f"simulated player {player!r} is not one of: {', '.join(PLAYERS)}")
    b = book if book is not None else Book(ante_play())
    rng = random.Random(seed)
    out = []
    for _ in range(rounds):
        deal = rng.sample(PACK, 6)
        mine, banker = deal[:3], deal[3:]
        law = b.law(mine)
        decision = law.book
        if player == "random":
            if rng.random() < share:
                decision = _other(law.book)
        elif player == "plays-all":
            decision = "play"
        elif player == "mimics-dealer":
            decision = "play" if _queen_or_better(mine) else "fold"
        elif player == "cheat" or (player == "cheat-some" and rng.random() < share):
            if law.gain(banker_outcome(mine, banker)) > 0:
                decision = _other(law.book)
        out.append((mine, banker, decision))
    return out


def simulate_stud(
    player: str, rounds: int, seed: int, book: StudBook, share: float = 0.1
) -> list[tuple[list[str], list[str], str]]:
    """`rounds` hands of casino stud poker (reg 8(1)(d), (e)): (his five cards, the banker's five with the up-card
    last, his decision). `player` is one of STUD_PLAYERS; the cheat raises exactly when the banker's cards make
    raising beat folding (the banker does not win), and folds exactly when the banker wins."""
    if player not in STUD_PLAYERS:
        raise InputError(f"simulated player {player!r} is not one of: {', '.join(STUD_PLAYERS)}")
    rng = random.Random(seed)
    out = []
    for _ in range(rounds):
        deal = rng.sample(PACK, 10)
        mine, banker = deal[:5], deal[5:]
        decision = book.book(mine, banker[-1])
        if player == "random" and rng.random() < share:
            decision = "fold" if decision == "raise" else "raise"
        elif player == "cheat":
            decision = "fold" if stud_outcome(mine, banker) == OUTCOMES[3] else "raise"
        out.append((mine, banker, decision))
    return out
