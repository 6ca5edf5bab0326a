"""The 2002 progressive jackpot side wager: exact return as a line in the meter, and the break-even meter."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from oddscalc import api

HANDS = comb(52, 5)
ROYAL, SF = 4, 10 * 4 - 4                      # royal flushes; other straight flushes
QUADS, FULL = 13 * 48, 13 * 4 * 12 * 6
FLUSH = 4 * comb(13, 5) - 40


def _result(**rules):
    return api.analyse("casino-stud-poker", "2002", "progressive-jackpot",
                       rules={k.replace("_", "-"): v for k, v in rules.items()}).result("progressive-jackpot")


def test_line_in_the_meter_for_one():
    r = _result()
    m = Fraction(100000)
    wins = ROYAL + SF + QUADS + FULL + FLUSH
    # payouts "for one": the stake is always forfeited, the payouts are what the player receives
    expected = (ROYAL * m + SF * m / 10 + QUADS * 100 + FULL * 75 + FLUSH * 50) / HANDS - 1
    assert r.distribution.mean == expected
    assert r.distribution.p_win == Fraction(wins, HANDS)
    # break-even meter M* solves the line = 0; the Wizard of Odds (Contingencies, Nov/Dec 2000, table 1:
    # 100/75/50) publishes $263,205
    even = (1 - Fraction(QUADS * 100 + FULL * 75 + FLUSH * 50, HANDS)) / Fraction(ROYAL + Fraction(SF, 10), HANDS)
    assert any(f"M = {even}" in n for n in r.notes)
    assert round(even) == 263205


def test_stake_returned_option_and_meter_option():
    r = _result(jackpot_stake="returned", meter="250000")
    m = Fraction(250000)
    # payouts as odds: a winner keeps his stake and nets the payout; a loser loses 1
    expected = (ROYAL * m + SF * m / 10 + QUADS * 100 + FULL * 75 + FLUSH * 50
                - (HANDS - ROYAL - SF - QUADS - FULL - FLUSH)) / HANDS
    assert r.distribution.mean == expected


def test_jackpot_only_from_2002_and_bad_meter_refused():
    assert [w.key for w in api.wagers("casino-stud-poker", "1994")] == ["ante"]
    assert [w.key for w in api.wagers("casino-stud-poker", "2002")] == ["ante", "progressive-jackpot"]
    with pytest.raises(ValueError):
        _result(meter="-5")
    w = api.wagers("casino-stud-poker", "2002")[1]
    assert {p.key: p.unit for p in w.payouts}["royal-flush"] == "meter"
    assert w.pay("straight-flush") == Fraction(1, 10)


# --- The meter in the long run (reg 8(11A)(d)-(f)) -------------------------------------------------------------

P_ROYAL, P_SF = Fraction(ROYAL, HANDS), Fraction(SF, HANDS)
FIXED = Fraction(QUADS * 100 + FULL * 75 + FLUSH * 50, HANDS)  # fixed prizes, all paid out of the meter


def _meter_rows(**rules):
    a = api.analyse("casino-stud-poker", "2002", "progressive-jackpot",
                    rules={k.replace("_", "-"): v for k, v in rules.items()})
    table = next(x for x in a.extras if x.title.startswith("Progressive jackpot: the meter in the long run"))
    return {name: value for name, value, _ in table.rows}, a


def _row(rows, start):
    return next(v for k, v in rows.items() if k.startswith(start))


@pytest.mark.parametrize("contribution,reseed", [("70%", "0"), ("0.8", "50000")])
def test_long_run_return_drift_and_settling_meter_in_closed_form(contribution, reseed):
    rows, a = _meter_rows(contribution=contribution, reseed=reseed, meter="250000")
    c = Fraction(contribution.rstrip("%")) / (100 if contribution.endswith("%") else 1)
    r = Fraction(reseed)
    # Stakes in, prizes out: every prize comes out of the meter, which the contributions and the licence holder's
    # reseeds fill, so in the long run a player gets back c + P(royal) R of every unit.
    assert _row(rows, "a player's long-run return") == c + P_ROYAL * r - 1
    assert _row(rows, "what the house keeps") == 1 - c - P_ROYAL * r
    drain = P_ROYAL + P_SF / 10
    assert _row(rows, "expected drift of the meter per hand at M = 250000") == c + P_ROYAL * r - FIXED - drain * 250000
    settle = (c + P_ROYAL * r - FIXED) / drain
    assert _row(rows, "meter at which the expected drift is zero") == settle
    # The return line at the settling meter is the long-run return: the two descriptions agree.
    line = FIXED - 1 + drain * settle
    assert line == c + P_ROYAL * r - 1
    assert "contribution=" in " ".join(a.assumptions[0:1]) or "rule contribution" in a.assumptions[0]


def simulate_meter(hands: int, seed: int, contribution: Fraction, reseed: Fraction):
    """The meter over `hands` one-unit jackpot wagers, written from reg 8(11A): each hand's five cards drawn
    with their exact chances (numpy), prizes paid out of the meter as it stood (royal flush all of it, straight
    flush a tenth, fixed prizes their amounts, the meter running below zero if it must), the stake's contribution
    added, the reseed after a royal flush. Exact accounting (Fractions); returns the players' return per unit
    staked, the time-average of max(meter, 0), and the count of each hand by category."""
    import numpy as np

    bounds = np.cumsum([ROYAL, SF, QUADS, FULL, FLUSH])
    prize = np.array([0, 0, 100, 75, 50, 0], dtype=np.int64)
    rng = np.random.default_rng(seed)
    meter, paid, area = Fraction(0), Fraction(0), 0.0
    seen = np.zeros(6, dtype=np.int64)
    chunk = 1_000_000
    for start in range(0, hands, chunk):
        cat = np.searchsorted(bounds, rng.integers(0, HANDS, size=min(chunk, hands - start)), side="right")
        seen += np.bincount(cat, minlength=6)
        fixed = prize[cat]
        paid += int(fixed.sum())
        prev = 0
        for e in np.flatnonzero(cat < 2).tolist() + [len(cat)]:
            # Up to the next royal or straight flush the meter moves by the contribution less the fixed prize.
            moves = np.cumsum(float(contribution) - fixed[prev:e]) - (float(contribution) - fixed[prev:e])
            area += float(np.maximum(float(meter) + moves, 0).sum())  # floats: the time-average only
            meter += contribution * (e - prev) - int(fixed[prev:e].sum())
            if e < len(cat):
                area += max(float(meter), 0.0)
                share = max(meter, Fraction(0)) * (1 if cat[e] == 0 else Fraction(1, 10))
                paid += share
                meter += contribution - share + (reseed if cat[e] == 0 else 0)
            prev = e + 1
    return paid / hands - 1, area / hands, seen


@pytest.mark.parametrize("contribution,reseed", [(Fraction(7, 10), Fraction(0)), (Fraction(4, 5), Fraction(50000))])
def test_the_long_run_identity_against_a_simulated_meter(contribution, reseed):
    hands = 30_000_000
    sim_return, average, seen = simulate_meter(hands, 20020513, contribution, reseed)
    rows, _ = _meter_rows(contribution=str(contribution), reseed=str(reseed))
    exact = _row(rows, "a player's long-run return")
    # The simulated return differs from the long-run one by (reseeds - their expectation - the meter's final
    # value) / hands; a meter above 1.2 million units (no royal or straight flush for some two million hands)
    # would be needed to miss by 4 points.
    assert abs(sim_return - exact) < Fraction(4, 100)
    # The meter's time-average (of its positive part) against the meter where the drift is zero: some 90
    # drain times, so within about a third.
    settle = float(_row(rows, "meter at which the expected drift is zero"))
    assert abs(average - settle) < 0.35 * settle
    # The hands' frequencies agree with their chances (z within 4), so the drift's ingredients are right too.
    for n, count in zip(seen[2:5], (QUADS, FULL, FLUSH)):
        p = count / HANDS
        assert abs(n - hands * p) < 4 * (hands * p * (1 - p)) ** 0.5


def test_meter_rule_options_refused_with_one_line_errors():
    with pytest.raises(ValueError, match="70%") as info:
        _result(contribution="60%")
    assert "\n" not in str(info.value)
    with pytest.raises(ValueError, match="reseed"):
        _result(reseed="-1")
    with pytest.raises(ValueError, match="contribution"):
        _result(contribution="lots")
    rows, _ = _meter_rows(shortfall="added")
    assert any(k.startswith("a player's long-run return per unit staked (at least)") for k in rows)
