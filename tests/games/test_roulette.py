"""Roulette against a direct count over the 37 compartments of the wheel (SI 1994/2899 reg 4)."""

from fractions import Fraction as F

from oddscalc import api


def brute_force_ev(covered: set[int], pays: F, half_back: bool) -> F:
    total = F(0)
    for number in range(37):
        if number in covered:
            total += pays
        elif half_back and number == 0:
            total -= F(1, 2)
        else:
            total -= 1
    return total / 37


def test_every_wager_against_the_wheel():
    analysis = api.analyse("roulette", "1994")
    assert len(analysis.results) == 8  # reg 4(5)(a)-(h)
    for r in analysis.results:
        n = r.wager.param("numbers")
        covered = set(range(1, n + 1))
        assert r.distribution.mean == brute_force_ev(covered, r.wager.pay(), n == 18)


def test_edges_are_one_in_37_but_even_chances_one_in_74():
    # The headline check: 1/37 for every wager, 1/74 for the even chances (half back on zero, reg 4(6)).
    for version in ("1994", "2002", "2007"):
        for r in api.analyse("roulette", version).results:
            expected = F(1, 74) if r.wager.key == "even-chance" else F(1, 37)
            assert r.edge() == expected, r.wager.key
