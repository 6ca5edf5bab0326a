"""Dealing a real shoe in order, for `simulate --shuffle`: a tool for testing `verify`'s shuffle tests and declared
shoe orders, not a rule of any game.

The first shoe is new packs in their factory order (`shuffles.factory_order`), shuffled by the model. Rounds are
dealt from the top until the cut card is out. The next round then starts a new shoe, made from the last one's cards
(the discards in the order dealt, then the undealt rest in its order) and shuffled by the model again. A shoe that
runs out in mid-round (a cut card at the very end) is reshuffled from its discards there, the cards on the table
staying out. The round's log record says so (`"reshuffle"`, docs/verify.md). With `declare`, each shoe's order
goes into the log. `open` puts it on the shoe's first round (`"order"`). `commit` puts the SHA-256 of its text on
the first round (`"order_sha256"`) and the order itself on the shoe's last round.

>>> import random
>>> from oddscalc.sim.shuffle_models import Shuffle, factory_order
>>> shoe = DealtShoe(factory_order(1), Dealing(Shuffle("fair")), 48)
>>> record = {}
>>> shoe.begin(random.Random(1), record); cards = [shoe.draw(random.Random(1)) for _ in range(4)]; shoe.end(record)
>>> record["shoe"], record["cut"], len(cards), shoe.pos
(1, 48, 4, 4)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oddscalc.core.errors import InputError
from oddscalc.sim.shuffle_models import Shuffle

__all__ = ["DECLARE", "Dealing", "DealingError", "DealtShoe", "ShoeRounds", "check_cut", "order_sha256", "order_text"]

#: How a shoe's order may be declared in the log: on its first round, or committed there and revealed at its end.
DECLARE = ("open", "commit")


class DealingError(InputError):
    """A shoe that cannot be dealt as asked (a cut outside the shoe, a game or rule set without a dealt shoe)."""


def order_text(cards: Sequence[str]) -> str:
    """The canonical text of a shoe's order, the text its commitment hashes: the cards as the log writes them
    (rank A, 2-10, J, Q, K and a lower-case suit), top card first, separated by single spaces.

    >>> order_text(["Ah", "10c", "Ks"])
    'Ah 10c Ks'
    """
    return " ".join(cards)


def order_sha256(cards: Sequence[str]) -> str:
    """The SHA-256 (hexadecimal) of `order_text(cards)` in UTF-8: a commitment to the order, revealed later.

    >>> order_sha256(["Ah"]) == hashlib.sha256(b"Ah").hexdigest()
    True
    """
    return hashlib.sha256(order_text(cards).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Dealing:
    """How `simulate --shuffle` deals: the shuffle model, the cut (cards dealt before the cut card; None: the
    game's default) and whether (and how) each shoe's order is declared."""

    shuffle: Shuffle
    cut: int | None = None
    declare: str | None = None


class DealtShoe:
    """One table's shoe, dealt in order and rebuilt from its own cards at each shuffle (module docstring)."""

    def __init__(self, packs: list[str], dealing: Dealing, cut: int) -> None:
        self.factory = list(packs)
        self.size = len(packs)
        self.dealing = dealing
        self.cut = cut
        self.order: list[str] = []
        self.pos = 0
        self.number = 0
        self.discards: list[str] = []
        self.table: list[str] = []  # the round's cards so far (they go to the discards when it ends)
        self.record: dict | None = None

    def _shuffled(self, rng: random.Random, stack: list[str], into: dict | None) -> None:
        """A new shoe from `stack`; `into` (a log record, or its reshuffle entry) gets its marker, cut and order."""
        self.order = self.dealing.shuffle(stack, rng)
        self.pos = 0
        self.discards = []
        self.number += 1
        if into is not None:
            into["shoe"] = self.number
            into["cut"] = min(self.cut, len(self.order))
            if self.dealing.declare == "open":
                into["order"] = list(self.order)
            elif self.dealing.declare == "commit":
                into["order_sha256"] = order_sha256(self.order)

    def begin(self, rng: random.Random, record: dict | None) -> None:
        """A round starts: a new shoe first if the cut card is out (or none has been dealt yet)."""
        self.record = record
        if self.number == 0:
            self._shuffled(rng, self.factory, record)
        elif self.pos >= min(self.cut, len(self.order)):
            self._shuffled(rng, self.discards + self.order[self.pos :], record)
        elif record is not None:
            record["shoe"] = self.number

    def draw(self, rng: random.Random) -> str:
        """The next card; a shoe that has run out is reshuffled here, in mid-round, from its discards."""
        if self.pos >= len(self.order):
            record = self.record
            self._reveal(record)
            entry: dict | None = None if record is None else {"after": len(self.table)}
            self._shuffled(rng, self.discards, entry)
            if record is not None:
                record["reshuffle"] = entry
        card = self.order[self.pos]
        self.pos += 1
        self.table.append(card)
        return card

    def end(self, record: dict | None) -> None:
        """The round is over: its cards go to the discards; a committed order is revealed on the shoe's last round."""
        self.discards += self.table
        self.table = []
        if self.pos >= min(self.cut, len(self.order)):
            self._reveal(record)

    def close(self, record: dict | None) -> None:
        """The log's last round: a committed order still unrevealed is revealed on it."""
        self._reveal(record)

    def _reveal(self, record: dict | None) -> None:
        if record is not None and self.dealing.declare == "commit" and "order" not in record:
            record["order"] = list(self.order)


class ShoeRounds:
    """A round function (wager, rng, record) dealing from a `DealtShoe`: `coup(wager, take, record)` plays one
    round, `take()` giving the next card as (`value(label)`, label). `close` is for the log's last round."""

    def __init__(self, shoe: DealtShoe, coup: Callable[..., Fraction], value: Callable[[str], Any]) -> None:
        self.shoe = shoe
        self.coup = coup
        self.value = value

    def __call__(self, wager: Any, rng: random.Random, record: dict | None = None) -> Fraction:
        shoe, value = self.shoe, self.value
        shoe.begin(rng, record)

        def take() -> tuple[Any, str]:
            label = shoe.draw(rng)
            return value(label), label

        result = self.coup(wager, take, record)
        shoe.end(record)
        return result

    def close(self, record: dict | None) -> None:
        self.shoe.close(record)


def check_cut(dealing: Dealing, size: int, behind: int) -> int:
    """The cut for a shoe of `size` cards: `dealing.cut`, which must lie within the shoe, or `behind` from its end."""
    if dealing.cut is None:
        return size - behind
    if not 1 <= dealing.cut <= size:
        raise DealingError(f"cut {dealing.cut} is outside the shoe of {size} cards; give 1 to {size}")
    return dealing.cut
