"""The exact core: distributions, odds, rendering, the absorbing-chain solver, shoes and dice."""

from fractions import Fraction as F

import pytest

from oddscalc.core.card_shoe import Shoe, ShoeError
from oddscalc.core.dice import throws, total_distribution
from oddscalc.core.distribution import Distribution, DistributionError, render_decimal, render_sqrt
from oddscalc.core.markov import solve_chain
from oddscalc.core.odds import OddsError, parse_odds


def test_distribution_moments_match_hand_formulas():
    # A wager paying 2 to 1 with chance 1/3, else losing: EV = 2/3 - 2/3 = 0, variance = E[X^2] = 4/3 + 2/3 = 2.
    d = Distribution.from_weights({2: 1, -1: 2})
    assert d.mean == 0
    assert d.variance == 2
    assert d.stdev(10) == "1.414213562"
    assert (d.p_win, d.p_push, d.p_loss) == (F(1, 3), 0, F(2, 3))


def test_distribution_rejects_bad_probabilities():
    with pytest.raises(DistributionError):
        Distribution(((F(1), F(1, 2)),))
    with pytest.raises(DistributionError):
        Distribution.from_weights({1: -1, 0: 2})


def test_edge_per_resolved_divides_by_chance_of_decision():
    # win 1 w.p. 4/10, push 2/10, lose 4/10 minus a bit: edge 1/10 per unit, 1/8 per resolved wager.
    d = Distribution.from_weights({1: 3, 0: 2, -1: 4})
    assert d.house_edge == F(1, 9)
    assert d.edge_per_resolved == F(1, 9) / F(7, 9)


def test_sum_of_independent_distributions_convolves():
    coin = Distribution.from_weights({1: 1, -1: 1})
    two = coin + coin
    assert two.as_dict() == {F(-2): F(1, 4), F(0): F(1, 2), F(2): F(1, 4)}


@pytest.mark.parametrize(
    "text,value",
    [
        ("9½ to 5", F(19, 10)),
        ("7½ to 1", F(15, 2)),
        ("35 to 1", 35),
        ("1 to 2", F(1, 2)),
        ("45:1", 45),
        ("9 1/2 to 5", F(19, 10)),
        ("2.5:1", F(5, 2)),
        ("5 to 11", F(5, 11)),
    ],
)
def test_odds_as_written(text, value):
    assert parse_odds(text).value == value


@pytest.mark.parametrize("text", ["", "35", "to 1", "1 to 0", "a to b", "7(r) to 1"])
def test_bad_odds_are_refused(text):
    with pytest.raises(OddsError):
        parse_odds(text)


def test_decimal_rendering_rounds_half_away_from_zero():
    assert render_decimal(F(1, 8), 2) == "0.13"
    assert render_decimal(F(-1, 8), 2) == "-0.13"
    assert render_decimal(F(1, 37), 6) == "0.027027"
    assert render_decimal(F(-1, 1000), 2) == "0.00"
    assert render_sqrt(F(2), 5) == "1.4142"


def test_markov_solver_gamblers_ruin():
    # Fair walk from 1 on {0..4}: reach 4 with chance 1/4 (closed form i/N) in i(N-i) = 3 steps on average.
    def step(s):
        return {s - 1: F(1, 2), s + 1: F(1, 2)}

    result = solve_chain(1, step, lambda s: s in (0, 4))
    assert dict(result.outcomes) == {0: F(3, 4), 4: F(1, 4)}
    assert result.expected_steps == 3


def test_dice_counts():
    assert sum(1 for _ in throws(3)) == 216
    two = total_distribution(2)
    assert two[7] == F(1, 6) and two[2] == F(1, 36) and sum(two.values()) == 1


def test_shoe_draws_without_replacement():
    shoe = Shoe.of({"A": 4, "T": 16}, 1)
    draws = {label: (p, rest.size) for label, p, rest in shoe.draws()}
    assert draws == {"A": (F(4, 20), 19), "T": (F(16, 20), 19)}
    assert shoe.remove(["A"] * 4).count("A") == 0
    with pytest.raises(ShoeError, match="cannot remove 'A'"):
        shoe.remove(["A"] * 5)
    with pytest.raises(ShoeError, match="unknown card 'Z'"):
        shoe.remove(["Z"])
    assert shoe.ordered_deals(2) == 20 * 19
