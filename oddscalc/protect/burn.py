"""Burn cards: the cards taken off the top of a freshly shuffled shoe before its first round.

The law (SI 1994/2899 and SI 2002/1130) says nothing of burning, so the burn is a house rule the user chooses.
The default, `none`, is what the law states (nothing burnt) and keeps every run made before this option the
same. Burnt cards leave the shoe before the first round and count toward the cut card. A card burnt face up is
seen by the counter: it enters the running count and leaves the composition every expectation is taken on. A
card burnt face down is unseen: it stays in the composition and out of the count. (It is one more card the
counter cannot tell from those still in the shoe, so the expectation on the unseen cards is the right one for
him.)

Rules: `none`; `down:N` (N cards face down: blackjack's custom is 1); `up:N` (N cards face up). `first-card` is
baccarat's house practice: the first card turned face up, then as many cards burnt face down as its point value,
an Ace 1, tens and court cards 10. `first-card-ace11` is the same, but an Ace burns 11, as some houses direct
(Gold Star School of Gaming, "Burn cards").

>>> parse_burn("first-card").taken((3, 0, 1, 2, 3, 4, 5, 6, 7, 8), ("0", "A", "2", "3", "4", "5", "6", "7", "8", "9"))
(4, 1)
>>> labels = ("0", "A", "2", "3", "4", "5", "6", "7", "8", "9")
>>> parse_burn("first-card-ace11").taken((1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0), labels)
(12, 1)
>>> parse_burn("down:1").describe()
'1 card burnt face down at each shuffle'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_whole

__all__ = ["BURN_RULES", "MAX_BURN", "NO_BURN", "Burn", "BurnError", "burn_value", "parse_burn"]

#: The burn rules `parse_burn` reads.
BURN_RULES = ("none", "down:N", "up:N", "first-card", "first-card-ace11")
#: The most cards `down:N` or `up:N` may burn (one pack).
MAX_BURN = 52
#: Why the default is none: the law's silence.
LAW = "the law (SI 1994/2899, SI 2002/1130) is silent on burning"


class BurnError(InputError):
    """A burn rule that cannot be read."""


@dataclass(frozen=True)
class Burn:
    """A burn rule: `rule` one of "none", "down", "up", "first-card"; `cards` for down and up; `ace` the cards a
    first-card Ace burns (1, or 11 where the house so directs)."""

    rule: str = "none"
    cards: int = 0
    ace: int = 1

    def taken(self, order: Sequence[int], labels: Sequence[str]) -> tuple[int, int]:
        """(cards burnt, how many of the first of them are face up) from the top of a shoe in `order` (kind
        indices; `labels` the kinds' names)."""
        if self.rule == "down":
            return min(self.cards, len(order)), 0
        if self.rule == "up":
            return min(self.cards, len(order)), min(self.cards, len(order))
        if self.rule == "first-card" and order:
            return min(1 + burn_value(labels[order[0]], self.ace), len(order)), 1
        return 0, 0

    def fewest(self) -> int:
        """The fewest cards the rule burns from any shoe (a first card burns itself and at least one more)."""
        return {"down": self.cards, "up": self.cards, "first-card": 2 if self.ace == 1 else 3}.get(self.rule, 0)

    def check_cut(self, cut: int, size: int) -> None:
        """Refuse (BurnError) a burn that reaches the cut card (after `cut` of `size` cards): no round is dealt."""
        if self.rule != "none" and self.fewest() >= cut:
            raise BurnError(
                f"burn {self.text()} burns {self.fewest()} cards or more, and the cut card lies after {cut} of "
                f"{size}: no round would be dealt; allowed: a burn of fewer cards than the cut, or a deeper "
                "penetration"
            )

    def describe(self) -> str:
        if self.rule == "down":
            return f"{self.cards} card{'' if self.cards == 1 else 's'} burnt face down at each shuffle"
        if self.rule == "up":
            return f"{self.cards} card{'' if self.cards == 1 else 's'} burnt face up at each shuffle"
        if self.rule == "first-card":
            return (
                "first-card burn: the first card turned face up, then as many cards burnt face down as its point "
                f"value (Ace {self.ace}, tens and court cards 10)"
            )
        return f"none burnt ({LAW})"

    def text(self) -> str:
        """The rule as the user writes it (`parse_burn` reads it back)."""
        if self.rule == "first-card" and self.ace != 1:
            return f"first-card-ace{self.ace}"
        return f"{self.rule}:{self.cards}" if self.rule in ("down", "up") else self.rule


NO_BURN = Burn()


def burn_value(label: str, ace: int = 1) -> int:
    """Cards a face-up first card burns: its point value, an Ace `ace` (1, or 11 in some houses), tens and court
    cards 10 (kinds T, 0, 10, J, Q, K)."""
    return ace if label == "A" else int(label) if label.isdigit() and 2 <= int(label) <= 9 else 10


def parse_burn(text: str) -> Burn:
    """`none`, `down:N`, `up:N` (N from 0 to 52), `first-card` or `first-card-ace11`."""
    name, sep, number = text.strip().lower().partition(":")
    if name in ("none", "first-card") and not sep:
        return Burn(name)
    if name == "first-card-ace11" and not sep:
        return Burn("first-card", ace=11)
    if name in ("down", "up") and sep:
        n = parse_whole(number, f"burn {name}:N", minimum=0, maximum=MAX_BURN)
        return Burn(name, n) if n else NO_BURN
    raise BurnError(f"burn {text.strip()!r}: allowed {', '.join(BURN_RULES)} (N from 0 to {MAX_BURN})")
