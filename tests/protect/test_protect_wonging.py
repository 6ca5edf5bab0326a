"""Wonging and back-counting in a protection study: the rounds played against a back-counter written here from
the dealt cards and the hi-lo tags (in at the entry, out for the shoe below the exit, or back to watching with
--re-enter), the rounds watched and played reported, no change without the options, bad values refused in one
line."""

from __future__ import annotations

import csv
import io
import json
import random
from fractions import Fraction

import pytest

from tests.cli_run import run_cli
from tests.json_schemas import validate_named
from tests.protect_one_pack import HI_LO, one_pack_args

SEED = 3
BASE = one_pack_args(SEED, 3)
LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


def _shoe(index):
    """One pack shuffled as docs/protect.md's model states: `random.Random("oddscalc-protect:SEED:INDEX")` on the
    cards in kind order (A, 2-9 four each, then the sixteen tens)."""
    cards = [label for label in LABELS for _ in range(16 if label == "T" else 4)]
    random.Random(f"oddscalc-protect:{SEED}:{index}").shuffle(cards)
    return cards


def _true_counts(rounds, order):
    """The hi-lo true count before each round, counted here from the cards dealt (which must be the shoe's own
    order from its top): running count / (cards left / 52)."""
    dealt = [c for r in rounds for c in r]
    assert dealt == order[: len(dealt)]  # the records' cards are the replayed shoe, in order
    tcs, seen = [], []
    for r in rounds:
        tcs.append(Fraction(sum(HI_LO[c] for c in seen)) * 52 / (52 - len(seen)))
        seen += r
    return tcs


def _played(tcs, enter, leave, re_enter):
    """Which rounds a back-counter plays, each decided from the true counts alone: without re-entering, round j
    is played when some round i <= j had TC >= enter and, from the first such i to j, no TC fell below leave;
    with re-entering, when the latest round at or before j with TC >= enter comes after the latest with TC below
    leave (a round below leave that is also at or above enter cannot be: leave <= enter)."""
    out = []
    for j in range(len(tcs)):
        ins = [i for i in range(j + 1) if tcs[i] >= enter]
        if not ins:
            out.append(False)
        elif not re_enter:
            out.append(leave is None or min(tcs[ins[0] : j + 1]) >= leave)
        else:
            outs = [i for i in range(j + 1) if leave is not None and tcs[i] < leave]
            out.append(not outs or ins[-1] > outs[-1])
    return out


#: Shoe 1 worked by hand: its rounds' cards (4 T 4 4 8 9 | 7 8 6 T 8 3 | T A T T | T T 2 4 8 | A 3 5 7 5 3 7 |
#: 6 T 5 3 9 T | T 9 9 6 2) carry hi-lo +2, +1, -4, 0, +3, +1, so the running counts before rounds 1-7 are 0, 2,
#: 3, -1, -1, 2, 3 with 52, 46, 40, 36, 31, 24, 18 cards left: true counts 0, 52/23, 39/10, -13/9, -52/31, 13/3,
#: 26/3. In at 2: rounds 2-7; out below 0 as well: rounds 2-3, gone from 4 (13/3 at round 6 does not bring him
#: back); with --re-enter: rounds 2-3 and 6-7.
SHOE_1_TCS = [Fraction(0), Fraction(52, 23), Fraction(39, 10), Fraction(-13, 9), Fraction(-52, 31)]
SHOE_1_TCS += [Fraction(13, 3), Fraction(26, 3)]
SHOE_1_PLAYED = {
    (None, False): [0, 1, 1, 1, 1, 1, 1],
    (0, False): [0, 1, 1, 0, 0, 0, 0],
    (0, True): [0, 1, 1, 0, 0, 1, 1],
}


def _run(capsys, tmp_path, *options):
    path = tmp_path / "rounds.csv"
    code, out, err = run_cli((*BASE, *options, "--records", path, "--format", "json"), capsys)
    assert code == 0, err
    data = json.loads(out)
    validate_named(data)
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    shoes = [[r for r in rows if r["shoe"] == str(i)] for i in range(3)]
    return data, shoes


@pytest.mark.parametrize(
    "options, enter, leave, re_enter",
    [
        (("--enter", "2"), 2, None, False),
        (("--enter", "2", "--leave", "0"), 2, 0, False),
        (("--enter", "2", "--leave", "0", "--re-enter"), 2, 0, True),
    ],
)
def test_rounds_played_are_those_a_back_counter_written_here_plays(capsys, tmp_path, options, enter, leave, re_enter):
    """Hand-worked on three one-pack shoes (seed 3): with the entry alone he plays every round from the first
    whose true count before it is 2 or more; with the exit 0 he is out for the shoe before the first round below
    0 after that (shoe 1: in at round 2, out at 4, though round 6 is at 13/3); with --re-enter he comes back."""
    data, shoes = _run(capsys, tmp_path, *options)
    played, dealt = [], 0
    for i, rows in enumerate(shoes):
        rounds = [r["cards"].split() for r in rows]
        tcs = _true_counts(rounds, _shoe(i))
        want = _played(tcs, Fraction(enter), None if leave is None else Fraction(leave), re_enter)
        assert [Fraction(r["bet_units"]) > 0 for r in rows] == want, i
        played.append(want)
        dealt += len(rows)
    assert _true_counts([r["cards"].split() for r in shoes[1]], _shoe(1)) == SHOE_1_TCS
    assert [int(Fraction(r["bet_units"]) > 0) for r in shoes[1]] == SHOE_1_PLAYED[(leave, re_enter)]
    w = data["stakes"]["wonging"]
    n_played = sum(sum(p) for p in played)
    assert (w["rounds_dealt"], w["rounds_played"], w["re_enter"]) == (dealt, n_played, re_enter)
    # watched: every round until he leaves the shoe; a round after his last without re-entering is away
    away = 0 if re_enter or leave is None else sum(len(p) - (max(j for j, x in enumerate(p) if x) + 1) for p in played)
    assert (w["rounds_away"], w["rounds_watched"]) == (away, dealt - away)
    assert 0 < n_played < dealt and (leave is None or re_enter or away > 0)


def test_the_text_says_the_rule_and_the_rounds_watched_and_played(capsys):
    code, text, _ = run_cli((*BASE, "--enter", "2", "--leave", "0"), capsys)
    flat = " ".join(text.split())
    assert code == 0
    assert "leaves for the rest of the shoe below TC 0 (once out, out for the shoe: the default" in flat
    assert "Rounds dealt " in flat and " watched " in flat and " played " in flat
    assert "Per round played (SCORE, N0 and the risk of ruin on the rounds played" in flat
    code, text, _ = run_cli((*BASE, "--enter", "2", "--leave", "0", "--re-enter"), capsys)
    assert code == 0 and "watches again below TC 0 and re-enters (--re-enter)" in " ".join(text.split())
    code, text, err = run_cli((*BASE, "--enter", "1000000"), capsys)  # never in: a run, not an error
    flat = " ".join(text.split())
    assert code == 0 and "played 0 " in flat and "-: no round was played: no N0, SCORE or bankroll" in flat, err


def test_without_the_options_the_output_is_the_study_spread(capsys):
    """No wonging text or JSON without the options; and entering at once (a count no true count is below) and
    never leaving plays every round: the report up to the stakes and the yield per 100 rounds dealt are the
    plain run's."""
    code, plain, _ = run_cli(BASE, capsys)
    assert code == 0 and "wonging" not in plain and "Rounds dealt" not in plain and "per round played" not in plain
    code, out, _ = run_cli((*BASE, "--format", "json"), capsys)
    assert code == 0 and "stakes" not in json.loads(out)
    code, at_once, _ = run_cli((*BASE, "--enter", "-1000000"), capsys)
    head = plain.split("\nBet spread")[0]
    assert code == 0 and at_once.split("\nBet spread")[0] == head
    plain_yield = plain.split("Units won per 100 rounds ± SE:\n")[1].splitlines()[0].split()[-3:]
    wong_yield = at_once.split("per 100 rounds played\n")[1].splitlines()[0].split()
    assert wong_yield[-6:-3] == plain_yield and wong_yield[-3:] == plain_yield


@pytest.mark.parametrize(
    "options, words",
    [
        (("--enter", "x"), ("--enter 'x'", "allowed a true count")),
        (("--leave", "1e999"), ("--leave '1e999'", "allowed a true count")),
        (("--enter", "2000001"), ("--enter '2000001'", "-1,000,000 to 1,000,000")),
        (("--enter", "1/0"), ("--enter '1/0'", "allowed")),
        (("--enter", "0", "--leave", "1"), ("--leave 1", "--enter 0", "allowed")),
        (("--re-enter",), ("--re-enter", "allowed only with both --enter and --leave")),
        (("--enter", "1", "--re-enter"), ("--re-enter", "allowed only with both")),
        (("--count", "none", "--leave", "1"), ("--leave", "--count")),
    ],
)
def test_bad_wonging_values_are_refused_in_one_line(capsys, options, words):
    code, _, err = run_cli((*BASE, *options), capsys)
    assert code == 2 and all(w in err for w in words) and len(err.strip().splitlines()) == 1, err
