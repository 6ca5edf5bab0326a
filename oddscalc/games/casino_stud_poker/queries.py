"""Queries of single decisions in casino stud poker: one hand against one up-card (by listing the banker's
hidden sets outright), and every hand class against every up-card (from the counting engine)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TypeAlias

import numpy as np

from oddscalc.core.errors import InputError
from oddscalc.core.progress import Progress
from oddscalc.games.casino_stud_poker import counting, strategy
from oddscalc.games.casino_stud_poker.payouts import raise_pays
from oddscalc.games.poker import cards, tables
from oddscalc.games.poker.cards import FULL_DECK, Deck
from oddscalc.games.poker.ranking import FIVE_CATEGORIES, category_of
from oddscalc.regulations.model import Wager

__all__ = ["DecisionRow", "HandDecision", "decisions", "hand_decision"]


@dataclass(frozen=True)
class HandDecision:
    """One player hand against one up-card: the banker's hidden sets by outcome, and the exact expectations."""

    hand: str
    up: str
    category: str
    no_qualify: int
    player_wins: int
    void: int
    banker_wins: int
    raise_ev: Fraction
    fold_ev: Fraction

    @property
    def decision(self) -> str:
        return "raise" if self.raise_ev > self.fold_ev else "fold"


def hand_decision(w: Wager, hand: str, up: str, deck: Deck = FULL_DECK) -> HandDecision:
    """Exact expectations of raising and folding for `hand` (five cards) against up-card `up`, listing all
    C(46, 4) hidden sets of the banker; odds read from the `ante` wager."""
    cards_ = deck.hand(hand, 5)
    up_card = deck.card(up)
    if up_card in cards_:
        raise cards.CardError(f"up-card {up} is one of the player's cards")
    nq, lt, eq, gt = counting.pair_outcome(deck, cards_, up_card)
    pays = raise_pays(w)
    value = int(tables.rank_hands(deck, np.array([cards_]))[0])
    cat = int(category_of(value, 5))
    ante = w.pay("ante")
    raise_ev = (ante * nq + (ante + 2 * pays[cat]) * lt - 3 * gt) / Fraction(nq + lt + eq + gt)
    return HandDecision(
        " ".join(deck.name(c) for c in cards_),
        deck.name(up_card),
        FIVE_CATEGORIES[cat],
        nq,
        lt,
        eq,
        gt,
        raise_ev,
        Fraction(-1),
    )


#: One row of `decisions`: (hand, up-card, hands in the class, no-qualify, player wins, void, banker wins, EV of
#: raising, decision).
DecisionRow: TypeAlias = tuple[str, str, int, int, int, int, int, Fraction, str]


def decisions(
    w: Wager, hands: str = "ace-king", progress: Progress | None = None, deck: Deck = FULL_DECK
) -> Iterator[DecisionRow]:
    """Every (player hand class, up-card) pair's exact raise expectation and decision, as rows:
    (hand, up-card, hands in the class, no-qualify, player wins, void, banker wins, EV of raising, decision).

    `hands` is "ace-king" (the no-pair A-K hands, the only ones whose decision varies) or "all" (6,319,573 rows).
    The hand is the class's representative; its class holds the hands equal to it up to relabelling suits.
    """
    if hands not in ("ace-king", "all"):
        raise InputError(f"hands must be 'ace-king' or 'all', not {hands!r}")
    pays, ante = raise_pays(w), w.pay("ante")
    scale = lcm(*(p.denominator for p in (ante, *pays)))
    counts = counting.stud_counts(deck, progress)
    pay_scaled = np.array([int(p * scale) for p in pays], dtype=np.int64)
    hidden = counts.hidden
    rank_values = deck.rank_values()
    rep_ranks = np.sort(rank_values[counts.rep_cards], axis=1)[:, ::-1]
    names = [" ".join(deck.name(int(c)) for c in row) for row in counts.rep_cards]
    for g in counts.groups:
        cat = category_of(counts.rep_value[g.rep], 5)
        raise_num, fold_num = strategy.pair_evs(g, cat, pay_scaled, int(ante * scale), scale, hidden)
        keep = np.ones(len(g.rep), dtype=bool)
        if hands == "ace-king":
            r = rep_ranks[g.rep]
            keep = (cat == 0) & (r[:, 0] == 14) & (r[:, 1] == 13)
        for i in np.nonzero(keep)[0]:
            ev = Fraction(int(raise_num[i]), scale * hidden)
            yield (
                names[g.rep[i]],
                deck.name(int(g.up[i])),
                int(counts.rep_weight[g.rep[i]]),
                int(g.nq[i]),
                int(g.lt[i]),
                int(g.eq[i]),
                int(g.gt[i]),
                ev,
                "raise" if raise_num[i] > fold_num else "fold",
            )
