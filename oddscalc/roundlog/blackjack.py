"""A blackjack round built as it is dealt: the player's hand and its split tree, every decision with its card, the
banker's cards, each hand's stake and net, insurance and the side wagers apart.

Call the builder as the cards come out of the shoe: the player's first card, the banker's up-card, the player's
second card, the player's decisions, then the banker's other cards. It counts them, so that a reshuffle in
mid-round knows how many came before it. Every amount is the simulator's own: the builder adds none of its own,
except the initial wager's net, which the format defines as the sum of its hands' nets.

A pair of 8s is split against a 6. The first hand doubles on 11 and makes 21 (8, 3, K) with 20 staked; the second
stands on 18. The banker draws to 6 + 10 + 9 = 25 and busts, so the hands win 20 and 10, and the initial wager
nets their sum, 30:

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
    """One of the player's hands: its cards in order, its decisions, its stake and, once settled, its net.

    A hand that is split becomes a node holding two hands (`hands`), each starting with one of its pair's cards.
    Get the first hand as `BlackjackRound.hand`, and the two of a split from `split`.

    Attributes:
        name: the hand's name in error messages: "hand", then "hand.1", "hand.2" for a split's hands.
        cards: the hand's cards, as the log writes them.
        actions: the decisions taken: "hit", "stand", "double", "split".
        stake: the hand's stake, a `Fraction` (a double adds to it).
        net: the simulator's settlement of the hand, None until `settle`.
        hands: a split hand's two hands, None for a hand not split.
    """

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
        """A card dealt without a decision: one of the player's first two cards, or a split hand's second.

        Args:
            c: the card, e.g. "8h" (`roundlog.card_text`).

        Raises:
            RoundLogError: a card that is no card, a hand split or settled already, or a round written already.
        """
        self._card(c)

    def hit(self, c: Card) -> None:
        """The player asks for a card, and gets `c`.

        Args:
            c: the card.

        Raises:
            RoundLogError: as for `deal`.

        Examples:
            Two hits write two decisions; five cards are out of the shoe, the up-card among them:

            >>> r = BlackjackRound(stake=10)
            >>> r.player("5h"); r.banker("6c"); r.player("4d")
            >>> r.hand.hit("3s"); r.hand.hit("9s")
            >>> r.hand.cards, r.hand.actions, r.dealt
            (['5h', '4d', '3s', '9s'], ['hit', 'hit'], 5)
        """
        self._card(c)
        self.actions.append("hit")

    def stand(self) -> None:
        """The player stands.

        Write every stand: a hand below 21 showing no decision at all, against a banker's blackjack, is read as a round
        ended before the player was asked (a peeked hole card).

        Raises:
            RoundLogError: a hand split or settled already, or a round written already.
        """
        self._open()
        if self.hands is not None:
            raise RoundLogError(f"{self.name} was split: its two hands stand, not the pair")
        self.actions.append("stand")

    def double(self, c: Card, added: Amount) -> None:
        """The player doubles: `added` more staked, and one card `c`.

        Args:
            c: the one card the double draws.
            added: the further stake, the simulator's own figure.

        Raises:
            RoundLogError: a card that is no card, an amount that is not one, or a hand split or settled already.
        """
        self._card(c)
        self.actions.append("double")
        self.stake += self._round._exact(added, f"{self.name} doubled stake")

    def split(self, stake: Amount) -> tuple[Hand, Hand]:
        """The pair separated into two hands, each to be dealt its second card (`deal`) when it is played.

        Args:
            stake: the second hand's stake, the further wager the simulator took; the first keeps this hand's stake.

        Returns:
            The two hands, the first holding the pair's first card and the second its second.

        Raises:
            RoundLogError: a hand that is not two cards with no decision yet, or a stake that is not an amount.

        Examples:
            >>> r = BlackjackRound(stake=10)
            >>> r.player("8h"); r.banker("6c"); r.player("8d")
            >>> left, right = r.hand.split(stake=10)
            >>> (left.name, left.cards), (right.name, right.cards)
            (('hand.1', ['8h']), ('hand.2', ['8d']))
        """
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
        """The simulator's settlement of this hand: the player's net result, won positive, 0 void, -stake lost.

        Once only: a second settlement would let a double payout reach the log unseen, so it is refused.

        Args:
            net: the hand's net result.

        Raises:
            RoundLogError: a hand split (settle each of its hands), one settled already, or a net that is not an amount.

        Examples:
            A blackjack pays 3 to 2, so 10 staked nets 15:

            >>> r = BlackjackRound(stake=10)
            >>> r.player("Ah"); r.banker("9c"); r.player("Kd")
            >>> r.hand.settle(15)
            >>> r.hand.settle(15)  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            oddscalc.roundlog.schema.RoundLogError: hand is settled already (net 15): a second settlement, ...
        """
        self._open()
        if self.hands is not None:
            raise RoundLogError(f"{self.name} was split: settle each of its hands")
        self.net = self._round._exact(net, f"{self.name} net")

    def leaves(self) -> list[Hand]:
        """The hands played to their end, in order of play: this hand, or the hands its splits became.

        Returns:
            The hands, depth first.
        """
        return [self] if self.hands is None else [h for kid in self.hands for h in kid.leaves()]

    def record(self) -> dict[str, Any]:
        """The hand as the log writes it: a hand, or a split node holding its two hands (docs/verify.md).

        Returns:
            The hand's record, its amounts as exact text.

        Raises:
            RoundLogError: a hand of fewer than two cards, or one not settled.
        """
        if self.hands is not None:
            return {"cards": self.cards, "actions": ["split"], "split": [h.record() for h in self.hands]}
        if len(self.cards) < 2:
            raise RoundLogError(f"{self.name} holds {len(self.cards)} card(s): a hand has two cards at least")
        if self.net is None:
            raise RoundLogError(f"{self.name} was not settled: call settle(net) on it")
        acts = {"actions": self.actions} if self.actions else {}  # a hand with no decision writes none
        return {"cards": self.cards, **acts, "stake": amount_text(self.stake), "net": amount_text(self.net)}


class BlackjackRound:
    """One blackjack round at one box, built as it is dealt and written with `RoundLog.write`.

    Make it with `RoundLog.blackjack`, which rounds amounts as the log says and writes reshuffles to it, or alone.

    Args:
        stake: the initial wager's stake.
        places: how floats are rounded when made alone, as in `roundlog.amounts`; a log's own `places` wins.
        log: the log the round is written to (`RoundLog.blackjack` gives it).

    Attributes:
        hand: the player's hand (`Hand`), split into two where the player splits.
        banker_cards: the banker's cards, the up-card first.
        dealt: cards out of the shoe in this round, burnt cards aside.
        written: whether the round is written; it is then closed to change.

    Raises:
        RoundLogError: a stake that is not an amount.
    """

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
        """One of the player's first two cards.

        Args:
            c: the card.

        Raises:
            RoundLogError: the player's first two cards are dealt already, or a card that is no card.
        """
        self._open()
        if len(self.hand.cards) >= 2 or self.hand.hands is not None:
            raise RoundLogError("the player's first two cards are dealt already: use hit, double or split")
        self.hand.deal(c)

    def banker(self, c: Card) -> None:
        """A card to the banker, the up-card first.

        Args:
            c: the card.

        Raises:
            RoundLogError: a card that is no card, or a round written already.
        """
        self._open()
        self.banker_cards.append(cards([c])[0])
        self.dealt += 1

    def insurance(self, stake: Amount, net: Amount) -> None:
        """The insurance wager, apart from the hand: its stake and the simulator's net on it.

        All three versions allow it only on a player's two-card 21 against a banker's Ace; the verifier judges that.

        Args:
            stake: the insurance stake.
            net: the simulator's net on it.

        Raises:
            RoundLogError: insurance settled already, or an amount that is not one.

        Examples:
            The player's blackjack stands off against the banker's, and insurance of 5 pays 2 to 1, netting 10:

            >>> r = BlackjackRound(stake=10)
            >>> r.player("Ah"); r.banker("Ac"); r.player("Kd")
            >>> r.insurance(5, 10)
            >>> r.banker("Kc"); r.hand.settle(0)
            >>> r.record()["wagers"]
            [{'on': 'initial', 'stake': '10', 'net': '0'}, {'on': 'insurance', 'stake': '5', 'net': '10'}]
        """
        self.wager("insurance", stake, net)

    def wager(self, on: str, stake: Amount, net: Amount) -> None:
        """A side wager (under-13, over-13, insurance) with the simulator's net on it, once per wager.

        Args:
            on: the wager's key.
            stake: its stake.
            net: the simulator's net on it.

        Raises:
            RoundLogError: the wager settled already, an amount that is not one, or a round written already.
        """
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
        """The initial wager's net, when the simulator knows it apart; once only.

        By default the initial wager's net is the sum of its hands' nets, as the format defines it.

        Args:
            net: the initial wager's net.

        Raises:
            RoundLogError: the initial wager settled already, or a net that is not an amount.
        """
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
        """The shoe is reshuffled now, in mid-round, after the cards dealt so far (`RoundLog.reshuffle`).

        Args:
            shoe: the new shoe's marker, as for `RoundLog.shuffle`.
            cut: the new shoe's cut.
            order: the new shoe's declared order.
            commit: commit to that order.
            burn: cards burnt from the new shoe before the round goes on.

        Raises:
            RoundLogError: a round not made by a log (`RoundLog.blackjack`), or as for `RoundLog.reshuffle`.
        """
        self._open()
        if self._log is None:
            raise RoundLogError("a reshuffle is written to a log: make the round with log.blackjack(stake)")
        self._log.reshuffle(self.dealt, shoe, cut=cut, order=order, commit=commit, burn=burn)

    def record(self) -> dict[str, Any]:
        """The round as the log writes it; the writer adds the shoe's fields.

        Returns:
            The round's record: the banker's cards, the hand, and the wagers with the initial wager first.

        Raises:
            RoundLogError: no banker's card, or a hand unfinished or unsettled (`Hand.record`).
        """
        if not self.banker_cards:
            raise RoundLogError("the banker has no card: deal the up-card with banker(card)")
        hand = self.hand.record()
        net = self.initial_net
        if net is None:
            net = sum((h.net for h in self.hand.leaves() if h.net is not None), Fraction(0))
        initial = {"on": "initial", "stake": amount_text(self.stake), "net": amount_text(net)}
        return {"banker": self.banker_cards, "hand": hand, "wagers": [initial, *self.wagers]}
