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

from oddscalc.core.errors import ShoeError
from oddscalc.games.blackjack.composition import full_shoe_chart, round_expectations
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.strategy import Strategy

__all__ = ["ShoeError", "basic_strategy", "round_expectation"]


def basic_strategy(rules: RuleSet) -> Strategy:
    """The total-dependent basic strategy derived from the full shoe of `rules` (docs/blackjack.md): the chart
    the game-protection analysis plays, `composition.full_shoe_chart` (kept with the cached full-shoe game)."""
    return full_shoe_chart(rules)


def round_expectation(shoe: tuple[int, ...], rules: RuleSet, strategy: Strategy | None = None) -> Fraction:
    """Exact expectation of the initial wager (per unit) for one round dealt from `shoe`.

    `shoe` holds cards per value, index 0 = Aces .. 9 = ten-values. Play is composition-dependent optimal play
    on that shoe when `strategy` is None. Else the fixed `strategy` (e.g. `basic_strategy(rules)`) is played
    unchanged, split hands included.
    Raises ShoeError for a malformed shoe or a same-rank ten rule (a count per value cannot say which tens
    share a rank), and ShoeRunsOut when the shoe is so small that the banker could run out of cards.
    The value is `composition.round_expectations`, the adapter the effects-of-removal analysis uses."""
    shoe = tuple(shoe)
    if len(shoe) != 10 or any(not isinstance(n, int) or n < 0 for n in shoe):
        raise ShoeError(f"a shoe is 10 non-negative whole counts (A, 2..9, ten), got {shoe!r}")
    if rules.same_rank_tens:
        raise ShoeError("a shoe given by values cannot say which tens share a rank: use split=same-value")
    play = "optimal" if strategy is None else "basic"
    return round_expectations(rules, shoe, None, (play,), strategy)[play]
