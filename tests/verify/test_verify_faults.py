"""Deliberately wrong simulators are caught, deterministically (seeded), within 20,000 rounds, with the first
faulty round and the rule it breaks; a shuffle that never deals a ten first fails the randomness tests.

Each test plants one fault in a simulator (the reference one with one rule changed, or a wrapper that settles one
case wrongly), writes its log, and finds the first round where the fault shows by its own small reading of the
log, written here apart from the judges; `verify` must report exactly that round first, with that rule."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction as F

import pytest

from oddscalc import api
from oddscalc.sim import baccarat as sim_bac
from oddscalc.sim import blackjack as sim_bj
from oddscalc.sim import casino_stud_poker as sim_stud
from oddscalc.sim import punto_banco as sim_pb
from oddscalc.sim import roulette as sim_roulette
from oddscalc.sim import super_pan_9 as sim_sp9
from oddscalc.sim.log_lines import STAKE, amount_text, round_log
from oddscalc.verify import verify
from oddscalc.verify.findings import ILLEGAL, MISPAID, RANDOM, SHOE
from tests.verify_logs import BJ, first, rank, rounds_of, write_log

LIMIT = 20_000  # the required bound; each test simulates fewer rounds, enough for its seed's first fault


class _Points(dict):
    """A card's baccarat point by its name, its suit (as the reference simulators write it) aside."""

    def __missing__(self, card: str) -> int:
        return self[card.rstrip("cdhs")]


POINT = _Points({"A": 1, **{str(v): v for v in range(2, 10)}, "10": 0, "J": 0, "Q": 0, "K": 0})


def _score(cards):
    hard = sum(BJ[c] for c in cards)
    soft = any(rank(c) == "A" for c in cards) and hard + 10 <= 21
    return (hard + 10 if soft else hard), soft


def _first_line(path, test):
    """The line of the first round where the planted fault shows, read from the log here; within the bound."""
    line = next(n for n, rec in rounds_of(path) if test(rec))
    assert line <= LIMIT + 1
    return line


def test_punto_banco_banker_on_3_drawing_against_a_third_card_8(tmp_path):
    def wrong_banker(total, third):
        return True if (total, third) == (3, 8) else sim_bac.banker_draws(total, third)

    labels = sim_bac.shoe_labels(8)
    shoe = sim_bac.shoe_points(8)

    def play(w, rng, record=None):
        return sim_pb.punto_banco_round(w, rng, shoe, (sim_pb.player_draws, wrong_banker), labels, record)

    path = tmp_path / "pb.jsonl"
    write_log(path, "punto-banco", "banker", 2000, 3, "1994", {"decks": "8"}, play)

    def case(rec):
        p, b = rec["player"], rec["banker"]
        return (
            len(p) == 3
            and POINT[p[2]] == 8
            and (POINT[b[0]] + POINT[b[1]]) % 10 == 3
            and (POINT[p[0]] + POINT[p[1]]) % 10 <= 5
            and len(b) == 3
        )

    report = verify(path, "punto-banco", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, case) and fault.kind == ILLEGAL and fault.rule == "banker's third card"
    assert "on 3 against a player's third card 8" in fault.did and "reg 6(7)(c)" in fault.citation
    assert all(f.rule == "banker's third card" for f in report.faults if f.kind == ILLEGAL)


def _bj_table(version, rules):
    resolved, _ = api.resolved_rules("blackjack", version, rules, custom=True)
    w = {x.key: x for x in api.wagers("blackjack", version)}["initial"]
    return resolved, w, sim_bj._table(w, resolved, api.decision_table("blackjack", version, "initial", resolved))


def _bj_play(table, wrap=None):
    shoe = sim_bj.Shoe(table.decks)

    def play(_, rng, record=None):
        shoe.reset()
        result = sim_bj.play_round(table, lambda: shoe.draw(rng), record)
        return wrap(record, result) if wrap else result

    return play


def test_blackjack_banker_drawing_on_soft_17_under_a_stand_rule(tmp_path):
    rules, _w, table = _bj_table("1994", {"strategy": "basic"})
    path = tmp_path / "bj.jsonl"
    write_log(
        path, "blackjack", "initial", 500, 5, "1994", rules, _bj_play(dataclasses.replace(table, hit_soft17=True))
    )

    def case(rec):
        b = rec["banker"]
        return any(_score(b[:k]) == (17, True) for k in range(2, len(b)))

    report = verify(path, "blackjack", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, case) and fault.kind == ILLEGAL and fault.rule == "soft 17"
    assert "soft 17" in fault.did and fault.citation == "SI 1994/2899 reg 7(1)(g), (11)(a)"


def _leaves(node):
    if "split" in node:
        for kid in node["split"]:
            yield from _leaves(kid)
    else:
        yield node


def test_blackjack_split_21_paid_3_to_2(tmp_path):
    rules, _w, table = _bj_table("1994", {"strategy": "basic"})

    def pay_split_21_as_blackjack(record, result):
        hand = record["hand"]
        if "split" not in hand:
            return result
        for leaf in _leaves(hand):
            if len(leaf["cards"]) == 2 and _score(leaf["cards"])[0] == 21 and F(leaf["net"]) == STAKE:
                leaf["net"] = amount_text(F(3, 2) * STAKE)
                result += F(1, 2)
        record["wagers"][0]["net"] = amount_text(result * STAKE)
        return result

    path = tmp_path / "bj.jsonl"
    write_log(path, "blackjack", "initial", 500, 7, "1994", rules, _bj_play(table, pay_split_21_as_blackjack))

    def case(rec):
        return "split" in rec["hand"] and any(F(x["net"]) == F(3, 2) * STAKE for x in _leaves(rec["hand"]))

    report = verify(path, "blackjack", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, case) and fault.kind == MISPAID and fault.rule == "a split hand's 21"
    assert "(net 10)" in fault.law and "not a blackjack" in fault.law and fault.citation == "SI 1994/2899 reg 7(9)(a)"


def test_blackjack_doubled_stake_kept_against_a_banker_blackjack(tmp_path):
    rules, _w, table = _bj_table("1994", {"strategy": "basic"})

    def keep_the_double(record, result):
        b = record["banker"]
        if len(b) == 2 and _score(b)[0] == 21:
            for leaf in _leaves(record["hand"]):
                if leaf.get("actions") == ["double"]:
                    leaf["net"] = amount_text(-STAKE)
                    result += 1
            record["wagers"][0]["net"] = amount_text(result * STAKE)
        return result

    # basic strategy without a hole card never doubles against a ten or an Ace; this player does, on 10 and 11
    doubles = {("hard", t, up): "double" for t in (10, 11) for up in (0, 9)}
    table = dataclasses.replace(table, two_card={**table.two_card, **doubles})
    path = tmp_path / "bj.jsonl"
    write_log(path, "blackjack", "initial", 3000, 9, "1994", rules, _bj_play(table, keep_the_double))

    def case(rec):
        return _score(rec["banker"][:2])[0] == 21 and any(x.get("actions") == ["double"] for x in _leaves(rec["hand"]))

    report = verify(path, "blackjack", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, case) and fault.kind == MISPAID and fault.rule == "banker's blackjack"
    assert "(net -20)" in fault.law and "doubled and split stakes included" in fault.law
    assert fault.citation == "SI 1994/2899 reg 7(5)(c)"


@pytest.mark.slow
def test_casino_stud_banker_qualifying_on_ace_queen(tmp_path):
    def ace_queen(value):
        cat, ranks = value
        return sim_stud.stud_qualifies(value) or (cat == 0 and ranks[0] == 14 and ranks[1] == 12)

    table = api.decision_table("casino-stud-poker", "1994", "ante")

    def play(w, rng, record=None):
        return sim_stud.stud_round(w, rng, table, qualifies=ace_queen, record=record)

    path = tmp_path / "csp.jsonl"
    write_log(path, "casino-stud-poker", "ante", 500, 11, "1994", {}, play)

    def case(rec):
        ranks = [c[:-1] for c in rec["banker"]]
        suits = {c[-1] for c in rec["banker"]}
        return (
            rec["decision"] == "raise"
            and len(set(ranks)) == 5
            and "A" in ranks
            and "Q" in ranks
            and "K" not in ranks
            and len(suits) > 1
        )

    report = verify(path, "casino-stud-poker", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, case) and fault.kind == MISPAID
    assert "is not Ace/King or better" in fault.law and fault.citation.startswith("SI 1994/2899 reg 8(8)(a)")


def test_super_pan_9_house_standing_on_5(tmp_path):
    labels, shoe = sim_sp9.super_pan_9_labels(8), sim_sp9.super_pan_9_shoe(8)
    table = api.decision_table("super-pan-9", "1994", "initial")

    def play(w, rng, record=None):
        return sim_sp9.super_pan_9_round(
            w, rng, shoe, lambda c: table[c] == "draw", labels, record, banker_rule=lambda point: point <= 4
        )

    path = tmp_path / "sp9.jsonl"
    write_log(path, "super-pan-9", "initial", 500, 13, "1994", {}, play)

    def case(rec):
        return sum(POINT[c] for c in rec["banker"][:3]) % 10 == 5

    report = verify(path, "super-pan-9", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, case) and fault.kind == ILLEGAL and fault.rule == "the House's fourth card"
    assert "stood for the House on 5" in fault.did and fault.citation == "SI 1994/2899 reg 9(2)(g)"


def test_roulette_even_chance_losing_everything_on_zero(tmp_path):
    def whole_stake_on_zero(w, rng, record=None):
        result = sim_roulette.roulette_round(w, rng, record)
        if record["number"] == 0:
            record["wagers"][0]["net"] = amount_text(-STAKE)
            return F(-1)
        return result

    path = tmp_path / "r.jsonl"
    write_log(path, "roulette", "even-chance", 500, 17, "1994", {}, whole_stake_on_zero)
    report = verify(path, "roulette", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, lambda rec: rec["number"] == 0) and fault.kind == MISPAID
    assert "divided equally" in fault.law and "(net -5)" in fault.law
    assert fault.citation == "SI 1994/2899 reg 4(5)(g); reg 4(6)"


def test_place_bet_on_4_paid_9_to_5(tmp_path):
    path = tmp_path / "d.jsonl"
    write_log(path, "dice", "place-to-win-4", 500, 19, "1994", {}, wager_pay={"place-to-win-4": "9 to 5"})

    def case(rec):
        return sum(rec["throws"][-1]) == 4

    report = verify(path, "dice", randomness=False)
    fault = first(report)
    assert fault.line == _first_line(path, case) and fault.kind == MISPAID
    assert "settled the place-to-win-4 wager of 10 at 18" in fault.did and "(net 19)" in fault.law
    assert fault.citation == "SI 1994/2899 Sch 1 para 3(a)"


def test_one_pack_shoe_dealing_a_fifth_ace(tmp_path):
    """A punto banco shoe of one pack plus an ace, dealt round after round until fewer than six cards remain."""
    rng = random.Random(23)
    rules, _ = api.resolved_rules("punto-banco", "1994", {"decks": "1"})
    w = {x.key: x for x in api.wagers("punto-banco", "1994")}["player"]
    path = tmp_path / "pb1.jsonl"
    shoe_no, rounds = 0, 0
    with round_log(path, "punto-banco", "1994", rules) as log:
        while rounds < 500:
            shoe_no += 1
            labels = [x.rstrip("cdhs") for x in sim_bac.shoe_labels(1)] + ["A"]  # by rank: the ranks' count
            rng.shuffle(labels)
            while len(labels) >= 6 and rounds < 500:
                values = [POINT[x] for x in labels]
                record = {"shoe": shoe_no}
                dealt = _Deal()
                sim_pb.punto_banco_round(w, dealt, values, labels=labels, record=record)
                log(record)
                used = len(record["player"]) + len(record["banker"])
                del labels[:used]
                rounds += 1

    def fifth_ace():
        seen, count = None, 0
        for n, rec in rounds_of(path):
            if rec["shoe"] != seen:
                seen, count = rec["shoe"], 0
            order = [
                rec["player"][0],
                rec["banker"][0],
                rec["player"][1],
                rec["banker"][1],
                *rec["player"][2:],
                *rec["banker"][2:],
            ]
            count += sum(c.rstrip("cdhs") == "A" for c in order)
            if count >= 5:
                return n

    report = verify(path, "punto-banco", randomness=False)
    fault = first(report)
    assert fault.line == fifth_ace() and fault.kind == SHOE and fault.rule == "cards of a rank"
    assert "dealt A number 5 in one shoe" in fault.did and "holds 4" in fault.law


class _Deal:
    """Stands in for random.Random: `sample` deals the shoe's next cards in order (no reshuffle)."""

    def sample(self, population, k):
        return list(population)[:k]


def test_a_shuffle_that_never_deals_a_ten_first_is_flagged_and_a_fair_one_passes(tmp_path):
    """Within 1,000 rounds; position 1's chi-square grows by about 0.44 a round against a corrected critical
    value near 33 (seven tests at 1%)."""
    labels, shoe = sim_bac.shoe_labels(8), sim_bac.shoe_points(8)

    class NoTenFirst(random.Random):
        def sample(self, population, k):
            while True:
                picked = super().sample(population, k)
                if labels[picked[0]].rstrip("cdhs") not in ("10", "J", "Q", "K"):
                    return picked

    def rigged(w, rng, record=None):
        return sim_pb.punto_banco_round(w, rng, shoe, labels=labels, record=record)

    for name, rng_class, flagged in (("rigged", NoTenFirst, True), ("fair", random.Random, False)):
        path = tmp_path / f"{name}.jsonl"
        resolved, _ = api.resolved_rules("punto-banco", "1994", {"decks": "8"})
        w = {x.key: x for x in api.wagers("punto-banco", "1994")}["banker"]
        rng = rng_class(29)
        with round_log(path, "punto-banco", "1994", resolved) as log:
            for i in range(1000):
                record = {"shoe": i + 1}
                rigged(w, rng, record)
                log(record)
        report = verify(path, "punto-banco")
        failed = [f for f in report.faults if f.kind == RANDOM]
        assert bool(report.by_kind[RANDOM]) == flagged, report.text()
        if flagged:  # (the shuffle test of positions against the packs' order may see it too: tens lie late in a suit)
            assert failed[0].rule.startswith("cards at shoe position 1 ") and " observed 0," in failed[0].did
            assert {f.rule for f in failed[1:]} <= {"shuffle: positions kept from the packs' factory order"}
        assert report.by_kind[ILLEGAL] == report.by_kind[MISPAID] == 0


@pytest.mark.parametrize(
    "line,rule",
    [
        (
            '{"shoe":1,"banker":["7","10"],"hand":{"cards":["8","4"],"actions":["double"],"stake":"20","net":"-20"},'
            '"wagers":[{"on":"initial","stake":"10","net":"-20"}]}',
            "double",
        ),
        (
            '{"shoe":1,"banker":["7","10"],"hand":{"cards":["5","5"],"actions":["split"],"split":[{"cards":["5","6"],'
            '"actions":["stand"],"stake":"10","net":"-10"},{"cards":["5","9"],"actions":["stand"],"stake":"10",'
            '"net":"-10"}]},"wagers":[{"on":"initial","stake":"10","net":"-20"}]}',
            "split",
        ),
        (
            '{"shoe":1,"banker":["7","10"],"hand":{"cards":["A","A"],"actions":["split"],"split":[{"cards":["A","5","4"],'
            '"actions":["hit"],"stake":"10","net":"10"},{"cards":["A","9"],"stake":"10","net":"10"}]},'
            '"wagers":[{"on":"initial","stake":"10","net":"20"}]}',
            "split Aces",
        ),
        (
            '{"shoe":1,"banker":["7","10"],"hand":{"cards":["A","K","2"],"actions":["hit"],"stake":"10","net":"-10"},'
            '"wagers":[{"on":"initial","stake":"10","net":"-10"}]}',
            "two-card 21",
        ),
    ],
)
def test_illegal_blackjack_decisions(tmp_path, line, rule):
    """Doubling 12 under 1994 rules, splitting 5s, a card to a split Ace beyond one, hitting a two-card 21."""
    import re

    path = tmp_path / "bj.jsonl"
    path.write_text('{"roundlog": 1, "game": "blackjack", "version": "1994"}\n' + line + "\n")
    report = verify(path, "blackjack", randomness=False)
    assert any(f.kind == ILLEGAL and re.fullmatch(rule, f.rule) for f in report.faults), report.text()


def test_a_wager_the_version_does_not_permit(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text(
        '{"roundlog": 1, "game": "dice", "version": "1994"}\n'
        '{"throws": [[1, 1]], "wagers": [{"on": "hop-1-1", "stake": "10", "net": "330"}]}\n'
    )
    report = verify(path, "dice", randomness=False)
    (fault,) = report.faults
    assert fault.kind == ILLEGAL and fault.rule == "wager not permitted" and fault.citation == "SI 1994/2899"


# Single rounds written by hand, each judged by reading the law: (game, version, rules, round, the fault's kind
# and rule, or None for a clean round).
HAND_WRITTEN = [
    # chemin de fer: the player must draw on 4; the banker may choose on 6 when the player stood (optional cell)
    (
        "chemin-de-fer",
        "1994",
        {},
        '{"shoe":1,"player":["2","2"],"banker":["6","K"],"wagers":[{"on":"player","stake":"10","net":"-10"}]}',
        (ILLEGAL, "player's third card"),
    ),
    (
        "chemin-de-fer",
        "1994",
        {},
        '{"shoe":1,"player":["3","4"],"banker":["6","K","A"],"wagers":[{"on":"player","stake":"10","net":"0"}]}',
        None,
    ),
    # ...but on 3 against a third card 8 he must stand (not an optional cell), whatever the model's play on 5
    (
        "chemin-de-fer",
        "1994",
        {},
        '{"shoe":1,"player":["2","3","8"],"banker":["3","K","5"],"wagers":[{"on":"player","stake":"10","net":"-10"}]}',
        (ILLEGAL, "banker's third card"),
    ),
    (
        "chemin-de-fer",
        "1994",
        {"banker": "free"},
        '{"shoe":1,"player":["2","3","8"],"banker":["3","K","5"],"wagers":[{"on":"player","stake":"10","net":"-10"}]}',
        None,
    ),
    # baccarat banque: a hand on 7 stands; a wager on both hands with one void is void (reg 6(4)(b))
    (
        "baccarat-banque",
        "1994",
        {},
        '{"shoe":1,"banker":["5","K"],"right":["3","4","2"],"left":["9","Q"],'
        '"wagers":[{"on":"both","stake":"10","net":"10"}]}',
        (ILLEGAL, "right hand's third card"),
    ),
    (
        "baccarat-banque",
        "1994",
        {},
        '{"shoe":1,"banker":["5","K"],"right":["3","2"],"left":["9","Q"],'
        '"wagers":[{"on":"both","stake":"10","net":"10"}]}',
        (MISPAID, "both wager"),
    ),
    # Super Pan 9: a player holding the bank may stand on 5 (reg 9(2)(h)), against two or more hands (reg 9(5));
    # with one opposing player the House holds the bank, and the 19 to 20 wager needs the House's bank
    (
        "super-pan-9",
        "1994",
        {},
        '{"shoe":1,"bank":"player","hands":[{"cards":["2","2","K"],"wagers":[{"on":'
        '"initial-player-bank","stake":"10","net":"-10"}]},{"cards":["3","3","K"],"wagers":[{"on":"initial-player-bank",'
        '"stake":"10","net":"10"}]}],"banker":["2","3","K"],"levy":"0","wagers":[{"on":"player-banker","stake":"20",'
        '"net":"0"}]}',
        None,
    ),
    (
        "super-pan-9",
        "1994",
        {},
        '{"shoe":1,"bank":"player","player":["2","2","K"],"banker":["2","3","K"],'
        '"wagers":[{"on":"player-banker","stake":"10","net":"9.5"}]}',
        (ILLEGAL, "the bank (one opposing player)"),
    ),
    (
        "super-pan-9",
        "1994",
        {},
        '{"shoe":1,"bank":"player","player":["2","2","K"],"banker":["2","3","K"],'
        '"wagers":[{"on":"initial","stake":"10","net":"-10"}]}',
        [(ILLEGAL, "the bank (one opposing player)"), (ILLEGAL, "initial: the bank")],
    ),
    # casino stud: the Raise is exactly twice the Ante (reg 8(6)); the same pack twice (reg 8(1)(b))
    (
        "casino-stud-poker",
        "1994",
        {},
        '{"player":["Ks","Kd","7c","7h","2s"],"banker":["Ah","Kc","9c","5s","3d"],'
        '"decision":"raise","wagers":[{"on":"ante","stake":"10","net":"10"},{"on":"raise","stake":"30","net":"60"}]}',
        (ILLEGAL, "raise stake"),
    ),
    # Three Card Poker: a banker's Jack-high does not qualify: the Ante wins, the Play is returned (reg 12(8)(a))
    (
        "three-card-poker",
        "2002",
        {},
        '{"player":["2s","5d","9c"],"banker":["Jh","8d","3c"],"decision":"play",'
        '"wagers":[{"on":"ante","stake":"10","net":"-10"},{"on":"play","stake":"10","net":"0"}]}',
        (MISPAID, "ante wager"),
    ),
    # blackjack: the banker stops at 16 while a hand stands; a split pair takes the same stake again
    (
        "blackjack",
        "1994",
        {},
        '{"shoe":1,"banker":["10","6"],"hand":{"cards":["10","8"],"actions":["stand"],'
        '"stake":"10","net":"10"},"wagers":[{"on":"initial","stake":"10","net":"10"}]}',
        (ILLEGAL, "banker's drawing rule"),
    ),
    (
        "blackjack",
        "1994",
        {},
        '{"shoe":1,"banker":["7","10"],"hand":{"cards":["8","8"],"actions":["split"],"split":'
        '[{"cards":["8","10"],"stake":"5","net":"5"},{"cards":["8","Q"],"stake":"10","net":"10"}]},"wagers":[{"on":'
        '"initial","stake":"10","net":"15"}]}',
        (ILLEGAL, "stake"),
    ),
    # blackjack with a peeked hole card: the banker's blackjack takes the initial stake only, the round ends
    (
        "blackjack",
        "2007",
        {"hole_card": "peek"},
        '{"shoe":1,"banker":["A","K"],"hand":{"cards":["9","2"],'
        '"stake":"10","net":"-10"},"wagers":[{"on":"initial","stake":"10","net":"-10"}]}',
        None,
    ),
    (
        "blackjack",
        "2007",
        {"hole_card": "peek"},
        '{"shoe":1,"banker":["A","K"],"hand":{"cards":["9","2","5"],'
        '"actions":["double"],"stake":"20","net":"-20"},"wagers":[{"on":"initial","stake":"10","net":"-20"}]}',
        [(ILLEGAL, "banker's blackjack (peek)"), (MISPAID, "banker's blackjack")],
    ),
    # blackjack: Under 13 pays 7 to 1 on two Aces (reg 7(10)(c)); insurance only on a blackjack against an Ace
    (
        "blackjack",
        "1994",
        {},
        '{"shoe":1,"banker":["9","8"],"hand":{"cards":["A","A"],"actions":["split"],"split":'
        '[{"cards":["A","9"],"stake":"10","net":"10"},{"cards":["A","5"],"stake":"10","net":"-10"}]},"wagers":[{"on":'
        '"initial","stake":"10","net":"0"},{"on":"under-13","stake":"10","net":"70"}]}',
        None,
    ),
    (
        "blackjack",
        "1994",
        {},
        '{"shoe":1,"banker":["9","8"],"hand":{"cards":["10","9"],"actions":["stand"],'
        '"stake":"10","net":"10"},"wagers":[{"on":"initial","stake":"10","net":"10"},{"on":"insurance","stake":"5",'
        '"net":"-5"}]}',
        (ILLEGAL, "insurance offered"),
    ),
    # punto banco: cards past the cut card (the third round begins after 9 cards with the cut after 8)
    (
        "punto-banco",
        "1994",
        {"decks": "8"},
        '{"shoe":1,"cut":8,"player":["9","K"],"banker":["3","4"],"wagers":[]}\n'
        '{"shoe":1,"player":["2","2","K"],"banker":["J","K","9"],"wagers":[]}\n'
        '{"shoe":1,"player":["8","K"],"banker":["3","4"],"wagers":[]}',
        (SHOE, "cut card"),
    ),
    # roulette: a split on three numbers is not a permitted wager
    (
        "roulette",
        "1994",
        {},
        '{"number":5,"wagers":[{"on":"split","numbers":[4,5,6],"stake":"10","net":"170"}]}',
        (ILLEGAL, "split: numbers covered"),
    ),
    # dice: a lay wager on 5 may stake enough to win the flat stake: 15 at 2 to 3, not 16 (Sch 1 para 2(2))
    (
        "dice",
        "1994",
        {},
        '{"throws":[[2,3],[3,4]],"wagers":[{"on":"dont-win-bar-2","stake":"10","net":"10"},'
        '{"on":"lay-5","from":1,"flat":0,"stake":"16","net":"32/3"}]}',
        (ILLEGAL, "lay-5: stake"),
    ),
    (
        "dice",
        "1994",
        {},
        '{"throws":[[2,3],[3,4]],"wagers":[{"on":"dont-win-bar-2","stake":"10","net":"10"},'
        '{"on":"lay-5","from":1,"flat":0,"stake":"15","net":"10"}]}',
        None,
    ),
    (
        "dice",
        "1994",
        {},
        '{"throws":[[2,3],[3,4]],"wagers":[{"on":"lay-5","from":1,"flat":1,"stake":"15","net":'
        '"10"},{"on":"dont-win-bar-2","stake":"10","net":"10"}]}',
        None,
    ),
    (
        "dice",
        "1994",
        {},
        '{"throws":[[2,3],[3,4]],"wagers":[{"on":"lay-5","from":0,"flat":1,"stake":"15","net":'
        '"10"},{"on":"dont-win-bar-2","stake":"10","net":"10"}]}',
        [(ILLEGAL, "lay-5: timing"), (MISPAID, "lay-5 wager")],
    ),
]


@pytest.mark.parametrize("game,version,rules,rounds,expected", HAND_WRITTEN)
def test_hand_written_rounds(tmp_path, game, version, rules, rounds, expected):
    import json

    path = tmp_path / "log.jsonl"
    path.write_text(
        json.dumps({"roundlog": 1, "game": game, "version": version, "rules": rules}) + "\n" + rounds + "\n"
    )
    report = verify(path, game, randomness=False)
    if expected is None:
        assert report.clean, report.text()
    else:
        assert [(f.kind, f.rule) for f in report.faults] == (expected if isinstance(expected, list) else [expected]), (
            report.text()
        )


@pytest.mark.parametrize("commission", ["5", "5%", " 5 % "])
def test_commission_is_read_as_the_engine_reads_it(tmp_path, commission):
    """A custom 5% commission on the bank's winnings, however written (as `--rule commission=` accepts it): a bank
    wager of 10 won at 1 to 1 nets 10 x (1 - 5/100) = 9.5; 9.995 (a 5% read as 5/100 of a percent) is mis-paid."""
    import json

    header = json.dumps(
        {"roundlog": 1, "game": "chemin-de-fer", "version": "1994", "rules": {"commission": commission}}
    )
    for net, clean in (("9.5", True), ("9.995", False)):
        path = tmp_path / "log.jsonl"
        path.write_text(
            header + '\n{"shoe":1,"player":["2","3"],"banker":["6","K"],"wagers":[{"on":"bank",'
            f'"stake":"10","net":"{net}"}}]}}\n'
        )
        report = verify(path, "chemin-de-fer", custom=True, randomness=False)
        assert report.clean is clean, report.text()


def test_removed_cards_separated_by_spaces_as_the_engine_allows(tmp_path):
    """`removed=9 8` (spaces) takes the same cards out of the shoe as `removed=9,8`: a one-pack shoe less its four
    9s holds no fifth 9 to deal."""
    import json

    rules = {"decks": "1", "removed": "9 9 9,9"}
    path = tmp_path / "log.jsonl"
    path.write_text(
        json.dumps({"roundlog": 1, "game": "punto-banco", "version": "1994", "rules": rules}) + "\n"
        '{"shoe":1,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"player","stake":"10",'
        '"net":"10"}]}\n'
    )
    report = verify(path, "punto-banco", custom=True, randomness=False)
    assert [f.kind for f in report.faults] == [SHOE], report.text()
