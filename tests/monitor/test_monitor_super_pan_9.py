"""Super Pan 9 tables in the monitor: each round's exact law from the shoe (against a brute-force enumeration
written here), the dealer's faults at their round, a fair table and a player who plays as he likes not flagged."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np

from oddscalc import api
from oddscalc.monitor.card_table import CardTableMonitor
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.simulate import super_pan_9_log
from oddscalc.monitor.streams import statistical_tests
from tests.monitor_runs import outcome, run_table

GAME, VERSION = "super-pan-9", "2002"
TABLES = Path(__file__).resolve().parents[2] / "tables"
#: One table of a 50-table floor at 1% a year: the hold test's level.
LEVEL = Fraction(1, 100) / 150
#: A shoe nearly dealt out, a composition of the 288-card shoe by point value (0, A, 2-6): 10 cards.
TINY = (3, 2, 1, 1, 2, 0, 1)


def _monitor() -> CardTableMonitor:
    cfg = TableConfig("S1", GAME, VERSION)
    return CardTableMonitor(cfg, dict.fromkeys(statistical_tests(GAME), LEVEL), Budget())


def _feed(mon: CardTableMonitor, lines: list[str], every: int = 250) -> list:
    alarms = []
    for i, rec in enumerate(map(json.loads, lines[1:]), start=1):
        mon.ingest(round_from_record(GAME, rec), "sim", i, "2026-12-01T00:00:00Z")
        if not i % every:
            mon.flush()
            alarms += mon.take()[0]
    mon.flush()
    return alarms + mon.take()[0]


# -- a brute-force enumeration of a round, card by card, for a small shoe ---------------------------------------


def _draws(counts: tuple[int, ...], n: int):
    """Every sequence of n point values drawn from `counts` without replacement, with its exact chance."""
    if n == 0:
        yield (), Fraction(1), counts
        return
    size = sum(counts)
    for v, c in enumerate(counts):
        if c:
            rest = counts[:v] + (c - 1,) + counts[v + 1 :]
            for seq, p, left in _draws(rest, n - 1):
                yield (v, *seq), Fraction(c, size) * p, left


def _rest_law(shoe: tuple[int, ...], point: int, drew: bool) -> tuple[Fraction, Fraction, Fraction]:
    """The chances of (player higher, equal, banker higher) once a hand of `point` is seen, `shoe` the cards left
    after it: the banker's three, the player's fourth if he drew, the banker's fourth if his three count 5 or less
    (reg 9(2)(g)). A card never turned up does not change the others' law (the shoe is exchangeable)."""
    out = [Fraction(0)] * 3
    for banker, p, left in _draws(shoe, 3):
        b = sum(banker) % 10
        for fourth, q, left2 in _draws(left, 1) if drew else [((), Fraction(1), left)]:
            final = (point + sum(fourth)) % 10
            for extra, r, _ in _draws(left2, 1) if b <= 5 else [((), Fraction(1), left2)]:
                fb = (b + sum(extra)) % 10
                out[0 if final > fb else 1 if final == fb else 2] += p * q * r
    return out[0], out[1], out[2]


def _round_law(shoe: tuple[int, ...]) -> tuple[Fraction, Fraction, Fraction]:
    """The round's law from `shoe`, the player drawing only when that is strictly better at 19 to 20."""
    out = [Fraction(0)] * 3
    for hand, p, left in _draws(shoe, 3):
        point = sum(hand) % 10
        stand, draw = _rest_law(left, point, False), _rest_law(left, point, True)
        ev = {d: Fraction(19, 20) * law[0] - law[2] for d, law in ((False, stand), (True, draw))}
        law = draw if ev[True] > ev[False] else stand
        for i in range(3):
            out[i] += p * law[i]
    return out[0], out[1], out[2]


def test_the_rest_of_a_round_once_the_hand_is_seen_is_the_enumerations():
    holdings = [(0, 1, 4), (0, 0, 2), (1, 3, 6), (4, 4, 0)]
    rows = [(*TINY, *h, drew) for h in holdings for drew in (0, 1)]
    laws = api.composition_hand_laws(GAME, VERSION, np.array(rows))
    assert laws.outcomes == ("player", "tie", "banker")
    for row, weights, total in zip(rows, laws.weights, laws.totals):
        shoe = list(TINY)
        for v in row[7:10]:
            shoe[v] -= 1
        expected = _rest_law(tuple(shoe), sum(row[7:10]) % 10, bool(row[10]))
        assert tuple(Fraction(int(w), int(total)) for w in weights) == expected


def test_each_rounds_value_from_the_shoe_is_the_enumerations():
    """Each House-bank wager's exact mean and variance per unit staked on a round dealt from a small shoe, the
    player on his best decision, against the enumeration (initial at 19 to 20 void on a tie; tie at 7 to 1)."""
    win, tie, lose = _round_law(TINY)
    assert win + tie + lose == 1
    nets = {"initial": (Fraction(19, 20), Fraction(0), Fraction(-1)), "tie": (Fraction(-1), Fraction(7), Fraction(-1))}
    expected = {}
    for key, xs in nets.items():
        mean = sum(p * x for p, x in zip((win, tie, lose), xs))
        expected[key] = (mean, sum(p * (x - mean) ** 2 for p, x in zip((win, tie, lose), xs)))
    assert _monitor().round_values(TINY) == expected


def test_the_full_shoes_value_is_the_published_tables():
    """A new shoe's round, each wager's mean and variance, against the committed tables (tables/2002)."""
    published = json.loads((TABLES / VERSION / f"{GAME}.json").read_text())["rule_sets"][0]
    expected = {
        w["key"]: (
            sum((Fraction(d["return"]) * Fraction(d["probability"]) for d in w["distribution"]), Fraction(0)),
            Fraction(w["variance"]["exact"]),
        )
        for w in published["wagers"]
        if w["key"] in ("initial", "tie")
    }
    mon = _monitor()
    assert mon.round_values(tuple(mon.full.tolist())) == expected


def _points(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() else 0


def test_the_composition_before_each_round_is_the_shoe_less_the_cards_seen_since_the_shuffle():
    lines, _ = super_pan_9_log(4, 90, "S1")
    mon = _monitor()
    seen: list[int] = []
    marker = None
    for i, rec in enumerate(map(json.loads, lines[1:]), start=1):
        if rec["shoe"] != marker:
            marker, seen = rec["shoe"], []
        assert list(mon.left(rec)) == [96 - seen.count(0)] + [32 - seen.count(v) for v in range(1, 7)]
        mon.ingest(round_from_record(GAME, rec), "sim", i, "t")
        seen += [_points(c) for c in rec["player"] + rec["banker"]]
    assert marker is not None and marker > 1  # a reshuffle was crossed


# -- the monitor on simulated tables ----------------------------------------------------------------------------


def test_a_fair_table_is_not_flagged():
    lines, placed = super_pan_9_log(6, 1000, "S1")
    mon = _monitor()
    assert placed == {} and _feed(mon, lines) == []
    hold = mon.streams[("hold", "")]
    assert hold.n == 1000 and hold.alarm is None


def test_a_player_who_draws_on_every_hand_is_not_flagged():
    """The player may take a fourth card as he likes (reg 9(2)(f)): drawing on every hand gives the House some 19%
    of his stake a round more than his best play, which a law assuming best play flags within about a thousand
    rounds; the round's law taken given his choice does not."""
    lines, _ = super_pan_9_log(7, 1500, "S1", stakes=(("initial", 10, "p1"),), draws=lambda cards: True)
    mon = _monitor()
    assert _feed(mon, lines) == [] and mon.streams[("hold", "")].n == 1500


def test_a_dealer_favouring_the_house_fails_the_hold_test():
    """Half the player's winning rounds slipped away and dealt again: the outcome departs from the shoe's law even
    given the player's hand and choice."""
    lines, _ = super_pan_9_log(10, 1500, "S1", stakes=(("initial", 10, "p1"),), favour_banker=0.5)
    alarms = _feed(_monitor(), lines)
    assert [a.test for a in alarms] == ["hold"]
    assert "above" in alarms[0].alternative and alarms[0].round < 1500


def test_a_wrong_payout_is_flagged_at_its_round():
    lines, placed = super_pan_9_log(8, 300, "S1", mispay_at=120)
    alarms = _feed(_monitor(), lines)
    assert [(a.test, a.round) for a in alarms] == [("settlement", placed["mispay"])]
    assert "initial wager" in alarms[0].alternative and "19 to 20" in alarms[0].alternative


def test_a_house_draw_against_the_rule_is_flagged_at_its_round():
    lines, placed = super_pan_9_log(9, 300, "S1", bad_draw_at=150)
    alarms = _feed(_monitor(), lines)
    assert [(a.test, a.round) for a in alarms] == [("rules", placed["bad_draw"])]
    assert "fourth card" in alarms[0].alternative


def test_a_players_bank_round_is_judged_but_not_valued():
    """A round of several hands against a player's bank (the `hands` form): a levy above 5% of the bank's net
    (reg 10(1)) is a settlement alarm at its round; the hold test values only the House's one-hand rounds."""
    lines, _ = super_pan_9_log(10, 3, "S1")
    bank = {
        "table": "S1",
        "round": 4,
        "shoe": 1,
        "bank": "player",
        "hands": [
            {"cards": ["Kh", "Kd", "5s", "Ah"], "wagers": [{"on": "initial-player-bank", "stake": "10", "net": "0"}]},
            {"cards": ["Jc", "2c", "3h", "Js"], "wagers": [{"on": "initial-player-bank", "stake": "10", "net": "-10"}]},
        ],
        "banker": ["Qc", "3d", "Ks", "3s"],
        "levy": "1",
        "wagers": [{"on": "player-banker", "stake": "20", "net": "9"}],
    }
    mon = _monitor()
    alarms = _feed(mon, [*lines, json.dumps(bank)])
    assert [(a.test, a.round) for a in alarms] == [("settlement", 4)]
    assert "levy" in alarms[0].alternative
    assert mon.streams[("hold", "")].n == 3


# -- restarts ---------------------------------------------------------------------------------------------------


def _run(feed: Path, db: Path, stop: int | None = None) -> None:
    run_table(feed, db, TableConfig("S1", GAME, VERSION), stop)


def test_a_run_stopped_in_mid_shoe_and_resumed_values_the_rest_of_the_shoe_alike(tmp_path):
    """The shoe's cards dealt before the stop come back from the state file: the same alarms, every round counted
    once, the hold test's statistic the same to the last bit as an uninterrupted run's."""
    lines, placed = super_pan_9_log(11, 70, "S1", mispay_at=10)
    records = [json.loads(x) for x in lines[1:]]
    stop = 55
    assert records[stop]["shoe"] == records[stop - 10]["shoe"] == 2  # the stop falls in the second shoe
    feed = tmp_path / "S1.log"
    feed.write_text("\n".join(lines) + "\n")
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    _run(feed, whole)
    _run(feed, killed, stop=stop)
    assert 0 < outcome(killed)[1] < stop - 1  # the committed rounds, short of those read
    _run(feed, killed)
    alarms, rounds, streams, w = outcome(killed)
    expected = outcome(whole)
    assert (alarms, rounds, streams) == expected[:3] and w.tolist() == expected[3].tolist()
    assert alarms == [("settlement", placed["mispay"])] and rounds == 70


def _lefts(records: list[dict]) -> list[list[int]]:
    """The composition before each round of records from one shoe never reshuffled (a count below 0 once more
    of a kind is dealt than the shoe holds), counted here from the cards' ranks."""
    out, seen = [], []
    for rec in records:
        out.append([96 - seen.count(0)] + [32 - seen.count(v) for v in range(1, 7)])
        seen += [_points(c) for c in rec["player"] + rec["banker"]]
    return out


def _holds(left: list[int], rec: dict) -> int:
    """The cards in the shoe `left` when it holds the round's first three player cards, else 0."""
    hand = [_points(c) for c in rec["player"][:3]]
    return sum(left) if all(n - hand.count(v) >= 0 for v, n in enumerate(left)) else 0


def test_a_shoe_dealt_past_its_last_full_round_is_judged_not_valued():
    """A feed that never marks a new shoe runs the 288 cards down: a round from fewer than the eight cards a
    deal is counted over has no law, so it is not valued (and does not stop the monitor); nor is one once more
    of a kind is gone than the shoe holds."""
    lines, _ = super_pan_9_log(75, 45, "S1")
    records = [json.loads(x) for x in lines[1:]]
    held = [_holds(left, rec) for left, rec in zip(_lefts(records), records)]
    assert any(0 < n < 8 for n in held)  # the shoe comes down to 1-7 cards that can deal the round's hand
    for rec in records:
        rec["shoe"] = 1
    valued = sum(n >= 8 for n in held)
    mon = _monitor()
    _feed(mon, [lines[0], *map(json.dumps, records)])
    assert mon.streams[("hold", "")].n == valued < 45
