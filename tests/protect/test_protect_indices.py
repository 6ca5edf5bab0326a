"""Index plays in a protection study: the Illustrious 18 against its published table, a round past a threshold
played by the index (hand-worked), no change without indices, and a user's file read or refused in one line."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from statistics import median

import pytest

from oddscalc.protect import shoes
from oddscalc.protect.count_systems import hi_lo
from oddscalc.protect.execute import StateError, run
from oddscalc.protect.index_plays import (
    ILLUSTRIOUS_18,
    IndexPlay,
    IndexSet,
    IndicesError,
    derived_set,
    index_set,
    parse_indices,
)
from oddscalc.protect.shoes import Plan, shoe_order
from oddscalc.protect.target import target
from tests.cli_run import run_cli
from tests.json_schemas import validate_named

#: Schlesinger, *Blackjack Attack* (3rd ed., 2005), ch. 5: the Illustrious 18, hi-lo, multi-deck, as printed
#: (hand v dealer's card, index). At the index or above: stand, double (9-11), split (10,10) or take insurance;
#: below it the other play (hit, or decline).
SOURCE = """
Insurance     +3
16 v 10        0
15 v 10       +4
10,10 v 5     +5
10,10 v 6     +4
10 v 10       +4
12 v 3        +2
12 v 2        +3
11 v A        +1
9 v 2         +1
10 v A        +4
9 v 7         +3
16 v 9        +5
13 v 2        -1
12 v 4         0
12 v 5        -2
12 v 6        -1
13 v 3        -2
"""


def _source_rows():
    """(hand, up-card, the play at the index or above, the play below, index) per printed row."""
    rows = []
    for line in SOURCE.strip().splitlines():
        *words, index = line.split()
        if words == ["Insurance"]:
            rows.append(("insurance", "A", "insure", "decline", int(index)))
            continue
        hand, _, up = words
        up = "T" if up == "10" else up
        if hand == "10,10":
            rows.append(("pair T", up, "split", "stand", int(index)))
        else:
            total = int(hand)
            rows.append((f"hard {total}", up, "double" if total <= 11 else "stand", "hit", int(index)))
    return rows


def test_the_illustrious_18_against_blackjack_attacks_table():
    """Each printed row is one index play, in the printed order, making the row's play at every true count:
    the count's play from the index up, the other below (held by the play itself or left to basic strategy)."""
    rows = _source_rows()
    plays = ILLUSTRIOUS_18.plays
    assert len(rows) == len(plays) == 18
    assert [(p.hand, p.up) for p in plays] == [(h, u) for h, u, *_ in rows]
    for p, (_, _, above, below, index) in zip(plays, rows):
        for tc in (Fraction(index - 1), Fraction(2 * index - 1, 2), Fraction(index), Fraction(2 * index + 1, 2)):
            wanted = above if tc >= index else below
            made = p.play if p.holds(tc) else {above: below, below: above}[p.play]
            assert made == wanted, (p.text(), tc)


def test_a_round_past_the_threshold_is_played_by_the_index():
    """A shoe of eight 6s and twenty tens: standing on T,6 v T (the chart hits) gains, worked by hand, the chance
    of T up and T,6 dealt x (stand - hit): a hit busts (-1); standing wins when the banker's next card is a 6
    (16, then a bust) and loses to a ten (20): gain P x (1 + p6 - pT) = P x 2 p6. Below the index: basic."""
    n6, nt = 8, 20
    size = n6 + nt
    counts = (0, 0, 0, 0, 0, n6, 0, 0, 0, nt)
    deal = Fraction(nt, size) * Fraction(2 * (nt - 1) * n6, (size - 1) * (size - 2))
    gain = deal * 2 * Fraction(n6 - 1, size - 3)
    plays = IndexSet("test", (IndexPlay("hard 16", "T", "stand", Fraction(0)),))
    exact = target("blackjack", "1994", {"decks": "6"})
    (name,) = (m.name for m in exact.measures)
    below, at = (exact.evaluate(counts, plays.deviations(tc))[name] for tc in (Fraction(-1, 3), Fraction(0)))
    assert plays.deviations(Fraction(-1, 3)) == () and below == exact.evaluate(counts)[name]
    assert at - below == gain
    doubles = target("blackjack", "1994", {"decks": "6"}, engine="double")
    found, _ = doubles.estimate(counts, plays.deviations(Fraction(0)))
    assert abs(float(found[name]) - float(at)) < 1e-12


def _insurance_term(left):
    """Insuring a two-card 21 against an Ace at half the stake, worked here: the chance of A,T against an Ace
    up x 1/2 x (2 p - (1 - p)), p the chance the banker's next card is a ten."""
    aces, tens, size = left[0], left[9], sum(left)
    offered = Fraction(2 * aces * tens * (aces - 1), size * (size - 1) * (size - 2))
    p = Fraction(tens - 1, size - 3)
    return offered * (2 * p - (1 - p)) / 2


def test_a_study_insures_exactly_the_rounds_at_or_past_its_index():
    """Hi-lo counted here before each round; with insurance at TC >= the rounds' median true count, each round
    is worth the basic strategy's value plus the hand-worked insurance term from that true count up, none below
    (the exact engine's checked round exactly so)."""
    t = target("blackjack", "1994", {"decks": "6"}, engine="double")
    kinds = t.kinds()
    base = Plan(t, Fraction(8, 100), 4, 1, check=1)
    plain = run(base, 1, processes=1)
    weights = {"A": -1, "T": -1, "7": 0, "8": 0, "9": 0}
    tcs, lefts = [], []
    for rec in plain:
        left, rc = [n for _, n in kinds], 0
        for x in rec.rounds:
            tcs.append(Fraction(rc) * 52 / sum(left))
            lefts.append(tuple(left))
            for k in x.cards:
                left[k] -= 1
                rc += weights.get(kinds[k][0], 1)
    threshold = median(tcs)
    insure = IndexSet("test", (IndexPlay("insurance", "A", "insure", threshold),))
    plan = Plan(t, base.penetration, base.seed, base.shoes, check=1, indices=insure, count=hi_lo(kinds), pack=52)
    found = run(plan, 1, processes=1)
    rounds = [(x, y) for a, b in zip(plain, found) for x, y in zip(a.rounds, b.rounds)]
    assert [a.rounds[i].cards for a in plain for i in range(len(a.rounds))] == [x.cards for x, _ in rounds]
    assert any(tc >= threshold for tc in tcs) and any(tc < threshold for tc in tcs)
    for (x, y), tc, left in zip(rounds, tcs, lefts):
        term = _insurance_term(left) if tc >= threshold else 0
        assert abs(float(y.values[0] - x.values[0] - term)) < 1e-12
        if x.exact is not None:
            assert y.exact is not None and y.exact[0] - x.exact[0] == term
    assert shoe_order(plan, 0, kinds) == shoe_order(base, 0, kinds)


BASE = ("protect", "blackjack", "--version", "1994", "--decks", "6", "--shoes", "1", "--penetration", "2%")


def _no_exact_check(monkeypatch):
    """The runs compared here skip the exact engine's check of a round (seconds on six packs; checked above)."""
    monkeypatch.setattr(shoes, "_checked", lambda plan, index, kinds, rounds, shown, plays=(): tuple(rounds))


def test_without_indices_the_study_is_unchanged(capsys, monkeypatch):
    """--indices none is the default: the same output, the basic strategy's own measure and no strategy line;
    a set whose plays never hold leaves every round's value as it was."""
    _no_exact_check(monkeypatch)
    code, plain, _ = run_cli((*BASE, "--workers", "1"), capsys)
    code2, none, _ = run_cli((*BASE, "--workers", "1", "--indices", "none"), capsys)
    assert code == code2 == 0 and plain == none
    assert "strategy:" not in plain and "initial, basic strategy (fixed)" in plain
    t = target("blackjack", "1994", {"decks": "6"}, engine="double")
    never = IndexSet("never", (IndexPlay("hard 16", "T", "stand", Fraction(999)),))
    base = Plan(t, Fraction(2, 100), 1, 1)
    plan = Plan(t, base.penetration, 1, 1, indices=never, count=hi_lo(t.kinds()), pack=52)
    assert run(plan, 1, processes=1) == run(base, 1, processes=1)


def test_a_users_index_file_names_the_strategy(capsys, tmp_path, monkeypatch):
    path = tmp_path / "mine.csv"
    path.write_text("# my plays\nhard 16, T, stand, >= 0\n\nInsurance, A, insure, >= 3  # and insurance\n")
    assert [p.text() for p in parse_indices(path.read_text()).plays] == [
        "hard 16 v T: stand at TC >= 0",
        "insurance v A: insure at TC >= 3",
    ]
    code, out, err = run_cli((*BASE, "--workers", "1", "--indices", path, "--format", "json"), capsys)
    data = json.loads(out)
    validate_named(data)
    assert code == 0 and data["indices"]["strategy"] == "basic strategy + the index plays of mine.csv", err
    assert list(data["mean_expectation"]) == ["initial, basic + index plays"]
    _no_exact_check(monkeypatch)
    code, text, _ = run_cli((*BASE, "--workers", "1", "--indices", "illustrious18"), capsys)
    flat = " ".join(text.split())
    assert code == 0 and "strategy: basic strategy + Illustrious 18 (hi-lo): insurance v A: insure at TC >= 3" in flat
    assert "left out: pair T v 5: split: the rules do not let T,T split" in flat


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("hard 16, T, stand\n", ("line 1", "3 field(s)", "hand, up-card, play, condition")),
        ("hard 16, T, stand, >= 0\nhard 15, T, stnad, >= 4\n", ("line 2", "'stnad'", "allowed: stand")),
        ("hard 16, T, stand, = 0\n", ("line 1", "'= 0'", ">=, >, <= or <")),
        ("hard 16, T, stand, >= x\n", ("line 1", "'x'")),
        ("# nothing\n", ("no index play",)),
        ("\nhard 3, T, hit, < 0\n", ("line 2", "'hard 3'", "hard 5-20")),
        ("hard 16, Z, stand, >= 0\n", ("line 1", "'Z'", "allowed: A, 2")),
        ("pair T, 5, split, >= 5\n", ("line 1", "do not let T,T split")),
        ("hard 16, T, split, >= 0\n", ("line 1", "allowed stand, hit or double")),
        ("soft 18, 2, double, >= 1\n", ("line 1", "do not allow a double on 18")),
    ],
)
def test_bad_index_files_are_refused_in_one_line(capsys, tmp_path, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    code, _, err = run_cli((*BASE, "--indices", path), capsys)
    assert code == 2 and all(w in err for w in words) and len(err.strip().splitlines()) == 1, err
    assert str(path) in err


def test_a_bad_file_is_named_whole_however_long_its_path(capsys, tmp_path):
    """A path of more than 80 characters is the user's own file, named whole, present or missing, where a pasted
    run of as many characters would be cut."""
    folder = tmp_path / ("d" * 90)
    folder.mkdir()
    path = folder / "bad.csv"
    path.write_text("# nothing\n")
    code, _, err = run_cli((*BASE, "--indices", path), capsys)
    assert code == 2 and f"--indices {path}: no index play in it" in err and "characters)" not in err, err
    missing = folder / "none.csv"
    code, _, err = run_cli((*BASE, "--indices", missing), capsys)
    assert code == 2 and f"cannot read --indices '{missing}': no such file" in err and "characters)" not in err, err


def test_indices_need_blackjack_a_count_and_a_readable_file(capsys, tmp_path):
    for argv, words in (
        (("protect", "punto-banco", "--decks", "1", "--shoes", "1", "--indices", "illustrious18"), "blackjack's"),
        ((*BASE, "--count", "none", "--indices", "illustrious18"), "give a --count"),
        ((*BASE, "--strategy", "optimal", "--indices", "illustrious18"), "--strategy basic or both"),
        ((*BASE, "--indices", tmp_path / "none.csv"), f"cannot read --indices '{tmp_path / 'none.csv'}': no such file"),
        ((*BASE, "--count", "ko", "--initial-count", "-20", "--indices", "derived"), "no index for the count ko"),
    ):
        code, _, err = run_cli(argv, capsys)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    with pytest.raises(IndicesError):
        parse_indices("hard 16, T, stand, >= 1/0\n")


def test_derived_indices_follow_the_sign_of_measures_linear_gain(capsys, monkeypatch):
    """`--indices derived` plays, at each true count, the action the linear estimate `measures` prints favours
    (gain + gain per true count x TC: its play above 0, the one it is instead of below; insurance declined)."""
    code, out, _ = run_cli(("measures", "blackjack", "--version", "1994", "--decks", "6", "--format", "json"), capsys)
    rows = [r for r in json.loads(out)["indices"] if r["index"] is not None]
    t = target("blackjack", "1994", {"decks": "6"})
    found = derived_set("blackjack", "1994", {"decks": "6"}, {}, False, hi_lo(t.kinds()), 52)
    assert code == 0 and len(rows) == len(found.plays) == 16 and len(found.left_out) == 2
    for r in rows:
        hand, up = r["group"].split(" v ")
        index = Fraction(r["index"])
        for tc in (index - Fraction(1, 7), index + Fraction(1, 7), Fraction(-10), Fraction(10)):
            gain = Fraction(r["gain"]) + Fraction(r["gain_per_true_count"]) * tc
            wanted = r["play"] if gain > 0 else r["instead_of"]
            made = {(h, u): p for h, u, p in found.deviations(tc)}.get((hand, up), "decline")
            assert made == wanted, (r["group"], tc)
    _no_exact_check(monkeypatch)
    code, out, _err = run_cli((*BASE, "--workers", "1", "--indices", "derived", "--format", "json"), capsys)
    assert code == 0 and json.loads(out)["indices"]["strategy"] == "basic strategy + the indices derived for hi-lo"


def test_a_state_folder_holds_the_index_plays_it_was_run_with(tmp_path):
    """Resuming a study with other index plays (or none) is refused: its values depend on them."""
    t = target("blackjack", "1994", {"decks": "6"}, engine="double")
    plays = IndexSet("test", (IndexPlay("hard 16", "T", "stand", Fraction(0)),))
    plan = Plan(t, Fraction(2, 100), 1, 1, indices=plays, count=hi_lo(t.kinds()), pack=52)
    first = run(plan, 1, processes=1, state=tmp_path)
    assert run(plan, 1, processes=1, state=tmp_path) == first
    for other in (Plan(t, plan.penetration, 1, 1), replace(plan, indices=replace(plays, plays=()))):
        with pytest.raises(StateError):
            run(other, 1, processes=1, state=tmp_path)


def test_bad_indices_are_named_as_the_parameter_not_the_flag(tmp_path):
    """The library names the `indices` it was given, never a command-line flag (the command line says --indices)."""
    missing = tmp_path / "none.csv"
    count = hi_lo(target("blackjack", "1994", {"decks": "6"}).kinds())
    for args, starts in (
        (("illustrious18", "blackjack", "1994", {}, {}, False, None, 52), "indices illustrious18: "),
        (("illustrious18", "punto-banco", "1994", {}, {}, False, count, 52), "indices illustrious18: "),
        ((str(missing), "blackjack", "1994", {}, {}, False, count, 52), "cannot read indices "),
    ):
        with pytest.raises(IndicesError) as caught:
            index_set(*args)
        message = str(caught.value)
        assert message.startswith(starts) and "--" not in message, message
