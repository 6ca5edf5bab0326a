"""A counted study's bet ramp (N0, SCORE, risk of ruin) and yield by penetration (protect.study), checked against
sums written here from the run's records: each round's bet by the hi-lo-like count rebuilt from its cards, the
ramp's win and variance as plain sums over rounds, the risk of ruin and bankroll from their formulas in floats,
and every earlier cut read by truncating each shoe's rounds here."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from oddscalc import api
from oddscalc.protect.count_systems import parse_count, true_count
from oddscalc.protect.execute import run
from oddscalc.protect.run_summary import bet_units, summarise
from oddscalc.protect.shoes import Plan
from oddscalc.protect.study_figures import BANKROLLS, RISKS, study_figures, variances
from oddscalc.protect.target import target
from tests.cli_run import run_cli

SPREAD = 8


@pytest.fixture(scope="module")
def study():
    t = target("punto-banco", "1994", {"decks": "8"})
    records = run(Plan(t, Fraction(1, 5), 3, 6), 2, processes=1)
    kinds = t.kinds()
    count = parse_count("0=-1,A=1,2=1,3=1,4=2,5=-2", kinds)
    measures = tuple(m.name for m in t.measures)
    s = summarise(records, measures, kinds, 52, count, SPREAD)
    per_unit = variances(t)
    return t, records, kinds, count, s, per_unit, study_figures(s, records, kinds, 52, count, Fraction(1, 5), per_unit)


def _bets(record, kinds, count):
    """Each round's (cards out before it, bet units), the count rebuilt here from the cards dealt."""
    seen, out, size, found = [0] * len(kinds), 0, sum(n for _, n in kinds), []
    for x in record.rounds:
        found.append((out, bet_units(true_count(count.running(tuple(seen)), size - out, 52), SPREAD)))
        for k in x.cards:
            seen[k] += 1
        out += len(x.cards)
    return found


def test_variances_are_each_wagers_full_shoe_variance(study):
    t, *_, per_unit, _ = study
    for m, v in zip(t.measures, per_unit):
        d = api.analyse("punto-banco", "1994", m.wager, {"decks": "8"}).results[0].distribution
        mean = sum((x * p for x, p in d.outcomes), Fraction(0))
        assert v == sum((x * x * p for x, p in d.outcomes), Fraction(0)) - mean**2


def test_ramp_win_and_variance_are_sums_over_rounds(study):
    _t, records, kinds, count, s, per_unit, f = study
    rounds = [(b, x) for r in records for (_, b), x in zip(_bets(r, kinds, count), r.rounds)]
    n = len(rounds)
    for j, ramp in enumerate(f.ramps):
        win = sum((b * x.values[j] for b, x in rounds), Fraction(0)) / n
        # the mixture over bins: E[b^2 (v + a_bin^2)] - W^2, a_bin the bin's mean expectation
        assert ramp.measures.win == win
        assert ramp.measures.win * 100 == s.yield_per_100[j].mean
        bins: dict[int, list[tuple[int, Fraction]]] = {}
        for r in records:
            seen, size = [0] * len(kinds), sum(n for _, n in kinds)
            out = 0
            for x in r.rounds:
                tc = true_count(count.running(tuple(seen)), size - out, 52)
                key = math.floor(tc)
                bins.setdefault(key, []).append((bet_units(tc, SPREAD), x.values[j]))
                for k in x.cards:
                    seen[k] += 1
                out += len(x.cards)
        mix = Fraction(0)
        for members in bins.values():
            a = sum((v for _, v in members), Fraction(0)) / len(members)
            b = members[0][0]
            mix += Fraction(len(members), n) * b * b * (per_unit[j] + a * a)
        assert ramp.measures.variance == mix - win * win
        if ramp.measures.n0 is not None:
            assert ramp.measures.n0 == ramp.measures.variance / win**2
            assert ramp.measures.score == 10**6 * win**2 / ramp.measures.variance
            assert ramp.ruin == tuple(math.exp(-2 * float(win) * b / float(ramp.measures.variance)) for b in BANKROLLS)
            for r, bank in zip(RISKS, ramp.bankrolls):
                assert math.isclose(math.exp(-2 * float(win) * bank / float(ramp.measures.variance)), float(r))
        else:
            assert win <= 0 and ramp.ruin is None


def test_yield_by_penetration_truncates_the_same_shoes(study):
    _t, records, kinds, count, s, _per_unit, f = study
    size = sum(n for _, n in kinds)
    assert list(f.places) == [Fraction(1, 20), Fraction(1, 10), Fraction(3, 20), Fraction(1, 5)]
    for row in f.by_penetration:
        cut = math.floor(row.penetration * size)
        kept = [(b, x) for r in records for (out, b), x in zip(_bets(r, kinds, count), r.rounds) if out < cut]
        assert row.cut == cut and row.rounds == len(kept)
        for j, y in enumerate(row.yield_per_100):
            assert y.mean == 100 * sum((b * x.values[j] for b, x in kept), Fraction(0)) / len(kept)
    assert [y.mean for y in f.by_penetration[-1].yield_per_100] == [y.mean for y in s.yield_per_100]


def test_cli_prints_the_ramp_and_yield_by_penetration(capsys):
    args = ["protect", "punto-banco", "--shoes", "3", "--penetration", "10%", "--workers", "1", "--count", "0=-1,A=1"]
    code, out, _ = run_cli([*args, "--format", "json"], capsys)
    data = json.loads(out)
    assert (
        code == 0
        and len(data["ramp"]) == 3
        and [r["penetration"] for r in data["yield_by_penetration"]]
        == [
            "1/20",
            "1/10",
        ]
    )
    code, out, _ = run_cli([*args, "--ramp-variance", "1"], capsys)
    assert code == 0 and "SCORE" in out and "Yield by penetration" in out
    assert max(len(line) for line in out.splitlines()) <= 100
    code, _, err = run_cli([*args, "--ramp-variance", "-1"], capsys)
    assert code == 2 and "--ramp-variance" in err and len(err.strip().splitlines()) == 1
