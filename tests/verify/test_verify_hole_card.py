"""A peeked hole card is judged, not refused: under a version without a hole card (1994, 2002; 2007 by default) a
round that ends on the banker's blackjack before the player decides is illegal play under reg 7(1)(d); a header
declaring hole_card=peek is judged against the law (one finding for the log and a fault per such round) unless
--custom asks for its rule set.

The peek logs are written by the reference simulator under the custom rule hole_card=peek (the US game); which
rounds show the peek is read from each log line here, apart from the judge."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest

from oddscalc.verify import verify
from oddscalc.verify.findings import ILLEGAL
from tests.cli_run import run_cli
from tests.verify_logs import BJ, rounds_of, write_log


def _two_card_21(cards) -> bool:
    return len(cards) >= 2 and {BJ[cards[0]], BJ[cards[1]]} == {1, 10}


def _peek_lines(path) -> list[int]:
    """The lines whose round ended on the banker's blackjack with no decision on a hand that was no blackjack."""
    return [
        n
        for n, rec in rounds_of(path)
        if _two_card_21(rec["banker"]) and not _two_card_21(rec["hand"]["cards"]) and not rec["hand"].get("actions")
    ]


def _peek_log(tmp_path, version: str, rounds: int = 600, seed: int = 5, header_rules: dict | None = None):
    path = tmp_path / f"peek-{version}.jsonl"
    # The player follows the no-hole-card basic chart (committed; any chart is legal play): the peek is the dealer's.
    write_log(
        path,
        "blackjack",
        "initial",
        rounds,
        seed,
        version,
        {"hole_card": "peek", "strategy": "basic"},
        header_rules=header_rules,
        table_rules={"strategy": "basic"},
    )
    return path


@pytest.mark.parametrize("version", ["1994", "2002"])  # 2002 (SI 2002/1130) leaves reg 7(1)(d) as it was
def test_a_log_declaring_peek_exits_1_citing_the_rule(tmp_path, capsys, version):
    """A hole-card game judged (1994), and the same under 2002: end to end through the command line."""
    path = _peek_log(tmp_path, version)
    assert json.loads(path.read_text().splitlines()[0])["rules"]["hole_card"] == "peek"
    lines = _peek_lines(path)
    assert len(lines) >= 10  # about 1 round in 21 (a ten or an Ace up, its blackjack partner second)
    code, out, err = run_cli(["verify", "blackjack", path, "--no-randomness", "--format", "json"], capsys)
    report = json.loads(out)
    assert code == 1, err
    jsonschema.validate(report, json.loads(resources.files("oddscalc").joinpath("schemas/verify-1.json").read_text()))
    assert report["rules"]["hole_card"] == "none" and report["header"]["rules"]["hole_card"] == "peek"
    faults = report["fault_list"]
    assert {f["kind"] for f in faults} == {ILLEGAL} and {f["rule"] for f in faults} == {"hole card (peek)"}
    assert all(f["citation"] == "SI 1994/2899 reg 7(1)(d)" for f in faults)
    (whole,) = [f for f in faults if f["line"] is None]
    assert "declared hole_card=peek" in whole["did"]
    assert "one card only is dealt to the banker initially" in whole["law"]
    assert [f["line"] for f in faults if f["line"] is not None] == lines
    code, out, _ = run_cli(["verify", "blackjack", path, "--no-randomness"], capsys)
    assert code == 1 and "[SI 1994/2899 reg 7(1)(d)]" in out and "whole log: illegal play, hole card (peek)" in out


@pytest.mark.parametrize("version", ["1994", "2002"])
def test_custom_judges_a_declared_peek_under_the_logs_rule_set(tmp_path, version):
    path = _peek_log(tmp_path, version, 300)
    report = verify(path, "blackjack", custom=True, randomness=False)
    assert report.clean and report.custom and report.rules["hole_card"] == "peek", report.text()


def test_2007_permits_peek_and_defaults_to_none(tmp_path):
    path = _peek_log(tmp_path, "2007", 300)
    assert verify(path, "blackjack", randomness=False).clean  # the header's rule is one the 2007 rules allow
    # The same rounds under the house's default (no hole card): each peek round a fault at the end of the log.
    undeclared = _peek_log(tmp_path, "2007", 300, header_rules={"hole_card": "none"})
    report = verify(undeclared, "blackjack", randomness=False)
    assert [f.line for f in report.faults] == _peek_lines(undeclared) and report.by_kind[ILLEGAL] == report.total
    assert all(f.citation.startswith("Blackjack Rules UK (basic game)") for f in report.faults)


def test_an_undeclared_peek_is_found_from_the_rounds_alone(tmp_path):
    """No header declaration: the rounds show it, since the log writes its stands (the reference writer does)."""
    path = _peek_log(tmp_path, "1994", header_rules={"decks": "6"})
    lines = _peek_lines(path)
    report = verify(path, "blackjack", randomness=False)
    assert [f.line for f in report.faults] == lines and report.total == len(lines), report.text()
    f = report.faults[0]
    assert f.kind == ILLEGAL and f.citation == "SI 1994/2899 reg 7(1)(d)" and f.round == lines[0] - 1
    assert "ended the round on the banker's blackjack" in f.did and "no decision on the player's" in f.did
    # Only the first `keep` are listed; every one is counted.
    few = verify(path, "blackjack", randomness=False, keep=3)
    assert few.total == len(lines) and [f.line for f in few.faults] == lines[:3]


def test_a_log_that_leaves_stands_unwritten_gets_a_note_not_a_fault(tmp_path):
    """Where the writer leaves stands unwritten, a hand with no decision may be a stand: noted, not judged."""
    path = _peek_log(tmp_path, "1994", 300, header_rules={"decks": "6"})
    lines = path.read_text().splitlines()
    out = [lines[0]]
    for text in lines[1:]:
        rec = json.loads(text)
        if rec["hand"].get("actions") and rec["hand"]["actions"][-1] == "stand":
            rec["hand"]["actions"].pop()
        out.append(json.dumps(rec))
    path.write_text("\n".join(out) + "\n")
    report = verify(path, "blackjack", randomness=False)
    assert report.clean, report.text()
    (note,) = [n for n in report.notes if "peeked hole card" in n]
    assert note.startswith(f"{len(_peek_lines(path)):,} round(s) ended on the banker's blackjack")


def test_the_no_hole_card_reference_log_shows_no_peek(tmp_path):
    path = tmp_path / "bj.jsonl"
    write_log(path, "blackjack", "initial", 600, 5, "1994", {"strategy": "basic"})
    assert _peek_lines(path) == []
    assert verify(path, "blackjack", randomness=False).clean


def test_a_hole_card_asked_on_the_command_line_is_still_refused(tmp_path, capsys):
    path = tmp_path / "bj.jsonl"
    write_log(path, "blackjack", "initial", 20, 5, "1994", {"strategy": "basic"})
    code, _, err = run_cli(["verify", "blackjack", path, "--rule", "hole_card=peek"], capsys)
    assert code == 2 and "not permitted by version 1994" in err and "--custom" in err
