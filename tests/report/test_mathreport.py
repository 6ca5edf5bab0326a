"""The math report against derivations worked here: closed forms, hand counts, published counts and figures,
the law of a blackjack round, and the spread of seeded simulations."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F
from statistics import NormalDist, fmean, pstdev

import pytest
import sympy

from oddscalc import api
from oddscalc.core.distribution import Distribution
from oddscalc.core.math_report import BAND_ROUNDS, report_of
from oddscalc.core.partial_law import PartialLaw
from oddscalc.sim.simulators import simulate
from tests.punto_banco_reference import PUBLISHED

Z = NormalDist()


def surd(value: F) -> sympy.Expr:
    return sympy.sqrt(sympy.Rational(value.numerator, value.denominator))


@pytest.mark.parametrize(
    "key,numbers",
    [("straight", 1), ("split", 2), ("street", 3), ("corner", 4), ("six-line", 6), ("dozen", 12), ("two-dozens", 24)],
)
def test_roulette_standard_deviation_closed_form(key, numbers):
    """A bet on k of 37 numbers paying 36/k - 1 to 1: X + 1 = (36/k) Bernoulli(k/37), so
    SD = (36/k) sqrt(p (1 - p)) with p = k/37; for the straight bet that is 36 x 6/37 = 216/37."""
    m = api.math_report("roulette", "1994", key)
    p = F(numbers, 37)
    variance = F(36, numbers) ** 2 * p * (1 - p)
    assert m.variance == variance
    assert sympy.simplify(sympy.sympify(m.standard_deviation.exact) - surd(variance)) == 0
    assert abs(float(m.standard_deviation.decimal()) - math.sqrt(variance)) < 1e-12
    if key == "straight":
        assert m.standard_deviation.exact == "216/37"
        assert (m.top_award.net_return, m.top_award.one_in) == (35, 37)
    assert m.p_win == m.hit_frequency == p and m.p_push == 0 and m.p_loss == 1 - p
    assert m.expected_return == F(-1, 37) and m.rtp == F(36, 37)
    for v in m.volatility:  # z from the standard library's normal, not mpmath
        z = Z.inv_cdf((1 + float(v.level)) / 2)
        assert abs(float(v.value) - z * math.sqrt(variance)) < 1e-9
    assert (m.stake, m.element_of_risk) == (1, None)


def test_pass_line_standard_deviation_by_hand():
    """Pass line ("win", Sch 1 para 1): come-out 7 or 11 wins (8 ways in 36); a point p thrown in w ways is
    made before a 7 with chance w/(w+6). Net return +-1, so SD = sqrt(1 - mean^2)."""
    ways = {4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}
    p_win = F(8, 36) + sum(F(w, 36) * F(w, w + 6) for w in ways.values())
    assert p_win == F(244, 495)
    mean = 2 * p_win - 1
    variance = 1 - mean**2
    m = api.math_report("dice", "1994", "win")
    assert m.variance == variance == F(244976, 245025)
    assert sympy.sympify(m.standard_deviation.exact) == surd(variance) == 4 * sympy.sqrt(15311) / 495
    # Behind the pass line the law allows odds up to the flat stake (para 1(2)) when a point is set (2/3 of
    # rounds), at true odds: total staked 1 + 2/3, and the loss stays the flat wager's 7/495.
    p_point = sum(F(w, 36) for w in ways.values())
    assert m.stake == 1 + p_point == F(5, 3)
    assert m.element_of_risk == F(7, 495) / F(5, 3)
    # Published: pass line with single odds, house edge on total action 0.848% (Wizard of Odds, craps).
    assert f"{float(m.element_of_risk) * 100:.3f}" == "0.848"


def test_dont_pass_lay_stake_by_hand():
    """Don't win bar 2 (first-throw 2 disregarded, para 2(1)): a point is set with chance 24/35 of the throws
    that count; laying odds to win at most the flat stake costs 2, 3/2, 6/5 on 4/10, 5/9, 6/8."""
    ways = {4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}
    lay = {4: 2, 5: F(3, 2), 6: F(6, 5), 8: F(6, 5), 9: F(3, 2), 10: 2}
    stake = 1 + sum(F(w, 35) * lay[p] for p, w in ways.items())
    m = api.math_report("dice", "1994", "dont-win-bar-2")
    assert m.stake == stake
    assert m.element_of_risk == -m.expected_return / stake  # lay wagers at true odds add no loss


@pytest.mark.parametrize("decks", [6, 8])
def test_punto_banco_banker_standard_deviation_from_published_counts(decks):
    """Banker's hand at 19 to 20, void on a tie: X = 19/20, 0, -1 with the published counts of ordered deals."""
    bank, player, tie = PUBLISHED[decks]
    total = bank + player + tie
    mean = (F(19, 20) * bank - player) / total
    variance = (F(361, 400) * bank + player) / total - mean**2
    m = api.math_report("punto-banco", "1994", "banker", rules={"decks": str(decks)})
    assert m.variance == variance
    assert sympy.simplify(sympy.sympify(m.standard_deviation.exact) - surd(variance)) == 0
    assert (m.p_win, m.p_push, m.p_loss) == (F(bank, total), F(tie, total), F(player, total))


@pytest.fixture(scope="module")
def blackjack_law():
    """1994 rules, 6 packs, at most two hands from a split: the exact law of a round (from the committed cache)."""
    rules = {"decks": "6", "max_hands": "2", "strategy": "basic"}
    a = api.analyse("blackjack", "1994", "initial", rules=rules)
    return a.results[0], dict(a.rules)


@pytest.mark.slow
def test_blackjack_round_standard_deviation_from_the_law(blackjack_law):
    result, rules = blackjack_law
    assert not result.not_a_law
    outcomes = result.distribution.outcomes
    assert sum(p for _, p in outcomes) == 1
    mean = sum(r * p for r, p in outcomes)
    second = sum(r * r * p for r, p in outcomes)
    m = result.math_report()
    assert m.variance == second - mean**2
    assert sympy.simplify(sympy.sympify(m.standard_deviation.exact) ** 2 - sympy.Rational(str(m.variance))) == 0
    # The top award: a split pair both doubled and won, 4 units.
    assert m.top_award.net_return == 4
    # A seeded simulation's sample SD lies within 2% of the exact one (its relative standard error is ~0.4%).
    table = api.decision_table("blackjack", "1994", "initial", rules)
    counts = simulate("blackjack", result.wager, 50_000, 11, rules=rules, table=table)
    returns = [float(r) for r, n in counts.items() for _ in range(n)]
    assert abs(pstdev(returns) / float(m.standard_deviation.decimal()) - 1) < 0.02
    # Stakes grow (doubles, splits): until the engine gives their expectation it is not available.
    if result.stake is None:
        assert m.stake is None and "not available" in m.stake_basis and m.element_of_risk is None
    else:
        assert m.stake == result.stake > 1 and m.element_of_risk == -m.expected_return / m.stake


def test_a_distribution_that_is_not_a_law_gets_no_law_figures():
    """Some rounds entered at their conditional mean (blackjack's rounds of three or more split hands): only the
    mean is the law's; a loss of 2 shows stakes grow, and no stake is given, so the total stake is not available."""
    d = Distribution.from_weights({-2: 1, -1: 4, F(1, 3): 3, 1: 4})
    m = report_of(d, not_a_law="lumped split rounds")
    assert m.expected_return == (-2 - 4 + 1 + 4) / F(12) and m.rtp == 1 + m.expected_return
    assert None is m.p_win is m.variance is m.standard_deviation is m.top_award
    assert m.volatility == () and m.bands == ()
    assert m.stake is None and m.element_of_risk is None and m.stake_basis.startswith("not available")
    # with the stake given, the element of risk is the expected loss over it, law or not
    given = report_of(d, not_a_law="lumped split rounds", stake=F(11, 10))
    assert given.element_of_risk == F(1, 12) / F(11, 10)


def test_a_partial_law_with_its_second_moment_known_gets_the_spread_of_the_true_law():
    """A law whose share at {-2, 1, 2} is lumped at its mean but whose second moment is known: the variance,
    standard deviation, volatility index and band centres and widths are those of the true law's report; the
    Berry-Esseen bounds are no smaller than the true law's (they use the greatest third moment allowed); the
    chances and the top award stay unknown."""
    share = {F(-2): F(1, 4), F(1): F(1, 2), F(2): F(1, 4)}
    mass, known = F(1, 5), {F(-1): F(1, 2), F(0): F(1, 10), F(1): F(1, 5)}
    true = dict(known)
    for v, p in share.items():
        true[v] = true.get(v, F(0)) + mass * p
    truth = report_of(Distribution.from_weights(true))
    mean = sum(v * p for v, p in share.items())
    square = sum(v * v * p for v, p in share.items())
    lumped = Distribution.from_weights({**known, mean: known.get(mean, F(0)) + mass})
    partial = PartialLaw.of(known, mass, mean, F(-2), F(2), (F(-2), F(-1), F(0), F(1), F(2)), square_mean=square)
    m = report_of(lumped, not_a_law="lumped", partial=partial)
    closed = sum(v * v * p for v, p in true.items()) - sum(v * p for v, p in true.items()) ** 2
    assert m.variance == truth.variance == closed and m.standard_deviation == truth.standard_deviation
    assert m.volatility == truth.volatility
    for ours, theirs in zip(m.bands, truth.bands, strict=True):
        assert (ours.low, ours.high, ours.half_width) == (theirs.low, theirs.high, theirs.half_width)
        assert ours.berry_esseen >= theirs.berry_esseen
    assert None is m.p_win is m.top_award is m.third_moment and not m.is_law
    # without the second moment, nothing variance-based
    unknown = PartialLaw.of(known, mass, mean, F(-2), F(2), (F(-2), F(-1), F(0), F(1), F(2)))
    assert report_of(lumped, not_a_law="lumped", partial=unknown).variance is None


def _tcp_hand_class(ranks: tuple[int, ...], suits: tuple[int, ...]) -> str:
    ranks = tuple(sorted(ranks, reverse=True))
    straight = ranks in {(14, 3, 2)} or (ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3)
    if len(set(ranks)) < 3:
        return "made"
    if straight or len(set(suits)) == 1:
        return "made"
    return "high"


def test_three_card_poker_element_of_risk_against_published_figure():
    """Published (Wizard of Odds, Three Card Poker): house edge 3.37% of the Ante, element of risk 2.0147%;
    the optimal rule plays Q-6-4 or better. The Play wager is staked on the hands played: counted here over the
    22,100 hands, high-card hands ranked by their three ranks against Q-6-4."""
    deck = [(r, s) for r in range(2, 15) for s in range(4)]
    played = 0
    for hand in itertools.combinations(deck, 3):
        ranks, suits = zip(*hand)
        if _tcp_hand_class(ranks, suits) == "made" or tuple(sorted(ranks, reverse=True)) >= (12, 6, 4):
            played += 1
    assert played == 14900
    m = api.math_report("three-card-poker", "2002", "ante-play")
    assert m.stake == 1 + F(played, 22100) == F(370, 221)
    assert m.element_of_risk == -m.expected_return / m.stake
    assert f"{float(m.element_of_risk) * 100:.4f}" == "2.0147"
    assert f"{float(-m.expected_return) * 100:.2f}" == "3.37"


def test_casino_stud_stake_from_the_distribution():
    """Casino stud: a fold loses exactly the Ante (-1); every raised hand ends otherwise (+1 when the banker does
    not qualify, 0 void, -3 or 1 + 2 x odds). So P(raise) = 1 - P(-1) and the total stake is 1 + 2 P(raise)."""
    r = api.analyse("casino-stud-poker", "1994", "ante").results[0]
    p_raise = 1 - r.distribution.probability(-1)
    m = r.math_report()
    assert m.stake == 1 + 2 * p_raise
    assert m.element_of_risk == -m.expected_return / m.stake


def test_progressive_jackpot_top_award_is_the_royal_flush():
    """The royal flush: 4 of C(52,5) = 2,598,960 hands, 1 in 649,740."""
    m = api.math_report("casino-stud-poker", "2002", "progressive-jackpot")
    assert m.top_award.probability == F(4, math.comb(52, 5))
    assert m.top_award.one_in == 649740
    assert all(b.approximate for b in m.bands)  # a 1-in-649,740 award: the normal model is rough everywhere


@pytest.mark.slow
def test_bands_match_the_spread_of_seeded_simulations():
    """400 seeded runs of 1,000 spins of the dozen bet: about 95% of their RTPs fall in the 95% band after
    10^3 rounds, and their spread matches the band's half-width / 1.96."""
    wager = next(w for w in api.wagers("roulette", "1994") if w.key == "dozen")
    m = api.math_report("roulette", "1994", "dozen")
    band = next(b for b in m.bands if b.rounds == 1000)
    rtps = []
    for seed in range(400):
        counts = simulate("roulette", wager, 1000, seed)
        rtps.append(1 + float(sum(r * n for r, n in counts.items())) / 1000)
    inside = sum(float(band.low) <= x <= float(band.high) for x in rtps) / len(rtps)
    assert 0.92 <= inside <= 0.98  # binomial SD of the share is 1.1 points
    assert abs(fmean(rtps) - float(m.rtp)) < 3 * float(band.half_width) / 1.96 / math.sqrt(len(rtps))
    assert abs(pstdev(rtps) / (float(band.half_width) / float(Z.inv_cdf(0.975))) - 1) < 0.12


def test_bands_closed_form_and_berry_esseen():
    """Half-width z sigma / sqrt(N); the Berry-Esseen bound 0.4748 E|X - mu|^3 / (sigma^3 sqrt(N))."""
    d = Distribution.from_weights({1: 18, -1: 19})
    m = report_of(d)
    mean = F(-1, 37)
    third = F(18, 37) * (1 - mean) ** 3 + F(19, 37) * (1 + mean) ** 3
    assert m.third_moment == third
    sigma = math.sqrt(1 - mean**2)
    for b, n in zip(m.bands, BAND_ROUNDS):
        assert abs(float(b.half_width) - Z.inv_cdf(0.975) * sigma / math.sqrt(n)) < 1e-12
        assert abs(float(b.berry_esseen) - 0.4748 * float(third) / (sigma**3 * math.sqrt(n))) < 1e-12
        assert b.approximate == (2 * 0.4748 * float(third) / (sigma**3 * math.sqrt(n)) > 0.01)
