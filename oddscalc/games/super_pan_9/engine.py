"""Super Pan 9 (SI 1994/2899 reg 9): three cards a hand, an optional fourth, exact over a shoe composition.

A deal uses at most eight cards: the player's three, the banker's three, the player's fourth and the
banker's fourth. As in punto banco every deal is counted as the ordered eight-card sequences that begin
with it (total N(N-1)...(N-7)). The player sees only his own three cards when he decides (all cards are
disclosed at the end, reg 9(10)); the banker's rule is fixed (`HOUSE_RULE`, reg 9(2)(g)).

Take each of the player's three-card holdings (a multiset of point values). Over the ordered five-card
continuations left in the shoe (banker's three, player's fourth, banker's fourth), the engine counts how
often the player wins, ties and loses if he stands and if he draws. These are int64 sums of
`deals.deal_weights` (at most 285^5 < 2^63); the totals over holdings are Python ints.

`solve(..., infinite=True)` counts the same outcomes in the infinite-shoe model (cards drawn with replacement in
the shoe's proportions): a sequence of values weighs the product of their counts, out of N^8.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

import numpy as np
from numpy.typing import NDArray

from oddscalc.core.progress import Progress
from oddscalc.games.baccarat.deals import deal_weights, ordered_deals
from oddscalc.wager_results import ShoeRunsOut

__all__ = ["CARDS_PER_DEAL", "DRAW", "HOUSE_RULE", "STAND", "Holding", "Solution", "holding", "solve"]

#: The House as banker draws a fourth card on a three-card point of 5 or less, stands on 6 or more (reg 9(2)(g)).
HOUSE_RULE: tuple[bool, ...] = tuple(point <= 5 for point in range(10))
STAND, DRAW = "stand", "draw"
CARDS_PER_DEAL = 8
_REST = 5  # banker's three, player's fourth, banker's fourth


@dataclass(frozen=True)
class Holding:
    """The player's three cards (point values, sorted) and the outcomes of standing and of drawing.

    `deals`: ordered three-card sequences with these values; `stand`/`draw`: (wins, ties, losses) over the
    `continuations` ordered five-card sequences that can follow them.
    """

    cards: tuple[int, int, int]
    deals: int
    stand: tuple[int, int, int]
    draw: tuple[int, int, int]
    continuations: int

    @property
    def point(self) -> int:
        return sum(self.cards) % 10

    def outcome(self, decision: str) -> tuple[int, int, int]:
        return self.draw if decision == DRAW else self.stand

    def ev(self, decision: str, pays: Fraction) -> Fraction:
        """Exact expectation per unit of an initial wager paid at `pays` on a win, void on equal points."""
        win, _, lose = self.outcome(decision)
        return (pays * win - lose) / self.continuations

    def best(self, pays: Fraction) -> str:
        """Draw only when drawing is strictly better; on an exact tie of expectations, stand.

        Both expectations share the denominator `continuations`, so the integer numerators (scaled by the
        odds' denominator) are compared: exact, and without building fractions."""
        pays = Fraction(pays)
        score = {d: pays.numerator * self.outcome(d)[0] - pays.denominator * self.outcome(d)[2] for d in (STAND, DRAW)}
        return DRAW if score[DRAW] > score[STAND] else STAND


@dataclass(frozen=True)
class Solution:
    """Every holding's outcomes for one shoe composition and one banker rule, on the finite shoe or (`infinite`)
    in the infinite-shoe model."""

    counts: tuple[int, ...]
    banker_rule: tuple[bool, ...]
    holdings: tuple[Holding, ...]
    infinite: bool = False

    @property
    def total(self) -> int:
        """Ordered eight-card deals from the shoe (infinite: sequences of eight values weighed by their counts)."""
        return _sequences(sum(self.counts), CARDS_PER_DEAL, self.infinite)

    def strategy(self, pays: Fraction) -> dict[tuple[int, int, int], str]:
        """The player's best decision for every holding, for an initial wager paid at `pays`."""
        return {h.cards: h.best(pays) for h in self.holdings}

    def outcome(self, strategy: Mapping[tuple[int, int, int], str]) -> tuple[int, int, int]:
        """(player wins, ties, banker wins) over ordered eight-card deals when the player follows `strategy`."""
        sums = [0, 0, 0]
        for h in self.holdings:
            for i, n in enumerate(h.outcome(strategy[h.cards])):
                sums[i] += h.deals * n
        return sums[0], sums[1], sums[2]


@lru_cache(maxsize=4)
def _grouping(
    banker_rule: tuple[bool, ...], values: int
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.int_]]:
    """Over (b1, b2, b3, x, y): sort order, group starts, and codes (banker final point) * values + x."""
    b1, b2, b3, x, y = np.indices((values,) * _REST)
    point = (b1 + b2 + b3) % 10
    final = np.where(np.array(banker_rule, dtype=bool)[point], (point + y) % 10, point)
    code = (final * values + x).ravel()
    order = np.argsort(code, kind="stable")
    ordered = code[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    return order, starts, ordered[starts]


def _sequences(size: int, cards: int, infinite: bool) -> int:
    """Ordered sequences of `cards` cards from `size`: distinct cards, or (infinite) drawn with replacement."""
    return size**cards if infinite else ordered_deals(size, cards)


def _ordered_draws(counts: Sequence[int], cards: Sequence[int], infinite: bool = False) -> int:
    """Ordered sequences of len(cards) cards from `counts` whose values are the multiset `cards` (infinite: drawn
    with replacement)."""
    mult = {v: cards.count(v) for v in set(cards)}
    arrangements = factorial(len(cards)) // prod(factorial(m) for m in mult.values())
    return arrangements * prod(prod(counts[v] - (0 if infinite else k) for k in range(m)) for v, m in mult.items())


def _replacement_weights(counts: Sequence[int], cards: int) -> NDArray[np.int64]:
    """int64 array over value sequences (v1..v_cards) drawn with replacement: the product of their counts."""
    c = np.asarray(counts, dtype=np.int64)
    if int(c.sum()) ** cards >= 2**63:
        raise OverflowError("shoe too large for int64 weights")
    w = c
    for _ in range(1, cards):
        w = np.multiply.outer(w, c)
    return w


@lru_cache(maxsize=2)
def _rest_weights(counts: tuple[int, ...], infinite: bool) -> dict[tuple[int, int, int], NDArray[np.int64]]:
    """For each three-card holding the shoe can deal: the flattened weights of the five positions after it (the
    same for every holding in the infinite-shoe model)."""
    if infinite:
        after = _replacement_weights(counts, _REST).ravel()
        return {
            cards: after
            for cards in combinations_with_replacement(range(len(counts)), 3)
            if _ordered_draws(counts, cards, True)
        }
    out = {}
    for cards in combinations_with_replacement(range(len(counts)), 3):
        if _ordered_draws(counts, cards):
            rest = list(counts)
            for v in cards:
                rest[v] -= 1
            out[cards] = deal_weights(rest, _REST).ravel()
    return out


def _compare(player: int, banker: int) -> int:
    return 0 if player > banker else 1 if player == banker else 2


def _after(counts: Sequence[int], cards: tuple[int, int, int], infinite: bool) -> NDArray[np.int64]:
    """The flattened weights of the five positions after one three-card holding (`_rest_weights` for one)."""
    if infinite:
        return _replacement_weights(counts, _REST).ravel()
    rest = list(counts)
    for v in cards:
        rest[v] -= 1
    return deal_weights(rest, _REST).ravel()


def holding(
    counts: Sequence[int],
    cards: tuple[int, int, int],
    banker_rule: tuple[bool, ...] = HOUSE_RULE,
    infinite: bool = False,
) -> Holding:
    """One three-card holding's exact outcomes of standing and drawing on the shoe `counts` (the cards sorted), for a
    monitor that has seen the hand: the work of `solve` for that holding alone."""
    counts = tuple(int(n) for n in counts)
    if sum(counts) < CARDS_PER_DEAL:
        raise ShoeRunsOut(f"the shoe holds {sum(counts)} cards; a Super Pan 9 deal needs {CARDS_PER_DEAL}")
    cards = (cards[0], cards[1], cards[2])
    if not _ordered_draws(counts, cards, infinite):
        raise ValueError(f"the shoe {counts} cannot deal the holding {cards}")
    return _holding(counts, cards, banker_rule, infinite, _after(counts, cards, infinite))


def _holding(
    counts: Sequence[int],
    cards: tuple[int, int, int],
    banker_rule: tuple[bool, ...],
    infinite: bool,
    after: NDArray[np.int64] | None = None,
) -> Holding:
    values = len(counts)
    order, starts, codes = _grouping(banker_rule, values)
    weights = _rest_weights(tuple(counts), infinite)[cards] if after is None else after
    sums = np.add.reduceat(weights[order], starts)
    point = sum(cards) % 10
    stand, draw = [0, 0, 0], [0, 0, 0]  # (wins, ties, losses)
    for code, n in zip(codes.tolist(), sums.tolist()):
        banker, x = divmod(code, values)
        stand[_compare(point, banker)] += n
        draw[_compare((point + x) % 10, banker)] += n
    continuations = _sequences(sum(counts) - (0 if infinite else len(cards)), _REST, infinite)
    assert sum(stand) == sum(draw) == continuations
    return Holding(
        cards,
        _ordered_draws(counts, cards, infinite),
        (stand[0], stand[1], stand[2]),
        (draw[0], draw[1], draw[2]),
        continuations,
    )


def solve(
    counts: Sequence[int],
    banker_rule: tuple[bool, ...] = HOUSE_RULE,
    progress: Progress | None = None,
    infinite: bool = False,
) -> Solution:
    """Exact outcomes of standing and drawing for every three-card holding the shoe `counts` can deal, on the
    finite shoe or (`infinite`) exact in the infinite-shoe model of its proportions."""
    counts = tuple(int(n) for n in counts)
    if sum(counts) < CARDS_PER_DEAL:
        raise ShoeRunsOut(f"the shoe holds {sum(counts)} cards; a Super Pan 9 deal needs {CARDS_PER_DEAL}")
    holdings = [
        cards
        for cards in combinations_with_replacement(range(len(counts)), 3)
        if _ordered_draws(counts, cards, infinite)
    ]
    found = []
    for i, cards in enumerate(holdings):
        if progress and i % 12 == 0:
            progress(i, len(holdings), "Super Pan 9 holdings")
        found.append(_holding(counts, cards, banker_rule, infinite))
    if progress:
        progress(len(holdings), len(holdings), "Super Pan 9 holdings")
    solution = Solution(counts, banker_rule, tuple(found), infinite)
    assert sum(h.deals * h.continuations for h in found) == solution.total
    return solution
