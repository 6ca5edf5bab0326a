"""Unbalanced counts: the imbalance over a shoe against a sum worked by hand, the true count's
drift against every order of a tiny shoe, an initial running count and a key count as the records show them (the
rule in words applied here), and the warning on stderr for an unbalanced count given without a start."""

from __future__ import annotations

import csv
import io
import itertools
import json
from fractions import Fraction

from oddscalc import api
from oddscalc.protect.count_systems import (
    CountSystem,
    drift,
    imbalance,
    imbalance_warning,
    knock_out,
    parse_count,
    true_count,
    with_initial,
)
from tests.cli_run import run_cli
from tests.json_schemas import validate_named

TIE = "0=5,A=1,2=-2,3=-2,4=-3,5=-3,6=-12,7=-11,8=7,9=4"  # the tie count of docs/validation/protect-studies.md
BASE = (
    "protect",
    "punto-banco",
    "--decks",
    "8",
    "--shoes",
    "2",
    "--seed",
    "1",
    "--penetration",
    "30%",
    "--workers",
    "1",
)


def test_imbalance_worked_by_hand():
    kinds = api.composition_kinds("punto-banco", "2007", {"decks": "8"})
    # a pack: 16 tens and court cards (point 0) at +5, then 4 each of A, 2, ..., 9 at their weights
    by_hand = 8 * (16 * 5 + 4 * (1 - 2 - 2 - 3 - 3 - 12 - 11 + 7 + 4))
    assert by_hand == -32 and imbalance(parse_count(TIE, kinds), kinds) == by_hand
    bj = api.composition_kinds("blackjack", "1994", {"decks": "6"})
    # K-O: 2-7 (six ranks of 4) +1, tens (16) and Aces (4) -1, 8 and 9 nothing: 24 - 20 a pack
    assert imbalance(parse_count("ko", bj), bj) == 6 * (6 * 4 - 20) == 24
    assert imbalance(parse_count("hi-lo", bj), bj) == 0
    assert parse_count("k-o", bj) == knock_out(bj)
    assert [str(w) for w in knock_out(bj).weights] == ["-1", "1", "1", "1", "1", "1", "1", "0", "0", "-1"]


def test_drift_against_every_order_of_a_tiny_shoe():
    """The true count's expectation after s cards, averaged here over every order of a 7-card shoe, against
    `drift` (with and without an initial running count)."""
    kinds = (("A", 2), ("2", 3), ("T", 2))
    count = CountSystem("tiny", (Fraction(-1), Fraction(1), Fraction(-2)))
    cards = [k for k, (_, n) in enumerate(kinds) for _ in range(n)]
    orders = list(itertools.permutations(cards))
    for start in (None, Fraction(5, 2)):
        c = count if start is None else with_initial(count, start)
        for seen in range(len(cards)):
            tcs = [true_count((start or 0) + sum(count.weights[k] for k in o[:seen]), 7 - seen, 7) for o in orders]
            assert drift(c, kinds, seen, 7) == sum(tcs, Fraction(0)) / len(tcs)
    # IRC = -imbalance (here -(-2 + 3 - 4) = 3) holds the expectation at -I P / N = 3 at every depth
    held = with_initial(count, -imbalance(count, kinds))
    assert {drift(held, kinds, s, 7) for s in range(7)} == {Fraction(3)}


def test_warning_names_the_imbalance_and_the_drift_at_the_cut():
    kinds = api.composition_kinds("punto-banco", "2007", {"decks": "8"})
    tie = parse_count(TIE, kinds)
    text = imbalance_warning(tie, kinds, 312, 52)
    # after 312 of 416 cards: E[RC] = -32 x 312 / 416 = -24 over 104 cards left, 2 packs: -12
    assert "-32" in text and "416" in text and "-12" in text and "32, which holds the expectation at +4" in text
    assert "(about" not in text  # a whole drift needs no decimal beside it
    # after 300 cards: E[RC] = -32 x 300 / 416 = -300/13 over 116 cards left: TC = (-300/13) x 52 / 116 = -300/29
    text = imbalance_warning(tie, kinds, 300, 52)
    assert f"-300/29 (about {-300 / 29:.3g})" in text
    assert imbalance_warning(with_initial(tie, Fraction(0)), kinds, 312, 52) is None
    assert imbalance_warning(parse_count("0=1,9=-4", kinds), kinds, 312, 52) is None  # 16 - 4 x 4: balanced


def test_cli_warns_on_stderr_and_the_initial_count_starts_the_records(capsys, tmp_path):
    code, out, err = run_cli((*BASE, "--count", TIE, "--records", tmp_path / "plain.csv"), capsys)
    assert code == 0 and "warning" in err and "-32" in err and len(err.strip().splitlines()) == 1
    code, out, err = run_cli(
        (*BASE, "--count", TIE, "--initial-count", "32", "--records", tmp_path / "start.csv"), capsys
    )
    assert code == 0 and "warning" not in err and "initial running count 32" in out
    plain = list(csv.DictReader(io.StringIO((tmp_path / "plain.csv").read_text())))
    start = list(csv.DictReader(io.StringIO((tmp_path / "start.csv").read_text())))
    assert len(plain) == len(start) > 10
    for a, b in zip(plain, start):
        assert Fraction(b["running_count"]) == Fraction(a["running_count"]) + 32
        assert Fraction(b["true_count"]) == Fraction(b["running_count"]) * 52 / int(b["cards_left"])
    code, out, _ = run_cli((*BASE, "--count", TIE, "--initial-count", "32", "--format", "json"), capsys)
    data = json.loads(out)
    validate_named(data)
    assert data["count"]["initial_running_count"] == "32/1" and "stakes" not in data
    code, out, err = run_cli((*BASE, "--count", "0=1,9=-4"), capsys)
    assert code == 0 and "warning" not in err


def test_key_count_bets_by_the_running_count(capsys, tmp_path):
    path = tmp_path / "key.csv"
    args = (*BASE, "--count", TIE, "--initial-count", "32", "--key-count", "40", "--spread", "6")
    code, out, _ = run_cli((*args, "--records", path), capsys)
    assert code == 0 and "key count 40: 1 unit below it, 6 units from it" in out
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    stakes = [6 if Fraction(r["running_count"]) >= 40 else 1 for r in rows]
    assert [int(r["bet_units"]) for r in rows] == stakes and set(stakes) == {1, 6}
    code, out, _ = run_cli((*args, "--format", "json"), capsys)
    data = json.loads(out)
    validate_named(data)
    # no round sat out: the yield per round played is the yield per round dealt
    s = data["stakes"]
    assert s["key_count"] == "40/1" and s["share_of_rounds_played"]["mean"] == "1/1"
    assert s["units_won_per_100_rounds_dealt"] == s["units_won_per_100_rounds_played"]
    mean = sum((Fraction(x) for x in stakes), Fraction(0)) / len(stakes)
    assert Fraction(data["spread"]["mean_bet"]["mean"]) == mean


def test_bad_counts_are_refused_in_one_line(capsys):
    for bad, words in (
        (("--count", TIE, "--initial-count", "x"), ("--initial-count",)),
        (("--count", TIE, "--initial-count", "1e9"), ("--initial-count",)),
        (("--initial-count", "3"), ("--initial-count", "--count")),
        (("--count", TIE, "--key-count", "1", "--ramp", "1:1"), ("--key-count", "--ramp")),
        (("--count", "ko"), ("ko", "blackjack")),
    ):
        code, _, err = run_cli((*BASE, *bad), capsys)
        assert code == 2 and all(w in err for w in words) and len(err.strip().splitlines()) == 1, (bad, err)
