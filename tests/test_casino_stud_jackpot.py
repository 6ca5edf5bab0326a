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
