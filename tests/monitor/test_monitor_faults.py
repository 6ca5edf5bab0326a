"""Each fault kind flagged on a simulated feed (seeded), and fair feeds not flagged."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from oddscalc.monitor.feed import FeedRound, dice_code
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.result_laws import wheel_order
from oddscalc.monitor.simulate import numpy_rng, pocket_law, roulette_log, roulette_spins, sector_law, signature_spins
from oddscalc.monitor.streams import statistical_tests
from oddscalc.monitor.table import TableMonitor
from tests.cli_run import run_cli

#: One table of a 50-table floor at 1% a year: each test's level.
LEVEL = Fraction(1, 100) / 250


def _monitor(game: str = "roulette") -> TableMonitor:
    cfg = TableConfig("T", game, "2002", wheel=wheel_order(None) if game == "roulette" else ())
    return TableMonitor(cfg, dict.fromkeys(statistical_tests(game), LEVEL), Budget())


def _feed(mon: TableMonitor, rounds) -> list:
    alarms = []
    for i, fr in enumerate(rounds, start=1):
        mon.ingest(fr, "sim", i, "2026-12-01T00:00:00Z")
        if not i % 5000:
            mon.flush()
            alarms += mon.take()[0]
    mon.flush()
    return alarms + mon.take()[0]


def _bare(codes, dealer=""):
    return [FeedRound(None, None, None, dealer, (int(c),)) for c in codes]


def _first(alarms, test):
    found = [a for a in alarms if a.test == test]
    return found[0] if found else None


def test_a_pocket_at_2_in_37_is_flagged_within_a_few_thousand_spins():
    mon = _monitor()
    a = _first(_feed(mon, _bare(roulette_spins(numpy_rng(1), 8000, pocket_law(17, Fraction(2, 37))))), "result-law")
    assert a is not None and a.round < 8000 and a.alternative.startswith("pocket 17 ")


def test_a_sector_ten_percent_likelier_is_flagged_and_named():
    mon = _monitor()
    order = wheel_order(None)
    spins = roulette_spins(numpy_rng(2), 60000, sector_law(3, Fraction(1, 10)))
    a = _first(_feed(mon, _bare(spins)), "sectors")
    assert a is not None
    first, last = (int(x) for x in a.alternative.split()[1].split(".."))
    # the arc found overlaps the raised one (wheel positions 3-11)
    assert abs(order.index(first) - 3) <= 8 and last in order


def test_a_fault_after_fair_play_is_found_about_as_fast_as_on_a_new_table():
    law = pocket_law(5, Fraction(2, 37))
    fresh = _first(_feed(_monitor(), _bare(roulette_spins(numpy_rng(3), 8000, law))), "result-law")
    spins = np.concatenate([roulette_spins(numpy_rng(4), 30000), roulette_spins(numpy_rng(3), 8000, law)])
    late = _first(_feed(_monitor(), _bare(spins)), "result-law")
    assert fresh is not None and late is not None
    assert late.round - 30000 < 2 * fresh.round  # the CUSUM forgets the fair history


def test_a_dealers_signature_is_flagged_for_that_dealer():
    """Shifts of 500 spins: Bo fair, Ann landing the ball 10-14 pockets on from the last result 40% of the time."""
    rng = numpy_rng(5)
    rounds = []
    for _ in range(8):
        fair = roulette_spins(rng, 500)
        biased = signature_spins(rng, 500, range(10, 15), 0.4, previous=int(fair[-1]))
        rounds += _bare(fair, "Bo") + _bare(biased, "Ann")
    a = _first(_feed(_monitor(), rounds), "signature")
    assert a is not None and a.dealer == "Ann"


def test_a_payout_error_is_an_alarm_at_its_round():
    spins = roulette_spins(numpy_rng(6), 2000)
    at = [i for i, x in enumerate(spins, 1) if x == 17][1]
    lines = roulette_log(spins, "T", mispay_at=at)
    from oddscalc.monitor.feed import round_from_record

    mon = _monitor()
    alarms = _feed(mon, [round_from_record("roulette", json.loads(x)) for x in lines[1:]])
    settle = [a for a in alarms if a.test == "settlement"]
    assert [a.round for a in settle] == [at] and "35 to 1" in settle[0].alternative


def test_results_tied_to_the_largest_stake_are_flagged():
    """The number the largest stake covers comes up twice as often as its chance: exposure flags it."""
    rng = np.random.default_rng(7)
    rounds = []
    for i in range(1, 6001):
        target = int(rng.integers(37))
        x = target if rng.random() < 1 / 37 else int(rng.integers(37))
        net = "350" if x == target else "-10"
        rounds.append(
            FeedRound(None, i, None, "", (x,), (("straight", "10", net), ("straight", "5", None if False else "-5")))
        )
    # the small bet's net is not checked here (no record): only the exposure and hold tests read these rounds
    a = _first(_feed(_monitor(), rounds), "exposure")
    assert a is not None


def test_a_hold_above_its_expectation_is_flagged_when_wagers_are_not_itemised():
    """Rounds with only stakes and the house's result: the house keeps a quarter of a stake more than the law (a quarter of a standard deviation)."""
    rng = np.random.default_rng(8)
    rounds = []
    for i in range(1, 4001):
        x = int(rng.integers(37))
        house = -100 if 1 <= x <= 18 else 50 if x == 0 else 100
        rounds.append(FeedRound(None, i, None, "", (x,), (("even-chance", "100", None),), house + 25))
    a = _first(_feed(_monitor(), rounds), "hold")
    assert a is not None


def test_a_hold_fault_at_high_stakes_only_is_flagged_at_that_stake_level_only():
    """Stake levels under 100 and 100 and over: the house keeps a quarter of a stake too much on the high stakes
    only; each level's hold stream gets half the hold test's level (stake_levels.py)."""
    rng = np.random.default_rng(11)
    rounds = []
    for i in range(1, 8001):
        x = int(rng.integers(37))
        high = i % 2 == 0
        st = 1000 if high else 10
        house = -st if 1 <= x <= 18 else st // 2 if x == 0 else st
        rounds.append(FeedRound(None, i, None, "", (x,), (("even-chance", str(st), None),), house + (st // 4) * high))
    cfg = TableConfig("T", "roulette", "2002", wheel=wheel_order(None), stake_levels=(Fraction(100),))
    mon = TableMonitor(cfg, dict.fromkeys(statistical_tests("roulette"), LEVEL), Budget())
    holds = [a for a in _feed(mon, rounds) if a.test == "hold"]
    assert [a.dealer for a in holds] == ["stakes 100 and over"]
    assert holds[0].level_exact == f"{LEVEL.numerator}/{LEVEL.denominator * 2}"
    assert holds[0].round % 2 == 0  # found on a high-stake round


@pytest.mark.parametrize("game", ["big-six", "dice", "sic-bo"])
def test_other_games_loaded_equipment_is_flagged(game):
    rng = np.random.default_rng(9)
    if game == "big-six":
        p = np.array([1, 1, 2, 4, 8, 12, 24], dtype=float)
        p[0] *= 3  # symbol A three times as likely
        codes = [(int(c),) for c in rng.choice(7, size=6000, p=p / p.sum())]
    else:
        n = 2 if game == "dice" else 3
        face = np.array([1, 1, 1, 1, 1, 1.6])  # a die loaded to show 6
        codes = [(dice_code([int(f) + 1 for f in rng.choice(6, size=n, p=face / face.sum())]),) for _ in range(6000)]
    rounds = [FeedRound(None, None, None, "", c) for c in codes]
    a = _first(_feed(_monitor(game), rounds), "result-law")
    assert a is not None
    assert ("A" in a.alternative) if game == "big-six" else ("6" in a.alternative)


@pytest.mark.parametrize("game", ["roulette", "big-six", "dice", "sic-bo"])
def test_fair_feeds_raise_no_alarm(game):
    rng = np.random.default_rng(10)
    if game == "roulette":
        codes = rng.integers(0, 37, size=20000)
    elif game == "big-six":
        p = np.array([1, 1, 2, 4, 8, 12, 24], dtype=float)
        codes = rng.choice(7, size=20000, p=p / 52)
    else:
        codes = rng.integers(0, 36 if game == "dice" else 216, size=20000)
    assert _feed(_monitor(game), _bare(codes)) == []


def test_mixed_floor_prints_alarms_as_json_lines(tmp_path, capsys):
    floor = tmp_path / "floor.toml"
    floor.write_text(
        '[budget]\nlevel = "1%"\nhorizon = "1y"\n'
        '[tables.R1]\ngame = "roulette"\n[tables.B1]\ngame = "big-six"\n'
        '[tables.D1]\ngame = "dice"\n[tables.S1]\ngame = "sic-bo"\n'
    )
    rng = np.random.default_rng(12)
    lines = []
    for i, x in enumerate(roulette_spins(rng, 6000, pocket_law(9, Fraction(2, 37))), start=1):
        lines.append(json.dumps({"table": "R1", "round": i, "number": int(x), "wagers": []}))
        lines.append(
            json.dumps(
                {
                    "table": "B1",
                    "round": i,
                    "symbol": "ABCDEFG"[int(rng.choice(7, p=np.array([1, 1, 2, 4, 8, 12, 24]) / 52))],
                    "wagers": [],
                }
            )
        )
        lines.append(
            json.dumps(
                {
                    "table": "D1",
                    "round": i,
                    "throws": [[int(rng.integers(1, 7)), int(rng.integers(1, 7))]],
                    "wagers": [],
                }
            )
        )
        lines.append(
            json.dumps({"table": "S1", "round": i, "dice": [int(rng.integers(1, 7)) for _ in range(3)], "wagers": []})
        )
    feed = tmp_path / "floor.log"
    feed.write_text("\n".join(lines) + "\n")
    code, out, err = run_cli(
        [
            "monitor",
            "run",
            feed,
            "--floor",
            floor,
            "--state",
            tmp_path / "s.db",
            "--format",
            "json",
            "--page",
            tmp_path / "floor.html",
        ],
        capsys,
    )
    assert code == 0, err
    alarms = [json.loads(x) for x in out.splitlines()]
    assert [(a["table"], a["test"]) for a in alarms] == [("R1", "result-law")]
    a = alarms[0]
    # 14 streams share 1%: five on the roulette table, three on each of the others
    assert (
        a["level_spent_exact"] == str(Fraction(1, 100) / (5 + 3 * 3)) and a["e_value"] >= a["threshold"] and a["time"]
    )
    assert "R1" in (tmp_path / "floor.html").read_text()
    code, out, err = run_cli(
        ["monitor", "evidence", "1", "--state", tmp_path / "s.db", "--out", tmp_path / "e.html"], capsys
    )
    assert code == 0 and "pocket 9" in (tmp_path / "e.html").read_text()
