"""Card tables in the monitor (punto banco): each round's exact law from the shoe, the dealer's faults at their
round, a fair table not flagged; each figure against an independent derivation."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from oddscalc import api
from oddscalc.monitor.card_table import CardTableMonitor, hold_increments
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.simulate import punto_banco_log
from oddscalc.monitor.state import State
from oddscalc.monitor.streams import statistical_tests
from tests.monitor_runs import run_table

ODDSCALC = [sys.executable, "-m", "oddscalc"]
_LABELS = ("0", "A", "2", "3", "4", "5", "6", "7", "8", "9")


def _compositions(seed: int, n: int, decks: int) -> list[tuple[int, ...]]:
    """Shoes of `decks` packs with a random number of random cards gone (each row a composition by point value)."""
    rng = random.Random(seed)
    full = [16 * decks] + [4 * decks] * 9
    out = []
    for _ in range(n):
        left = list(full)
        for _ in range(rng.randrange(0, 52 * decks - 10)):
            v = rng.choice([i for i, c in enumerate(left) if c])
            left[v] -= 1
        out.append(tuple(left))
    return out


def test_round_laws_by_composition_match_the_analysis_with_the_cards_removed():
    """The batch engine (5,005 multisets) against `analyse` with the gone cards as its removed rule (10^6 value
    sequences): each wager's exact mean and variance, for shoes of 1 and 8 packs."""
    for decks, seed in ((1, 1), (8, 2)):
        rules = {"decks": str(decks)}
        rows = _compositions(seed, 4, decks)
        laws = api.composition_laws("punto-banco", "2002", np.array(rows), None, rules)
        full = [16 * decks] + [4 * decks] * 9
        for r, row in enumerate(rows):
            gone = ",".join(lab for lab, f, c in zip(_LABELS, full, row) for _ in range(f - c)) or "none"
            analysis = api.analyse("punto-banco", "2002", rules={**rules, "removed": gone})
            probs = [Fraction(int(w), int(laws.totals[r])) for w in laws.weights[r]]
            assert sum(probs) == 1
            for res in analysis.results:
                nets = laws.nets[res.wager.key]
                mean = sum(p * x for p, x in zip(probs, nets))
                var = sum(p * x * x for p, x in zip(probs, nets)) - mean * mean
                assert (mean, var) == (res.distribution.mean, res.distribution.variance)


def test_banker_tie_lose_makes_the_banker_wager_lose_a_tie():
    laws = api.composition_laws(
        "punto-banco", "2002", np.array([[128] + [32] * 9]), ("banker",), {"decks": "8", "banker-tie": "lose"}
    )
    assert laws.nets["banker"] == (Fraction(19, 20), Fraction(-1), Fraction(-1))


# -- the monitor on simulated tables ----------------------------------------------------------------------------

#: One table of a 50-table floor at 1% a year: the hold test's level.
LEVEL = Fraction(1, 100) / 150


def _monitor(decks: int = 8) -> CardTableMonitor:
    cfg = TableConfig("P1", "punto-banco", "2002", rules={"decks": str(decks)})
    return CardTableMonitor(cfg, dict.fromkeys(statistical_tests("punto-banco"), LEVEL), Budget())


def _records(lines: list[str]) -> list[dict]:
    return [json.loads(x) for x in lines[1:]]


def _feed(mon: CardTableMonitor, records: list[dict], every: int = 500) -> list:
    alarms = []
    for i, rec in enumerate(records, start=1):
        mon.ingest(round_from_record("punto-banco", rec), "sim", i, "2026-12-01T00:00:00Z")
        if not i % every:
            mon.flush()
            alarms += mon.take()[0]
    mon.flush()
    return alarms + mon.take()[0]


def _points(card: str) -> int:
    """A card's point value, read here from its rank: Ace 1, 2-9 their face, tens and court cards 0."""
    rank = card[:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() and int(rank) < 10 else 0


def test_the_composition_before_each_round_is_the_shoe_less_the_cards_seen_since_the_shuffle():
    lines, _ = punto_banco_log(4, 200, "P1", decks=1)
    mon = _monitor(decks=1)
    seen: list[int] = []
    marker = None
    for i, rec in enumerate(_records(lines), start=1):
        if rec["shoe"] != marker:
            marker, seen = rec["shoe"], []
        expected = [16 - sum(1 for v in seen if v == 0)] + [4 - seen.count(v) for v in range(1, 10)]
        assert list(mon.left(round_from_record("punto-banco", rec).record)) == expected
        mon.ingest(round_from_record("punto-banco", rec), "sim", i, "t")
        seen += [_points(c) for c in rec["player"] + rec["banker"]]
    assert marker is not None and marker > 5  # several shoes were dealt


def test_each_wagers_exact_value_on_a_composition_is_the_engines():
    mon = _monitor()
    left = _compositions(5, 1, 8)[0]
    values = mon.round_values(left)
    means = api.composition_values("punto-banco", "2002", left, None, {"decks": "8"})
    assert {k: m for k, (m, _) in values.items()} == means
    analysis = api.analyse("punto-banco", "2002", rules={"decks": "8", "removed": _gone(left, 8)})
    assert {r.wager.key: r.distribution.variance for r in analysis.results} == {k: v for k, (_, v) in values.items()}


def _gone(left: tuple[int, ...], decks: int) -> str:
    full = [16 * decks] + [4 * decks] * 9
    return ",".join(lab for lab, f, c in zip(_LABELS, full, left) for _ in range(f - c)) or "none"


def test_a_fair_table_is_not_flagged():
    lines, placed = punto_banco_log(6, 4000, "P1")
    mon = _monitor()
    assert placed == {} and _feed(mon, _records(lines)) == []
    hold = mon.streams[("hold", "")]
    assert hold.n == 4000 and hold.alarm is None


def test_a_wrong_payout_is_flagged_at_its_round():
    lines, placed = punto_banco_log(7, 400, "P1", mispay_at=150)
    alarms = _feed(_monitor(), _records(lines))
    assert [(a.test, a.round) for a in alarms] == [("settlement", placed["mispay"])]
    assert "banker wager" in alarms[0].alternative and "19 to 20" in alarms[0].alternative


def test_a_banker_draw_against_the_tableau_is_flagged_at_its_round_for_its_dealer():
    lines, placed = punto_banco_log(8, 400, "P1", bad_draw_at=200)
    records = _records(lines)
    for r in records:
        r["dealer"] = "D1" if r["round"] < placed["bad_draw"] else "D2"
    rec = records[placed["bad_draw"] - 1]
    alarms = _feed(_monitor(), records)
    assert [(a.test, a.round, a.dealer) for a in alarms] == [("rules", placed["bad_draw"], "D2")]
    assert "banker's third card" in alarms[0].alternative
    assert ("drew" in alarms[0].alternative) == (len(rec["banker"]) == 3)


def _first_repeat(records: list[dict]) -> int:
    """The first round dealing a card (rank and suit) a second time in one shoe of one pack."""
    seen: set[tuple[int, str]] = set()
    for i, rec in enumerate(records, start=1):
        for c in rec["player"] + rec["banker"]:
            if (rec["shoe"], c) in seen:
                return i
            seen.add((rec["shoe"], c))
    raise AssertionError("no card repeated")


def test_a_card_more_often_than_the_shoe_holds_is_flagged_at_its_round():
    lines, _ = punto_banco_log(9, 30, "P1", decks=1)
    records = _records(lines)
    for rec in records:
        rec["shoe"] = 1  # the shoe never reshuffled: its cards come round again
    alarms = _feed(_monitor(decks=1), records)
    shoe = [a for a in alarms if a.test == "shoe"]
    assert shoe and shoe[0].round == _first_repeat(records)
    assert {a.test for a in alarms} == {"shoe"}


def test_a_dealer_favouring_the_banker_fails_the_hold_test():
    lines, _ = punto_banco_log(10, 6000, "P1", stakes=(("player", 10, ""),), favour_banker=0.5)
    alarms = _feed(_monitor(), _records(lines))
    assert [a.test for a in alarms] == ["hold"]
    assert "above" in alarms[0].alternative and alarms[0].round < 6000


# -- restarts ---------------------------------------------------------------------------------------------------


def _run(feed: Path, db: Path, decks: int, stop: int | None = None, batch: int = 7) -> None:
    run_table(feed, db, TableConfig("P1", "punto-banco", "2002", rules={"decks": str(decks)}), stop, batch)


def _outcome(db: Path):
    state = State(db, create=False)
    try:
        alarms = [(a["tbl"], a["test"], a["round"], a["alternative"]) for a in state.alarms()]
        ((name, _, st),) = state.table_rows()
        hold = [(t, n, alarm, top) for t, _, n, alarm, top, _ in state.streams(name)]
        w = state.stream_w(name, "hold", "").tolist()
        return alarms, st["rounds"], st["last_round"], st["fault_counts"], hold, w
    finally:
        state.close()


@pytest.mark.parametrize(("decks", "rounds", "stop", "reshuffled"), [(1, 60, 33, False), (8, 200, 130, True)])
def test_a_run_stopped_in_mid_shoe_and_resumed_neither_drops_nor_double_counts(
    tmp_path, decks, rounds, stop, reshuffled
):
    """The run stops after `stop` lines (the rounds read since its last commit lost) and resumes from the
    committed position, its shoe taken up from the state file: the same alarms at the same rounds, every round
    counted once, the hold test's statistic the same to the last bit as an uninterrupted run's. A one-pack shoe
    never reshuffled repeats its cards from about round 10, each repeat a shoe alarm, before and after the stop;
    8-pack shoes are valued round by round across it (the stop falls in the second shoe)."""
    lines, placed = punto_banco_log(11, rounds, "P1", decks=decks, mispay_at=40)
    records = _records(lines)
    if not reshuffled:
        for rec in records:
            rec["shoe"] = 1
    assert records[stop]["shoe"] == records[stop - 10]["shoe"]  # the stop falls in mid-shoe
    feed = tmp_path / "P1.log"
    feed.write_text("\n".join([lines[0], *map(json.dumps, records)]) + "\n")
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    _run(feed, whole, decks)
    _run(feed, killed, decks, stop=stop)
    assert 0 < _outcome(killed)[1] < stop - 1  # the committed rounds, short of those read
    _run(feed, killed, decks)
    expected = _outcome(whole)
    assert _outcome(killed) == expected
    alarms, n, last, faults, hold, _ = expected
    assert (n, last, faults) == (rounds, rounds, {})
    assert ("settlement", placed["mispay"]) in [(a[1], a[2]) for a in alarms]
    if reshuffled:
        assert hold[0][1] == rounds and {a[1] for a in alarms} == {"settlement"}
    else:
        assert hold[0][1] > 0  # valued while the pack lasts
        assert any(a[2] > stop and a[1] == "shoe" for a in alarms)  # repeats judged after the restart too


def _cut_by_d2(dealer: str, previous: list[str], rng: random.Random) -> list[str] | None:
    """Dealer d2 only cuts the old shoe once, at a random card; d1 shuffles fairly."""
    if dealer != "d2":
        return None
    k = rng.randrange(1, len(previous))
    return previous[k:] + previous[:k]


def test_a_run_stopped_in_mid_shoe_scores_the_shoes_after_it_as_one_that_never_stopped(tmp_path):
    """The shuffle test's reference, the previous shoe's order, and the current shoe's first round and dealer come
    back from the state file: after the stop, each shoe is scored and named as in an uninterrupted run (every
    dealer's stream the same to the last bit), the shoe open at the stop included."""
    lines, _ = punto_banco_log(13, 300, "P1", decks=2, dealers=("d1", "d2"), shuffle=_cut_by_d2)
    records = _records(lines)
    stop = 152
    assert records[stop - 8]["shoe"] == records[stop + 8]["shoe"]  # the stop falls in mid-shoe
    feed = tmp_path / "P1.log"
    feed.write_text("\n".join(lines) + "\n")
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    _run(feed, whole, 2)
    _run(feed, killed, 2, stop=stop)
    _run(feed, killed, 2)

    def shuffles(db: Path):
        state = State(db, create=False)
        try:
            streams = [s for s in state.streams("P1") if s[0] == "shuffle"]
            return streams, [state.stream_w("P1", "shuffle", s[1]).tolist() for s in streams], state.alarms()
        finally:
            state.close()

    expected = shuffles(whole)
    assert shuffles(killed)[:2] == expected[:2]
    assert [(a["test"], a["dealer"], a["round"], a["alternative"]) for a in shuffles(killed)[2]] == [
        (a["test"], a["dealer"], a["round"], a["alternative"]) for a in expected[2]
    ]
    streams, _, alarms = expected
    assert sum(s[2] for s in streams) == records[-1]["shoe"] - 2  # every shoe scored but the first and the last
    assert [(a["test"], a["dealer"]) for a in alarms] == [("shuffle", "d2")]


def _cli_run(feed: Path, state: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [*ODDSCALC, "monitor", "run", str(feed), "--state", str(state), "--batch", "500"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _cli_alarms(state: Path) -> list[tuple]:
    out = subprocess.run(
        [*ODDSCALC, "monitor", "alarms", "--state", str(state), "--format", "json"], capture_output=True, timeout=60
    )
    return [(a["table"], a["test"], a["round"], a["alternative"]) for a in map(json.loads, out.stdout.splitlines())]


@pytest.mark.slow
def test_a_card_table_killed_at_a_random_moment_then_resumed_gives_the_same_alarms(tmp_path):
    lines, placed = punto_banco_log(21, 20000, "P1", mispay_at=15000, bad_draw_at=18000)
    feed = tmp_path / "P1.log"
    feed.write_text("\n".join(lines) + "\n")
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    _cli_run(feed, whole).communicate(timeout=300)
    expected = _cli_alarms(whole)
    assert [(a[1], a[2]) for a in expected] == [("settlement", placed["mispay"]), ("rules", placed["bad_draw"])]
    p = _cli_run(feed, killed)
    time.sleep(random.Random().uniform(1.8, 3.5))  # imports take about 1.5 s: kill mid-feed
    p.send_signal(signal.SIGKILL)
    p.communicate(timeout=60)
    _cli_run(feed, killed).communicate(timeout=300)
    assert _cli_alarms(killed) == expected
    assert _outcome(killed)[1:] == _outcome(whole)[1:]  # rounds, faults and the hold statistic, to the bit


def test_each_hold_bet_is_fair_under_the_rounds_law_and_never_below_one_half():
    """For random round laws and stakes, each bet's factor averaged over the outcomes with their chances is 1 (a
    test martingale whatever the stakes), and no outcome of the law takes it below 1/2."""
    rng = np.random.default_rng(12)
    p = rng.dirichlet([4.0, 4.0, 1.0], size=50)
    p[:5, 2] = 0.0  # some laws without a tie
    p /= p.sum(axis=1, keepdims=True)
    house = rng.normal(0, 20, size=(50, 3))
    factors = np.stack([np.exp(hold_increments(p, house, house[:, o])) for o in range(3)], axis=2)  # bets x rounds x o
    means = (factors * p[None, :, :]).sum(axis=2)
    assert np.allclose(means, 1.0, rtol=0, atol=1e-12)
    assert (np.where(p[None, :, :] > 0, factors, 1.0) >= 0.5 - 1e-12).all()
    assert (factors.max(axis=(1, 2)) > 1.05).all()  # the bets do bet


@pytest.mark.parametrize("game", ["punto-banco", "super-pan-9"])
def test_a_bare_line_in_a_card_tables_feed_is_a_feed_fault_naming_the_form_it_needs(game, tmp_path, capsys):
    """A card table's round is a round-log record (its cards and wagers); a bare line there, which a wheel's or
    dice table's feed may carry, is a feed fault saying so, not a misreading as dice faces."""
    from tests.cli_run import run_cli

    header = json.dumps({"roundlog": 1, "game": game, "version": "2002"})
    feed = tmp_path / "T1.log"
    feed.write_text(f"{header}\n17\n")
    argv = ["monitor", "run", str(feed), "--table", "T1", "--game", game, "--version", "2002"]
    argv += ["--state", str(tmp_path / "s.db")]
    code, out, err = run_cli(argv, capsys)
    said = " ".join((out + err).split())
    assert code == 0 and f"'17' is not a {game} round: a card table's rounds are round-log JSON records" in said, said
    assert "dice" not in said
