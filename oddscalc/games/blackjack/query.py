"""A per-hand query: a hand, an up-card and the cards known gone -> each action's exact expectation."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.games.blackjack.exact.player import HIT, STAND, DealerTable, Evaluator, hand_of, total_of
from oddscalc.games.blackjack.hand import choose, pair_partners, start_hand
from oddscalc.games.blackjack.rules import ACE, TEN, RuleSet
from oddscalc.games.blackjack.shoe import CardError, rank_counts, value_index, values_of
from oddscalc.games.blackjack.side import insurance_win

__all__ = ["HandQuery", "query_hand"]


@dataclass(frozen=True)
class HandQuery:
    """Expectations per unit stake of each permitted action (peek: given the banker has no blackjack),
    the best action, and insurance when offered (expectation per unit insurance stake)."""

    hand: tuple[str, ...]
    up: str
    actions: tuple[tuple[str, Fraction], ...]
    best: str
    conditional_on_no_banker_bj: bool
    p_banker_bj: Fraction
    insurance: Fraction | None
    split_limit: int
    cards_left: int


def query_hand(
    rules: RuleSet, hand: list[str], up: str, removed: list[str], insurance_pays: Fraction = Fraction(2)
) -> HandQuery:
    """Exact values for `hand` (ranks) against up-card rank `up` with `removed` ranks also gone."""
    if len(hand) < 2:
        raise CardError(f"a hand needs at least two cards, got {len(hand)}: {','.join(hand) or 'none'}")
    ranks = rank_counts(rules.decks, [*removed, up, *hand])  # raises on a card the shoe cannot supply
    h = hand_of([value_index(r) for r in hand])
    total, _ = total_of(h)
    if total > 21:
        raise CardError(f"hand {','.join(hand)} totals {total}, over 21; allowed: a hand of 21 or less")
    upi = value_index(up)
    shoe = values_of(rank_counts(rules.decks, [*removed, up]))
    ev = Evaluator(shoe, upi, rules, DealerTable(upi, rules.hit_soft17))
    pbj = ev.p_banker_bj(h)
    scale = 1 / (1 - pbj) if rules.peek and pbj != 1 else Fraction(1)
    if len(hand) == 2:
        rank_left = ranks[hand[0]] if hand[0] == hand[1] else None
        partners = pair_partners(ev, h, rank_left)
        hv = start_hand(ev, h, partners)
        actions = tuple((a, v * scale) for a, v in hv.actions)
        best, limit = hv.best, hv.split_limit
    else:
        values = {STAND: ev.stand(h)}
        if total < 21:
            values[HIT] = ev.hit(h)
        actions = tuple((a, v * scale) for a, v in values.items())
        best, limit = choose(values), 0
    ins = None
    if len(hand) == 2 and h[ACE] == 1 and h[TEN] == 1 and upi == ACE:
        p = insurance_win(ev.left(h))
        ins = insurance_pays * p - (1 - p)
    return HandQuery(tuple(hand), up, actions, best, rules.peek, pbj, ins, limit, sum(ev.left(h)))
