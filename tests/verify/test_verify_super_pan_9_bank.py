"""Super Pan 9 with the bank held by a player, in the round log (the `hands` form) and before `verify`.

The reference simulator's logs for 2, 3 and 7 hands (and with the House's wager of reg 9(11)) verify clean, and
this file's own reading of each line (points, the bank's wins and payments, 5% of its net, written here from the
law's words) agrees with every amount the simulator wrote. Planted faults are caught at their first round, found
here by that same reading: a levy per hand, a levy on a losing round, a hand paid 19 to 20, a House round labelled
a player's bank. Bad lines are one-line errors with the line number and exit status 2."""

from __future__ import annotations

import json
from fractions import Fraction as F

import jsonschema
import pytest

from oddscalc import api
from oddscalc.cli.main import main
from oddscalc.sim import simulators
from oddscalc.sim import super_pan_9 as sim_sp9
from oddscalc.sim.log_lines import STAKE, amount_text
from oddscalc.verify import verify
from oddscalc.verify.findings import ILLEGAL, MISPAID
from tests.roundlog_schema import SCHEMA
from tests.verify_logs import first, rounds_of, write_log

POINT = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "J": 0, "Q": 0, "K": 0}
LEVY = "SI 1994/2899 reg 10(1)"


def point(cards: list[str]) -> int:
    return sum(POINT[c.rstrip("cdhs")] for c in cards) % 10  # the suit aside


def account(rec: dict) -> tuple[F, F, F]:
    """The bank's takings and payments over the wagers against it, 1 to 1, void on equal points (reg 9(8),
    9(9)(b)), and the levy due: 5% of any excess of the losing wagers over the winning ones (reg 10(1))."""
    b = point(rec["banker"])
    won = paid = F(0)
    for hand in rec["hands"]:
        p = point(hand["cards"])
        for w in hand["wagers"]:
            if w["on"] == "initial-player-bank":
                won += F(w["stake"]) if b > p else 0
                paid += F(w["stake"]) if p > b else 0
    return won, paid, max(won - paid, F(0)) / 20


def _player_bank(rules: dict) -> dict:
    return {"decks": "8", **rules}


CLEAN = [
    ("player-banker", {"hands": "2"}),
    ("player-banker", {"hands": "3"}),
    ("player-banker", {"hands": "7"}),
    ("initial-player-bank", {"hands": "3"}),
    ("player-banker", {"hands": "2", "bank-play": "house-rule", "bank-sees": "own-cards"}),
    ("player-banker", {"hands": "2", "house-wager": "1"}),
    ("player-banker", {"hands": "3", "house-wager": "1/3", "house-hand": "shared"}),
    ("initial-player-bank", {"hands": "7", "house-wager": "2"}),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    "wager,rules", CLEAN, ids=[f"{w}-" + "-".join(f"{k}{v}" for k, v in r.items()) for w, r in CLEAN]
)
def test_reference_logs_verify_clean(tmp_path, wager, rules):
    path = tmp_path / "sp9.jsonl"
    rounds = 1000
    _resolved, counts = write_log(path, "super-pan-9", wager, rounds, seed=21, version="1994", rules=rules)
    report = verify(path, "super-pan-9")
    assert report.rounds == rounds and report.clean, report.text()
    hands = int(rules["hands"])
    own = rules.get("house-hand", "own") == "own" and F(rules.get("house-wager", "0")) > 0
    validator = jsonschema.Draft202012Validator(
        {**{k: v for k, v in SCHEMA.items() if k != "anyOf"}, "$ref": "#/$defs/round-super-pan-9"}
    )
    returned = F(0)
    for _, rec in rounds_of(path):
        validator.validate(rec)
        assert rec["bank"] == "player" and len(rec["hands"]) == hands + own
        won, paid, due = account(rec)
        assert F(rec["levy"]) == due  # the simulator's levy is this file's reading of reg 10(1), round by round
        (bank,) = rec["wagers"]
        assert F(bank["net"]) == won - paid - due and F(bank["stake"]) == sum(
            F(w["stake"]) for h in rec["hands"] for w in h["wagers"]
        )
        b = point(rec["banker"])
        for hand in rec["hands"]:
            p = point(hand["cards"])
            for w in hand["wagers"]:
                assert F(w["net"]) == F(w["stake"]) * ((p > b) - (b > p))
        # what the simulator counted: the bank per unit wagered against it, or the second hand's player's result
        returned += (
            F(bank["net"]) / F(bank["stake"])
            if wager == "player-banker"
            else F(rec["hands"][1]["wagers"][0]["net"]) / STAKE
        )
    assert returned == sum(r * n for r, n in counts.items())


@pytest.mark.parametrize("rules", [{"hands": "2"}, {"hands": "7", "house-wager": "1/2", "house-hand": "shared"}])
def test_logging_leaves_the_draws_unchanged(tmp_path, rules):
    """The seeded simulation counts the same with and without a log (the log names the cards it drew)."""
    resolved, logged = write_log(
        tmp_path / "x.jsonl", "super-pan-9", "player-banker", 400, seed=5, version="1994", rules=rules
    )
    table = api.decision_table("super-pan-9", "1994", "player-banker", resolved)
    w = {x.key: x for x in api.wagers("super-pan-9", "1994")}["player-banker"]
    assert simulators.simulate("super-pan-9", w, 400, 5, rules=resolved, table=table) == logged


# -- planted faults ----------------------------------------------------------------------------------------------
def _reference(wager: str, rules: dict, change):
    """The reference round of `wager` with `change(record)` applied to what it logs (its draws untouched)."""
    resolved, _ = api.resolved_rules("super-pan-9", "1994", rules)
    w = {x.key: x for x in api.wagers("super-pan-9", "1994")}[wager]
    reference = sim_sp9.simulator(w, resolved, api.decision_table("super-pan-9", "1994", wager, resolved))

    def play(wager_, rng, record=None):
        result = reference(wager_, rng, record)
        if record is not None:
            change(record)
        return result

    return play


def _relevy(record: dict, levy: F) -> None:
    bank = record["wagers"][0]
    before = F(bank["net"]) + F(record["levy"])
    record["levy"], bank["net"] = amount_text(levy), amount_text(before - levy)


def _planted(tmp_path, rules: dict, change, rounds: int, seed: int, wager: str = "player-banker"):
    path = tmp_path / "planted.jsonl"
    write_log(path, "super-pan-9", wager, rounds, seed, "1994", rules, _reference(wager, rules, change))
    return path, verify(path, "super-pan-9", randomness=False)


def _first_line(path, test) -> int:
    return next(n for n, rec in rounds_of(path) if test(rec))


def test_levy_per_hand_instead_of_on_the_net(tmp_path):
    def per_hand(record):  # 5% of every wager the bank won, whatever it paid out
        _relevy(record, account(record)[0] / 20)

    path, report = _planted(tmp_path, {"hands": "3"}, per_hand, 300, 31)
    lines = dict(rounds_of(path))
    fault = first(report)
    assert fault.line == _first_line(path, lambda rec: account(rec)[0] / 20 != account(rec)[2])
    won, paid, due = account(lines[fault.line])
    assert fault.kind == MISPAID and fault.citation == LEVY
    assert fault.rule == ("levy on the net" if won > paid else "levy without net winnings")
    # where the bank won on balance but paid some hands, the levy is 5% of the net, not of what it won
    net = next(f for f in report.faults if f.rule == "levy on the net")
    assert net.line == _first_line(path, lambda rec: account(rec)[0] > account(rec)[1] > 0)
    won, paid, due = account(lines[net.line])
    assert (
        f"{amount_text(won)} - {amount_text(paid)} = {amount_text(won - paid)}: a levy of {amount_text(due)}" in net.law
        and f"a levy of {amount_text(won / 20)}" in net.did
    )
    assert {f.rule for f in report.faults} == {"levy on the net", "levy without net winnings"}


def test_levy_on_a_round_the_bank_lost(tmp_path):
    def on_the_loss(record):  # 5% of the bank's net, won or lost
        won, paid, _ = account(record)
        _relevy(record, abs(won - paid) / 20)

    path, report = _planted(tmp_path, {"hands": "2"}, on_the_loss, 300, 32)
    fault = first(report)
    assert fault.line == _first_line(path, lambda rec: account(rec)[0] < account(rec)[1])
    assert fault.kind == MISPAID and fault.rule == "levy without net winnings" and fault.citation == LEVY
    assert "so no levy" in fault.law
    assert all(f.rule == "levy without net winnings" for f in report.faults)


def test_a_hand_paid_19_to_20_against_a_players_bank(tmp_path):
    def house_odds(record):
        for hand in record["hands"]:
            for w in hand["wagers"]:
                if F(w["net"]) > 0:
                    w["net"] = amount_text(F(w["net"]) * F(19, 20))

    path, report = _planted(tmp_path, {"hands": "7"}, house_odds, 100, 33, "initial-player-bank")

    def winner(rec):
        b = point(rec["banker"])
        return next((i for i, h in enumerate(rec["hands"]) if point(h["cards"]) > b), None)

    line = _first_line(path, lambda rec: winner(rec) is not None)
    fault = first(report)
    assert fault.line == line and fault.kind == MISPAID and fault.rule == "initial-player-bank wager"
    assert fault.citation.startswith("SI 1994/2899 reg 9(9)(b)") and "paid at 1 to 1 (net 10)" in fault.law
    assert fault.law.startswith(f"hand {winner(dict(rounds_of(path))[line]) + 1}: the player wins")
    assert "at 9.5" in fault.did


def test_a_house_round_with_one_hand_labelled_a_players_bank(tmp_path):
    def mislabel(record):  # the House's bank, its rule and its odds, but called a player's on some rounds
        if record["player"][0].startswith("K"):
            record["bank"] = "player"

    path, report = _planted(tmp_path, {}, mislabel, 200, 34, "initial")
    fault = first(report)
    assert fault.line == _first_line(path, lambda rec: rec["bank"] == "player")
    assert fault.kind == ILLEGAL and fault.rule == "the bank (one opposing player)"
    assert fault.citation == "SI 1994/2899 reg 9(5)" and "always held by the House" in fault.law


# -- single rounds written by hand, each judged here from the law ------------------------------------------------
def _line(bank="player", hands=None, banker=("6", "K", "Q"), **extra) -> str:
    rec = {"shoe": 1, "bank": bank, "hands": hands, "banker": list(banker), **extra}
    return json.dumps(rec)


def _hand(cards, *wagers) -> dict:
    return {"cards": list(cards), "wagers": [dict(w) for w in wagers]}


def _w(on, stake, net, by=None) -> dict:
    return {"on": on, **({"by": by} if by else {}), "stake": stake, "net": net}


IPB = "initial-player-bank"
A = _hand(["2", "2", "K"], _w(IPB, "10", "-10"))  # 4 against the bank's 6: the bank wins
B = _hand(["3", "4", "K"], _w(IPB, "10", "10"))  # 7: the hand wins
C = _hand(["3", "3", "K"], _w(IPB, "10", "0"))  # 6: void
BANK = {"on": "player-banker", "stake": "30", "net": "0"}
HAND_WRITTEN = [
    # a player's bank may stand on 6 or draw on 6 (reg 9(2)(h)); a hand may draw on 6 (reg 9(2)(f)); the tie wager
    # is against the House at 7 to 1 (reg 9(10)); won 10, paid 10: no levy
    (
        _line(
            hands=[A, B, _hand(["3", "3", "K", "K"], _w(IPB, "10", "0"), _w("tie", "5", "35"))], levy="0", wagers=[BANK]
        ),
        [],
    ),
    (_line(hands=[A, B], banker=["4", "2", "K", "J"], levy="0", wagers=[{**BANK, "stake": "20"}]), []),
    # two hands lost: net 20, levy 1 (or none, which the House may choose: a note)
    (_line(hands=[A, A], levy="1", wagers=[{**BANK, "stake": "20", "net": "19"}]), []),
    (_line(hands=[A, A], levy="0", wagers=[{**BANK, "stake": "20", "net": "20"}]), []),
    (_line(hands=[A, A], levy="2", wagers=[{**BANK, "stake": "20", "net": "18"}]), [(MISPAID, "levy on the net")]),
    # the bank's own side settled without the levy charged; a levy on a House bank
    (_line(hands=[A, A], levy="1", wagers=[{**BANK, "stake": "20", "net": "20"}]), [(MISPAID, "player-banker wager")]),
    (
        _line(
            bank="house",
            hands=[
                _hand(["2", "2", "K"], _w("initial", "10", "-10")),
                _hand(["3", "4", "K"], _w("initial", "10", "9.5")),
            ],
            levy="0.5",
        ),
        [(MISPAID, "levy on the House's bank")],
    ),
    # the House as banker must draw on 5 (reg 9(2)(g)); its 19 to 20 wagers; a 1 to 1 wager needs a player's bank
    (
        _line(
            bank="house",
            banker=["2", "3", "K"],
            hands=[
                _hand(["2", "2", "K"], _w("initial", "10", "-10")),
                _hand(["3", "4", "K"], _w("initial", "10", "9.5")),
            ],
        ),
        [(ILLEGAL, "the House's fourth card")],
    ),
    (
        _line(
            bank="house",
            hands=[_hand(["2", "2", "K"], _w(IPB, "10", "-10")), _hand(["3", "4", "K"], _w("initial", "10", "9.5"))],
        ),
        [(ILLEGAL, "initial-player-bank: the bank")],
    ),
    # the House's wager (reg 9(11)): on its own hand, settled 1 to 1, counted in the levy; only when the players'
    # wagers fall short of the bank's stake; only against a player's bank; one wager; an initial wager
    (
        _line(
            hands=[A, A, _hand(["3", "4", "K"], _w(IPB, "5", "5", "house"))],
            bank_stake="25",
            levy="0.75",
            wagers=[{**BANK, "stake": "25", "net": "14.25"}],
        ),
        [],
    ),
    (
        _line(
            hands=[A, A, _hand(["3", "4", "K"], _w(IPB, "5", "5", "house"))],
            bank_stake="20",
            levy="0.75",
            wagers=[{**BANK, "stake": "25", "net": "14.25"}],
        ),
        [(ILLEGAL, "the House's wager")],
    ),
    (
        _line(
            bank="house",
            hands=[
                _hand(["2", "2", "K"], _w("initial", "10", "-10")),
                _hand(["2", "2", "K"], _w("initial", "10", "-10"), _w("initial", "5", "-5", "house")),
            ],
        ),
        [(ILLEGAL, "the House's wager")],
    ),
    (
        _line(
            hands=[
                A,
                _hand(["2", "2", "K"], _w(IPB, "10", "-10"), _w(IPB, "5", "-5", "house"), _w(IPB, "5", "-5", "house")),
            ],
            levy="1.5",
            wagers=[{**BANK, "stake": "30", "net": "28.5"}],
        ),
        [(ILLEGAL, "the House's wager")],
    ),
    (
        _line(
            hands=[A, _hand(["2", "2", "K"], _w(IPB, "10", "-10"), _w("tie", "5", "-5", "house"))],
            levy="1",
            wagers=[{**BANK, "stake": "20", "net": "19"}],
        ),
        [(ILLEGAL, "the House's wager")],
    ),
    # reg 9(5): the House's own hand is not an opposing player: one player's wager leaves the bank to the House
    (
        _line(
            hands=[A, _hand(["3", "4", "K"], _w(IPB, "10", "10", "house"))], levy="0", wagers=[{**BANK, "stake": "20"}]
        ),
        [(ILLEGAL, "the bank (one opposing player)")],
    ),
    # reg 9(7): a hand dealt with no initial wager on it
    (
        _line(hands=[A, B, _hand(["3", "3", "K"], _w("tie", "5", "35"))], levy="0", wagers=[{**BANK, "stake": "20"}]),
        [(ILLEGAL, "initial wager")],
    ),
    # reg 9(9)(b): 1 to 1, void on equal points (reg 9(8))
    (
        _line(hands=[A, _hand(["3", "4", "K"], _w(IPB, "10", "9.5"))], levy="0", wagers=[{**BANK, "stake": "20"}]),
        [(MISPAID, "initial-player-bank wager")],
    ),
    (
        _line(
            hands=[A, _hand(["3", "3", "K"], _w(IPB, "10", "-10"))],
            levy="0.5",
            wagers=[{**BANK, "stake": "20", "net": "9.5"}],
        ),
        [(MISPAID, "initial-player-bank wager")],
    ),
]


@pytest.mark.parametrize("rounds,expected", HAND_WRITTEN)
def test_hand_written_rounds(tmp_path, rounds, expected):
    path = tmp_path / "log.jsonl"
    path.write_text('{"roundlog": 1, "game": "super-pan-9", "version": "1994"}\n' + rounds + "\n")
    report = verify(path, "super-pan-9", randomness=False)
    assert [(f.kind, f.rule) for f in report.faults] == expected, report.text()
    assert all(f.citation.startswith("SI 1994/2899 reg ") for f in report.faults)


def test_the_houses_wager_is_settled_like_the_others(tmp_path):
    """Reg 9(11): the House's wager on its own hand wins 1 to 1 like any wager against a player's bank (here 5,
    not 19/20 of it), and counts in the bank's net: won 20, paid 5, levy 0.75."""
    path = tmp_path / "log.jsonl"
    path.write_text(
        '{"roundlog": 1, "game": "super-pan-9", "version": "1994"}\n'
        + _line(
            hands=[A, A, _hand(["3", "4", "K"], _w(IPB, "5", "4.75", "house"))],
            bank_stake="25",
            levy="0.75",
            wagers=[{**BANK, "stake": "25", "net": "14.25"}],
        )
        + "\n"
    )
    (fault,) = verify(path, "super-pan-9", randomness=False).faults
    assert fault.kind == MISPAID and fault.law.startswith("hand 3: the player wins 7 to 6: paid at 1 to 1 (net 5)")
    assert fault.citation.startswith("SI 1994/2899 reg 9(9)(b)") and fault.citation.endswith(
        "reg 9(11) (the House's wager)"
    )


def test_strategy_costs_each_players_fourth_card(tmp_path):
    """With --strategy optimal every player's hand is judged (standing on 4 departs from drawing on 0-5); the
    House's own hand is the House's, not a player's, and is not."""
    path = tmp_path / "log.jsonl"
    path.write_text(
        '{"roundlog": 1, "game": "super-pan-9", "version": "1994"}\n'
        + _line(
            hands=[A, B, A, _hand(["2", "2", "K"], _w(IPB, "5", "-5", "house"))],
            levy="0.75",
            wagers=[{**BANK, "stake": "35", "net": "14.25"}],
        )
        + "\n"
    )
    report = verify(path, "super-pan-9", strategy="optimal", randomness=False)
    assert [(f.kind, f.rule) for f in report.faults] == [("strategy", "fourth card on 4")] * 2
    assert all(f.cost > 0 for f in report.faults) and report.strategy["decisions"] == 3


def test_no_levy_is_a_note_and_one_hand_needs_the_custom_rule_set(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text(
        '{"roundlog": 1, "game": "super-pan-9", "version": "1994", "rules": {"hands": "1"}}\n'
        + _line(hands=[A], levy="0", wagers=[{**BANK, "stake": "10", "net": "10"}])
        + "\n"
        + _line(hands=[A, A], levy="0", wagers=[{**BANK, "stake": "20", "net": "20"}])
        + "\n"
    )
    report = verify(path, "super-pan-9", randomness=False, custom=True)
    assert report.clean and any("it may" in n for n in report.notes) and any("hands=1" in n for n in report.notes)


# -- bad lines ---------------------------------------------------------------------------------------------------
GOOD = _line(hands=[A, B], levy="0", wagers=[{**BANK, "stake": "20"}])


@pytest.mark.parametrize(
    "bad,what",
    [
        (_line(hands=[A, {"wagers": []}], levy="0"), "hand 2: missing field 'cards'"),
        (_line(hands=[A, _hand(["3", "4"])], levy="0"), "hand 2: a Super Pan 9 hand holds 3 or 4 cards, not 2"),
        (_line(hands=[A], levy="0"), '"hands" holds 1 hand(s); a round holds 2 to 7 opposing hands'),
        (_line(hands=[A] * 8, levy="0"), '"hands" holds 8 hand(s)'),
        (_line(hands=[A] * 9 + [_hand(["3", "4", "K"], _w(IPB, "5", "5", "house"))], levy="0"), '"hands" holds 10'),
        (_line(hands={"1": A}, levy="0"), '"hands" must be a list'),
        (_line(hands=[A, ["2", "2", "K"]], levy="0"), "hand 2: must be an object"),
        (_line(hands=[A, {**B, "stake": "10"}], levy="0"), "hand 2: unknown field 'stake'"),
        (_line(hands=[A, _hand(["3", "4", "K"], _w(IPB, "10", "10", "me"))], levy="0"), 'hand 2, wager 1: "by"'),
        (_line(hands=[A, _hand(["3", "4", "K"], _w(IPB, "-10", "10"))], levy="0"), "hand 2, wager 1: stake"),
        (_line(hands=[A, _hand(["3", "4", "Z"])], levy="0"), "hand 2: \"cards\": unknown card 'Z'"),
        (_line(hands=[A, B]), "missing field 'levy'"),
        (_line(hands=[A, B], levy="-1"), '"levy" -1 is negative'),
        (_line(hands=[A, B], levy="0", wagers=[{**BANK, "stake": "30"}]), "player-banker's stake is everything"),
        (_line(hands=[A, B], levy="0", wagers=[_w("tie", "5", "-5")]), "'tie' is a wager on one hand"),
        (_line(hands=[A, B], levy="0", player=["2", "2", "K"]), 'either "player"'),
        (_line(hands=[A, B], banker=["6", "K"], levy="0"), "the banker's hand holds 3 or 4 cards"),
    ],
)
def test_bad_hands_lines_are_one_line_errors(tmp_path, capsys, bad, what):
    path = tmp_path / "bad.jsonl"
    good = GOOD.replace('"shoe": 1', '"shoe": 0')
    path.write_text('{"roundlog": 1, "game": "super-pan-9", "version": "1994"}\n' + good + "\n" + bad + "\n")
    with pytest.raises(SystemExit) as exc:
        main(["verify", "super-pan-9", str(path)])
    out = capsys.readouterr()
    assert exc.value.code == 2 and out.out == ""
    assert out.err.count("\n") == 1 and "line 3:" in out.err and what in out.err, out.err
    assert "Traceback" not in out.err


def test_simulate_logs_a_players_bank_from_the_command_line(tmp_path, capsys):
    log = tmp_path / "bank.jsonl"
    with pytest.raises(SystemExit) as exc:
        main(
            [
                "simulate",
                "super-pan-9",
                "player-banker",
                "--version",
                "1994",
                "--rule",
                "hands=3",
                "--rule",
                "house-wager=1",
                "--rounds",
                "200",
                "--seed",
                "4",
                "--log",
                str(log),
            ]
        )
    assert exc.value.code in (0, None)
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["verify", "super-pan-9", str(log)])
    out = capsys.readouterr().out
    assert exc.value.code == 0 and "CLEAN: 200 round(s)" in out
