"""Baccarat-family cards: point values, shoes as counts per point value, and card labels.

A shoe is held as counts per point value (index = point value), which is all the drawing rules and
the totals depend on. Card labels from the user are read through a per-game alias table, so that
`K`, `Q`, `J`, `T`, `10` and `0` all name a ten-value card in punto banco.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from oddscalc.core.card_shoe import Shoe
from oddscalc.core.errors import CardError

__all__ = ["PUNTO_BANCO", "SUPER_PAN_9", "CardError", "ShoeSpec", "hand_total", "parse_cards"]


@dataclass(frozen=True)
class ShoeSpec:
    """A game's shoe per pack: cards per point value (index = value) and the labels that name each value."""

    name: str
    per_pack: tuple[int, ...]
    aliases: Mapping[str, int]
    labels_doc: str

    @property
    def values(self) -> int:
        return len(self.per_pack)

    def counts(self, packs: int) -> tuple[int, ...]:
        """Cards of each point value in `packs` packs."""
        if packs < 1:
            raise CardError(f"packs must be at least 1, not {packs}")
        return tuple(n * packs for n in self.per_pack)

    def shoe(self, packs: int, removed: Iterable[str] = ()) -> Shoe:
        """The shoe of `packs` packs less the cards named in `removed` (labels read through the aliases)."""
        full = Shoe(tuple(str(v) for v in range(self.values)), self.counts(packs))
        left = list(full.counts)
        for label in removed:
            v = self.value_of(label)
            if left[v] == 0:
                raise CardError(
                    f"cannot remove {label!r}: no card of value {v} left in the {self.name} shoe "
                    f"of {packs} pack(s) ({full.counts[v]} at the start)"
                )
            left[v] -= 1
        return Shoe(full.labels, tuple(left))

    def value_of(self, label: str) -> int:
        key = label.strip().upper()
        if key not in self.aliases:
            raise CardError(f"unknown card {label!r} for {self.name}; allowed: {self.labels_doc}")
        return self.aliases[key]


def _aliases(table: Mapping[int, Iterable[str]]) -> dict[str, int]:
    return {label: value for value, labels in table.items() for label in labels}


#: Punto banco: a standard 52-card pack; tens and court cards count 0, an Ace 1, others their pips.
PUNTO_BANCO = ShoeSpec(
    "punto banco",
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4),
    _aliases({0: ("0", "T", "10", "J", "Q", "K"), 1: ("1", "A"), **{v: (str(v),) for v in range(2, 10)}}),
    "A or 1, 2-9, and 0, T, 10, J, Q or K for a ten-value card",
)

#: Super Pan 9, SI 1994/2899 reg 9(2)(b),(c): a pack less its 7s, 8s, 9s and 10s (36 cards): J, Q, K count 0.
SUPER_PAN_9 = ShoeSpec(
    "Super Pan 9",
    (12, 4, 4, 4, 4, 4, 4),
    _aliases({0: ("0", "J", "Q", "K"), 1: ("1", "A"), **{v: (str(v),) for v in range(2, 7)}}),
    "A or 1, 2-6, and 0, J, Q or K for a court card (7s, 8s, 9s and 10s are not in the Super Pan 9 shoe)",
)


def hand_total(values: Iterable[int]) -> int:
    """A hand's point value: the sum of its cards' values, less any multiple of ten (reg 9(2)(d))."""
    return sum(values) % 10


def parse_cards(text: str) -> tuple[str, ...]:
    """Split a removed-cards list such as `9,9,8,8,0,0` (commas and/or spaces) into labels."""
    return tuple(part for part in text.replace(",", " ").split() if part)
