"""The full-pack casino stud analysis against published exact figures.

These read the shipped data (oddscalc/data/casino-stud-poker-optimal-*.json.xz) when current and otherwise
compute it (about 30 s); test_casino_stud_bruteforce recomputes reduced packs from scratch every time.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from oddscalc import api
from oddscalc.games.casino_stud_poker import CATEGORY_PAYOUT, optimal
from oddscalc.games.casino_stud_poker.strategy import ante_returns
from oddscalc.regulations.casino_stud_poker import RAISE_PAYOUTS

US = tuple(Fraction(x) for x in (1, 1, 2, 3, 4, 5, 7, 20, 50, 100))
TOTAL = comb(52, 5) * 47 * comb(46, 4)


@pytest.fixture(scope="module")
def us():
    return optimal(US)


def test_total_combinations(us):
    # "all possible 19,933,230,517,200 combinations" (Wizard of Odds, Caribbean stud poker)
    assert us.total == TOTAL == 19_933_230_517_200


def test_us_outcomes_match_the_published_return_table(us):
    # Return table for the US pay table under optimal strategy, published by the Wizard of Odds and
    # reproduced at casinoadvisor.com ("Caribbean Stud Poker Probability", 2008): exact combination counts.
    published = {
        "player wins with royal flush": 16_759_740,
        "player wins with straight flush": 156_929_720,
        "player wins with four of a kind": 2_832_435_800,
        "player wins with full house": 16_624_475_280,
        "player wins with flush": 21_856_990_280,
        "player wins with straight": 43_805_516_100,
        "player wins with three of a kind": 234_242_908_320,
        "player wins with two pairs": 488_012_139_360,
        "banker does not qualify": 4_532_514_033_720,
        "push": 321_623_100,
        "fold": 9_523_005_974_460,
        "banker wins": 2_726_592_727_512,
    }
    got = dict(us.outcomes)
    for name, n in published.items():
        assert got[name] == n, name
    # "pair or less" is one line there: our no-pair wins (A-K beating a qualifying banker) plus one-pair wins
    assert got["player wins with no pair"] + got["player wins with one pair"] == 2_343_248_003_808


def test_us_strategies_total_loss_matches_the_wizard_of_odds(us):
    # Total loss over all combinations for each strategy (Wizard of Odds, "Strategy Statistics in
    # Caribbean Stud Poker"; also Shackleford, Contingencies Nov/Dec 2000): exact integers.
    published = {
        "optimal": 1_041_372_912_372,
        "three rules of thumb": 1_041_417_758_724,
        "raise A-K-J-8-3 or better": 1_059_715_400_580,
        "matching rank (pair or better; A-K when a card matches the up-card)": 1_063_176_931_284,
        "raise any pair or better": 1_090_272_101_460,
        "raise Ace/King or better": 1_132_600_203_540,
        "raise every hand": 3_310_360_338_060,
    }
    for name, loss in published.items():
        assert -us.rule_return(name) == loss, name
    # house edge 5.224% and element of risk 2.555% (same source, three decimals)
    edge = Fraction(1_041_372_912_372, TOTAL)
    assert abs(float(edge) - 0.05224) < 5e-6
    assert abs(float(edge / (1 + Fraction(2 * us.raised, TOTAL))) - 0.02555) < 5e-6


def test_law_pay_table_through_the_api():
    a = api.analyse("casino-stud-poker", "1994")
    r = a.result("ante")
    assert [p.key for p in r.wager.payouts[1:]] == [k for k, _, _ in RAISE_PAYOUTS]
    pays = tuple(r.wager.pay(k) for k in CATEGORY_PAYOUT)
    res = optimal(pays)
    returns = ante_returns(pays)
    assert r.distribution.mean == sum(returns[k] * n for k, n in res.outcomes) / TOTAL == res.ev
    # the law's table is kinder than the US one (full house 8, flush 6 against 7, 5)
    assert r.edge("initial") < Fraction(1_041_372_912_372, TOTAL)
    assert r.edge("element-of-risk") == r.edge("initial") / (1 + 2 * Fraction(res.raised, TOTAL))
    # the royal flush pays as a straight flush unless the user says otherwise
    assert r.wager.pay("royal-flush") == r.wager.pay("straight-flush") == 50
    assert r.wager.reconstructions


def test_user_royal_figure_is_a_new_exact_analysis():
    base = api.analyse("casino-stud-poker", "1994").result("ante")
    a = api.analyse("casino-stud-poker", "1994", pay={"ante.royal-flush": "100:1"})
    r = a.result("ante")
    assert a.custom and r.wager.pay("royal-flush") == 100
    assert r.edge("initial") < base.edge("initial")
    # raising a royal flush is always right, so only its 4 x 47 x C(46,4)-weighted wins gain 2 x 50 each
    gained = r.distribution.mean - base.distribution.mean
    royal_wins = dict(optimal(tuple(r.wager.pay(k) for k in CATEGORY_PAYOUT)).outcomes)["player wins with royal flush"]
    assert gained == Fraction(royal_wins * 2 * 50, TOTAL)


def test_strategy_chart_raises_every_pair_and_folds_below_ace_king(us):
    rows = dict(us.grid)
    for label in ("one pair", "two pairs", "three of a kind", "royal flush"):
        assert all(r == n for r, n in rows[label])
    assert all(r == 0 for r, _ in rows["no pair below A-K"])
