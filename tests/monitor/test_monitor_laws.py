"""The monitor's exact laws and detectors, each against an independent derivation."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from oddscalc import api
from oddscalc.monitor.budget import dealer_share, split, stream_level
from oddscalc.monitor.detector import log_threshold, update
from oddscalc.monitor.families import raise_family, raised_law
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.result_laws import STANDARD_WHEEL, distance_law, result_law, wheel_order
from oddscalc.monitor.streams import families


def _brute_distance(order, previous):
    """The distance law by brute force: every next pocket equally likely (a wheel of 37 equal compartments)."""
    counts = [0] * 37
    for nxt in range(37):
        counts[(order.index(nxt) - order.index(previous)) % 37] += 1
    return [Fraction(c, 37) for c in counts]


@pytest.mark.parametrize("seed", [None, 1, 2])
def test_distance_law_is_uniform_by_brute_force(seed):
    order = list(wheel_order(None))
    if seed is not None:
        random.Random(seed).shuffle(order)  # the law allows any pocket order
    for previous in (0, 17, order[5]):
        assert list(distance_law(tuple(order), previous)) == _brute_distance(order, previous)


def test_standard_wheel_order_is_the_single_zero_wheel():
    order = wheel_order(None)
    assert sorted(order) == list(range(37)) and order[:3] == (0, 32, 15) and order[-1] == 26
    # neighbours of 0 on a single-zero wheel: 26 and 32 (the wheel's well-known layout around zero)
    assert {order[1], order[-1]} == {32, 26}
    assert STANDARD_WHEEL.count("-") == 36


def test_result_laws_match_the_api_wagers():
    rl = result_law("roulette", "2002")
    split_p = api.analyse("roulette", "2002", "split").results[0].distribution.p_win
    assert rl.p[17] + rl.p[20] == split_p == Fraction(2, 37)
    b6 = result_law("big-six", "2002")
    assert [x * 52 for x in b6.p] == [w.param("compartments") for w in api.wagers("big-six", "2002")]
    # dice: the field wager's chance summed over the ordered throws, totals written out here
    dice = result_law("dice", "2002")
    field = next(w for w in api.wagers("dice", "2002") if w.key == "field")
    totals = set(field.param("totals"))
    mine = sum(p for (a, b), p in zip(product(range(1, 7), repeat=2), dice.p) if a + b in totals)
    assert mine == api.analyse("dice", "2002", "field").results[0].distribution.p_win
    # sic bo: small is a total of 4-10 with any triple excepted (Sch 4 para 2)
    sb = result_law("sic-bo", "2002")
    small = sum(p for t, p in zip(product(range(1, 7), repeat=3), sb.p) if 4 <= sum(t) <= 10 and len(set(t)) > 1)
    assert small == api.analyse("sic-bo", "2002", "small").results[0].distribution.p_win == Fraction(35, 72)


def test_raised_law_is_a_law_and_raises_the_group_by_its_factor():
    p = result_law("roulette", "2002").p
    arc = wheel_order(None)[:9]
    q = raised_law(p, arc, Fraction(1, 10))
    assert sum(q) == 1
    assert sum(q[c] for c in arc) == Fraction(9, 37) * Fraction(11, 10)
    fam = raise_family("sectors", p, [arc], [Fraction(1, 10)])
    assert fam.llr[0, arc[0]] == pytest.approx(math.log(1.1))
    assert fam.llr[0, 7] == pytest.approx(math.log((1 - 9.9 / 37) / (28 / 37)))


def test_every_alternative_is_a_law():
    for game in ("roulette", "big-six", "dice", "sic-bo"):
        law = np.array([float(x) for x in result_law(game, "2002").p])
        for name, fam in families(game, "2002", wheel_order(None) if game == "roulette" else ()).items():
            base = law if name != "signature" else np.full(37, 1 / 37)
            assert np.allclose((np.exp(fam.llr) * base).sum(axis=1), 1.0), (game, name)


def _cusum_loop(w0, z):
    """Page's CUSUM written as its recursion, one round at a time."""
    w = list(w0)
    tops = []
    for j in range(z.shape[1]):
        w = [max(0.0, a + z[k, j]) for k, a in enumerate(w)]
        tops.append(max(w))
    return w, tops


def test_vector_cusum_equals_the_recursion_over_any_split():
    rng = np.random.default_rng(5)
    z = rng.normal(-0.1, 1.0, size=(4, 300))
    w_loop, tops_loop = _cusum_loop([0.0] * 4, z)
    w = np.zeros(4)
    tops = []
    for a, b in ((0, 7), (7, 150), (150, 151), (151, 300)):
        w, t = update(w, z[:, a:b])
        tops += t.tolist()
    assert np.allclose(w, w_loop) and np.allclose(tops, tops_loop)


def test_threshold_and_budget_split():
    assert log_threshold(148, 525960, 4e-5) == pytest.approx(math.log(148 * 525960 / 4e-5))
    tables = [TableConfig(f"R{i}", "roulette", "2002") for i in range(50)]
    levels = split(tables, Budget(Fraction(1, 100), Fraction(8766)))
    assert len(levels) == 250 and sum(levels.values()) == Fraction(1, 100)
    # the dealers' shares 6/(pi^2 k^2) never add up to more than the stream's level
    assert sum(dealer_share(1.0, k) for k in range(1, 10_000)) < 1.0


def test_stream_level_splits_hold_by_stake_level_and_signature_by_dealer():
    """Worked by hand: a test at level 1/100. Hold with two band edges has three levels, 1/300 each (exact);
    the second dealer's signature share is (1/100) 6 / (pi^2 2^2) = 3 / (200 pi^2), with no exact form; a dealer
    not yet seen, and every other test, keep the whole level."""
    a = Fraction(1, 100)
    dealers = ("d1", "d2")
    assert stream_level(a, "hold", "stakes 10 to under 100", dealers=dealers, stake_levels=2) == (
        1 / 300,
        Fraction(1, 300),
    )
    assert stream_level(a, "hold", "", dealers=dealers, stake_levels=0) == (0.01, a)
    level, exact = stream_level(a, "signature", "d2", dealers=dealers, stake_levels=2)
    assert level == pytest.approx(3 / (200 * math.pi**2), rel=1e-15) and exact is None
    assert stream_level(a, "signature", "d3", dealers=dealers, stake_levels=2) == (0.01, a)
    assert stream_level(a, "result-law", "", dealers=dealers, stake_levels=2) == (0.01, a)


def test_fair_tables_are_flagged_no_more_often_than_the_level():
    """A small measured case (the bench runs 1,000 tables): 200 fair wheels of 3,000 spins, each test at level
    1/2 over a horizon of 3,000 spins: the share flagged must not exceed 1/2 (it is far below: the bound is
    Ville's, which is loose)."""
    rng = np.random.default_rng(11)
    fam = families("roulette", "2002", wheel_order(None))["result-law"]
    thr = log_threshold(fam.size, 3000, 0.5)
    flagged = 0
    for _ in range(200):
        spins = rng.integers(0, 37, size=3000)
        _, top = update(np.zeros(fam.size), fam.llr[:, spins])
        flagged += bool((top >= thr).any())
    assert flagged / 200 <= 0.5
