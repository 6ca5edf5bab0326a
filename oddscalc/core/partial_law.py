"""A round's law known exactly except for one share of rounds whose own law is not computed.

Blackjack's legal round (resplits to four hands, six packs) is the case in point. Every round's chance is
exact, but for some split rounds the joint law of the hands and the banker is beyond the computation. Only
their total chance, their exact conditional mean and the range their net return can take are known. From
those, every figure of the whole law is bounded exactly:

* a chance P(net in A) lies between the exact part's chance of A and that plus the unresolved share (narrower
  when the unresolved rounds' possible returns all or none fall in A);
* the second moment lies between the exact part's plus mass * mean^2 (Jensen) and the exact part's plus
  mass * ((low + high) * mean - low * high). Every v in [low, high] has v^2 <= (low + high) v - low * high,
  with equality for a law on the two ends, so the bound is attained.

When the unresolved rounds' conditional second moment is known too (`square_mean`), the variance is exact. A
chance is then bounded by the least and greatest chance of its event over the laws on `support` with that mean
and second moment. That is a linear programme in the chances, whose optimum lies at a law on at most three
points (a basic solution of its three equations), so every three points of the support are tried, exactly.

>>> from fractions import Fraction as F
>>> law = PartialLaw.of({F(-1): F(1, 2), F(1): F(1, 4)}, F(1, 4), F(0), F(-2), F(2), (F(-2), F(0), F(2)))
>>> law.probability_bounds(lambda v: v > 0)
(Fraction(1, 4), Fraction(1, 2))
>>> law.chance_bounds()["push"]
(Fraction(0, 1), Fraction(1, 4))
>>> law.second_moment_bounds()
(Fraction(3, 4), Fraction(7, 4))
>>> known = PartialLaw.of({F(-1): F(1, 2), F(1): F(1, 4)}, F(1, 4), F(0), F(-2), F(2), (F(-2), F(0), F(2)),
...                       square_mean=F(2))
>>> known.variance_bounds()
(Fraction(19, 16), Fraction(19, 16))
>>> known.probability_bounds(lambda v: v > 0)  # E = 0, E[v^2] = 2 on {-2, 0, 2}: half the share at 0
(Fraction(5, 16), Fraction(5, 16))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

__all__ = ["PartialLaw"]


@dataclass(frozen=True)
class PartialLaw:
    """A round's law known exactly but for a share `mass` of rounds, of which only some facts are known.

    `exact`: (net return, chance) pairs of the rounds whose law is known, sorted, summing to 1 - `mass`.
    `mass`: the chance of the other rounds. Their net return has exact conditional mean `mean`, lies in
    [`low`, `high`] and takes one of the values `support`. `what`: those rounds, named for the reader.
    `square_mean`: their exact conditional E[net^2] when known (None: unknown)."""

    exact: tuple[tuple[Fraction, Fraction], ...]
    mass: Fraction
    mean: Fraction
    low: Fraction
    high: Fraction
    support: tuple[Fraction, ...]
    what: str = "rounds whose law is not computed"
    square_mean: Fraction | None = None

    def __post_init__(self) -> None:
        if not 0 < self.mass <= 1 or sum((p for _, p in self.exact), Fraction(0)) != 1 - self.mass:
            raise ValueError("the exact part and the unresolved share must sum to exactly 1, the share positive")
        if (
            not self.low <= self.mean <= self.high
            or not self.support
            or not all(self.low <= v <= self.high for v in self.support)
        ):
            raise ValueError("the unresolved rounds' mean and possible returns must lie in [low, high]")
        if self.square_mean is not None and not self._extremes(lambda v: Fraction(1), self.square_mean):
            raise ValueError("no law on the support has the unresolved rounds' mean and second moment")

    @classmethod
    def of(
        cls,
        exact: Mapping[Fraction, Fraction],
        mass: Fraction,
        mean: Fraction,
        low: Fraction,
        high: Fraction,
        support: tuple[Fraction, ...],
        what: str = "rounds whose law is not computed",
        square_mean: Fraction | None = None,
    ) -> PartialLaw:
        """Built from a mapping (zero chances dropped, returns sorted, the support's repeats merged).

        >>> from fractions import Fraction as F
        >>> exact = {F(1): F(1, 4), F(-1): F(1, 2), F(5): F(0)}
        >>> law = PartialLaw.of(exact, F(1, 4), F(0), F(-2), F(2), (F(2), F(-2), F(2)))
        >>> law.exact, law.support
        (((Fraction(-1, 1), Fraction(1, 2)), (Fraction(1, 1), Fraction(1, 4))), (Fraction(-2, 1), Fraction(2, 1)))
        """
        items = tuple(sorted((Fraction(v), Fraction(p)) for v, p in exact.items() if p))
        return cls(
            items,
            Fraction(mass),
            Fraction(mean),
            Fraction(low),
            Fraction(high),
            tuple(sorted(set(map(Fraction, support)))),
            what,
            None if square_mean is None else Fraction(square_mean),
        )

    @property
    def total_mean(self) -> Fraction:
        """The whole law's mean (exact): the exact part's plus the unresolved share's.

        >>> from fractions import Fraction as F
        >>> PartialLaw.of({F(-1): F(1, 2)}, F(1, 2), F(1, 2), F(-1), F(1), (F(-1), F(1))).total_mean  # -1/2 + 1/4
        Fraction(-1, 4)
        """
        return sum((v * p for v, p in self.exact), Fraction(0)) + self.mass * self.mean

    @property
    def returns(self) -> tuple[Fraction, ...]:
        """Every net return a round can have: the exact part's and the unresolved rounds' possible ones.

        >>> from fractions import Fraction as F
        >>> PartialLaw.of({F(-1): F(1, 2)}, F(1, 2), F(0), F(-2), F(2), (F(-2), F(2))).returns
        (Fraction(-2, 1), Fraction(-1, 1), Fraction(2, 1))
        """
        return tuple(sorted({v for v, _ in self.exact} | set(self.support)))

    def probability_bounds(self, event: Callable[[Fraction], bool]) -> tuple[Fraction, Fraction]:
        """The least and greatest chance of a net return in `event` over every law the knowledge allows.

        Half the rounds lose 1; the other half return -2 or 2 with mean 0. The support alone allows none to all
        of that half to win; its second moment (4) known, the mean forces exactly half of it to.

        >>> from fractions import Fraction as F
        >>> law = PartialLaw.of({F(-1): F(1, 2)}, F(1, 2), F(0), F(-2), F(2), (F(-2), F(2)))
        >>> law.probability_bounds(lambda v: v > 0)
        (Fraction(0, 1), Fraction(1, 2))
        >>> PartialLaw.of({F(-1): F(1, 2)}, F(1, 2), F(0), F(-2), F(2), (F(-2), F(2)), square_mean=F(4)
        ...               ).probability_bounds(lambda v: v > 0)
        (Fraction(1, 4), Fraction(1, 4))
        """
        known = sum((p for v, p in self.exact if event(v)), Fraction(0))
        if self.square_mean is not None:
            chances = self._extremes(lambda v: Fraction(event(v)), self.square_mean)
            return known + self.mass * min(chances), known + self.mass * max(chances)
        inside = [event(v) for v in self.support]
        return known + (self.mass if all(inside) else 0), known + (self.mass if any(inside) else 0)

    def third_moment_bound(self) -> Fraction:
        """The greatest E|net - total mean|^3 of the whole law over every law the knowledge allows (the
        unresolved rounds' second moment must be known): what a Berry-Esseen bound needs, taken at its worst.

        >>> from fractions import Fraction as F
        >>> law = PartialLaw.of({F(0): F(1, 2)}, F(1, 2), F(0), F(-2), F(2),
        ...                     (F(-2), F(-1), F(1), F(2)), square_mean=F(2))
        >>> law.third_moment_bound()  # half the rounds on 0; the other half 1/3 at -2 and 2/3 at 1, or mirrored
        Fraction(5, 3)
        """
        if self.square_mean is None:
            raise ValueError("the third moment is bounded here only when the unresolved rounds' second moment is known")
        centre = self.total_mean
        known = sum((abs(v - centre) ** 3 * p for v, p in self.exact), Fraction(0))
        return known + self.mass * max(self._extremes(lambda v: abs(v - centre) ** 3, self.square_mean))

    def _extremes(self, value: Callable[[Fraction], Fraction], square_mean: Fraction) -> list[Fraction]:
        """The conditional expectation of `value` under every law on at most three support points.

        Each law has the unresolved rounds' mean and second moment `square_mean`. These laws are the basic
        solutions of the linear programme in the chances, whose optimum, for any `value`, is among them. The
        list is empty if there are none."""
        points = self.support
        targets = (Fraction(1), self.mean, square_mean)
        found: list[Fraction] = []
        for chosen in combinations(points, 3) if len(points) >= 3 else [points]:
            weights = _solve([[v**k for v in chosen] for k in range(3)][: len(chosen)], targets[: len(chosen)])
            if weights is None or any(w < 0 for w in weights):
                continue
            if any(sum(w * v**k for w, v in zip(weights, chosen)) != targets[k] for k in range(3)):
                continue
            found.append(sum((w * value(v) for w, v in zip(weights, chosen)), Fraction(0)))
        return found

    def chance_bounds(self) -> dict[str, tuple[Fraction, Fraction]]:
        """Bounds of P(win) (net return > 0), P(push) (= 0) and P(loss) (< 0), as `Distribution` defines them.

        >>> from fractions import Fraction as F
        >>> bounds = PartialLaw.of({F(-1): F(1, 2)}, F(1, 2), F(0), F(-2), F(2), (F(-2), F(2))).chance_bounds()
        >>> bounds["push"], bounds["loss"]  # no push possible; half the rounds lose, maybe all
        ((Fraction(0, 1), Fraction(0, 1)), (Fraction(1, 2), Fraction(1, 1)))
        """
        return {
            "win": self.probability_bounds(lambda v: v > 0),
            "push": self.probability_bounds(lambda v: v == 0),
            "loss": self.probability_bounds(lambda v: v < 0),
        }

    def second_moment_bounds(self) -> tuple[Fraction, Fraction]:
        """The least and greatest E[net^2] (see the module docstring for why both are attained or valid).

        >>> from fractions import Fraction as F
        >>> law = PartialLaw.of({F(0): F(1, 2)}, F(1, 2), F(0), F(-2), F(2), (F(-2), F(0), F(2)))
        >>> law.second_moment_bounds()  # the unresolved half all at 0, or split between -2 and 2
        (Fraction(0, 1), Fraction(2, 1))
        """
        known = sum((v * v * p for v, p in self.exact), Fraction(0))
        if self.square_mean is not None:
            return known + self.mass * self.square_mean, known + self.mass * self.square_mean
        top = (self.low + self.high) * self.mean - self.low * self.high
        return known + self.mass * self.mean**2, known + self.mass * top

    def variance_bounds(self) -> tuple[Fraction, Fraction]:
        """The least and greatest variance of the whole law (its mean is exact).

        >>> from fractions import Fraction as F
        >>> law = PartialLaw.of({F(1): F(1, 2)}, F(1, 2), F(0), F(-2), F(2), (F(-2), F(0), F(2)))
        >>> law.variance_bounds()  # mean 1/2; E[net^2] from 1/2 to 5/2
        (Fraction(1, 4), Fraction(9, 4))
        """
        low, high = self.second_moment_bounds()
        m = self.total_mean
        return low - m * m, high - m * m


def _solve(rows: list[list[Fraction]], rhs: tuple[Fraction, ...]) -> list[Fraction] | None:
    """The solution of a small square linear system in exact arithmetic (Gaussian elimination), or None
    when it is singular."""
    n = len(rows)
    a = [[Fraction(x) for x in row] + [Fraction(b)] for row, b in zip(rows, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col]), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]
