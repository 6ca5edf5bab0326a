"""The round-log writer for simulator authors (`oddscalc.roundlog`): the lines it writes are lines `verify` reads,
it records what the simulator did (a simulator's fault stays in the log), and it refuses with one line what the
format cannot hold. The worked example of docs/simulators.md is run here as the page shows it."""

from __future__ import annotations

import io
import json
import random
import re
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import jsonschema
import pytest

from oddscalc.roundlog import BlackjackRound, RoundLog, RoundLogError, amount, card
from oddscalc.roundlog.schema import SCHEMA_PATH
from oddscalc.verify import verify
from oddscalc.verify.findings import ILLEGAL, MISPAID, SHOE
from tests.cli_run import run_cli

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads(SCHEMA_PATH.read_text())


def _docs_example() -> str:
    """The ```python block of docs/simulators.md's worked example, as the page shows it."""
    page = (ROOT / "docs" / "simulators.md").read_text()
    section = page.split("### A worked example: adapting a small simulator", 1)[1]
    (code,) = re.findall(r"^```python\n(.*?)^```$", section, re.M | re.S)[:1]
    return code


def _load(code: str) -> dict:
    space: dict = {"__name__": "toy"}
    exec(compile(code, "docs/simulators.md (worked example)", "exec"), space)
    return space


def _lines(path: Path) -> list[dict]:
    return [json.loads(t) for t in path.read_text().splitlines()]


def _valid(path: Path) -> None:
    """Every line meets the shipped schema (checked by jsonschema, apart from the writer's own checker)."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for rec in _lines(path)[1:]:
        validator.validate(rec)


def _walk(node: dict):
    yield node
    for kid in node.get("split", []):
        yield from _walk(kid)


def test_the_docs_example_writes_a_log_that_verifies_clean(tmp_path, capsys):
    toy = _load(_docs_example())
    path = tmp_path / "toy.jsonl"
    bankroll = toy["simulate"](path, 3000, seed=1)
    _valid(path)
    lines = _lines(path)
    assert lines[0] == {
        "roundlog": 1,
        "game": "blackjack",
        "version": "1994",
        "rules": {"decks": "6"},
        "simulator": "toy 1.0",
        "seed": 1,
    }
    rounds = lines[1:]
    assert len(rounds) == 3000
    # What the example exercises: splits, doubles, hits and stands, insurance, burns, cuts, committed orders.
    hands = [h for r in rounds for h in _walk(r["hand"])]
    acts = {a for h in hands for a in h.get("actions", [])}
    assert acts == {"hit", "stand", "double", "split"}
    assert any(w["on"] == "insurance" for r in rounds for w in r["wagers"])
    firsts = [r for r in rounds if "order_sha256" in r]
    assert len(firsts) == len({r["shoe"] for r in rounds}) >= 10
    assert all(r["cut"] == 260 and len(r["burn"]) == 1 for r in firsts)
    assert sum("order" in r for r in rounds) == len(firsts)  # each shoe's order revealed, on its last round
    assert all(re.fullmatch(r"(A|[2-9]|10|J|Q|K)[cdhs]", c) for r in rounds for c in r["banker"])
    # The log holds what the simulator paid: its bankroll is the sum of the nets written.
    assert sum(F(w["net"]) for r in rounds for w in r["wagers"]) == F(bankroll)
    code, out, err = run_cli(["verify", "blackjack", path], capsys)
    assert code == 0, out + err
    assert "CLEAN: 3,000 round(s) judged, no fault found" in out


def test_a_fault_of_the_adapted_simulator_stays_in_its_log(tmp_path):
    """The writer records, never corrects: the example paying blackjack 1 to 1 is caught at each such round."""
    code = _docs_example()
    assert code.count("1.5 * stake") == 1
    toy = _load(code.replace("1.5 * stake", "1.0 * stake"))
    path = tmp_path / "toy.jsonl"
    toy["simulate"](path, 600, seed=2)
    report = verify(path, "blackjack", randomness=False)
    tens = ("10", "J", "Q", "K")
    blackjacks = [
        n
        for n, r in enumerate(_lines(path)[1:], 2)
        if "split" not in r["hand"]
        and sorted(c[:-1] in tens for c in r["hand"]["cards"]) == [False, True]
        and any(c[:-1] == "A" for c in r["hand"]["cards"])
    ]
    paid = [n for n in blackjacks if F(_lines(path)[n - 1]["hand"]["net"]) == 5]  # 1 to 1 where no banker's 21
    assert paid and {f.line for f in report.faults} == set(paid)
    assert {f.kind for f in report.faults} == {MISPAID} and all("3 to 2" in f.law for f in report.faults)


def _docs_blackjack_example() -> list[dict]:
    page = (ROOT / "docs" / "verify.md").read_text()
    block = page.split('```jsonl\n{"roundlog": 1, "game": "blackjack"', 1)[1].split("```", 1)[0]
    return [json.loads(t) for t in block.strip().splitlines()[1:]]


def test_the_blackjack_builder_writes_the_docs_example_rounds(tmp_path):
    """The two blackjack rounds of docs/verify.md (written there by hand) are what the builder gives for the same
    play, called in dealing order: 8s split and resplit, a double, an Over 13 wager; a blackjack insured."""
    out = io.StringIO()
    with RoundLog(out, "blackjack", "1994", {"decks": 6}) as log:
        log.shuffle(cut=234)
        r = log.blackjack(10)
        r.player("8")
        r.banker("6")
        r.player("8")
        left, right = r.hand.split(10)
        left.deal("3")
        left.double("K", added=10)
        right.deal("8")
        inner_left, inner_right = right.split(10)
        inner_left.deal("10")
        inner_left.stand()
        inner_right.deal("5")
        inner_right.hit("9")
        r.banker("10")
        r.banker("9")
        for hand, net in ((left, 20), (inner_left, 10), (inner_right, -10)):
            hand.settle(net)
        r.wager("over-13", 10, 10)
        log.write(r)
        r = log.blackjack(10)
        r.player("A")
        r.banker("A")
        r.player("J")
        r.banker("K")
        r.hand.settle(0)
        r.insurance(5, 10)
        log.write(r)
    written = [json.loads(t) for t in out.getvalue().splitlines()[1:]]
    assert written == _docs_blackjack_example()
    path = tmp_path / "bj.jsonl"
    path.write_text(out.getvalue())
    assert verify(path, "blackjack", randomness=False).clean


def _stand_all(path: Path, version: str, rounds: int, commit: bool, seed: int = 3) -> int:
    """One pack dealt to its end (2007 permits a single pack), every hand standing on its first two cards; when
    the shoe runs out in mid-round the packs less the cards on the table are shuffled and dealing goes on. Returns
    the number of reshuffles in mid-round."""
    rng = random.Random(seed)
    packs = [(rank, suit) for suit in "cdhs" for rank in range(1, 14)]

    def value(cards: list) -> int:
        hard = sum(min(rank, 10) for rank, _ in cards)
        return hard + 10 if hard <= 11 and any(rank == 1 for rank, _ in cards) else hard

    moved = 0
    with RoundLog(path, "blackjack", version, {"decks": 1}) as log:
        shoe: list = []
        for _ in range(rounds):
            if not shoe:
                shoe = rng.sample(packs, len(packs))
                log.shuffle(order=shoe, commit=commit)
            r, table = log.blackjack(10), []

            def draw(r: BlackjackRound = r, table: list = table) -> tuple:
                nonlocal shoe, moved
                if not shoe:
                    shoe = rng.sample([c for c in packs if c not in table], len(packs) - len(table))
                    r.reshuffle(order=shoe, commit=commit)
                    moved += 1
                table.append(shoe.pop(0))
                return table[-1]

            mine = [draw()]
            r.player(mine[0])
            up = draw()
            r.banker(up)
            mine.append(draw())
            r.player(mine[1])
            if value(mine) < 21:
                r.hand.stand()
            bank = [up]
            while value(bank) < 17:
                bank.append(draw())
                r.banker(bank[-1])
            me, b = value(mine), value(bank)
            if me == 21:
                net = 0 if b == 21 and len(bank) == 2 else 15
            elif b == 21 and len(bank) == 2:
                net = -10
            else:
                net = 10 if b > 21 or me > b else -10 if me < b else 0
            r.hand.settle(net)
            log.write(r)
    return moved


@pytest.mark.parametrize("commit", [False, True])
def test_a_reshuffle_in_mid_round_is_written_and_judged(tmp_path, commit):
    path = tmp_path / "to-the-end.jsonl"
    moved = _stand_all(path, "2007", 300, commit)
    _valid(path)
    lines = _lines(path)[1:]
    entries = [r["reshuffle"] for r in lines if "reshuffle" in r]
    assert len(entries) == moved >= 5
    assert all(("order_sha256" if commit else "order") in e for e in entries)
    report = verify(path, "blackjack", randomness=False)
    assert report.clean, report.text()  # the 2007 rules say nothing of when the shoe is reshuffled
    assert any("reshuffles in mid-round" in n for n in report.notes)
    assert not any("never revealed" in n for n in report.notes)


def test_a_reshuffle_in_mid_round_under_1994_is_a_fault_citing_reg_7_1_b(tmp_path):
    path = tmp_path / "moved.jsonl"
    with RoundLog(path, "blackjack", "1994", {"decks": 6}) as log:
        log.shuffle()
        r = log.blackjack(10)
        r.player("9c")
        r.banker("7d")
        r.reshuffle()  # the shoe ran out after two cards
        r.player("10h")
        r.hand.stand()
        r.banker("Kh")
        r.hand.settle(10)
        log.write(r)
    (rec,) = _lines(path)[1:]
    assert rec["shoe"] == 1 and rec["reshuffle"] == {"after": 2, "shoe": 2}
    report = verify(path, "blackjack", randomness=False)
    (f,) = report.faults
    assert f.kind == SHOE and f.line == 2 and f.citation == "SI 1994/2899 reg 7(1)(b)"


def test_lines_are_checked_as_they_are_written():
    out = io.StringIO()
    with pytest.raises(RoundLogError, match=r"^round: unknown field 'wager' \(misspelt 'wagers'\?\); allowed: "):
        with RoundLog(out, "punto-banco", "1994", {"decks": 8}) as log:
            log.shuffle(cut=400)
            log.write({"player": ["9s", "Kc"], "banker": ["3h", "4d"], "wager": [log.wager("banker", 10, -10)]})
    assert out.getvalue().count("\n") == 1  # the header only: nothing of the bad line
    with pytest.raises(RoundLogError, match=r"^header: unknown field 'simulater' \(misspelt 'simulator'\?\)"):
        RoundLog(out, "blackjack", "1994", simulater="mine")
    with pytest.raises(RoundLogError, match="unknown game 'blackjak'"):
        RoundLog(out, "blackjak", "1994")
    with RoundLog(io.StringIO(), "punto-banco", "1994") as log:
        with pytest.raises(RoundLogError, match=r"call log.shuffle\(\) before the first round"):
            log.write({"player": ["9", "K"], "banker": ["3", "4"], "wagers": []})
        with pytest.raises(RoundLogError, match="burn before any shuffle"):
            log.burn(["5"])
        log.shuffle()
        with pytest.raises(RoundLogError, match="the round gives shoe: the writer keeps the shoe's fields"):
            log.write({"shoe": 1, "player": ["9", "K"], "banker": ["3", "4"], "wagers": []})
    with RoundLog(io.StringIO(), "roulette", "1994") as log:
        with pytest.raises(RoundLogError, match="roulette is not dealt from a shoe"):
            log.shuffle()


def test_blackjack_builder_refuses_what_the_format_cannot_hold():
    r = BlackjackRound(10)
    r.player("8h")
    r.banker("6c")
    r.player("8d")
    r.hand.hit("3c")
    with pytest.raises(RoundLogError, match="a hand is split on its first two cards, before any other decision"):
        r.hand.split(10)
    with pytest.raises(RoundLogError, match="hand was not settled"):
        r.record()
    with pytest.raises(RoundLogError, match="the player's first two cards are dealt already"):
        r.player("2s")
    with pytest.raises(RoundLogError, match="card rank 'Z'"):
        r.banker("Z")
    with pytest.raises(RoundLogError, match="a reshuffle is written to a log"):
        r.reshuffle()


def test_amounts_are_exact_and_floats_are_rounded_as_stated():
    # Float noise rounds to the nearest penny; a Decimal, a Fraction or a string stays exact.
    assert amount(0.1 + 0.2) == "0.3" and amount(14.999999999999998) == "15" and amount(-7.5) == "-7.5"
    assert amount(Decimal("9.50")) == "9.5" and amount(F(19, 20) * 10) == "9.5" and amount("19/3") == "19/3"
    with pytest.raises(RoundLogError, match=r"amount 0.075 is not a whole number of 0.01 \(places=2\)"):
        amount(0.075)
    assert amount(0.075, places=3) == "0.075"
    with pytest.raises(RoundLogError, match=r"takes exact amounts only \(places=None\)"):
        amount(2.5, places=None)
    with pytest.raises(RoundLogError, match="is not a finite amount"):
        amount(float("nan"))
    with pytest.raises(RoundLogError, match="is not an amount"):
        amount(True)


def test_cards_take_ranks_and_suits_in_the_usual_spellings():
    assert [card(1, "spades"), card("t", "♥"), card(12, "d"), card("K")] == ["As", "10h", "Qd", "K"]
    with pytest.raises(RoundLogError, match="card suit 'x'"):
        card(5, "x")
    with pytest.raises(RoundLogError, match="cards must be a list"):
        RoundLog(io.StringIO(), "punto-banco", "1994").shuffle(burn="5h")  # type: ignore[arg-type]


def test_a_written_insurance_outside_the_law_is_judged_not_refused(tmp_path):
    """The writer takes the insurance the simulator took; verify judges it (1994: only on a player's blackjack)."""
    path = tmp_path / "ins.jsonl"
    with RoundLog(path, "blackjack", "1994") as log:
        log.shuffle()
        r = log.blackjack(10)
        r.player("9h")
        r.banker("As")
        r.player("Kd")
        r.hand.stand()
        r.banker("Qc")
        r.hand.settle(-10)
        r.insurance(5, 10)
        log.write(r)
    report = verify(path, "blackjack", randomness=False)
    assert [(f.kind, f.rule, f.citation) for f in report.faults] == [
        (ILLEGAL, "insurance offered", "SI 1994/2899 reg 7(7)")
    ]


def _settled_round(log: RoundLog) -> BlackjackRound:
    r = log.blackjack(10)
    r.player("9h")
    r.banker("6s")
    r.player("Kd")
    r.hand.stand()
    r.banker("Qc")
    r.banker("5c")
    return r


def test_a_second_settlement_or_a_change_once_written_is_refused():
    """docs/simulators.md: a hand settled twice over is an error; so is any change to a round once written, so a
    simulator's double payout cannot reach the log unseen."""
    out = io.StringIO()
    with RoundLog(out, "blackjack", "1994") as log:
        log.shuffle()
        r = _settled_round(log)
        r.hand.settle(10)
        with pytest.raises(RoundLogError, match=r"^hand is settled already \(net 10\): a second settlement"):
            r.hand.settle(-10)
        with pytest.raises(RoundLogError, match=r"^hand is settled already"):
            r.hand.hit("2c")
        r.wager("under-13", 5, -5)
        with pytest.raises(RoundLogError, match=r"^the under-13 wager is settled already \(net -5\)"):
            r.wager("under-13", 5, 5)
        r.settle(10)
        with pytest.raises(RoundLogError, match=r"^the initial wager is settled already \(net 10\)"):
            r.settle(-10)
        log.write(r)
        for change in (
            lambda: r.banker("2d"),
            lambda: r.insurance(5, 10),
            lambda: r.settle(5),
            lambda: r.hand.stand(),
            lambda: log.write(r),
        ):
            with pytest.raises(RoundLogError, match=r"^the round is written already: a round once written"):
                change()
        # a split hand's settled halves are refused a second settlement too
        s = log.blackjack(10)
        s.player("8h")
        s.banker("6c")
        s.player("8d")
        left, _right = s.hand.split(10)
        left.deal("3s")
        left.stand()
        left.settle(-10)
        with pytest.raises(RoundLogError, match=r"^hand\.1 is settled already \(net -10\)"):
            left.settle(10)
    (line,) = [json.loads(x) for x in out.getvalue().splitlines()[1:]]
    assert line["hand"]["net"] == "10" and line["wagers"][0]["net"] == "10"
