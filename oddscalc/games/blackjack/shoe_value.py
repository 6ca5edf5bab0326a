"""The exact expectation of one round dealt from any shoe composition, for game protection.

Effects of removal and true-count studies evaluate a round on many depleted shoes. Two plays:

* composition-dependent optimal play on that very shoe (`strategy=None`), splits by `rules.post_split`;
* a *fixed* strategy, typically the full-shoe basic strategy (`basic_strategy(rules)`), played unchanged
  on the depleted shoe, split hands by its chart too. Its value is the exact expectation of that fixed play,
  so the count-weighted effects of removal sum to zero exactly: for any fixed play f(S) = sum_c S_c/|S| f(S - c)
  (removing a random unseen card changes nothing).

Example (1 pack, 1994 rules as a custom set; the shoe is counts per value A, 2, .., 9, ten):

    >>> from oddscalc.games.blackjack.rules import RuleSet
    >>> rs = RuleSet(decks=1)
    >>> shoe = (4, 4, 4, 4, 3, 4, 4, 4, 4, 16)          # one 5 gone
    >>> round_expectation(shoe, rs) > round_expectation((4,) * 9 + (16,), rs)
    True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from oddscalc.games.blackjack.game import full_game, up_card_evaluators
from oddscalc.games.blackjack.hand import pair_partners
from oddscalc.games.blackjack.player import hand_of
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.split import FixedPolicy
from oddscalc.games.blackjack.strategy import Strategy, derive, hand_value, play_policy

__all__ = ["round_expectation", "basic_strategy", "ShoeError"]


class ShoeError(ValueError):
    """A shoe composition the function cannot take (wrong length, negative counts, ranks needed)."""


@lru_cache(maxsize=16)
def basic_strategy(rules: RuleSet) -> Strategy:
    """The total-dependent basic strategy derived from the full shoe of `rules` (docs/blackjack.md)."""
    return derive(full_game(rules))


def round_expectation(shoe: tuple[int, ...], rules: RuleSet, strategy: Strategy | None = None) -> Fraction:
    """Exact expectation of the initial wager (per unit) for one round dealt from `shoe` (cards per value,
    index 0 = Aces .. 9 = ten-values): composition-dependent optimal play on that shoe when `strategy` is
    None, else the fixed `strategy` (e.g. `basic_strategy(rules)`) played unchanged, split hands included.
    Raises ShoeError for a malformed shoe or a same-rank ten rule (a count per value cannot say which tens
    share a rank), and ShoeRunsOut when the shoe is so small that the banker could run out of cards."""
    shoe = tuple(shoe)
    if len(shoe) != 10 or any(not isinstance(n, int) or n < 0 for n in shoe):
        raise ShoeError(f"a shoe is 10 non-negative whole counts (A, 2..9, ten), got {shoe!r}")
    if rules.same_rank_tens:
        raise ShoeError("a shoe given by values cannot say which tens share a rank: use split=same-value")
    if strategy is None:
        return full_game(rules, shoe=shoe).ev
    total = Fraction(0)
    for up, p_up, ev in up_card_evaluators(rules, shoe):
        fixed = FixedPolicy(ev, 0, play_policy(strategy, up, None, rules.das))
        left = ev.shoe
        n = sum(left)
        up_total = Fraction(0)
        for a in range(10):
            for b in range(a, 10):
                ways = left[a] * (left[b] - (a == b)) * (1 if a == b else 2)
                if ways:
                    partners = pair_partners(ev, hand_of((a, b)))
                    up_total += ways * hand_value(ev, fixed, strategy, (a, b), partners)
        total += p_up * up_total / (n * (n - 1))
        ev.dealer.release()
    return total
