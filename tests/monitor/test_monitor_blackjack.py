"""Blackjack tables in the monitor: the banker's law given the cards before his second card (against an
enumeration of his draws written here), the house's result on each of his hands worked by hand, the dealer's
faults at their round, a fair table and a player who plays as he likes not flagged, a stacked banker flagged."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import numpy as np
import pytest

from oddscalc import api, blackjack_queries
from oddscalc.monitor.card_games import Blackjack
from oddscalc.monitor.card_table import CardTableMonitor, hold_increments
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.simulate import blackjack_log
from oddscalc.monitor.streams import statistical_tests
from tests.cli_run import run_cli
from tests.monitor_runs import outcome, run_table

GAME, VERSION = "blackjack", "2002"
#: One table of a 50-table floor at 1% a year: the hold test's level.
LEVEL = Fraction(1, 100) / 100
OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")


def _config(version: str = VERSION, **rules: str) -> TableConfig:
    return TableConfig("B1", GAME, version, rules={"decks": "6", **rules})


def _monitor(**rules: str) -> CardTableMonitor:
    return CardTableMonitor(_config(**rules), dict.fromkeys(statistical_tests(GAME), LEVEL), Budget())


def _feed(mon: CardTableMonitor, lines: list[str], every: int = 250) -> list:
    alarms = []
    for i, rec in enumerate(map(json.loads, lines[1:]), start=1):
        mon.ingest(round_from_record(GAME, rec), "sim", i, "2026-12-01T00:00:00Z")
        if not i % every:
            mon.flush()
            alarms += mon.take()[0]
    mon.flush()
    return alarms + mon.take()[0]


# -- the banker's law, by hand ------------------------------------------------------------------------------------


def _final(hand: list[int], left: list[int], hit_soft17: bool) -> dict[str, Fraction] | None:
    """The banker's final hand from `hand` (values, an Ace 1), drawing card by card from `left` (counts of the
    values 1..10) to 17, and on soft 17 when `hit_soft17`: its chances, or None if the cards could run out."""
    hard = sum(hand)
    soft = 1 in hand and hard + 10 <= 21
    score = hard + 10 if soft else hard
    if len(hand) == 2 and score == 21:
        return {"blackjack": Fraction(1)}
    if score > 21:
        return {"bust": Fraction(1)}
    if score > 17 or (score == 17 and not (soft and hit_soft17)):
        return {str(score): Fraction(1)}
    n = sum(left)
    if n == 0:
        return None
    out: dict[str, Fraction] = {}
    for value, count in enumerate(left, start=1):
        if not count:
            continue
        left[value - 1] -= 1
        sub = _final([*hand, value], left, hit_soft17)
        left[value - 1] += 1
        if sub is None:
            return None
        for k, p in sub.items():
            out[k] = out.get(k, Fraction(0)) + Fraction(count, n) * p
    return out


def _peeked(up: int, left: list[int], hit_soft17: bool, blackjack: bool) -> dict[str, Fraction]:
    """The banker's final hand once a peek showed whether his second card makes a blackjack: each second card
    drawn by hand, those the peek rules out left out, the rest renormalised."""
    out: dict[str, Fraction] = {}
    n = sum(left)
    for value, count in enumerate(left, start=1):
        makes = {up, value} == {1, 10}
        if not count or makes != blackjack:
            continue
        left[value - 1] -= 1
        sub = _final([up, value], left, hit_soft17)
        left[value - 1] += 1
        assert sub is not None
        for k, p in sub.items():
            out[k] = out.get(k, Fraction(0)) + Fraction(count, n) * p
    total = sum(out.values())
    return {k: p / total for k, p in out.items()}


def _law(game: Blackjack, key: tuple[int, ...]) -> dict[str, Fraction]:
    laws = game.laws(game.config, [key])
    return {o: Fraction(int(w), int(laws.totals[0])) for o, w in zip(laws.outcomes, laws.weights[0]) if w}


#: Small shoes by value (A, 2-9, ten): a few cards of each, and one heavy in small cards (long banker draws).
SMALL = ((1, 1, 1, 1, 1, 1, 1, 1, 1, 4), (2, 0, 1, 0, 3, 1, 0, 2, 1, 5), (4, 3, 3, 2, 1, 0, 0, 0, 1, 2))


@pytest.mark.parametrize("soft17", ["stand", "hit"])
def test_the_banker_law_is_the_enumeration_of_his_draws(soft17):
    game = Blackjack(_config(soft17=soft17))
    for left in SMALL:
        for up in range(1, 11):
            expected = _final([up], list(left), soft17 == "hit")
            assert expected is not None
            assert _law(game, (*left, up, 0)) == expected
            assert sum(expected.values()) == 1


def test_a_shoe_the_banker_could_run_out_of_is_not_given_a_law():
    """Two 2s left against a 2: he could draw both and still need a card. The enumeration says so too."""
    rules = api.resolved_rules(GAME, VERSION, {"decks": "6"})[0]
    left = (0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    assert _final([2], list(left), False) is None
    assert blackjack_queries.banker_laws(rules, [(left, 2)]) == [None]


@pytest.mark.parametrize("blackjack", [False, True])
def test_under_the_peek_rule_the_law_is_given_what_the_peek_showed(blackjack):
    game = Blackjack(_config("2007", hole_card="peek"))  # the 2007 rules allow a peeked hole card
    for left in SMALL:
        for up in (1, 10):
            law = _law(game, (*left, up, 2 if blackjack else 1))
            if blackjack:
                assert law == {"blackjack": 1}
            else:
                assert law == _peeked(up, list(left), False, False)
    # no law to give: every card left a ten after a peek against an Ace said none was, or a shoe he could run out of
    for left, up in (((0,) * 9 + (3,), 1), ((0, 2, 0, 0, 0, 0, 0, 0, 0, 0), 2)):
        assert _law(game, (*left, up, 1)) == {"blackjack": 1}  # a fixed result: the round's factor is 1


# -- the house's result on each of the banker's hands ---------------------------------------------------------


def _house(record: dict, **rules: str) -> dict[str, float]:
    mon = _monitor(**rules)
    fr = round_from_record(GAME, {"shoe": 1, **record})
    figures = mon.card_game.house(fr.record, fr.wagers, mon.judge(), fr.house)
    assert figures is not None
    return dict(zip(OUTCOMES, figures[0]))


def test_a_split_and_double_is_settled_on_each_banker_hand_as_worked_by_hand():
    """8s split against a 10: 8, 3, K doubled (21, staked 20) and 8, 10 (18). Against 17 both win (house -30);
    18 pushes the second (-20); 19 and 20 beat it (-20 + 10); 21 pushes the first and beats the second (+10);
    a bust pays both (-30); a blackjack takes both stakes, the double's too (+30)."""
    record = {
        "banker": ["10d", "7c"],
        "hand": {
            "cards": ["8h", "8d"],
            "actions": ["split"],
            "split": [
                {"cards": ["8h", "3s", "Kd"], "actions": ["double"], "stake": "20", "net": "20"},
                {"cards": ["8d", "10c"], "actions": ["stand"], "stake": "10", "net": "10"},
            ],
        },
        "wagers": [{"on": "initial", "stake": "10", "net": "30"}],
    }
    house = _house(record)
    assert house == {"17": -30, "18": -20, "19": -10, "20": -10, "21": 10, "bust": -30, "blackjack": 30}


def test_an_insured_natural_and_a_bust_hand_do_not_depend_on_the_banker():
    """A natural insured for half its stake against an Ace is even money whatever the banker holds (15 - 5, or
    0 + 10); a bust hand loses whatever he holds. Both rounds' factors are 1."""
    natural = {
        "banker": ["Ac", "Kc"],
        "hand": {"cards": ["Ah", "Qd"], "stake": "10", "net": "0"},
        "wagers": [{"on": "initial", "stake": "10", "net": "0"}, {"on": "insurance", "stake": "5", "net": "10"}],
    }
    bust = {
        "banker": ["6c"],
        "hand": {"cards": ["10h", "6d", "9s"], "actions": ["hit"], "stake": "10", "net": "-10"},
        "wagers": [{"on": "initial", "stake": "10", "net": "-10"}],
    }
    for record, result in ((natural, -10), (bust, 10)):
        house = _house(record)
        assert set(house.values()) == {result}
        p = np.full((1, 7), 1 / 7)
        assert not hold_increments(p, np.array([list(house.values())]), np.array([float(result)])).any()


# -- the monitor on simulated tables ----------------------------------------------------------------------------


def _value(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else int(rank)


def _cards(node: dict) -> list[str]:
    return [c for kid in node["split"] for c in _cards(kid)] if "split" in node else list(node["cards"])


def test_the_key_is_the_shoe_less_every_card_before_the_banker_s_second():
    lines, _ = blackjack_log(3, 120, "B1")
    mon = _monitor()
    seen: list[int] = []
    marker = None
    for i, rec in enumerate(map(json.loads, lines[1:]), start=1):
        if rec["shoe"] != marker:
            marker, seen = rec["shoe"], []
        before = [_value(c) for c in [*_cards(rec["hand"]), rec["banker"][0]]]
        left = [24 - (seen + before).count(v) for v in range(1, 10)] + [96 - (seen + before).count(10)]
        assert mon.card_game.key(rec, mon.left(rec)) == (*left, _value(rec["banker"][0]), 0)
        mon.ingest(round_from_record(GAME, rec), "sim", i, "t")
        seen += [_value(c) for c in [*_cards(rec["hand"]), *rec["banker"]]]
    assert marker is not None and marker > 1  # a reshuffle was crossed


def test_a_fair_table_is_not_flagged():
    lines, placed = blackjack_log(6, 2500, "B1", insure=True)
    mon = _monitor()
    assert placed == {} and _feed(mon, lines) == []
    assert mon.streams[("hold", "")].n == 2500 and mon.streams[("shuffle", "")].n > 40


def test_a_player_who_stands_on_every_hand_is_not_flagged():
    """The law is the banker's, given the box's final hands: it holds whatever the player decides. A player who
    stands on every total the chart lets him (never doubling or splitting) gives the house far more than basic
    strategy does, and is not flagged."""
    chart = api.decision_table(GAME, VERSION, "initial", {"decks": "6", "strategy": "basic"})
    assert isinstance(chart, dict)
    stands = {name: [[*row[:3], "stand"] for row in rows] for name, rows in chart.items()}
    lines, _ = blackjack_log(7, 2500, "B1", chart=stands)
    assert "double" not in "".join(lines) and "split" not in "".join(lines[1:])
    mon = _monitor()
    assert _feed(mon, lines) == [] and mon.streams[("hold", "")].n == 2500


def test_a_dealer_who_stacks_the_banker_s_second_card_fails_the_hold_test():
    """Whenever a ten as the banker's second card would beat the box, the dealer swaps the shoe's next ten into its
    place: every card still comes from the shoe once, so only the hold test can see it."""
    lines, placed = blackjack_log(10, 2500, "B1", stack_banker=1.0)
    assert placed["stacked"] > 100
    alarms = _feed(_monitor(), lines)
    assert [a.test for a in alarms] == ["hold"]
    assert "above" in alarms[0].alternative and alarms[0].round < 2500


def test_a_wrong_payout_is_flagged_at_its_round():
    lines, placed = blackjack_log(8, 300, "B1", mispay_at=120)
    alarms = _feed(_monitor(), lines)
    assert [(a.test, a.round) for a in alarms] == [("settlement", placed["mispay"])]
    assert "3 to 2" in alarms[0].alternative


def test_a_banker_who_stands_on_16_is_flagged_at_its_round():
    lines, placed = blackjack_log(9, 300, "B1", bad_draw_at=150)
    alarms = _feed(_monitor(), lines)
    assert [(a.test, a.round) for a in alarms] == [("rules", placed["bad_draw"])]
    assert "draws to 16" in alarms[0].alternative


def test_a_round_ended_on_a_peeked_blackjack_is_flagged_at_its_round():
    """No hole card under the 2002 rules (reg 7(1)(d)): a round ending on the banker's blackjack with no decision on
    the player's hand shows a peek. In a log that writes its stands it is a rules alarm at its round."""
    lines, _ = blackjack_log(14, 400, "B1")
    records = [json.loads(x) for x in lines[1:]]
    peeked = next(
        r
        for r in records[20:]
        if len(r["banker"]) == 2
        and {_value(c) for c in r["banker"]} == {1, 10}
        and r["hand"].get("actions") == ["stand"]
        and len(r["hand"]["cards"]) == 2
    )
    del peeked["hand"]["actions"]
    alarms = _feed(_monitor(), [lines[0], *map(json.dumps, records)])
    assert [(a.test, a.round) for a in alarms] == [("rules", peeked["round"])]
    assert "hole card (peek)" in alarms[0].alternative


def test_a_card_more_often_than_the_shoe_holds_is_flagged_at_its_round():
    """The second shoe logged as the first: at the round where some card (its rank and suit) has come out more
    often than the six packs hold it, six times, the shoe check alarms."""
    lines, _ = blackjack_log(11, 200, "B1")
    records = [json.loads(x) for x in lines[1:]]
    counts: dict[str, int] = {}
    over = None
    for rec in records:
        rec["shoe"] = 1
        rec.pop("cut", None)
        for c in [*_cards(rec["hand"]), *rec["banker"]]:
            counts[c] = counts.get(c, 0) + 1
        if over is None and max(counts.values()) > 6:
            over = rec["round"]
    assert over is not None
    alarms = _feed(_monitor(), [lines[0], *map(json.dumps, records)])
    assert alarms[0].test == "shoe" and alarms[0].round == over
    assert "6 of each card" in alarms[0].alternative


def test_a_dealer_who_does_not_shuffle_is_flagged_by_the_shuffle_test():
    def no_shuffle(dealer: str, previous: list[str], rng: random.Random) -> list[str] | None:
        return list(previous) if dealer == "d2" else None

    lines, _ = blackjack_log(12, 400, "B1", dealers=("d1", "d2"), shuffle=no_shuffle)
    records = [json.loads(x) for x in lines[1:]]
    last_of_2 = max(r["round"] for r in records if r["shoe"] == 2)
    alarms = _feed(_monitor(), lines)
    assert [(a.test, a.dealer, a.round) for a in alarms] == [("shuffle", "d2", last_of_2)]


def test_a_log_written_by_simulate_is_judged_valued_and_scored_by_monitor_run(tmp_path, capsys):
    """`oddscalc simulate blackjack --shuffle fair --log` (the 2007 rules: doubles on any two cards, same-rank
    splits) fed to `oddscalc monitor run`, the table taken from the log's header: every round judged with no fault,
    valued by the hold test, and every shoe after the first that ended scored."""
    log = tmp_path / "bj.jsonl"
    argv = ["simulate", GAME, "initial", "--rule", "strategy=basic", "--rounds", "400", "--shuffle", "fair"]
    code, _, err = run_cli([*argv, "--log", log, "--out", tmp_path / "bj.csv"], capsys)
    assert code == 0, err
    records = [json.loads(x) for x in log.read_text().splitlines()[1:]]
    db = tmp_path / "s.db"
    code, out, err = run_cli(["monitor", "run", log, "--table", "B1", "--state", db], capsys)
    assert code == 0 and "0 alarm(s), 0 feed fault(s)" in out + err, out + err
    code, out, _ = run_cli(["monitor", "status", "--state", db, "--format", "json"], capsys)
    (table,) = json.loads(out)["tables"]
    tests = {t["test"]: t["results"] for t in table["tests"]}
    assert (table["version"], table["rounds"], table["settled_wrong"], table["feed_faults"]) == ("2007", 400, 0, {})
    assert tests == {"hold": 400, "shuffle": records[-1]["shoe"] - 2}


# -- restarts ---------------------------------------------------------------------------------------------------


def test_a_run_stopped_in_mid_shoe_and_resumed_judges_and_values_the_rest_alike(tmp_path):
    """The shoe's cards dealt before the stop come back from the state file: the same alarms, every round counted
    once, the hold test's statistic the same to the last bit as an uninterrupted run's."""
    lines, placed = blackjack_log(13, 90, "B1", mispay_at=5)
    records = [json.loads(x) for x in lines[1:]]
    stop = 66
    assert records[stop]["shoe"] == records[stop - 10]["shoe"] == 2  # the stop falls in the second shoe
    feed = tmp_path / "B1.log"
    feed.write_text("\n".join(lines) + "\n")
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    config = _config()
    run_table(feed, whole, config)
    run_table(feed, killed, config, stop)
    assert 0 < outcome(killed)[1] < stop - 1  # the committed rounds, short of those read
    run_table(feed, killed, config)
    alarms, rounds, streams, w = outcome(killed)
    expected = outcome(whole)
    assert (alarms, rounds, streams) == expected[:3] and w.tolist() == expected[3].tolist()
    assert alarms == [("settlement", placed["mispay"])] and rounds == 90
