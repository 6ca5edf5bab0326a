"""The shuffle test between shoes at card tables in the monitor: each shoe scored against the previous one as verify
scores that pair of shoes, attributed to the dealer who shuffled it; fair shuffles never flagged, a dealer who does
not shuffle (the next shoe in the same order, or only cut) or only strips it flagged at his first shoe."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest

from oddscalc.monitor.card_table import CardTableMonitor
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.simulate import punto_banco_log, super_pan_9_log
from oddscalc.monitor.streams import statistical_tests
from oddscalc.sim.shuffle_models import Shuffle
from oddscalc.verify import verify

#: One table's share of a 50-table floor at 1% a year (two statistical tests a card table).
LEVEL = Fraction(1, 100) / 100
DEALERS = ("d1", "d2", "d3")


def _monitor(game: str = "punto-banco", decks: int = 8) -> CardTableMonitor:
    rules = {"decks": str(decks)} if game == "punto-banco" else {}
    cfg = TableConfig("P1", game, "2002", rules=rules)
    return CardTableMonitor(cfg, dict.fromkeys(statistical_tests(game), LEVEL), Budget())


def _feed(mon: CardTableMonitor, records: list[dict], every: int = 300) -> list:
    alarms = []
    for i, rec in enumerate(records, start=1):
        mon.ingest(round_from_record(mon.game, rec), "sim", i, "2026-12-01T00:00:00Z")
        if not i % every:
            mon.flush()
            alarms += mon.take()[0]
    mon.flush()
    return alarms + mon.take()[0]


def _records(lines: list[str]) -> list[dict]:
    return [json.loads(x) for x in lines[1:]]


def _no_shuffle(dealer: str, previous: list[str], rng: random.Random) -> list[str] | None:
    """Dealer d2 puts the shoe back in the order it was dealt; the others shuffle fairly."""
    return list(previous) if dealer == "d2" else None


def _one_cut(dealer: str, previous: list[str], rng: random.Random) -> list[str] | None:
    """Dealer d2 only cuts the old shoe once, at a random card; the others shuffle fairly."""
    if dealer != "d2":
        return None
    k = rng.randrange(1, len(previous))
    return previous[k:] + previous[:k]


def _six_strips(dealer: str, previous: list[str], rng: random.Random) -> list[str] | None:
    """Dealer d2 gives the old shoe six strip (overhand) shuffles (`sim.shuffle_models`); the others shuffle fairly."""
    return Shuffle("strip", 6, Fraction(1, 9))(list(previous), rng) if dealer == "d2" else None


def _shoes(records: list[dict]) -> dict[int, tuple[str, int, int]]:
    """Each shoe marker's (dealer of its first round, first round, last round), read from the log."""
    out: dict[int, tuple[str, int, int]] = {}
    for r in records:
        d, first, _ = out.get(r["shoe"], (r.get("dealer", ""), r["round"], 0))
        out[r["shoe"]] = (d, first, r["round"])
    return out


def test_fair_shuffles_over_thirty_shoes_raise_no_shuffle_alarm():
    lines, _ = punto_banco_log(31, 5000, "P1", dealers=DEALERS)
    records = _records(lines)
    mon = _monitor()
    assert _feed(mon, records) == []
    shoes = records[-1]["shoe"]
    assert shoes >= 30
    streams = {d: s for (t, d), s in mon.streams.items() if t == "shuffle"}
    assert set(streams) == set(DEALERS) and all(s.alarm is None for s in streams.values())
    # every shoe scored but the first (no previous shoe) and the last (not ended)
    assert sum(s.n for s in streams.values()) == shoes - 2


@pytest.mark.parametrize("shuffle", [_no_shuffle, _one_cut, _six_strips])
def test_a_dealer_who_does_not_shuffle_or_only_strips_is_flagged_at_his_first_shoe(shuffle):
    lines, _ = punto_banco_log(32, 1500, "P1", dealers=DEALERS, shuffle=shuffle)
    records = _records(lines)
    shoes = _shoes(records)
    first = min(m for m, (d, _, _) in shoes.items() if d == "d2" and m > 1)
    alarms = _feed(_monitor(), records)
    assert [(a.table, a.test, a.dealer, a.round) for a in alarms] == [("P1", "shuffle", "d2", shoes[first][2])]
    text = alarms[0].alternative
    assert f"shoe {first} (rounds {shoes[first][1]}-{shoes[first][2]})" in text
    assert "pairs kept from the previous shoe" in text
    assert alarms[0].log_e >= alarms[0].log_threshold


def test_a_super_pan_9_dealer_who_does_not_shuffle_is_flagged_and_fair_ones_are_not():
    lines, _ = super_pan_9_log(33, 700, "S1", dealers=("d1", "d2"), shuffle=_no_shuffle)
    records = _records(lines)
    shoes = _shoes(records)
    assert len(shoes) >= 8
    mon = _monitor("super-pan-9")
    alarms = _feed(mon, records)
    assert [(a.test, a.dealer, a.round) for a in alarms] == [("shuffle", "d2", shoes[2][2])]
    fair = mon.streams[("shuffle", "d1")]
    assert fair.n >= 3 and fair.alarm is None


@pytest.mark.parametrize("shuffle", [None, _one_cut])
def test_each_shoes_score_is_verifys_on_the_same_pair_of_shoes(tmp_path, shuffle):
    """A log of two shoes judged by verify, whose tests against the previous shoe score the second shoe alone; the
    monitor fed the same two shoes (and the next shoe's first round, which ends the second): its dealer's stream
    after one shoe holds max(0, log e) of each test, so min(1, e^-w) is verify's p-value."""
    lines, _ = punto_banco_log(34, 200, "P1", decks=2, dealers=DEALERS, shuffle=shuffle)
    records = _records(lines)
    pair = [r for r in records if r["shoe"] <= 2]
    path = tmp_path / "pair.jsonl"
    judged = [
        {"shoe": r["shoe"], "player": r["player"], "banker": r["banker"], "wagers": [r["wagers"][0]]} for r in pair
    ]
    for r in judged:
        r["wagers"] = [{k: w[k] for k in ("on", "stake", "net")} for w in r["wagers"]]
    path.write_text("\n".join([lines[0], *map(json.dumps, judged)]) + "\n")  # verify's fields only
    found = {t["name"]: t["p"] for t in verify(path, "punto-banco").randomness["tests"]}
    mon = _monitor(decks=2)
    _feed(mon, [*pair, next(r for r in records if r["shoe"] == 3)])
    stream = mon.streams[("shuffle", "d2")]
    assert stream.n == 1
    names = [f"shuffle: {what} kept from the previous shoe" for what in ("pairs", "order", "positions")]
    for name, w in zip(names, stream.w[:3]):
        assert math.isclose(min(1.0, math.exp(-w)), float(found[name]), rel_tol=1e-3), name
    if shuffle is not None:
        assert float(found[names[0]]) < 1e-10  # the cut kept the pairs
