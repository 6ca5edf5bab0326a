"""The player's own bet ramp (issue 56, item 1): the stake table read against the rule in words, SCORE, N0 and
risk of ruin against the moments of the win's distribution written out here round by round, the yields per 100
rounds dealt and played against plain sums, and bad ramps refused in one line."""

from __future__ import annotations

import bisect
import csv
import io
import json
import math
from fractions import Fraction

import pytest

from oddscalc.core.errors import InputError
from oddscalc.protect.count_systems import CountSystem
from oddscalc.protect.run_summary import summarise
from oddscalc.protect.shoes import Round, ShoeRecord
from oddscalc.protect.stakes import Stakes, bet_units, parse_ramp, wonging
from oddscalc.protect.study_figures import BANKROLLS, study_figures
from tests.cli_run import run_cli
from tests.json_schemas import validate_named

RAMP = "-1:0,1:1,2:2,3:4,4:8"
BASE = (
    "protect",
    "punto-banco",
    "--decks",
    "1",
    "--shoes",
    "3",
    "--seed",
    "2",
    "--penetration",
    "90%",
    "--workers",
    "1",
)
COUNT = ("--count", "0=-1,A=1,2=1,3=1,4=2,5=2,6=2,7=1,8=-1,9=-2")  # balanced: -16 + 4 (1+1+1+2+2+2+1-1-2)


def _stake_in_words(tc):
    """The ramp -1:0,1:1,2:2,3:4,4:8 in words: nothing below TC 1; 1 unit from 1, 2 from 2, 4 from 3, 8 from 4."""
    return [0, 1, 2, 4, 8][bisect.bisect_right([1, 2, 3, 4], math.floor(tc))]


def test_stake_table_against_the_rule_in_words():
    r = parse_ramp(RAMP)
    for tc in [Fraction(n, 4) for n in range(-40, 41)]:
        assert r.units(Fraction(0), tc) == _stake_in_words(tc)
    assert r.sits_out and not parse_ramp("0:1,2:3").sits_out
    assert parse_ramp(r.text()) == r


def test_score_n0_and_ruin_against_the_win_distribution_written_out():
    """One shoe of a two-kind pack (L +1, H -1; 20 cards a pack) whose rounds take one card each: true counts 0,
    20/19, 40/18, 20/17 before the four rounds (bins 0, 1, 2, 1). With the ramp 0:0,1:1,2:4 and a variance of 1
    per unit staked, the win on a round of bin i is b_i (a_i + 1) or b_i (a_i - 1), each with half the bin's
    chance (a_i the bin's mean expectation): its moments give W and V here, with no formula of protect's."""
    kinds = (("L", 10), ("H", 10))
    count = CountSystem("two", (Fraction(1), Fraction(-1)))
    values = [Fraction(-3, 100), Fraction(1, 100), Fraction(5, 100), Fraction(2, 100)]
    record = ShoeRecord(0, tuple(Round((k,), (v,)) for k, v in zip((0, 0, 1, 0), values)), "cut card")
    stakes = parse_ramp("0:0,1:1,2:4")
    s = summarise([record], ("m",), kinds, 20, count, stakes)
    f = study_figures(s, [record], kinds, 20, count, Fraction(1, 5), (Fraction(1),))
    a1, a2 = (values[1] + values[3]) / 2, values[2]
    outcomes = [(Fraction(0), Fraction(1, 4))]  # bin 0: sat out
    for b, a, chance in ((1, a1, Fraction(2, 4)), (4, a2, Fraction(1, 4))):
        outcomes += [(b * (a + 1), chance / 2), (b * (a - 1), chance / 2)]
    assert sum(p for _, p in outcomes) == 1

    def moments(pairs):
        mean = sum((x * p for x, p in pairs), Fraction(0))
        return mean, sum((x * x * p for x, p in pairs), Fraction(0)) - mean**2

    win, var = moments(outcomes)
    ramp = f.ramps[0]
    assert (ramp.measures.win, ramp.measures.variance) == (win, var)
    assert ramp.measures.n0 == var / win**2 and ramp.measures.score == 10**6 * win**2 / var
    played = [(x, p * Fraction(4, 3)) for x, p in outcomes[1:]]  # the three rounds played
    win_p, var_p = moments(played)
    assert (ramp.played.win, ramp.played.variance) == (win_p, var_p) and win_p == win * Fraction(4, 3)
    assert ramp.played.n0 == var_p / win_p**2 and ramp.played.score == 10**6 * win_p**2 / var_p
    assert ramp.ruin == tuple(math.exp(-2 * float(win_p) * b / float(var_p)) for b in BANKROLLS)
    # yields: 100 x the stakes times the expectations, over the 4 rounds dealt and the 3 played
    total = 1 * values[1] + 4 * values[2] + 1 * values[3]
    assert s.yield_per_100[0].mean == 100 * total / 4 and s.yield_per_100_played[0].mean == 100 * total / 3
    assert s.played.mean == Fraction(3, 4) and s.mean_bet_played.mean == Fraction(6, 3)


def test_a_run_staked_by_the_ramp_written_here(capsys, tmp_path):
    path = tmp_path / "r.csv"
    code, out, _ = run_cli((*BASE, *COUNT, "--ramp", RAMP, "--records", path, "--format", "json"), capsys)
    data = json.loads(out)
    validate_named(data)
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    stakes = [_stake_in_words(Fraction(r["true_count"])) for r in rows]
    assert code == 0 and [Fraction(r["bet_units"]) for r in rows] == stakes and 0 in stakes and max(stakes) > 1
    won = {m: sum((b * Fraction(r[m]) for b, r in zip(stakes, rows)), Fraction(0)) for m in ("player", "banker")}
    played = sum(1 for b in stakes if b)
    s = data["stakes"]
    assert s["rule"] == RAMP and Fraction(s["share_of_rounds_played"]["mean"]) == Fraction(played, len(rows))
    for m, w in won.items():
        assert Fraction(s["units_won_per_100_rounds_dealt"][m]["mean"]) == 100 * w / len(rows)
        assert Fraction(s["units_won_per_100_rounds_played"][m]["mean"]) == 100 * w / played
    ramp = {r["measure"]: r for r in data["ramp"]}
    assert Fraction(ramp["player"]["win_per_round"]) == won["player"] / len(rows)
    assert Fraction(ramp["player"]["per_round_played"]["win_per_round"]) == won["player"] / played
    (tmp_path / "ramp.txt").write_text("# my ramp\n-1:0\n1:1, 2:2\n3:4 # more\n4:8\n")
    code, text, _ = run_cli((*BASE, *COUNT, "--ramp", f"@{tmp_path / 'ramp.txt'}"), capsys)
    flat = " ".join(text.split())
    assert code == 0 and "TC < 1: 0 (sits out)" in flat and "per 100 rounds played" in text
    assert "Per round played" in text and max(len(line) for line in text.splitlines()) <= 100


@pytest.mark.parametrize(
    ("ramp", "words"),
    [
        ("2:1,1:2", ("follows", "increasing")),
        ("1:-1", ("stake", "-1")),
        ("1:0,2:0", ("every stake is 0",)),
        ("1.5:2", ("whole number",)),
        ("3", ("TC:STAKE",)),
        ("", ("1 to 200 steps",)),
        ("@/no/such/file", ("cannot read",)),
    ],
)
def test_bad_ramps_are_refused_in_one_line(capsys, ramp, words):
    with pytest.raises(InputError):
        parse_ramp(ramp)
    code, _, err = run_cli((*BASE, *COUNT, "--ramp", ramp), capsys)
    assert code == 2 and all(w in err for w in words) and len(err.strip().splitlines()) == 1, err


# --- wonging (issue 56, item 3) -----------------------------------------------------------------------------


def _wonger(tcs, enter, leave, re_enter=False):
    """A back-counter written here, as a list of states: he stands behind the table until a true count of
    `enter` or more (or sits down at once without one), then plays until a true count below `leave`; then he
    goes for the shoe, unless he re-enters (`re_enter`): then he watches again."""
    states, seated, gone = [], enter is None, False
    for tc in tcs:
        if gone:
            states.append("away")
            continue
        if not seated and tc >= enter:
            seated = True
        if seated and leave is not None and tc < leave:
            seated = False
            gone = not re_enter
        states.append("play" if seated else ("away" if gone else "watch"))
    return states


def test_wonging_places_against_a_back_counter_written_here():
    tcs = [Fraction(x, 2) for x in (0, 1, 2, 3, 1, -1, -3, 0, 2, 5, -2, 4)]
    counts = [(Fraction(0), tc) for tc in tcs]
    cases = [(None, -1, False), (1, 0, False), (1, None, False), (2, 2, False), (None, None, False)]
    for enter, leave, re_enter in [*cases, (1, 0, True), (2, 2, True)]:
        e = None if enter is None else Fraction(enter)
        w = None if leave is None else Fraction(leave)
        stakes = wonging(Stakes(8), enter=e, leave=w, re_enter=re_enter)
        assert stakes.places(counts) == _wonger(tcs, e, w, re_enter), (enter, leave, re_enter)
        assert stakes.shoe(counts) == [
            bet_units(tc, 8) if where == "play" else 0 for tc, where in zip(tcs, _wonger(tcs, e, w, re_enter))
        ]
    with pytest.raises(InputError):
        wonging(Stakes(8), enter=Fraction(0), leave=Fraction(1))


def test_a_wonging_run_counts_rounds_watched_played_and_away(capsys, tmp_path):
    for extra, kind in ((("--enter", "1", "--leave", "0"), "back-count"), (("--leave", "-1"), "wong out")):
        path = tmp_path / f"{kind}.csv"
        code, out, _ = run_cli((*BASE, *COUNT, *extra, "--records", path, "--format", "json"), capsys)
        data = json.loads(out)
        validate_named(data)
        rows = list(csv.DictReader(io.StringIO(path.read_text())))
        enter = Fraction(extra[1]) if extra[0] == "--enter" else None
        leave = Fraction(extra[-1])
        states = []
        for shoe in sorted({r["shoe"] for r in rows}, key=int):
            states += _wonger([Fraction(r["true_count"]) for r in rows if r["shoe"] == shoe], enter, leave)
        tcs = [Fraction(r["true_count"]) for r in rows]
        assert code == 0 and [Fraction(r["bet_units"]) for r in rows] == [
            bet_units(tc, 8) if st == "play" else 0 for tc, st in zip(tcs, states)
        ]
        s = data["stakes"]
        for state, key in (("play", "played"), ("watch", "watched"), ("away", "away")):
            assert Fraction(s[f"share_of_rounds_{key}"]["mean"]) == Fraction(states.count(state), len(rows))
        assert {"watch" if enter else "away", "play"} <= set(states)
        w = data["stakes"]["wonging"]
        assert (w["rounds_dealt"], w["rounds_played"], w["rounds_away"]) == (
            len(rows),
            states.count("play"),
            states.count("away"),
        )
        assert w["rounds_watched"] == len(rows) - states.count("away") and not w["re_enter"]
    code, text, _ = run_cli((*BASE, *COUNT, "--enter", "1", "--leave", "0"), capsys)
    flat = " ".join(text.split())  # the text wraps its long lines
    assert code == 0 and "wonging: back-counts from the first round, plays from TC >= 1" in flat
    for bad, words in (
        (("--enter", "0", "--leave", "1"), ("--leave 1", "--enter 0")),
        (("--enter", "x"), ("--enter",)),
    ):
        code, _, err = run_cli((*BASE, *COUNT, *bad), capsys)
        assert code == 2 and all(w in err for w in words) and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("text", ["1:x", "2:1,1:2", "1", "1.5:2", "1:0", "@/no/such/ramp"])
def test_a_bad_ramp_is_named_as_the_parameter_not_the_flag(text):
    """The library names the `ramp` it was given, never a command-line flag (the command line says --ramp)."""
    with pytest.raises(InputError) as caught:
        parse_ramp(text)
    message = str(caught.value)
    assert message.startswith("ramp ") and "--" not in message, message
