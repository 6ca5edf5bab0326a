"""The player's hands as arrays, for the double-precision evaluator of the protection study
(`double_precision.round_value`).

`HandSpace`: every hand of one or more cards whose hard total (Aces as 1) is 21 or less, 3,082 of them. Each
hand has its children (one more card; -1 when it busts). They are ordered by hard total from the highest, so
that a pass in that order meets a hand's children before the hand.

`Removals`: the multisets R whose composition `shoe - up-card - R` the banker is asked about. R is a hand h
(R = h), or a split hand h of pair value p played from the shoe less k = 1 + t cards of value p. (Then
R = h + k p: the other original pair card, and t pair cards that started further hands.) Only hands whose
stand value a play may ask for are listed. They are hands of two or three cards, or of a total a play may
stand on: hard 12 or more, soft 17 or more. The rows are sorted by their counts of tens, then 9s, .., Aces,
the order `double_precision.banker_values.stand_values` shares its levels in.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from oddscalc.games.blackjack.exact.banker import hand_total

__all__ = ["HandSpace", "Removals", "hand_space", "may_stand", "removals"]


@dataclass(frozen=True)
class HandSpace:
    """Every hand of hard total 21 or less, as arrays indexed by hand number."""

    hands: np.ndarray  # (H, 10) counts per value index
    size: np.ndarray  # cards in the hand
    total: np.ndarray  # best total (an Ace as 11 when that stays within 21)
    soft: np.ndarray  # whether that total counts an Ace as 11
    child: np.ndarray  # (H, 10): the hand with one more card of value c, -1 when that busts it
    order: np.ndarray  # hand numbers by hard total, highest first
    index: dict  # hand (tuple of counts) -> number

    def holding(self, pair: int) -> np.ndarray:
        """`order` restricted to the hands holding a card of value index `pair`."""
        return self.order[self.hands[self.order, pair] > 0]


@lru_cache(maxsize=1)
def hand_space() -> HandSpace:
    found: list[tuple[int, ...]] = []

    def grow(c: int, counts: list[int], hard: int) -> None:
        if c == 10:
            if hard:
                found.append(tuple(counts))
            return
        m = 0
        while hard + m * (c + 1) <= 21:
            grow(c + 1, counts + [m], hard + m * (c + 1))
            m += 1

    grow(0, [], 0)
    index = {h: i for i, h in enumerate(found)}
    hands = np.array(found, dtype=np.int64)
    hard = hands @ np.arange(1, 11)
    totals = [hand_total(int(t), int(a)) for t, a in zip(hard, hands[:, 0])]
    child = np.array(
        [[index.get(h[:c] + (h[c] + 1,) + h[c + 1 :], -1) for c in range(10)] for h in found], dtype=np.int64
    )
    return HandSpace(
        hands,
        hands.sum(axis=1),
        np.array([t for t, _ in totals], dtype=np.int64),
        np.array([s for _, s in totals], dtype=np.bool_),
        child,
        np.argsort(-hard, kind="stable").astype(np.int64),
        index,
    )


def may_stand(space: HandSpace) -> np.ndarray:
    """Hands whose stand value some play may ask for: two or three cards (a first decision, a split Ace's
    second card, a doubled hand), or a total the player may stand on (hard 12 or more, soft 17 or more)."""
    t, n = space.total, space.size
    return (n >= 2) & ((n <= 3) | (t >= 17) | (~space.soft & (t >= 12)))


@dataclass(frozen=True)
class Removals:
    """The multisets removed from the shoe (the up-card aside) whose banker values a round may ask for.

    `rows` (U, 10) sorted by counts of tens, 9s, .., Aces. `comp[s, h]`: the row of hand h under shift s
    (-1 when not listed). `shifts[s]` = (pair value index, k), (-1, 0) for no split. `first`: the rows every
    round asks for (no split, and split hands on the shoe less the other pair card alone), ascending."""

    rows: np.ndarray
    sizes: np.ndarray
    comp: np.ndarray
    shifts: tuple[tuple[int, int], ...]
    first: np.ndarray
    where: dict[tuple[int, int], int]  # (pair, k) -> its shift number

    def shift(self, pair: int, k: int) -> int:
        return self.where[(pair, k)] if k else 0


@lru_cache(maxsize=16)
def removals(most: tuple[tuple[int, int], ...]) -> Removals:
    """The removals for split pairs `most` ((pair value index, largest k), ...)."""
    space = hand_space()
    standing = may_stand(space)
    shifts = [(-1, 0)] + [(p, k) for p, top in most for k in range(1, top + 1)]
    parts, owners = [], []
    for s, (p, k) in enumerate(shifts):
        members = np.flatnonzero(standing & (space.hands[:, p] > 0 if p >= 0 else True))
        rows = space.hands[members].copy()
        if p >= 0:
            rows[:, p] += k
        parts.append(rows)
        owners.append((s, members))
    stacked = np.concatenate(parts)
    unique, inverse = np.unique(stacked[:, ::-1], axis=0, return_inverse=True)  # rows sorted tens first
    unique = np.ascontiguousarray(unique[:, ::-1])
    inverse = inverse.reshape(-1)
    comp = np.full((len(shifts), len(space.hands)), -1, dtype=np.int64)
    first = []
    at = 0
    for (s, members), rows in zip(owners, parts):
        ids = inverse[at : at + len(rows)]
        comp[s, members] = ids
        if shifts[s][1] <= 1:
            first.append(ids)
        at += len(rows)
    return Removals(
        unique,
        unique.sum(axis=1),
        comp,
        tuple(shifts),
        np.unique(np.concatenate(first)),
        {x: s for s, x in enumerate(shifts)},
    )
