"""A round's law known exactly except for one share of rounds whose own law is not computed.

Blackjack's legal round (resplits to four hands, six packs) is the case in point: every round's chance is
exact, but for some split rounds the joint law of the hands and the banker is beyond the computation, so only
their total chance, their exact conditional mean and the range their net return can take are known. From
those, every figure of the whole law is bounded exactly:

* a chance P(net in A) lies between the exact part's chance of A and that plus the unresolved share (narrower
  when the unresolved rounds' possible returns all or none fall in A);
* the second moment lies between the exact part's plus mass * mean^2 (Jensen) and the exact part's plus
  mass * ((low + high) * mean - low * high) (every v in [low, high] has v^2 <= (low + high) v - low * high,
  with equality for a law on the two ends: the bound is attained).

>>> from fractions import Fraction as F
>>> law = PartialLaw.of({F(-1): F(1, 2), F(1): F(1, 4)}, F(1, 4), F(0), F(-2), F(2), (F(-2), F(0), F(2)))
>>> law.probability_bounds(lambda v: v > 0)
(Fraction(1, 4), Fraction(1, 2))
>>> law.chance_bounds()["push"]
(Fraction(0, 1), Fraction(1, 4))
>>> law.second_moment_bounds()
(Fraction(3, 4), Fraction(7, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["PartialLaw"]


@dataclass(frozen=True)
class PartialLaw:
    """`exact`: (net return, chance) pairs of the rounds whose law is known, sorted, summing to 1 - `mass`;
    `mass`: the chance of the other rounds, whose net return has exact conditional mean `mean`, lies in
    [`low`, `high`] and takes one of the values `support`; `what`: those rounds, named for the reader."""

    exact: tuple[tuple[Fraction, Fraction], ...]
    mass: Fraction
    mean: Fraction
    low: Fraction
    high: Fraction
    support: tuple[Fraction, ...]
    what: str = "rounds whose law is not computed"

    def __post_init__(self) -> None:
        if not 0 < self.mass <= 1 or sum((p for _, p in self.exact), Fraction(0)) != 1 - self.mass:
            raise ValueError("the exact part and the unresolved share must sum to exactly 1, the share positive")
        if not self.low <= self.mean <= self.high or not self.support \
                or not all(self.low <= v <= self.high for v in self.support):
            raise ValueError("the unresolved rounds' mean and possible returns must lie in [low, high]")

    @classmethod
    def of(cls, exact: Mapping[Fraction, Fraction], mass: Fraction, mean: Fraction, low: Fraction,
           high: Fraction, support: tuple[Fraction, ...], what: str = "rounds whose law is not computed"
           ) -> PartialLaw:
        """Built from a mapping (zero chances dropped, returns sorted)."""
        items = tuple(sorted((Fraction(v), Fraction(p)) for v, p in exact.items() if p))
        return cls(items, Fraction(mass), Fraction(mean), Fraction(low), Fraction(high),
                   tuple(sorted(set(map(Fraction, support)))), what)

    @property
    def total_mean(self) -> Fraction:
        """The whole law's mean (exact): the exact part's plus the unresolved share's."""
        return sum((v * p for v, p in self.exact), Fraction(0)) + self.mass * self.mean

    @property
    def returns(self) -> tuple[Fraction, ...]:
        """Every net return a round can have: the exact part's and the unresolved rounds' possible ones."""
        return tuple(sorted({v for v, _ in self.exact} | set(self.support)))

    def probability_bounds(self, event: Callable[[Fraction], bool]) -> tuple[Fraction, Fraction]:
        """The least and greatest chance of a net return in `event` over every law the knowledge allows."""
        known = sum((p for v, p in self.exact if event(v)), Fraction(0))
        inside = [event(v) for v in self.support]
        return known + (self.mass if all(inside) else 0), known + (self.mass if any(inside) else 0)

    def chance_bounds(self) -> dict[str, tuple[Fraction, Fraction]]:
        """Bounds of P(win) (net return > 0), P(push) (= 0) and P(loss) (< 0), as `Distribution` defines them."""
        return {"win": self.probability_bounds(lambda v: v > 0), "push": self.probability_bounds(lambda v: v == 0),
                "loss": self.probability_bounds(lambda v: v < 0)}

    def second_moment_bounds(self) -> tuple[Fraction, Fraction]:
        """The least and greatest E[net^2] (see the module docstring for why both are attained or valid)."""
        known = sum((v * v * p for v, p in self.exact), Fraction(0))
        top = (self.low + self.high) * self.mean - self.low * self.high
        return known + self.mass * self.mean ** 2, known + self.mass * top

    def variance_bounds(self) -> tuple[Fraction, Fraction]:
        """The least and greatest variance of the whole law (its mean is exact)."""
        low, high = self.second_moment_bounds()
        m = self.total_mean
        return low - m * m, high - m * m
