"""Three Card Poker under a pay table: the optimal play/fold decision for every hand and the exact totals.

Each class's expectation of playing is an integer over L * C(N-3, 3) (L the common denominator of the odds);
folding loses the Ante. Totals are exact integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from oddscalc.games.poker.ranking import THREE_CATEGORIES, category_of
from oddscalc.games.three_card_poker.counting import TcpCounts

__all__ = ["TIE_BREAK", "TcpPays", "TcpResult", "category_counts", "evaluate"]

TIE_BREAK = "where playing and folding have exactly equal expectation the player folds (the smaller stake)"


@dataclass(frozen=True)
class TcpPays:
    """Ante odds when the banker does not qualify, Ante and Play odds on a win, Ante Bonus by category."""

    ante_not_qualifying: Fraction
    ante: Fraction
    play: Fraction
    bonus: tuple[Fraction, ...]  # indexed like THREE_CATEGORIES


@dataclass(frozen=True)
class TcpResult:
    """Exact totals over (player hand, banker hand): `returns` maps a net return per unit Ante to its number
    of combinations; `hands` lists per class (cards, value, weight, play EV, plays)."""

    total: int
    returns: dict[Fraction, int]
    played: int
    classes: tuple[tuple[tuple[int, ...], int, int, Fraction, bool], ...]
    outcomes: tuple[tuple[str, int], ...]

    @property
    def ev(self) -> Fraction:
        return sum((r * n for r, n in self.returns.items()), Fraction(0)) / self.total


def evaluate(counts: TcpCounts, pays: TcpPays) -> TcpResult:
    """Play exactly when the exact expectation of playing exceeds losing the Ante."""
    hidden = counts.banker_hands
    weights: dict[Fraction, int] = {}
    outcomes = {"fold": 0, "banker does not qualify": 0, "player wins": 0, "void (equal hands)": 0, "banker wins": 0}
    played = 0
    classes = []
    cats = category_of(counts.rep_value, 3)
    for i in range(len(counts.rep_cards)):
        w = int(counts.rep_weight[i])
        nq, lt, eq, gt = (int(x[i]) for x in (counts.nq, counts.lt, counts.eq, counts.gt))
        b = pays.bonus[int(cats[i])]
        ev_play = (pays.ante_not_qualifying * nq + (pays.ante + pays.play) * lt - 2 * gt) / hidden + b
        plays = ev_play > -1
        classes.append((tuple(int(c) for c in counts.rep_cards[i]), int(counts.rep_value[i]), w, ev_play, plays))
        if not plays:
            weights[Fraction(-1)] = weights.get(Fraction(-1), 0) + w * hidden
            outcomes["fold"] += w * hidden
            continue
        played += w * hidden
        for ret, n, name in (
            (pays.ante_not_qualifying + b, nq, "banker does not qualify"),
            (pays.ante + pays.play + b, lt, "player wins"),
            (b, eq, "void (equal hands)"),
            (-2 + b, gt, "banker wins"),
        ):
            if n:
                weights[ret] = weights.get(ret, 0) + w * n
                outcomes[name] += w * n
    total = comb(counts.deck.size, 3) * hidden
    if sum(weights.values()) != total:
        raise AssertionError("outcomes do not cover every combination")
    return TcpResult(total, weights, played, tuple(classes), tuple(outcomes.items()))


def category_counts(counts: TcpCounts) -> dict[str, int]:
    """Hands of the pack in each three-card category (from the class weights)."""
    out = dict.fromkeys(THREE_CATEGORIES, 0)
    for v, w in zip(category_of(counts.rep_value, 3), counts.rep_weight):
        out[THREE_CATEGORIES[int(v)]] += int(w)
    return out
