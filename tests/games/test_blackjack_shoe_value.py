"""`shoe_value.round_expectation` (the game-protection entry point) against an independent derivation: the
reference simulator's play enumerated over every card order of a tiny shoe (no engine code settles a round
there), for a fixed chart played on a shoe other than the one it was derived on."""

from fractions import Fraction

import pytest

from oddscalc import api
from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe_value import ShoeError, round_expectation
from oddscalc.games.blackjack.stored_summary import strategy_data
from oddscalc.games.blackjack.strategy import derive
from oddscalc.sim import blackjack as sim
from tests.blackjack_round_brute_force import SHOE, simulator_law

OTHER = (2, 1, 0, 0, 0, 1, 2, 3, 1, 7)  # a ten fewer, a 7 more: the chart is not re-derived here


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules,strings",
    [
        (RuleSet(max_hands=3), {"max_hands": "3"}),
        (
            RuleSet(max_hands=4, hit_soft17=True, double_totals=None, peek=True, split_values=frozenset(range(1, 10))),
            {"max_hands": "4", "soft17": "hit", "double": "any", "hole_card": "peek", "split": "no-10"},
        ),
    ],
)
def test_fixed_chart_on_another_shoe_matches_every_deal_of_the_simulator(rules, strings):
    strategy = derive(full_game(rules, shoe=SHOE))
    w = next(w for w in api.wagers("blackjack", "2007") if w.key == "initial")
    table = sim._table(w, {"decks": "1", **strings}, strategy_data(strategy))
    law = simulator_law(table, OTHER)
    assert sum(law.values()) == 1
    assert round_expectation(OTHER, rules, strategy) == sum(k * p for k, p in law.items())


def test_optimal_play_is_the_full_game_on_that_shoe_and_bad_shoes_are_refused():
    rules = RuleSet(max_hands=2)
    assert round_expectation(OTHER, rules) == full_game(rules, shoe=OTHER).ev
    with pytest.raises(ShoeError):
        round_expectation((1, 2, 3), rules)
    with pytest.raises(ShoeError):
        round_expectation(OTHER, RuleSet(same_rank_tens=True))
    assert isinstance(round_expectation(OTHER, rules), Fraction)


@pytest.mark.slow
def test_effects_of_removal_of_a_fixed_chart_sum_to_zero():
    """sum_c n_c (E(S - c) - E(S)) = 0 for any fixed play: removing a random unseen card changes nothing."""
    rules = RuleSet(max_hands=3)
    strategy = derive(full_game(rules, shoe=SHOE))
    shoe = (3, 2, 1, 1, 1, 2, 2, 4, 2, 10)
    base = round_expectation(shoe, rules, strategy)
    total = Fraction(0)
    for c in range(10):
        if shoe[c]:
            less = shoe[:c] + (shoe[c] - 1,) + shoe[c + 1 :]
            total += shoe[c] * (round_expectation(less, rules, strategy) - base)
    assert total == 0
