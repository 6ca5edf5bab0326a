"""Families of alternatives to a result law: each a fixed law q, stored as the log-likelihood ratio log q(c)/p(c)
of every category c (floats: e-values may be floats; the law p they are taken against is exact).

A "raise" alternative makes a group of categories (a pocket, an arc of neighbouring pockets, a total) likelier by
a factor 1 + delta and every other category less likely in proportion, so that q sums to 1. A "loaded die"
alternative makes one face likelier on every die of the throw. The monitor's detectors are CUSUM statistics of
these ratios (detector.py): a family of K alternatives costs log K in the threshold, the price of not knowing
which fault it is.

>>> from fractions import Fraction
>>> fam = raise_family("pockets", [Fraction(1, 37)] * 37, [(c,) for c in range(37)], (Fraction(1),))
>>> fam.llr.shape, round(float(fam.llr[17, 17]), 6), round(float(fam.llr[17, 0]), 6)  # log 2, log(35/36)
((37, 37), 0.693147, -0.028171)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import numpy as np

__all__ = ["Family", "concat", "die_family", "raise_family", "raised_law"]


@dataclass(frozen=True)
class Family:
    """Alternatives to one law: llr[k, c] = log(q_k(c) / p(c)) and a label for each k."""

    name: str
    llr: np.ndarray
    labels: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.labels)


def raised_law(p: Sequence[Fraction], group: Sequence[int], delta: Fraction) -> tuple[Fraction, ...]:
    """The law p with the categories of `group` together (1 + delta) times likelier, the others scaled down.

    >>> raised_law([Fraction(1, 4)] * 4, (0,), Fraction(1))
    (Fraction(1, 2), Fraction(1, 6), Fraction(1, 6), Fraction(1, 6))
    """
    inside = sum((p[c] for c in group), Fraction(0))
    if not 0 < (1 + delta) * inside < 1:
        raise ValueError(f"cannot raise a group of chance {inside} by {delta}")
    outside = (1 - (1 + delta) * inside) / (1 - inside)
    members = set(group)
    return tuple(x * (1 + delta) if c in members else x * outside for c, x in enumerate(p))


def _ratio_row(q: Sequence[Fraction], p: Sequence[Fraction]) -> list[float]:
    return [math.log(a / b) for a, b in zip(q, p)]


def raise_family(
    name: str, p: Sequence[Fraction], groups: Sequence[Sequence[int]], deltas: Sequence[Fraction], label=None
) -> Family:
    """Every group raised by every delta that leaves a law (a group already likelier than 1/(1 + delta) is
    skipped for that delta)."""
    rows, labels = [], []
    for g in groups:
        inside = sum((p[c] for c in g), Fraction(0))
        for d in deltas:
            if not 0 < (1 + d) * inside < 1:
                continue
            rows.append(_ratio_row(raised_law(p, g, d), p))
            labels.append(f"{label(g) if label else g} {float(d):+.0%}")
    return Family(name, np.array(rows, dtype=np.float64), tuple(labels))


def die_family(name: str, dice: int, deltas: Sequence[Fraction]) -> Family:
    """A loaded die: face f likelier by 1 + delta on each of `dice` dice (the others alike), over the 6^dice
    ordered throws coded as in laws.py."""
    rows, labels = [], []
    fair = [Fraction(1, 6)] * 6
    for f in range(6):
        for d in deltas:
            face = [math.log(x) for x in (np.array(raised_law(fair, (f,), d), dtype=object) / Fraction(1, 6))]
            rows.append([sum(face[x] for x in t) for t in product(range(6), repeat=dice)])
            labels.append(f"face {f + 1} {float(d):+.0%}")
    return Family(name, np.array(rows, dtype=np.float64), tuple(labels))


def concat(name: str, *families: Family) -> Family:
    """One family holding the alternatives of several over the same categories."""
    return Family(name, np.vstack([f.llr for f in families]), tuple(x for f in families for x in f.labels))
