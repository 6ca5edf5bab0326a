"""A counter's box is played by his index plays: the cards and values a study records are those of a player
written here (the shoe shuffled by its seed, hi-lo counted here, the basic strategy chart with 16 v T stood on
from a true count of 0, the cards counted by the dealer in tests/blackjack_boxes_reference). A run without index
plays draws by the chart alone, as before."""

from __future__ import annotations

import csv
import io
import json
import random
from fractions import Fraction

import pytest

from oddscalc import api
from oddscalc.protect.count_systems import hi_lo
from oddscalc.protect.execute import run
from oddscalc.protect.index_plays import IndexPlay, IndexSet
from oddscalc.protect.players import Player
from oddscalc.protect.shoes import Plan
from oddscalc.protect.stakes import Stakes
from oddscalc.protect.target import target
from tests.blackjack_boxes_reference import round_cards
from tests.cli_run import run_cli
from tests.protect_one_pack import HI_LO, one_pack_args

SEED, SHOES, CUT = 8, 8, 39  # the cut after floor(75% x 52) cards
RULES = {"decks": "1", "strategy": "basic"}
BASE = one_pack_args(SEED, SHOES)
LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
STAND_16 = ("hard 16", "T", "stand")
MEASURE = "initial; basic + index plays"
RAMP = "-1:0,1:1,2:2"


def _chart():
    return api.decision_table("blackjack", "1994", "initial", RULES, {}, True)


def _standing_on_16(chart):
    """The chart with hard 16 against a ten stood on, written here from the play's meaning: every hand of that
    total, two cards or more (the two-card, later and no-double rows)."""
    out = {
        name: [[k, n, up, "stand" if (k, n, up) == ("hard", 16, 9) else a] for k, n, up, a in rows]
        for name, rows in chart.items()
    }
    assert out["two_card"] != chart["two_card"]  # the chart hits a two-card 16 v T
    return out


def _cards(order, pos, boxes, chart, charts=None):
    """The cards the round at `pos` takes (the rest of the shoe when it runs out)."""
    try:
        return round_cards(order, pos, boxes, chart, charts)
    except IndexError:
        return len(order) - pos


def _ramp(tc):
    """The ramp -1:0,1:1,2:2 read here: 0 below a true count of 1 (sat out), then 1, and 2 from 2 up."""
    return 2 if tc >= 2 else 1 if tc >= 1 else 0


def _value(left, plays):
    """The basic strategy's expectation on the cards left with `plays`: the double, or exact where the evaluator
    declines (the exact engine's)."""
    found, _ = api.composition_estimates("blackjack", "1994", left, [(("initial",), RULES)], {}, True, plays)
    return Fraction(found[0]["initial"])


def _read(text):
    """A value as the records write it: a double, or exact ("p/q")."""
    return Fraction(text) if "/" in text else Fraction(float(text))


def _played_here(indexed, staked=lambda tc: 1, boxes=1):
    """Every shoe dealt here, round by round: (cards, true count, whether 16 v T is stood on, value). The counter
    stands on 16 v T from a true count of 0 (with `indexed`) on the rounds he stakes on; the others are dealt by the
    chart."""
    chart = _chart()
    stood = _standing_on_16(chart)
    out = []
    for i in range(SHOES):
        order = [k for k in range(10) for _ in range(16 if k == 9 else 4)]
        random.Random(f"oddscalc-protect:{SEED}:{i}").shuffle(order)
        pos = 0
        while pos < CUT:
            seen = order[:pos]
            tc = Fraction(sum(HI_LO[LABELS[k]] for k in seen)) * 52 / (52 - pos)
            fires = indexed and tc >= 0
            plays = (STAND_16,) if fires else ()
            drawn = fires and staked(tc) > 0
            n = _cards(order, pos, boxes, stood if drawn else chart)
            left = tuple((16 if k == 9 else 4) - seen.count(k) for k in range(10))
            out.append((tuple(order[pos : pos + n]), tc, drawn, _value(left, plays)))
            pos += n
    return out


@pytest.fixture(scope="module")
def here():
    return {"plain": _played_here(False), "indexed": _played_here(True), "ramp": _played_here(True, _ramp)}


def _records(capsys, tmp_path, *options):
    path = tmp_path / "rounds.csv"
    code, out, err = run_cli((*BASE, *options, "--records", path, "--format", "json"), capsys)
    assert code == 0, err
    return json.loads(out), list(csv.DictReader(io.StringIO(path.read_text())))


def test_a_box_is_played_by_the_index_plays_at_the_true_count_before_the_round(capsys, tmp_path, here):
    """--indices FILE: every round's cards and expectation in --records are the player's written here, who stands
    on 16 v T from a true count of 0; on this seed the play is made on some box, so the cards differ from the
    chart's."""
    plays = tmp_path / "plays.txt"
    plays.write_text("hard 16, T, stand, >= 0\n")
    data, rows = _records(capsys, tmp_path, "--indices", str(plays))
    mine = here["indexed"]
    assert [r["cards"] for r in rows] == [" ".join(LABELS[k] for k in x[0]) for x in mine]
    assert [_read(r[MEASURE]) for r in rows] == [x[3] for x in mine]
    assert [Fraction(r["true_count"]) for r in rows] == [x[1] for x in mine]
    assert data["rounds"] == len(mine)
    plain = here["plain"]
    assert [x[0] for x in plain] != [x[0] for x in mine]  # the play changed what the box (and all after) drew
    first = next(j for j, (a, b) in enumerate(zip(plain, mine)) if a[0] != b[0])
    assert mine[first][2] and mine[first][0][:3] == plain[first][0][:3]  # the same deal, then the play made
    assert mine[first][0][1] == 9  # against a ten


def test_without_index_plays_the_box_draws_by_the_chart(capsys, tmp_path, here):
    """A run without --indices deals every round as the chart's player written here does, and so does a set whose
    play never holds (its values the basic strategy's)."""
    _, rows = _records(capsys, tmp_path)
    assert [r["cards"] for r in rows] == [" ".join(LABELS[k] for k in x[0]) for x in here["plain"]]
    t = target("blackjack", "1994", {"decks": "1"}, {}, True, ("basic",), engine="double")
    never = IndexSet("never", (IndexPlay("hard 16", "T", "stand", Fraction(999)),))
    base = Plan(t, Fraction(3, 4), SEED, SHOES, 1000)
    plan = Plan(t, base.penetration, SEED, SHOES, 1000, indices=never, count=hi_lo(t.kinds()), pack=52)
    assert run(plan, 1, processes=1) == run(base, 1, processes=1)


def test_a_round_sat_out_is_drawn_by_the_chart(capsys, tmp_path, here):
    """With a ramp staking 0 below a true count of 1, a round he sits out is dealt to the box as the chart plays
    it (another punter's); the rounds he stakes on stand on 16 v T. His values are under his plays throughout."""
    plays = tmp_path / "plays.txt"
    plays.write_text("hard 16, T, stand, >= 0\n")
    _, rows = _records(capsys, tmp_path, "--indices", str(plays), "--ramp", RAMP)
    mine = here["ramp"]
    assert [r["cards"] for r in rows] == [" ".join(LABELS[k] for k in x[0]) for x in mine]
    assert [_read(r[MEASURE]) for r in rows] == [x[3] for x in mine]
    assert [int(r["bet_units"]) for r in rows] == [_ramp(x[1]) for x in mine]


def test_each_player_at_a_table_draws_by_his_own_index_plays():
    """Two players, the first standing on 16 v T from a true count of 0, the second by the chart: each round deals
    them a box each (both stake every round), the first box played by his plays, as the dealer here plays it."""
    t = target("blackjack", "1994", {"decks": "1"}, {}, True, ("basic",), engine="double")
    kinds = t.kinds()
    stand = IndexSet("stand", (IndexPlay("hard 16", "T", "stand", Fraction(0)),))
    players = (Player(hi_lo(kinds), Stakes(4), stand), Player(hi_lo(kinds), Stakes(4)))
    records = run(Plan(t, Fraction(3, 4), SEED, SHOES, 1000, players=players), 1, processes=1)
    chart = _chart()
    stood = _standing_on_16(chart)
    fired = changed = 0
    for i, rec in enumerate(records):
        order = [k for k in range(10) for _ in range(16 if k == 9 else 4)]
        random.Random(f"oddscalc-protect:{SEED}:{i}").shuffle(order)
        pos = 0
        for x in rec.rounds:
            tc = Fraction(sum(HI_LO[LABELS[k]] for k in order[:pos])) * 52 / (52 - pos)
            n = _cards(order, pos, 2, chart, [stood if tc >= 0 else chart, chart])
            assert x.cards == tuple(order[pos : pos + n])
            fired += tc >= 0
            changed += n != _cards(order, pos, 2, chart)
            pos += n
        assert pos >= CUT
    assert fired and changed  # on this seed his play changes the cards of some round
