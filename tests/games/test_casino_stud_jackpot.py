"""The 2002 progressive jackpot side wager: exact return as a line in the meter, and the break-even meter."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb

import pytest

from oddscalc import api
from oddscalc.report.text import markdown

HANDS = comb(52, 5)
ROYAL, SF = 4, 10 * 4 - 4  # royal flushes; other straight flushes
QUADS, FULL = 13 * 48, 13 * 4 * 12 * 6
FLUSH = 4 * comb(13, 5) - 40


def _result(**rules):
    return api.analyse(
        "casino-stud-poker", "2002", "progressive-jackpot", rules={k.replace("_", "-"): v for k, v in rules.items()}
    ).result("progressive-jackpot")


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
    expected = (
        ROYAL * m + SF * m / 10 + QUADS * 100 + FULL * 75 + FLUSH * 50 - (HANDS - ROYAL - SF - QUADS - FULL - FLUSH)
    ) / HANDS
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
    a = api.analyse(
        "casino-stud-poker", "2002", "progressive-jackpot", rules={k.replace("_", "-"): v for k, v in rules.items()}
    )
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


def _drift(meter: Fraction, shortfall: str, c: Fraction = Fraction(7, 10), reseed: Fraction = Fraction(0)) -> Fraction:
    """The meter's expected change over one hand dealt at `meter`, written here from reg 8(11A): the stake's
    contribution in; a royal flush takes all of the meter and a straight flush a tenth, of what there is (nothing
    when the meter is below zero); the fixed prizes 100, 75 and 50 out of it, the licence holder first adding what
    it lacks for one under shortfall=added; the reseed after a royal flush."""
    there = max(meter, Fraction(0))
    change = c - P_ROYAL * there - P_SF * there / 10 + P_ROYAL * reseed
    for count, prize in ((QUADS, 100), (FULL, 75), (FLUSH, 50)):
        change -= Fraction(count, HANDS) * (prize - (max(prize - meter, 0) if shortfall == "added" else 0))
    return change


def _drift_note(r) -> str:
    return next(n for n in r.notes if "drift(M) = " in n)


@pytest.mark.parametrize("shortfall,start", [("carried", 0), ("added", 100)])
def test_the_drift_formula_is_stated_for_exactly_the_meters_where_it_holds(shortfall, start):
    """The note's "drift(M) = a - b M for M >= X" holds at X and every meter above, and fails just below
    X, against the drift derived here: X is 0 when a carried meter only pays shares of what there is, 100 (the
    largest fixed prize) when the licence holder tops a meter up to a prize."""
    note = _drift_note(_result(shortfall=shortfall))
    a, b, x = (Fraction(t) for t in re.search(r"drift\(M\) = (\S+) - (\S+) M for M >= (\S+?);", note).groups())
    assert x == start
    assert all(_drift(x + k, shortfall) == a - b * (x + k) for k in (0, Fraction(1, 3), 1, 50, 160000, 10**7))
    assert _drift(x - Fraction(1, 10**6), shortfall) != a - b * (x - Fraction(1, 10**6))


def test_the_settling_meter_is_worded_as_the_average_it_is():
    """The drift derived here sees the meter only through max(M, 0) (a meter carried below zero drifts as
    one at zero), and it averages zero over a long run, so its zero 3051680/19 is the long-run average of max(M, 0),
    not of the meter: the note and the table say so in the same words, and the note no longer calls it the meter's."""
    settle = (Fraction(7, 10) - FIXED) / (P_ROYAL + P_SF / 10)
    assert settle == Fraction(3051680, 19) and _drift(settle, "carried") == 0
    assert _drift(Fraction(-40000), "carried") == _drift(Fraction(0), "carried") != _drift(Fraction(1), "carried")
    r = _result()
    assert f"zero at M = {settle} = 160614.74 units, the long-run average of max(M, 0), against" in _drift_note(r)
    assert not any("meter's long-run average" in n for n in r.notes)
    rows, a = _meter_rows()
    table = next(x for x in a.extras if x.title.startswith("Progressive jackpot: the meter in the long run"))
    assert rows["meter at which the expected drift is zero: the long-run average of max(meter, 0) (units)"] == settle
    assert "is zero at the long-run average of max(meter, 0)" in table.note and "its long-run average" not in table.note


def test_the_1994_rules_are_only_those_of_its_wagers():
    """1994 has no jackpot wager, so none of the jackpot's rules (reg 8(11A), 2002) heads its tables or is
    accepted for it; 2002 lists them all."""
    jackpot = {"meter", "jackpot-stake", "contribution", "reseed", "shortfall"}
    a = api.analyse("casino-stud-poker", "1994")
    assert not jackpot & dict(a.rules).keys()
    assert "Rules:" not in markdown([a], "casino stud 1994")
    assert jackpot <= dict(api.analyse("casino-stud-poker", "2002", "progressive-jackpot").rules).keys()
    for name in sorted(jackpot):
        with pytest.raises(
            ValueError, match=f"rule {name} concerns the progressive-jackpot wager, which version 1994 does not have"
        ) as info:
            api.analyse("casino-stud-poker", "1994", rules={name: "1"})
        assert "\n" not in str(info.value)
