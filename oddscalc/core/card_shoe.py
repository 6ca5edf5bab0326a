"""Card shoes as exact compositions: counts per card value, drawn without replacement."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import ShoeError

__all__ = ["Shoe", "ShoeError"]


@dataclass(frozen=True)
class Shoe:
    """A multiset of cards: `counts[i]` cards of label `labels[i]` (labels are whatever the game ranks by)."""

    labels: tuple[str, ...]
    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.labels) != len(self.counts):
            raise ShoeError("one count per label")
        if any(c < 0 for c in self.counts):
            raise ShoeError("counts cannot be negative")

    @classmethod
    def of(cls, per_pack: dict[str, int], packs: int) -> Shoe:
        """`packs` packs, each holding per_pack[label] cards of each label.

        >>> Shoe.of({"A": 4, "K": 4}, 2)
        Shoe(labels=('A', 'K'), counts=(8, 8))
        """
        if packs < 1:
            raise ShoeError(f"packs must be at least 1, not {packs}")
        return cls(tuple(per_pack), tuple(n * packs for n in per_pack.values()))

    @property
    def size(self) -> int:
        """How many cards the shoe holds.

        >>> Shoe.of({"A": 4, "K": 4}, 6).size
        48
        """
        return sum(self.counts)

    def index(self, label: str) -> int:
        """The position of `label` in `labels`; a one-line ShoeError for a card the shoe does not know.

        >>> Shoe.of({"A": 4, "K": 4}, 1).index("K")
        1
        >>> Shoe.of({"A": 4, "K": 4}, 1).index("Q")
        Traceback (most recent call last):
        ...
        oddscalc.core.errors.ShoeError: unknown card 'Q': allowed are A, K
        """
        try:
            return self.labels.index(label)
        except ValueError:
            raise ShoeError(f"unknown card {label!r}: allowed are {', '.join(self.labels)}") from None

    def count(self, label: str) -> int:
        """How many cards of `label` the shoe holds.

        >>> Shoe.of({"A": 4, "K": 4}, 2).count("A")
        8
        """
        return self.counts[self.index(label)]

    def remove(self, cards: Iterable[str]) -> Shoe:
        """The shoe after the given cards are gone; an error names the first card it does not hold.

        >>> Shoe.of({"A": 4, "K": 4}, 2).remove(["A", "A"]).counts
        (6, 8)
        """
        counts = list(self.counts)
        for card in cards:
            i = self.index(card)
            if counts[i] == 0:
                raise ShoeError(
                    f"cannot remove {card!r}: no {card!r} left in the shoe ({self.count(card)} at the start)"
                )
            counts[i] -= 1
        return Shoe(self.labels, tuple(counts))

    def draws(self) -> Iterator[tuple[str, Fraction, Shoe]]:
        """Each label that can be drawn next, its exact probability, and the shoe left after it.

        >>> [(label, p, rest.counts) for label, p, rest in Shoe(("A", "K"), (1, 3)).draws()]
        [('A', Fraction(1, 4), (0, 3)), ('K', Fraction(3, 4), (1, 2))]
        """
        total = self.size
        if total == 0:
            raise ShoeError("the shoe is empty")
        for i, c in enumerate(self.counts):
            if c:
                rest = self.counts[:i] + (c - 1,) + self.counts[i + 1 :]
                yield self.labels[i], Fraction(c, total), Shoe(self.labels, rest)

    def ordered_deals(self, n: int) -> int:
        """Number of ordered sequences of n distinct cards: size*(size-1)*...*(size-n+1).

        >>> Shoe(("A", "K"), (4, 4)).ordered_deals(2)  # 8 x 7
        56
        """
        result = 1
        for k in range(n):
            result *= self.size - k
        return result
