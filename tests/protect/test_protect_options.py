"""Game protection's options: baccarat's best-side strategy, burn cards, 1 to 7 blackjack boxes.

Independent derivations: punto banco's side expectations by enumerating every draw of a coup with the tableau
written here in words (integer weights over N(N-1)...(N-5)), and the best side chosen here by sorting; the
burnt cards and every round's place in the shoe rebuilt here from the seeded card order and the burn rules in
words; the cards a blackjack round takes with 1 and with 3 boxes counted here by a player written from the
deal in words and the basic strategy chart.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from math import floor

import pytest

from oddscalc import api
from oddscalc.games.super_pan_9.engine import DRAW, STAND
from oddscalc.protect.best_side import best_side
from oddscalc.protect.burn import Burn, parse_burn
from oddscalc.protect.count_systems import parse_count, true_count
from oddscalc.protect.execute import run
from oddscalc.protect.run_summary import summarise
from oddscalc.protect.shoes import Plan, Round, ShoeRecord, deal_shoe, shoe_order
from oddscalc.protect.target import Target, target
from oddscalc.report.protect_render import records_csv
from tests.blackjack_boxes_reference import round_cards
from tests.cli_run import run_cli
from tests.json_schemas import validate_named
from tests.super_pan_9_reference import HOUSE, enumerate_values, ordered_deals

# --- punto banco by enumeration ----------------------------------------------------------------------------


def _banker_draws(banker: int, third: int | None) -> bool:
    """The tableau in words: when the player stood the banker draws on 0-5; otherwise on 0-2, on 3 unless the
    player's third card is an 8, on 4 against 2-7, on 5 against 4-7, on 6 against 6-7, never on 7."""
    if third is None:
        return banker <= 5
    return (
        banker <= 2
        or (banker == 3 and third != 8)
        or (banker == 4 and 2 <= third <= 7)
        or (banker == 5 and 4 <= third <= 7)
        or (banker == 6 and third in (6, 7))
    )


def _punto_banco_by_enumeration(counts: tuple[int, ...]) -> dict[str, Fraction]:
    """Player (1 to 1), banker (19 to 20) and tie (8 to 1) expectations: player and banker void on a tie
    (reg 6(4)(a)). Kind index = point value (0: tens and court cards). Every sequence of cards a coup can take
    is walked, its weight the product of the counts left as each card is drawn, scaled to six draws."""
    c = list(counts)
    n = sum(c)
    tally = {"player": 0, "banker": 0, "tie": 0}

    def falling(a: int, k: int) -> int:
        out = 1
        for i in range(k):
            out *= a - i
        return out

    def leaf(player: int, banker: int, weight: int, drawn: int) -> None:
        w = weight * falling(n - drawn, 6 - drawn)
        tally["player" if player > banker else "banker" if banker > player else "tie"] += w

    def each():
        for k in range(10):
            if c[k]:
                w = c[k]
                c[k] -= 1
                yield k, w
                c[k] += 1

    for p1, w1 in each():
        for b1, w2 in each():
            for p2, w3 in each():
                for b2, w4 in each():
                    w = w1 * w2 * w3 * w4
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if player >= 8 or banker >= 8:
                        leaf(player, banker, w, 4)
                    elif player <= 5:
                        for p3, w5 in each():
                            pp = (player + p3) % 10
                            if _banker_draws(banker, p3):
                                for b3, w6 in each():
                                    leaf(pp, (banker + b3) % 10, w * w5 * w6, 6)
                            else:
                                leaf(pp, banker, w * w5, 5)
                    elif _banker_draws(banker, None):
                        for b3, w5 in each():
                            leaf(player, (banker + b3) % 10, w * w5, 5)
                    else:
                        leaf(player, banker, w, 4)
    total = falling(n, 6)
    p, b, t = (Fraction(tally[k], total) for k in ("player", "banker", "tie"))
    return {"player": p - b, "banker": Fraction(19, 20) * b - p, "tie": 8 * t - (1 - t)}


def test_enumeration_agrees_with_the_engine_on_a_tiny_shoe():
    counts = (3, 1, 1, 1, 0, 1, 1, 0, 1, 1)  # ten cards
    assert _punto_banco_by_enumeration(counts) == api.composition_values("punto-banco", "1994", counts)


@pytest.fixture(scope="module")
def late_shoes():
    """One-pack punto banco shoes dealt to 95%: the last coups come from a handful of cards."""
    t = target("punto-banco", "1994", {"decks": "1"})
    plan = Plan(t, Fraction(95, 100), 4, 6)
    return t, plan, run(plan, 6, processes=1)


def test_best_side_against_enumeration_and_a_choice_made_here(late_shoes):
    t, plan, records = late_shoes
    measures = tuple(m.name for m in t.measures)
    found = best_side("punto-banco", records, measures)
    kinds = t.kinds()
    order = ("player", "banker", "tie")
    enumerated = 0
    for r, s in zip(records, found.shoes):
        cards = shoe_order(plan, r.index, kinds)
        left, pos = [n for _, n in kinds], 0
        bets, total = dict.fromkeys(order, 0), Fraction(0)
        for x in r.rounds:
            values = dict(zip(measures, x.values))
            if sum(left) <= 12:  # few cards: value them here by enumeration
                assert values == _punto_banco_by_enumeration(tuple(left))
                enumerated += 1
            ranked = sorted(order, key=lambda side: (-values[side], order.index(side)))
            if values[ranked[0]] > 0:
                bets[ranked[0]] += 1
                total += values[ranked[0]]
            for k in x.cards:
                left[k] -= 1
            assert x.cards == tuple(cards[pos : pos + len(x.cards)])
            pos += len(x.cards)
        assert s.shoe == r.index and s.rounds == len(r.rounds)
        assert s.bets == tuple(bets[side] for side in order) and s.total == total
        assert s.per_100 == 100 * total / len(r.rounds)
    assert enumerated >= 6 and sum(sum(s.bets) for s in found.shoes) >= 2  # the test saw bets and sit-outs
    assert found.per_100.mean == 100 * sum(s.total for s in found.shoes) / sum(len(r.rounds) for r in records)
    assert found.bets_per_shoe.mean == Fraction(sum(sum(s.bets) for s in found.shoes), len(records))
    assert best_side("blackjack", records, measures) is None


def _super_pan_9_by_enumeration(counts: list[int]) -> dict[str, Fraction]:
    """Super Pan 9's initial wager (19 to 20, void on equal points) and tie (7 to 1) against the House bank on
    `counts`, by test_super_pan_9's nested-loop enumeration in dealing order: the player draws his fourth card
    only where drawing beats standing for the initial wager (standing on equal), the tie following that play."""
    found = enumerate_values(counts)
    win = tie = lose = 0
    for held, v in found.items():
        stand, draw = v[STAND], v[DRAW]
        play = draw if HOUSE * draw[0] - draw[2] > HOUSE * stand[0] - stand[2] else stand
        w = ordered_deals(counts, held)
        win, tie, lose = win + w * play[0], tie + w * play[1], lose + w * play[2]
    total = win + tie + lose
    return {"initial": (HOUSE * win - lose) / total, "tie": Fraction(7 * tie - win - lose, total)}


def test_super_pan_9_best_side_against_enumeration_and_a_choice_made_here():
    """One-pack Super Pan 9 shoes (a custom shoe of 36 cards) dealt to 95%, valued on the House's two wagers:
    each round's values against the enumeration, and the best side chosen here by sorting."""
    t = target("super-pan-9", "1994", {"decks": "1"}, custom=True)
    t = Target(t.game, t.version, t.rules, t.pay, t.custom, t.measures[:2], t.engine)  # initial, tie
    plan = Plan(t, Fraction(95, 100), 4, 6)
    records = run(plan, 6, processes=1)
    measures = tuple(m.name for m in t.measures)
    assert measures == ("initial", "tie")
    found = best_side("super-pan-9", records, measures)
    order = ("initial", "tie")
    enumerated = 0
    for r, s in zip(records, found.shoes):
        left = [n for _, n in t.kinds()]
        bets, total = dict.fromkeys(order, 0), Fraction(0)
        for x in r.rounds:
            values = dict(zip(measures, x.values))
            if sum(left) <= 30:
                assert values == _super_pan_9_by_enumeration(left)
                enumerated += 1
            ranked = sorted(order, key=lambda side: (-values[side], order.index(side)))
            if values[ranked[0]] > 0:
                bets[ranked[0]] += 1
                total += values[ranked[0]]
            for k in x.cards:
                left[k] -= 1
        assert s.bets == tuple(bets[side] for side in order) and s.total == total
    assert enumerated >= 12 and sum(sum(s.bets) for s in found.shoes) >= 1
    assert found.per_100.mean == 100 * sum(s.total for s in found.shoes) / sum(len(r.rounds) for r in records)


def test_records_name_each_rounds_best_side_and_its_expectation_from_the_shoe(capsys, tmp_path):
    """Every row's `best_side` and `best_expectation` against the sides valued here through `api` on the shoe
    before the round, rebuilt from the earlier rows' cards: the highest when positive, the first of equals in the
    order player, banker, tie; both empty otherwise. The columns before them are unchanged."""
    path = tmp_path / "r.csv"
    args = ("protect", "punto-banco", "--version", "2007", "--decks", "1", "--shoes", "6", "--seed", "4")
    code, _, _ = run_cli((*args, "--penetration", "95%", "--workers", "1", "--records", path), capsys)
    text = path.read_text()
    head = "shoe,round,cards_left,running_count,true_count,bet_units,cards,player,banker,tie"
    assert code == 0 and text.splitlines()[0] == head + ",best_side,best_expectation"
    kinds = api.composition_kinds("punto-banco", "2007", {"decks": "1"})
    labels = [label for label, _ in kinds]
    order = ("player", "banker", "tie")
    left: list[int] = []
    shoe = None
    bets = 0
    for row in csv.DictReader(io.StringIO(text)):
        if row["shoe"] != shoe:
            shoe, left = row["shoe"], [n for _, n in kinds]
        values = api.composition_values("punto-banco", "2007", tuple(left), order, {"decks": "1"})
        ranked = sorted(order, key=lambda side: (-values[side], order.index(side)))
        best = ranked[0] if values[ranked[0]] > 0 else None
        if best is None:
            assert (row["best_side"], row["best_expectation"]) == ("", "")
        else:
            assert (row["best_side"], Fraction(row["best_expectation"])) == (best, values[best])
        bets += best is not None
        for label in row["cards"].split():
            left[labels.index(label)] -= 1
    assert bets >= 2  # the run saw bets and sit-outs


def test_records_break_a_tie_of_best_sides_by_the_order_player_banker_tie():
    """Rows built here with sides equally best: the first in the documented order is named."""
    kinds = api.composition_kinds("punto-banco", "2007", {"decks": "1"})
    half, third = Fraction(1, 2), Fraction(1, 3)
    sides = ("player", "banker", "tie")
    rounds = (
        Round((0, 1, 2, 3), (half, half, third)),  # player = banker: player
        Round((4, 5, 6, 7), (third, half, half)),  # banker = tie: banker
        Round((8, 9, 0, 0), (-half, Fraction(0), Fraction(0))),  # none positive: no bet
    )
    text = records_csv([ShoeRecord(0, rounds, "cut card")], sides, kinds, 52, None, 1, sides)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["best_side"], r["best_expectation"]) for r in rows] == [("player", "1/2"), ("banker", "1/2"), ("", "")]


# --- burn cards --------------------------------------------------------------------------------------------


def _first_card_burn(first: int) -> int:
    """Punto banco kind = point value: the first card face up, then its value face down (0: a ten or court
    card, 10 cards)."""
    return 1 + (10 if first == 0 else first)


@pytest.mark.parametrize(("rule", "face_up"), [("first-card", 1), ("down:3", 0), ("up:2", 2), ("none", 0)])
def test_burnt_cards_and_round_positions_from_the_seeded_order(rule, face_up):
    t = target("punto-banco", "1994", {"decks": "1"})
    plan = Plan(t, Fraction(1, 2), 9, 3, burn=parse_burn(rule))
    kinds = t.kinds()
    cut = floor(Fraction(1, 2) * 52)
    count = parse_count("0=-1,A=1,2=1,3=1", kinds)
    for i in range(3):
        rec = deal_shoe(plan, i)
        cards = shoe_order(plan, i, kinds)
        burnt = {"first-card": _first_card_burn(cards[0]), "down:3": 3, "up:2": 2, "none": 0}[rule]
        assert rec.burnt == tuple(cards[:burnt]) and rec.face_up == face_up
        # the first round starts after the burn; each round follows the last; the cut counts the burnt cards
        pos = burnt
        for x in rec.rounds:
            assert x.cards == tuple(cards[pos : pos + len(x.cards)])
            pos += len(x.cards)
        assert pos >= cut and pos - len(rec.rounds[-1].cards) < cut
        # the first round is valued on the shoe less the face-up cards only (face-down ones are unseen)
        left = [n for _, n in kinds]
        for k in cards[:face_up]:
            left[k] -= 1
        direct = api.composition_values("punto-banco", "1994", tuple(left), rules={"decks": "1"})
        assert rec.rounds[0].values == tuple(direct[m.name] for m in t.measures)
        # the count before the first round holds the face-up cards: its true count is on the unseen cards
        s = summarise([rec], tuple(m.name for m in t.measures), kinds, 52, count, 4)
        seen = [0] * len(kinds)
        for k in cards[:face_up]:
            seen[k] += 1
        tc = true_count(count.running(tuple(seen)), 52 - face_up, 52)
        assert any(b.bin == floor(tc) for b in s.bins)


def test_a_first_card_ace_burns_eleven_where_the_house_says_so():
    """first-card-ace11 (a house option): the first card face up, then its point value face down, a ten or court
    card 10, an Ace 11 (1 under first-card); the shoes of a seed whose first card is an Ace, found here."""
    t = target("punto-banco", "1994", {"decks": "1"})
    kinds = t.kinds()
    plans = {rule: Plan(t, Fraction(1, 2), 5, 80, burn=parse_burn(rule)) for rule in ("first-card", "first-card-ace11")}
    aces = [i for i in range(80) if shoe_order(plans["first-card"], i, kinds)[0] == 1]  # kind 1: the Ace
    others = [i for i in range(80) if shoe_order(plans["first-card"], i, kinds)[0] != 1][:2]
    assert aces
    for i in aces[:2] + others:
        cards = shoe_order(plans["first-card"], i, kinds)
        for rule, ace in (("first-card", 1), ("first-card-ace11", 11)):
            rec = deal_shoe(plans[rule], i)
            burnt = 1 + (ace if cards[0] == 1 else 10 if cards[0] == 0 else cards[0])
            assert rec.burnt == tuple(cards[:burnt]) and rec.face_up == 1
            assert rec.rounds[0].cards == tuple(cards[burnt : burnt + len(rec.rounds[0].cards)])
    assert (
        parse_burn("first-card-ace11").text() == "first-card-ace11"
        and "Ace 11" in parse_burn("first-card-ace11").describe()
    )
    assert parse_burn("first-card") == Burn("first-card") and parse_burn("first-card").text() == "first-card"


def test_burn_is_kept_in_the_state_folder_and_parsed_strictly(tmp_path):
    t = target("punto-banco", "1994", {"decks": "1"})
    plan = Plan(t, Fraction(1, 2), 9, 2, burn=parse_burn("first-card"))
    first = run(plan, 1, processes=1, state=tmp_path)
    assert first[0].burnt and run(plan, 1, processes=1, state=tmp_path) == first
    with pytest.raises(ValueError):
        run(Plan(t, Fraction(1, 2), 9, 2), 1, processes=1, state=tmp_path)  # no burn: another run
    for bad in ("down", "down:53", "sideways", "first-card:2", "up:-1", "first-card-ace11:1", "first-card-ace12"):
        with pytest.raises(ValueError):
            parse_burn(bad)
    assert parse_burn("down:0") == parse_burn("none")


# --- blackjack boxes ---------------------------------------------------------------------------------------


def test_blackjack_boxes_cards_per_round_counted_independently(monkeypatch):
    """Every round of two seeded 6-pack shoes dealt to 75% with 1, 3 and 7 boxes (the rounds' values replaced by
    zero: only the cards matter here, and valuing them is other tests' work)."""
    monkeypatch.setattr(Target, "evaluate", lambda self, counts: {m.name: Fraction(0) for m in self.measures})
    t = target("blackjack", "1994", {"decks": "6"})
    chart = api.decision_table("blackjack", "1994", "initial", {"decks": "6", "strategy": "basic"})
    kinds = t.kinds()
    cut = floor(Fraction(3, 4) * 312)
    taken = {}
    for boxes in (1, 3, 7):
        plan = Plan(t, Fraction(3, 4), 2, 2, boxes=boxes)
        for i in range(2):
            rec = deal_shoe(plan, i)
            order = shoe_order(plan, i, kinds)
            pos = 0
            for x in rec.rounds:
                n = round_cards(order, pos, boxes, chart)
                assert x.cards == tuple(order[pos : pos + n])
                pos += n
            assert pos >= cut and pos - len(rec.rounds[-1].cards) < cut
            taken[boxes, i] = [len(x.cards) for x in rec.rounds]
    for i in range(2):  # more boxes: more cards a round, so fewer rounds to the cut
        assert min(taken[3, i]) >= 2 * 3 + 2 and min(taken[7, i]) >= 2 * 7 + 2
        assert len(taken[7, i]) < len(taken[3, i]) < len(taken[1, i])


def test_boxes_count_in_the_yield_per_round():
    t = target("punto-banco", "1994", {"decks": "8"})
    records = run(Plan(t, Fraction(1, 10), 3, 2), 2, processes=1)
    count = parse_count("0=-1,A=1", t.kinds())
    names = tuple(m.name for m in t.measures)
    one = summarise(records, names, t.kinds(), 52, count, 4)
    three = summarise(records, names, t.kinds(), 52, count, 4, boxes=3)
    assert [3 * y.mean for y in one.yield_per_100] == [y.mean for y in three.yield_per_100]
    assert three.overall == one.overall  # the mean expectation stays per box


# --- command line ------------------------------------------------------------------------------------------


def test_cli_options(capsys):
    base = ("protect", "punto-banco", "--decks", "1", "--shoes", "2", "--penetration", "90%", "--workers", "1")
    code, out, _ = run_cli((*base, "--burn", "first-card", "--format", "json"), capsys)
    data = json.loads(out)
    validate_named(data)
    assert code == 0 and data["burn"]["rule"] == "first-card" and data["boxes"] == 1
    assert len(data["best_side"]["shoes"]) == 2 and data["best_side"]["sides"] == ["player", "banker", "tie"]
    code, out, _ = run_cli(base, capsys)
    assert code == 0 and "burn: none burnt (the law" in out and "Best side:" in out
    for bad, words in (
        (("--boxes", "8"), ("'8'", "1 to 7")),
        (("--boxes", "0"), ("'0'", "1 to 7")),
        (("--burn", "down:99"), ("down:N", "52")),
        (("--burn", "some"), ("'some'", "first-card")),
        (("--burn", "up:52", "--penetration", "10%"), ("up:52", "cut card lies after 31 of 312")),
    ):
        code, _, err = run_cli(("protect", "blackjack", *bad), capsys)
        assert code == 2 and all(w in err for w in words) and len(err.strip().splitlines()) == 1
    code, _, err = run_cli((*base, "--boxes", "2"), capsys)
    assert code == 2 and "blackjack" in err and len(err.strip().splitlines()) == 1
