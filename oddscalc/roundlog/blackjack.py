"""A blackjack round built as it is dealt: the player's hand and its split tree, every decision with its card, the
banker's cards, each hand's stake and net, insurance and the side wagers apart.

Call the builder as the cards come out of the shoe (the player's first card, the banker's up-card, the player's
second card, the player's decisions, then the banker's other cards): it counts them, so that a reshuffle in
mid-round knows how many came before it. Every amount is the simulator's own: the builder adds none of its own,
except the initial wager's net, which the format defines as the sum of its hands' nets.

>>> r = BlackjackRound(stake=10)
>>> r.player("8h"); r.banker("6c"); r.player("8d")
>>> left, right = r.hand.split(stake=10)
>>> left.deal("3s"); left.double("Kd", added=10)
>>> right.deal("10c"); right.stand()
>>> r.banker("10d"); r.banker("9h")
>>> left.settle(20); right.settle(10)
>>> rec = r.record()
>>> rec["hand"]["split"][0]
{'cards': ['8h', '3s', 'Kd'], 'actions': ['double'], 'stake': '20', 'net': '20'}
>>> rec["wagers"]
[{'on': 'initial', 'stake': '10', 'net': '30'}]
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Protocol

from oddscalc.roundlog.amounts import Amount, exact
from oddscalc.roundlog.card_text import Card, cards
from oddscalc.roundlog.schema import RoundLogError
from oddscalc.sim.log_lines import amount_text

__all__ = ["BlackjackRound", "Hand"]


class Log(Protocol):
    """What a round needs of the log it is written to (`RoundLog`): its rounding, and where a reshuffle goes."""

    places: int | None

    def reshuffle(
        self,
        after: int,
        shoe: int | str | None = None,
        *,
        cut: int | None = None,
        order: Iterable[Card] | None = None,
        commit: bool = False,
        burn: Iterable[Card] | None = None,
    ) -> None: ...


class Hand:
    """One of the player's hands: its cards in order, the decisions taken, its stake and, once settled, its net.
    A hand that is split becomes a node holding two hands (`split`), each starting with one of its pair cards."""

    def __init__(self, owner: BlackjackRound, stake: Fraction, name: str, first: list[str] | None = None) -> None:
        self._round = owner
        self.name = name
        self.cards: list[str] = first or []
        self.actions: list[str] = []
        self.stake = stake
        self.net: Fraction | None = None
        self.hands: tuple[Hand, Hand] | None = None

    def _open(self) -> None:
        """Refuse a change to a hand already settled, or to a round already written."""
        self._round._open()
        if self.net is not None:
            raise RoundLogError(
                f"{self.name} is settled already (net {amount_text(self.net)}): a second settlement, or a change "
                "after one, is refused (a double payout would otherwise reach the log unseen)"
            )

    def _card(self, c: Card) -> None:
        self._open()
        if self.hands is not None:
            raise RoundLogError(f"{self.name} was split: deal to its two hands")
        self.cards.append(cards([c])[0])
        self._round.dealt += 1

    def deal(self, c: Card) -> None:
        """A card dealt without a decision: the player's first two cards, or a split hand's second card."""
        self._card(c)

    def hit(self, c: Card) -> None:
        """The player asks for a card, and gets `c`."""
        self._card(c)
        self.actions.append("hit")

    def stand(self) -> None:
        """The player stands. Write every stand: a hand below 21 that shows no decision at all, against a
        banker's blackjack, is read as a round ended before the player was asked (a peeked hole card)."""
        self._open()
        if self.hands is not None:
            raise RoundLogError(f"{self.name} was split: its two hands stand, not the pair")
        self.actions.append("stand")

    def double(self, c: Card, added: Amount) -> None:
        """The player doubles: `added` more staked (the simulator's own figure), one card `c`."""
        self._card(c)
        self.actions.append("double")
        self.stake += self._round._exact(added, f"{self.name} doubled stake")

    def split(self, stake: Amount) -> tuple[Hand, Hand]:
        """The pair separated: two hands, the first keeping this hand's stake, the second carrying `stake`, the
        further wager the simulator took. Deal each its second card (`deal`) when it is played."""
        self._open()
        if self.hands is not None or len(self.cards) != 2 or self.actions:
            raise RoundLogError(
                f"{self.name}: a hand is split on its first two cards, before any other decision "
                f"(it holds {len(self.cards)} card(s), decisions {self.actions})"
            )
        further = self._round._exact(stake, f"{self.name} split stake")
        self.actions.append("split")
        self.hands = (
            Hand(self._round, self.stake, f"{self.name}.1", self.cards[:1]),
            Hand(self._round, further, f"{self.name}.2", self.cards[1:]),
        )
        return self.hands

    def settle(self, net: Amount) -> None:
        """The simulator's settlement of this hand: the player's net result (won positive, 0 void, -stake lost).
        Once only: a second settlement is a `RoundLogError`."""
        self._open()
        if self.hands is not None:
            raise RoundLogError(f"{self.name} was split: settle each of its hands")
        self.net = self._round._exact(net, f"{self.name} net")

    def leaves(self) -> list[Hand]:
        """The hands played to their end, in order of play."""
        return [self] if self.hands is None else [h for kid in self.hands for h in kid.leaves()]

    def record(self) -> dict[str, Any]:
        """The hand as the log writes it (docs/verify.md: a hand, or a split node with its two hands)."""
        if self.hands is not None:
            return {"cards": self.cards, "actions": ["split"], "split": [h.record() for h in self.hands]}
        if len(self.cards) < 2:
            raise RoundLogError(f"{self.name} holds {len(self.cards)} card(s): a hand has two cards at least")
        if self.net is None:
            raise RoundLogError(f"{self.name} was not settled: call settle(net) on it")
        acts = {"actions": self.actions} if self.actions else {}  # a hand with no decision writes none
        return {"cards": self.cards, **acts, "stake": amount_text(self.stake), "net": amount_text(self.net)}


class BlackjackRound:
    """One blackjack round (one box): `stake` the initial wager. Made by `RoundLog.blackjack` (amounts rounded as
    the log says, reshuffles written to it) or alone (`places` as in `roundlog.amounts`)."""

    def __init__(self, stake: Amount, places: int | None = 2, log: Log | None = None) -> None:
        self._places = log.places if log is not None else places
        self._log = log
        self.dealt = 0  # cards out of the shoe in this round, burnt cards aside
        self.stake = self._exact(stake, "initial stake")
        self.hand = Hand(self, self.stake, "hand")
        self.banker_cards: list[str] = []
        self.wagers: list[dict[str, Any]] = []
        self.initial_net: Fraction | None = None
        self.written = False  # set by the log once the round is written: the round is then closed to change

    def _open(self) -> None:
        if self.written:
            raise RoundLogError(
                "the round is written already: a round once written takes no change (a settlement, a card, a "
                "wager) and is not written again; build the next round with log.blackjack(stake)"
            )

    def _exact(self, x: Amount, what: str) -> Fraction:
        return exact(x, self._places, what)

    def player(self, c: Card) -> None:
        """One of the player's first two cards."""
        self._open()
        if len(self.hand.cards) >= 2 or self.hand.hands is not None:
            raise RoundLogError("the player's first two cards are dealt already: use hit, double or split")
        self.hand.deal(c)

    def banker(self, c: Card) -> None:
        """A card to the banker (the up-card first)."""
        self._open()
        self.banker_cards.append(cards([c])[0])
        self.dealt += 1

    def insurance(self, stake: Amount, net: Amount) -> None:
        """The insurance wager, apart from the hand: its stake and the simulator's net on it (all three versions
        allow it only on a player's two-card 21 against a banker's Ace; the verifier judges that)."""
        self.wager("insurance", stake, net)

    def wager(self, on: str, stake: Amount, net: Amount) -> None:
        """A side wager (under-13, over-13, insurance) with the simulator's net on it, once per wager."""
        self._open()
        for w in self.wagers:
            if w["on"] == on:
                raise RoundLogError(
                    f"the {on} wager is settled already (net {w['net']}): a second settlement is refused"
                )
        self.wagers.append(
            {
                "on": on,
                "stake": amount_text(self._exact(stake, f"{on} stake")),
                "net": amount_text(self._exact(net, f"{on} net")),
            }
        )

    def settle(self, net: Amount) -> None:
        """The initial wager's net, when the simulator knows it apart (by default the sum of the hands' nets);
        once only."""
        self._open()
        if self.initial_net is not None:
            raise RoundLogError(
                f"the initial wager is settled already (net {amount_text(self.initial_net)}): a second "
                "settlement is refused"
            )
        self.initial_net = self._exact(net, "initial net")

    def reshuffle(
        self,
        shoe: int | str | None = None,
        *,
        cut: int | None = None,
        order: Iterable[Card] | None = None,
        commit: bool = False,
        burn: Iterable[Card] | None = None,
    ) -> None:
        """The shoe is reshuffled now, in mid-round, after the cards dealt so far (`RoundLog.reshuffle`: the new
        shoe's marker, cut, declared order or its commitment, and cards burnt from it)."""
        self._open()
        if self._log is None:
            raise RoundLogError("a reshuffle is written to a log: make the round with log.blackjack(stake)")
        self._log.reshuffle(self.dealt, shoe, cut=cut, order=order, commit=commit, burn=burn)

    def record(self) -> dict[str, Any]:
        """The round as the log writes it (the writer adds the shoe's fields)."""
        if not self.banker_cards:
            raise RoundLogError("the banker has no card: deal the up-card with banker(card)")
        hand = self.hand.record()
        net = self.initial_net
        if net is None:
            net = sum((h.net for h in self.hand.leaves() if h.net is not None), Fraction(0))
        initial = {"on": "initial", "stake": amount_text(self.stake), "net": amount_text(net)}
        return {"banker": self.banker_cards, "hand": hand, "wagers": [initial, *self.wagers]}
