"""What a card table's monitor needs of its game (card_table.py holds the rest, for every card game).

It needs the kind of card each rank is, what a round's law is conditioned on, that law through oddscalc.api, and
the law each check holds the table to.

Punto banco's round is fixed by the shoe's composition before its cards (the tableau leaves no choice, reg
6(7)(c)). In Super Pan 9 the opposing player takes a fourth card or not as he chooses (reg 9(2)(f)). So a law
assuming one play would flag a player who plays otherwise. The round's law is therefore taken once his hand and
decision are seen (the composition, his three cards, whether he drew), which holds whatever he decided.

In blackjack the banker takes one card until every player has decided (SI 1994/2899 reg 7(1)(c)-(d)), then
draws by a fixed rule (reg 7(1)(g)). So the law is the banker's final hand, given every card dealt before his
second: the box's final hands, the up-card and the composition left (blackjack_queries.banker_laws). The house's
result on each of his hands follows from the box's hands and stakes and any insurance. It holds whatever the
player's strategy. It says nothing of the player's own cards: the shuffle and shoe checks watch those.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from oddscalc import api, blackjack_queries
from oddscalc.monitor.streams import SETTLEMENT
from oddscalc.verify.blackjack import total
from oddscalc.verify.blackjack_peek import RULE as PEEK_RULE
from oddscalc.verify.card_codes import BACCARAT_POINT, BLACKJACK_VALUE, CARD_CODES, RANK_OF
from oddscalc.verify.findings import ILLEGAL
from oddscalc.verify.reader import LogError, amount, stake

__all__ = ["Blackjack", "CardGame", "RoundLaws", "card_game"]

_SETTLEMENT_TEXT = "every wager settled as the law says"


def _rank_kinds(held: set[int]) -> np.ndarray:
    """Each rank's kind (its point value, the index of a composition's count), -1 for a rank the shoe lacks."""
    return np.array([BACCARAT_POINT[r * 5] if r in held else -1 for r in range(13)], dtype=np.intp)


class CardGame:
    """Punto banco's (the base): a round's law keyed on the composition before its cards."""

    #: Whether the house's result on each outcome is the wagers' nets by outcome (the law's), else `house`.
    BY_NETS: ClassVar[bool] = True
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

    def __init__(self, config: Any) -> None:
        self.config = config

    def full(self) -> np.ndarray:
        """The full shoe's composition, one count per kind of card."""
        kinds = api.composition_kinds(self.config.game, self.config.version, self.config.rules)
        return np.array([n for _, n in kinds], dtype=np.int64)

    def key(self, record: dict, left: tuple[int, ...]) -> tuple[int, ...] | None:
        """What the round's law is conditioned on (None: the round is not valued)."""
        return left if sum(left) >= self.CARDS else None

    def sample(self, full: tuple[int, ...]) -> tuple[int, ...]:
        """A key on the full shoe, whose law gives the outcomes and the wagers' nets."""
        return full

    def house(self, record: dict, wagers: Any, judge: Any, house_given: Any) -> tuple[list[float], float] | None:
        """The house's result on each outcome and the one observed, for a game whose results are not the wagers'
        nets by outcome (`BY_NETS` false)."""
        raise NotImplementedError

    def judged(self, judge: Any) -> None:
        """After the judge reads a round: what verify leaves to a log's end, decided for a live table (nothing)."""

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


@dataclass(frozen=True)
class RoundLaws:
    """Rounds' laws as `api.composition_laws` gives them: the outcomes, each round's integer weights over its
    total, and each wager's net per unit on each outcome (none where the house's result is reckoned otherwise)."""

    outcomes: tuple[str, ...]
    weights: list[tuple[int, ...]]
    totals: list[int]
    nets: dict[str, tuple[Fraction, ...]]


#: The banker's hand the hold test's key marks, under the peek rule: his second card unseen (0, no peek), seen
#: not to make a blackjack (1), seen to make one (2).
_UNSEEN, _NOT_BJ, _BJ = 0, 1, 2


class Blackjack(CardGame):
    """Blackjack, one box a round: the law of the banker's final hand given every card before his second.

    The key is the six packs less the box's 8, 3, K and the up-card 10, then the up-card, then no peek:

    >>> from oddscalc.monitor.floor import TableConfig
    >>> game = Blackjack(TableConfig("B1", "blackjack", "2002"))
    >>> hand = {"cards": ["8h", "3s", "Kd"], "actions": ["double"], "stake": "20", "net": "20"}
    >>> game.key({"banker": ["10d", "7c"], "hand": hand}, tuple(game.full().tolist()))
    (24, 24, 23, 24, 24, 24, 24, 23, 24, 94, 10, 0)
    """

    KINDS = np.array([min(r + 1, 10) - 1 for r in range(13)], dtype=np.intp)  # value index: Ace 0 .. ten 9
    BY_NETS = False
    LAWS: ClassVar[dict[str, str]] = {
        **CardGame.LAWS,
        "hold": "the house's result each round has its exact law given every card dealt before the banker's "
        "second card (the box's final hands, the up-card, the shoe's composition left): the banker's final "
        "hand by the fixed drawing rule (reg 7(1)(c)-(d), (g)), whatever the player's strategy. It says nothing "
        "of the player's cards, which the shuffle and shoe checks watch",
        SETTLEMENT: f"{_SETTLEMENT_TEXT} (SI 1994/2899 reg 7(5)-(7), (10))",
        "rules": "every decision as the rule set allows it, and the banker's drawing rule: to 16, and soft 17 as "
        "the house rules say (reg 7(1)(g), (11))",
    }

    def __init__(self, config: Any) -> None:
        super().__init__(config)
        self.rules, _ = api.resolved_rules(config.game, config.version, config.rules)
        self.peek = self.rules.get("hole_card") == "peek"
        self.outcomes = blackjack_queries.banker_outcomes()

    def full(self) -> np.ndarray:
        decks = int(self.rules["decks"])
        return np.array([4 * decks] * 9 + [16 * decks], dtype=np.int64)

    def key(self, record: dict, left: tuple[int, ...]) -> tuple[int, ...] | None:
        """The cards left once the box's hands and the up-card are out, the up-card's value and what the peek
        showed (None: not valued, e.g. a card unreadable or more of a value gone than the shoe held)."""
        try:
            banker = [CARD_CODES[c] for c in record["banker"]]
            cards = [CARD_CODES[c] for node in _leaves(record["hand"]) for c in node["cards"]]
        except (KeyError, TypeError):
            return None
        if not banker:
            return None
        rest = list(left)
        for code in (*cards, banker[0]):
            rest[int(self.KINDS[RANK_OF[code]])] -= 1
        if min(rest) < 0:
            return None
        seen = _UNSEEN
        if self.peek and len(banker) >= 2:
            seen = _BJ if total(banker[:2])[0] == 21 else _NOT_BJ
        return (*rest, BLACKJACK_VALUE[banker[0]], seen)

    def sample(self, full: tuple[int, ...]) -> tuple[int, ...]:
        return (*full[:9], full[9] - 1, 10, _UNSEEN)

    def laws(self, config: Any, keys: list[tuple[int, ...]]) -> RoundLaws:
        """The banker's final hand's law for each key; a shoe he could run out of, or a peek whose result his
        law cannot give, has all its weight on the blackjack alone (a round the key leaves unvalued)."""
        found = blackjack_queries.banker_laws(self.rules, [(k[:10], k[10]) for k in keys])
        outcomes = self.outcomes
        bj = outcomes.index("blackjack")
        fixed = tuple(int(i == bj) for i in range(len(outcomes)))  # all the weight on his blackjack
        weights: list[tuple[int, ...]] = []
        totals: list[int] = []
        for k, law in zip(keys, found):
            w, t = law if law is not None and k[11] != _BJ else (fixed, 1)  # a peeked blackjack fixes the result
            if law is not None and k[11] == _NOT_BJ:  # the peek showed no blackjack: the law given that
                w, t = tuple(0 if i == bj else x for i, x in enumerate(w)), t - w[bj]
                if not t:  # no card left could have been his second: not his law (the judge files the shoe)
                    w, t = fixed, 1
            weights.append(w)
            totals.append(t)
        return RoundLaws(outcomes, weights, totals, {})

    def house(self, record: dict, wagers: Any, judge: Any, house_given: Any) -> tuple[list[float], float] | None:
        """The house's result on each of the banker's final hands and the one observed, from the box's hands
        and stakes and any insurance (the side wagers on the first two cards left out: no banker card moves
        them). None when it cannot be read (the judge files what is wrong)."""
        try:
            root = record["hand"]
            hands = [
                (total([CARD_CODES[c] for c in node["cards"]])[0], float(stake(node["stake"], 0, "stake")))
                for node in _leaves(root)
            ]
            given = {w[0]: (w[1], w[2]) for w in wagers}
            insured = float(stake(given["insurance"][0], 0, "stake")) if "insurance" in given else 0.0
            nets = [given[k][1] for k in ("initial", "insurance") if k in given]
            observed = None if None in nets else -sum(float(amount(x, 0, "net")) for x in nets)
            if house_given is not None and set(given) <= {"initial", "insurance"}:
                observed = float(amount(house_given, 0, '"house"'))
        except (KeyError, TypeError, LogError):
            return None
        if observed is None:
            return None
        natural = "split" not in root and len(root["cards"]) == 2 and hands[0][0] == 21
        lost = sum(st for score, st in hands if score > 21)  # bust hands: the house's whatever the banker holds
        house = []
        for label in self.outcomes:
            if natural:
                result = 0.0 if label == "blackjack" else -hands[0][1] * float(judge.rules.blackjack_pays)
            elif label == "blackjack":  # beats every hand but a natural, doubled and split stakes too
                result = sum(st for _, st in hands)
            elif label == "bust":
                result = lost - sum(st for score, st in hands if score <= 21)
            else:
                final = int(label)
                result = lost + sum(st * ((score < final) - (score > final)) for score, st in hands if score <= 21)
            if insured:
                won = label == "blackjack"
                result += -insured * float(judge.ctx.wagers["insurance"].pay()) if won else insured
            house.append(result)
        return house, observed

    def judged(self, judge: Any) -> None:
        """A round that ended on the banker's blackjack before the player decided shows a peeked hole card: a fault
        where the rules have none. verify decides at the log's end, once it knows the log writes its stands. Here
        it is a fault at its round when the log has written stands and left none unwritten so far."""
        peeks = judge.peeks
        if peeks.pending and peeks.written and not peeks.unwritten:
            for line, _, did in peeks.pending:
                judge.report.fault(ILLEGAL, line, rule=PEEK_RULE, did=did, law=peeks.law, citation=peeks.citation)
        peeks.pending.clear()


def _leaves(node: dict) -> Iterator[dict]:
    """A box's final hands in order of play (a split node holds two hands)."""
    if "split" in node:
        for kid in node["split"]:
            yield from _leaves(kid)
    else:
        yield node


_GAMES: dict[str, type[CardGame]] = {"punto-banco": CardGame, "super-pan-9": SuperPan9, "blackjack": Blackjack}


def card_game(config: Any) -> CardGame:
    """The card game's piece of the monitor for a table (`floor.TableConfig`)."""
    return _GAMES[config.game](config)
