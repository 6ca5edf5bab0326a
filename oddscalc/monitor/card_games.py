"""What a card table's monitor needs of its game (card_table.py holds the rest, for every card game).

It needs the kind of card each rank is, what a round's law is conditioned on, that law through oddscalc.api, and
the law each check holds the table to.

Punto banco's round is fixed by the shoe's composition before its cards (the tableau leaves no choice, reg
6(7)(c)). In Super Pan 9 the opposing player takes a fourth card or not as he chooses (reg 9(2)(f)). So a law
assuming one play would flag a player who plays otherwise. The round's law is therefore taken once his hand and
decision are seen (the composition, his three cards, whether he drew), which holds whatever he decided.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from oddscalc import api
from oddscalc.monitor.streams import SETTLEMENT
from oddscalc.verify.card_codes import BACCARAT_POINT, CARD_CODES, RANK_OF

__all__ = ["CardGame", "card_game"]

_SETTLEMENT_TEXT = "every wager settled as the law says"


def _rank_kinds(held: set[int]) -> np.ndarray:
    """Each rank's kind (its point value, the index of a composition's count), -1 for a rank the shoe lacks."""
    return np.array([BACCARAT_POINT[r * 5] if r in held else -1 for r in range(13)], dtype=np.intp)


class CardGame:
    """Punto banco's (the base): a round's law keyed on the composition before its cards."""

    #: The rank (0 Ace ... 12 King) to kind of card, -1 for a rank the game's shoe does not hold.
    KINDS: ClassVar[np.ndarray] = _rank_kinds(set(range(13)))
    LAWS: ClassVar[dict[str, str]] = {
        "hold": "the house's result each round has its exact law given the cards seen since the shuffle "
        "(mean and variance from the shoe's composition)",
        SETTLEMENT: f"{_SETTLEMENT_TEXT} (SI 1994/2899 reg 6)",
        "rules": "every third card drawn or withheld by the punto banco tableau (reg 6(7)(c): no option)",
        "shoe": "no card dealt more often than the shoe holds; no round begun after the cut card",
        "shuffle": "a fair shuffle: every order of the shoe equally likely, whatever the previous shoe's order (each "
        "card dealt equally likely to be any card left)",
        "stakes": "each of the player's stakes (its size and side) depends on the shoe's earlier rounds only through "
        "their scorecard entries (the player's and the banker's totals and how many cards each took) and on anything "
        "independent of the shuffle (tested by permuting the rounds' cards within entries)",
    }

    #: The cards a round's law counts its deals over: a shoe holding fewer has no law (the round is not valued).
    CARDS: ClassVar[int] = 6

    def key(self, record: dict, left: tuple[int, ...]) -> tuple[int, ...] | None:
        """What the round's law is conditioned on (None: the round is not valued)."""
        return left if sum(left) >= self.CARDS else None

    def sample(self, full: tuple[int, ...]) -> tuple[int, ...]:
        """A key on the full shoe, whose law gives the outcomes and the wagers' nets."""
        return full

    def laws(self, config: Any, keys: list[tuple[int, ...]]) -> Any:
        """The exact laws of the rounds keyed `keys` (wager_results.CompositionLaws)."""
        return api.composition_laws(
            config.game, config.version, np.array(keys, dtype=np.int64), None, config.rules, config.pay
        )


class SuperPan9(CardGame):
    """Super Pan 9 against the House's bank, one opposing hand: the law once the hand and its decision are seen.
    A round of several hands or a player's bank (the `hands` form) is judged but not valued."""

    KINDS = _rank_kinds({0, 1, 2, 3, 4, 5, 10, 11, 12})
    LAWS: ClassVar[dict[str, str]] = {
        **CardGame.LAWS,
        "hold": "the house's result each round has its exact law given the cards seen since the shuffle, the "
        "opposing hand's three cards and his choice of a fourth (mean and variance from the shoe's composition)",
        SETTLEMENT: f"{_SETTLEMENT_TEXT} (SI 1994/2899 reg 9(8)-(11), reg 10)",
        "rules": "the House as banker draws a fourth card on 0-5 and stands on 6-9 (reg 9(2)(g)); a player holds "
        "the bank only against two or more opposing hands (reg 9(5))",
    }

    CARDS = 8

    def key(self, record: dict, left: tuple[int, ...]) -> tuple[int, ...] | None:
        if record.get("bank", "house") != "house" or "hands" in record or sum(left) < self.CARDS:
            return None
        try:
            cards = [int(self.KINDS[RANK_OF[CARD_CODES[c]]]) for c in record["player"]]
        except (KeyError, TypeError):
            return None
        if len(cards) not in (3, 4) or min(cards) < 0:
            return None
        rest = list(left)
        for v in cards[:3]:
            rest[v] -= 1
        if min(rest) < 0:
            return None
        return (*left, *sorted(cards[:3]), len(cards) - 3)

    def sample(self, full: tuple[int, ...]) -> tuple[int, ...]:
        return (*full, 0, 0, 0, 0)

    def laws(self, config: Any, keys: list[tuple[int, ...]]) -> Any:
        return api.composition_hand_laws(
            config.game, config.version, np.array(keys, dtype=np.int64), None, config.rules, config.pay
        )


_GAMES = {"punto-banco": CardGame(), "super-pan-9": SuperPan9()}


def card_game(game: str) -> CardGame:
    """The card game's piece of the monitor."""
    return _GAMES[game]
