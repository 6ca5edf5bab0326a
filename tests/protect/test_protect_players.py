"""Several players at one blackjack table in a protection study: each player's stakes and results against a table
played here (the shoe shuffled by its seed, each player's hi-lo count, ramp or spread and wonging written here, a
box dealt to each player staking in seat order, the cards counted by the dealer in tests/blackjack_boxes_reference),
one player equal to the single-player run, bad specs refused in one line."""

from __future__ import annotations

import csv
import io
import json
import random
from fractions import Fraction
from math import floor

import pytest

from oddscalc import api
from oddscalc.protect.count_systems import hi_lo
from oddscalc.protect.execute import run
from oddscalc.protect.players import Player, split_spec
from oddscalc.protect.shoes import Plan
from oddscalc.protect.stakes import Stakes, parse_ramp, wonging
from oddscalc.protect.target import target
from oddscalc.report.plots import canvas
from tests.blackjack_boxes_reference import round_cards
from tests.cli_run import run_cli
from tests.json_schemas import validate_named
from tests.protect_one_pack import HI_LO, one_pack_args

SEED, SHOES = 3, 3
BASE = one_pack_args(SEED, SHOES)
RAMP = "-1:0,1:1,2:2,3:4"
A = f"count=hi-lo,ramp={RAMP}"
B = "spread=4,enter=1,leave=-1"


def _ramp_stake(tc):
    """The ramp -1:0,1:1,2:2,3:4 read here: 0 below a true count of 1, 1 from 1, 2 from 2, 4 from 3 up."""
    return 4 if tc >= 3 else 2 if tc >= 2 else 1 if tc >= 1 else 0


def _spread_stake(tc):
    """The spread 1 to 4: 1 unit below a true count of 2, then its whole part, at most 4."""
    return min(4, max(1, floor(tc)))


def _table_played_here(t):
    """Every shoe of the run dealt here: per round (cards taken, boxes dealt, each player's stake, the basic
    strategy's expectation on the cards left, the true count before it). Player A stakes the ramp every round; player B watches until a
    true count of 1, plays the spread, and leaves for the shoe below -1. The round deals one box to each player
    staking (one when none does)."""
    kinds = t.kinds()
    labels = [label for label, _ in kinds]
    chart = api.decision_table("blackjack", "1994", "initial", {"decks": "1", "strategy": "basic"}, {}, True)
    out = []
    for i in range(SHOES):
        order = [k for k, (_, n) in enumerate(kinds) for _ in range(n)]
        random.Random(f"oddscalc-protect:{SEED}:{i}").shuffle(order)
        pos, rounds, b_place = 0, [], "watch"
        while pos < 39:  # the cut after floor(75% x 52) cards
            seen = order[:pos]
            tc = Fraction(sum(HI_LO[labels[k]] for k in seen)) * 52 / (52 - pos)
            if b_place == "watch" and tc >= 1:
                b_place = "play"
            if b_place == "play" and tc < -1:
                b_place = "away"
            stakes = (_ramp_stake(tc), _spread_stake(tc) if b_place == "play" else 0)
            boxes = max(1, sum(1 for s in stakes if s))
            left = tuple(n - seen.count(k) for k, (_, n) in enumerate(kinds))
            value = Fraction(t.estimate(left)[0][t.measures[0].name])
            try:
                n = round_cards(order, pos, boxes, chart)
            except IndexError:
                n = 52 - pos
            rounds.append((tuple(order[pos : pos + n]), boxes, stakes, value, tc))
            pos += n
        out.append(rounds)
    return out


@pytest.fixture(scope="module")
def table():
    t = target("blackjack", "1994", {"decks": "1"}, {}, True, ("basic",), engine="double")
    return t, _table_played_here(t)


def test_each_round_deals_a_box_to_each_player_staking_on_it(table):
    """The records' cards are the table played here, round by round: a player away or sitting out leaves his box
    empty, and the others' cards shift."""
    t, here = table
    players = tuple(_players(t))
    records = run(Plan(t, Fraction(3, 4), SEED, SHOES, 1000, players=players), 1, processes=1)
    for rec, rounds in zip(records, here):
        assert [x.cards for x in rec.rounds] == [r[0] for r in rounds]
        assert [x.seats for x in rec.rounds] == [((r[3],), (r[3],)) for r in rounds]  # no index plays: basic
    boxes = [r[1] for rounds in here for r in rounds]
    assert 1 in boxes and 2 in boxes  # the seed deals both: the test sees a box left empty


def _players(t):
    """The two players as the command builds them (through its own readers)."""
    kinds = t.kinds()
    yield Player(hi_lo(kinds), parse_ramp(RAMP))
    yield Player(hi_lo(kinds), wonging(Stakes(4), enter=Fraction(1), leave=Fraction(-1)))


def _fraction(e):
    return Fraction(e["mean"])


def test_each_players_results_are_his_stakes_on_the_table_played_here(capsys, tmp_path, table):
    """Per round (--records): the boxes dealt, the cards and each player's stake; per player: rounds dealt,
    played and away, and units won per 100 rounds dealt and per 100 played, from the stakes and expectations of
    the table played here."""
    t, here = table
    path = tmp_path / "rounds.csv"
    code, out, err = run_cli((*BASE, "--player", A, "--player", B, "--records", path, "--format", "json"), capsys)
    assert code == 0, err
    data = json.loads(out)
    validate_named(data)
    rounds = [r for shoe in here for r in shoe]
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    labels = [label for label, _ in t.kinds()]
    assert [r["cards"] for r in rows] == [" ".join(labels[k] for k in x[0]) for x in rounds]
    assert [int(r["boxes"]) for r in rows] == [x[1] for x in rounds]
    for seat in (0, 1):
        assert [Fraction(r[f"player {seat + 1} stake"]) for r in rows] == [x[2][seat] for x in rounds]
    assert data["rounds"] == len(rounds)
    for seat, p in enumerate(data["players"]):
        stakes = [r[2][seat] for r in rounds]
        won = sum(s * r[3] for s, r in zip(stakes, rounds))
        played = sum(1 for s in stakes if s)
        name = "initial, basic strategy (fixed)"
        assert (p["seat"], p["rounds"]) == (seat + 1, len(rounds))
        assert _fraction(p["stakes"]["units_won_per_100_rounds_dealt"][name]) == 100 * won / len(rounds)
        assert _fraction(p["stakes"]["units_won_per_100_rounds_played"][name]) == 100 * won / played
        assert _fraction(p["stakes"]["share_of_rounds_played"]) == Fraction(played, len(rounds))
        assert p["ramp"][0]["measure"] == name
    away = sum(1 for shoe in here for j, r in enumerate(shoe) if not r[2][1] and any(x[2][1] for x in shoe[:j]))
    w = data["players"][1]["stakes"]["wonging"]
    assert (w["rounds_away"], w["rounds_played"]) == (away, sum(1 for r in rounds if r[2][1]))
    assert 0 < away


def test_one_player_is_the_single_player_run(capsys):
    """--player with a count, ramp, wonging and index plays gives that player the figures (JSON, text, CSV) the
    same options give a run without --player."""
    options = ("--ramp", RAMP, "--enter", "1", "--leave", "-1", "--indices", "illustrious18")
    code, single, err = run_cli((*BASE, *options, "--format", "json"), capsys)
    assert code == 0, err
    spec = f"ramp={RAMP},enter=1,leave=-1,indices=illustrious18"
    code, table_out, err = run_cli((*BASE, "--player", spec, "--format", "json"), capsys)
    assert code == 0, err
    one, many = json.loads(single), json.loads(table_out)
    mine = many["players"][0]
    for key in ("mean_expectation", "true_count_bins", "spread", "stakes", "ramp", "yield_by_penetration"):
        assert mine[key] == one[key], key
    assert mine["indices"] == one["indices"] and many["rounds"] == one["rounds"] == mine["rounds"]
    _, text, _ = run_cli((*BASE, "--player", spec), capsys)
    _, alone, _ = run_cli((*BASE, *options), capsys)
    tail = alone[alone.index("Ramp (stake in units") :]
    assert tail[: tail.index("\nYield by penetration")] in text
    _, table_csv, _ = run_cli((*BASE, "--player", spec, "--format", "csv"), capsys)
    _, alone_csv, _ = run_cli((*BASE, *options, "--format", "csv"), capsys)
    mine = [row[2:] for row in table_csv.splitlines() if row.startswith("1,")]
    assert mine == alone_csv.splitlines()[1:]


def test_a_spec_reads_the_options_own_values_commas_and_all():
    assert split_spec("count=2=1,3=1,A=-1,ramp=1:1,2:2,re-enter") == {
        "count": "2=1,3=1,A=-1",
        "ramp": "1:1,2:2",
        "re-enter": "yes",
    }
    assert split_spec("  ") == {}  # a player of the command's own options


@pytest.mark.parametrize(
    "options, says",
    [
        (("--player", "colour=red"), "'colour=red' is not KEY=VALUE; allowed keys: count,"),
        (("--player", "ramp=1:x"), "--player 1: --ramp stake in '1:x'"),
        (("--player", "count=none"), "count=none: a player at the table counts"),
        (("--player", "enter=1,enter=2"), "enter given twice"),
        (("--player", "spread=4", "--boxes", "2"), "--boxes 2 and --player"),
    ],
)
def test_a_bad_spec_is_refused_in_one_line(capsys, options, says):
    code, out, err = run_cli((*BASE, *options), capsys)
    assert code == 2 and not out
    assert says in err and len(err.strip().splitlines()) == 1, err


def test_more_players_than_the_table_has_boxes_need_custom(capsys):
    many = ("--player", "spread=2") * 8
    base = tuple(x for x in BASE if x != "--custom")
    code, _, err = run_cli((*base[:4], "--decks", "6", *base[6:], *many), capsys)
    assert code == 2 and "the table has 7 boxes" in err and "--custom" in err


def test_a_table_resumes_from_its_state_folder_and_refuses_another_table(capsys, tmp_path):
    """The players' own values are kept in the chunks: a second run reads them back to the same figures; other
    players make another run, whose folder this is not."""
    state = str(tmp_path / "state")
    table_options = ("--player", A, "--player", B, "--state", state, "--format", "json")
    code, first, err = run_cli((*BASE, *table_options), capsys)
    assert code == 0, err
    code, again, err = run_cli((*BASE, *table_options), capsys)
    assert code == 0 and "resumed from --state" in err
    assert json.loads(again) == json.loads(first)
    code, _, err = run_cli((*BASE, "--player", A, "--state", state), capsys)
    assert code == 2 and "holds another run" in err


def test_a_custom_table_seats_more_players_than_the_laws_seven_boxes(capsys, tmp_path):
    """Eight players all staking every round at a --custom table: eight boxes a round, each card of the round
    counted by the test's dealer."""
    path = tmp_path / "rounds.csv"
    code, _, err = run_cli((*BASE, "--shoes", "1", "--records", path, *("--player", "spread=2") * 8), capsys)
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert {r["boxes"] for r in rows} == {"8"}
    assert all(r["player 8 stake"] != "0" for r in rows)
    t = target("blackjack", "1994", {"decks": "1"}, {}, True)
    labels = [label for label, _ in t.kinds()]
    chart = api.decision_table("blackjack", "1994", "initial", {"decks": "1", "strategy": "basic"}, {}, True)
    order = [k for k, (_, n) in enumerate(t.kinds()) for _ in range(n)]
    random.Random(f"oddscalc-protect:{SEED}:0").shuffle(order)
    pos = 0
    for r in rows:
        try:
            n = round_cards(order, pos, 8, chart)
        except IndexError:  # the shoe ran out in the round
            n = 52 - pos
        assert r["cards"] == " ".join(labels[k] for k in order[pos : pos + n])
        pos += n


def test_a_key_left_out_takes_the_commands_option_and_his_own_stakes_replace_its(capsys):
    """--ramp before the players: the blank spec's player stakes it; a spec with a spread stakes his spread, not
    the ramp (which would replace it, as --ramp replaces --spread)."""
    options = ("--shoes", "1", "--ramp", "1:1,2:2", "--player", "", "--player", "spread=3", "--format", "json")
    code, out, err = run_cli((*BASE, *options), capsys)
    assert code == 0, err
    first, second = json.loads(out)["players"]
    assert first["stakes"]["rule"] == "1:1,2:2" and first["spread"]["units"] == 2
    assert "stakes" not in second and second["spread"]["units"] == 3


def test_a_tables_plot_draws_one_series_a_player(capsys, tmp_path, monkeypatch, table):
    """--plot with --player writes the file, with one series a player in each panel: his mean expectation by
    true-count bin, the bins' shares of the rounds and, at the run's own cut card, his units won per 100 rounds
    dealt, each from the stakes and expectations of the table played here."""
    drawn = []
    write = canvas.write
    monkeypatch.setattr(canvas, "write", lambda fig, path: drawn.append(fig) or write(fig, path))
    path = tmp_path / "table.svg"
    code, _, err = run_cli((*BASE, "--player", A, "--player", B, "--plot", path), capsys)
    assert code == 0, err
    assert path.read_bytes().startswith(b"<?xml") and len(drawn) == 1
    advantage, frequency, yields = drawn[0].axes[:3]
    _, here = table
    rounds = [r for shoe in here for r in shoe]
    bins = sorted({floor(r[4]) for r in rounds})
    heights = [p.get_height() for p in frequency.patches]
    assert heights == 2 * [float(Fraction(sum(1 for r in rounds if floor(r[4]) == b), len(rounds)) * 100) for b in bins]
    name = "initial, basic strategy (fixed)"
    for seat in (0, 1):
        label = f"player {seat + 1}: {name}"
        by_tc = next(c for c in advantage.containers if c.get_label() == label)
        means = [_mean([r[3] for r in rounds if floor(r[4]) == b]) for b in bins]
        assert list(by_tc.lines[0].get_ydata()) == [float(m * 100) for m in means]
        by_cut = next(c for c in yields.containers if c.get_label() == label)
        won = sum(r[2][seat] * r[3] for r in rounds)
        assert by_cut.lines[0].get_ydata()[-1] == float(100 * won / len(rounds))
    assert "a table of players" in " ".join(drawn[0].get_suptitle().split())


def _mean(values):
    """The plain mean of exact values."""
    return sum(values, Fraction(0)) / len(values)


def test_one_players_plot_draws_the_single_player_runs_series(capsys, tmp_path, monkeypatch):
    """A table of one player plots the series the single-player run's plot (the study figure, drawn as before)
    draws for the same options: the same means by true count, shares and yields by penetration."""
    drawn = []
    write = canvas.write
    monkeypatch.setattr(canvas, "write", lambda fig, path: drawn.append(fig) or write(fig, path))
    options = ("--ramp", RAMP, "--enter", "1", "--leave", "-1")
    code, _, err = run_cli((*BASE, *options, "--plot", tmp_path / "one.png"), capsys)
    assert code == 0, err
    spec = f"ramp={RAMP},enter=1,leave=-1"
    code, _, err = run_cli((*BASE, "--player", spec, "--plot", tmp_path / "table.png"), capsys)
    assert code == 0, err
    assert (tmp_path / "one.png").read_bytes().startswith(b"\x89PNG") and len(drawn) == 2
    single, table = drawn

    def series(fig, panel):
        return [list(c.lines[0].get_xydata().ravel()) for c in fig.axes[panel].containers]

    assert series(single, 0) == series(table, 0) and series(single, 2) == series(table, 2)
    heights = [[p.get_height() for p in fig.axes[1].patches] for fig in drawn]
    assert heights[0] == heights[1] and heights[0]
    assert "a table of players" not in " ".join(single.get_suptitle().split())
