"""Where one split's resplit law starts: the rules, the up-card's evaluator, the shoe left, the pair partners and
the post-split play, for measuring or timing that law alone (the benchmarks and the studies of its cost)."""

from __future__ import annotations

from oddscalc.games.blackjack.exact.player import hand_of
from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.hand import pair_partners
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.splits.expectation import split_value

__all__ = ["split_case"]


def split_case(decks: int, pair: int, up: int, hands: int) -> tuple:
    """(rules, evaluator, shoe, pair partners left, post-split policy) for splitting a pair against an up-card
    (value indices), 1994 rules with `hands` at most, CDP1 play: what a split's resplit law starts from."""
    rules = RuleSet(decks=decks, max_hands=hands)
    ev = full_game(rules, ups=(up,)).evaluators[up]
    h = hand_of((pair, pair))
    shoe = ev.left(h)
    partners = pair_partners(ev, h)
    if partners is None:
        raise ValueError(f"1994 rules do not split a pair of value index {pair}")
    return rules, ev, shoe, partners, split_value(shoe, up, pair, partners, rules, ev.dealer, None).policy
