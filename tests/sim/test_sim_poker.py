"""Poker simulators against the exact engines: the simulator's own hand evaluators, the decision tables it reads,
seeded runs that pass `check`, and wrong simulators (one payout, one qualifying or ranking rule) that fail it."""

import random
import subprocess
import sys
from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb, prod

import numpy as np
import pytest

from oddscalc import api
from oddscalc.games import casino_stud_poker, three_card_poker
from oddscalc.games.casino_stud_poker import wagers as stud_wagers
from oddscalc.games.poker.cards import FULL_DECK
from oddscalc.games.poker.tables import rank_hands
from oddscalc.regulations.model import apply_overrides
from oddscalc.sim import casino_stud_poker as sim_stud
from oddscalc.sim import poker, simulators
from oddscalc.sim import three_card_poker as sim_tcp
from oddscalc.sim.check import CheckError, check_counts
from oddscalc.sim.round_function import SimulationError

VERSION = "2002"


@cache
def exact(game, key, rules=()):
    return api.analyse(game, VERSION, key, rules=dict(rules)).results[0]


@cache
def table(game, key):
    return api.decision_table(game, VERSION, key)


def run(game, key, rounds, seed, rules=(), play=None, wager=None):
    w = wager or exact(game, key, rules).wager
    return simulators.simulate(game, w, rounds, seed, rules=dict(rules), table=table(game, key), play=play)


# --- the simulator's evaluators -------------------------------------------------------------------------------


def five_card_formulas():
    """Textbook counts of the five-card categories in a 52-card pack."""
    straights = 10  # top card 5 (A-2-3-4-5) to Ace
    return {
        "royal flush": 4,
        "straight flush": 4 * straights - 4,
        "four of a kind": 13 * 48,
        "full house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "flush": 4 * comb(13, 5) - 4 * straights,
        "straight": straights * (4**5 - 4),
        "three of a kind": 13 * comb(4, 3) * comb(12, 2) * 4**2,
        "two pairs": comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        "one pair": 13 * comb(4, 2) * comb(12, 3) * 4**3,
        "no pair": (comb(13, 5) - straights) * (4**5 - 4),
    }


def three_card_formulas():
    straights = 12  # top card 3 (A-2-3) to Ace
    return {
        "straight flush": 4 * straights,
        "three of a kind": 13 * comb(4, 3),
        "straight": straights * (4**3 - 4),
        "flush": 4 * comb(13, 3) - 4 * straights,
        "pair": 13 * comb(4, 2) * 12 * 4,
        "high card": (comb(13, 3) - straights) * (4**3 - 4),
    }


def test_five_card_evaluator_gives_the_category_counts_of_the_formulas():
    # Every rank multiset of five cards, weighted by its number of card sets: one suited and one unsuited
    # representative each (suits matter only through a flush; the ordering test below checks suits too).
    counts = Counter()
    for ranks in combinations_with_replacement(range(2, 15), 5):
        mult = Counter(ranks)
        if max(mult.values()) > 4:
            continue
        ways = prod(comb(4, m) for m in mult.values())
        unsuited = [(r, i) for r, m in mult.items() for i in range(m)]
        if len(mult) == 5:
            counts[poker.FIVE_NAMES[poker.rank_five([(r, 0) for r in ranks])[0]]] += 4
            unsuited[0] = (unsuited[0][0], 1)
            ways -= 4
        counts[poker.FIVE_NAMES[poker.rank_five(unsuited)[0]]] += ways
    assert dict(counts) == five_card_formulas()
    assert sum(counts.values()) == comb(52, 5)
    assert dict(counts) == casino_stud_poker.category_counts()


def test_three_card_evaluator_gives_the_category_counts_of_every_hand():
    counts = Counter(poker.THREE_NAMES[poker.rank_three(h)[0]] for h in combinations(poker.PACK, 3))
    assert dict(counts) == three_card_formulas()


def _engine_values(hands):
    ids = np.array([[(r - 2) * 4 + s for r, s in h] for h in hands])
    return [int(v) for v in rank_hands(FULL_DECK, ids)]


def _same_order(mine, theirs):
    """Sorting by the simulator's values, the engine's are non-decreasing and tie exactly where the simulator's do."""
    order = sorted(range(len(mine)), key=lambda i: mine[i])
    for a, b in pairwise(order):
        if (mine[a] == mine[b]) != (theirs[a] == theirs[b]) or theirs[a] > theirs[b]:
            return False
    return True


def test_evaluators_order_hands_exactly_as_the_engine_ranking():
    # Every three-card hand, and 30,000 random five-card hands with 30,000 more chosen to tie often
    # (A-K no-pair, pairs, straights): the same winners and the same voids.
    threes = list(combinations(poker.PACK, 3))
    assert _same_order([poker.rank_three(h) for h in threes], _engine_values(threes))
    rng = random.Random(2)
    fives = [tuple(rng.sample(poker.PACK, 5)) for _ in range(30_000)]
    low = [c for c in poker.PACK if c[0] in (14, 13, 12, 5, 4, 3, 2)]
    fives += [tuple(rng.sample(low, 5)) for _ in range(30_000)]
    assert _same_order([poker.rank_five(h) for h in fives], _engine_values(fives))


def test_qualifying_hands():
    assert sim_stud.stud_qualifies(poker.rank_five([(14, 0), (13, 1), (4, 2), (3, 3), (2, 0)]))
    assert not sim_stud.stud_qualifies(poker.rank_five([(14, 0), (12, 1), (11, 2), (10, 3), (8, 0)]))
    assert sim_stud.stud_qualifies(poker.rank_five([(5, 0), (4, 1), (3, 2), (2, 3), (14, 0)]))  # a straight
    assert sim_tcp.tcp_qualifies(poker.rank_three([(12, 0), (3, 1), (2, 2)]))
    assert not sim_tcp.tcp_qualifies(poker.rank_three([(11, 0), (10, 1), (8, 2)]))
    assert poker.rank_three([(14, 0), (2, 1), (3, 2)]) < poker.rank_three([(2, 0), (3, 1), (4, 2)])
    assert poker.rank_three([(2, 0), (3, 1), (4, 2)]) > poker.rank_three([(14, 1), (12, 1), (9, 1)])


# --- the decision tables, against the engines' single-hand queries ----------------------------------------------


def _text(cards):
    return " ".join(f"{'23456789TJQKA'[r - 2]}{'cdhs'[s]}" for r, s in cards)


@pytest.mark.slow
def test_stud_decision_table_agrees_with_the_engine_hand_by_hand():
    # hand_decision lists the banker's 163,185 hidden sets for the actual cards (no suit classes, no table).
    w = exact("casino-stud-poker", "ante").wager
    t = table("casino-stud-poker", "ante")
    rng = random.Random(9)
    deals = []
    while len(deals) < 24:  # A-K no-pair hands, the ones whose decision varies
        cards = rng.sample(poker.PACK, 6)
        if poker.rank_five(cards[:5])[0] == 0 and {14, 13} <= {r for r, _ in cards[:5]}:
            deals.append(cards)
    deals += [rng.sample(poker.PACK, 6) for _ in range(8)]
    seen = set()
    for cards in deals:
        hand, up = tuple(cards[:5]), cards[5]
        mine = t.decide(hand, up, poker.FIVE_NAMES[poker.rank_five(hand)[0]])
        theirs = casino_stud_poker.hand_decision(w, _text(hand), _text([up])).decision
        assert mine == (theirs == "raise"), (hand, up)
        seen.add(mine)
    assert seen == {True, False}


def test_tcp_decision_table_agrees_with_the_engine_hand_by_hand():
    w = exact("three-card-poker", "ante-play").wager
    t = table("three-card-poker", "ante-play")
    assert len(t) == comb(52, 3)
    rng = random.Random(4)
    hands = [tuple(sorted(rng.sample(poker.PACK, 3))) for _ in range(60)]
    hands += [((4, 0), (6, 1), (12, 2)), ((3, 0), (6, 1), (12, 2))]  # either side of the Q-6-4 threshold
    for hand in hands:
        assert t[hand] == three_card_poker.hand_decision(w, _text(hand)).decision, hand
    assert {t[h] for h in hands} == {"play", "fold"}


def test_wagers_without_a_decision_have_no_table():
    assert table("casino-stud-poker", "progressive-jackpot") is None
    assert table("three-card-poker", "pair-plus") is None


# --- seeded simulations pass the check; wrong simulators fail it --------------------------------------------------


# A correct simulator fails a fixed-seed run with chance alpha = 1%; these seeds were not chosen after the fact
# (400,000-round runs with seeds 11 and 12 also pass for every wager).
@pytest.mark.slow
@pytest.mark.parametrize(
    "game,key,rules,rounds",
    [
        ("casino-stud-poker", "ante", (), 40_000),
        ("casino-stud-poker", "progressive-jackpot", (), 40_000),
        ("casino-stud-poker", "progressive-jackpot", (("meter", "250000"), ("jackpot-stake", "returned")), 40_000),
        ("three-card-poker", "ante-play", (), 40_000),
        ("three-card-poker", "pair-plus", (), 40_000),
    ],
)
def test_simulation_passes_the_check(game, key, rules, rounds):
    counts = run(game, key, rounds, seed=1, rules=rules)
    assert check_counts(exact(game, key, rules).distribution, counts).passed


@pytest.mark.slow
def test_stud_banker_qualifying_with_any_ace_is_caught():
    # The only fault: the banker qualifies with any Ace (reg 8(9) needs an Ace and a King).
    t = table("casino-stud-poker", "ante")
    wrong = lambda v: v[0] > 0 or v[1][0] == 14  # noqa: E731
    counts = run(
        "casino-stud-poker", "ante", 40_000, seed=2, play=lambda w, rng: sim_stud.stud_round(w, rng, t, qualifies=wrong)
    )
    assert not check_counts(exact("casino-stud-poker", "ante").distribution, counts).passed


@pytest.mark.slow
def test_stud_flush_paid_5_to_1_is_caught():
    # The only fault: the Raise on a flush paid 5 to 1, not 6 to 1 (reg 8(8)(b)(iv)): a return the law never pays.
    (w,) = apply_overrides((exact("casino-stud-poker", "ante").wager,), {"ante.flush": "5 to 1"})
    counts = run("casino-stud-poker", "ante", 40_000, seed=3, wager=w)
    with pytest.raises(CheckError, match="cannot happen"):
        check_counts(exact("casino-stud-poker", "ante").distribution, counts)


def test_jackpot_paying_straights_as_flushes_is_caught():
    def wrong_rank(cards):
        value = poker.rank_five(cards)
        return (5, value[1]) if value[0] == 4 else value

    counts = run(
        "casino-stud-poker",
        "progressive-jackpot",
        40_000,
        seed=4,
        play=lambda w, rng: sim_stud.jackpot_round(w, rng, 100_000, False, rank=wrong_rank),
    )
    assert not check_counts(exact("casino-stud-poker", "progressive-jackpot").distribution, counts).passed


@pytest.mark.slow
def test_tcp_banker_qualifying_with_jack_high_is_caught():
    t = table("three-card-poker", "ante-play")
    wrong = lambda v: v[0] > 0 or v[1][0] >= 11  # noqa: E731
    counts = run(
        "three-card-poker",
        "ante-play",
        40_000,
        seed=5,
        play=lambda w, rng: sim_tcp.tcp_ante_play_round(w, rng, t, qualifies=wrong),
    )
    assert not check_counts(exact("three-card-poker", "ante-play").distribution, counts).passed


def test_pair_plus_ranking_a_flush_above_a_straight_is_caught():
    # The only fault: the five-card order of flush and straight (reg 12(1)(c) puts the straight above).
    def wrong_rank(cards):
        cat, ranks = poker.rank_three(cards)
        return ({2: 3, 3: 2}.get(cat, cat), ranks)

    counts = run(
        "three-card-poker",
        "pair-plus",
        40_000,
        seed=6,
        play=lambda w, rng: sim_tcp.pair_plus_round(w, rng, rank=wrong_rank),
    )
    assert not check_counts(exact("three-card-poker", "pair-plus").distribution, counts).passed


def test_simulator_input_errors():
    w = exact("casino-stud-poker", "ante").wager
    with pytest.raises(SimulationError, match="decision table"):
        sim_stud.simulator(w, {}, None)
    jackpot = exact("casino-stud-poker", "progressive-jackpot").wager
    with pytest.raises(ValueError, match="meter"):
        sim_stud.simulator(jackpot, {"meter": "lots"}, None)


@pytest.mark.slow
def test_cli_simulate_then_check_round_trip(tmp_path):
    out = tmp_path / "tcp.csv"
    cmd = [sys.executable, "-m", "oddscalc"]
    sim = subprocess.run(
        [*cmd, "simulate", "three-card-poker", "ante-play", "--rounds", "20000", "--seed", "7", "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert sim.returncode == 0, sim.stderr
    chk = subprocess.run([*cmd, "check", "three-card-poker", "ante-play", str(out)], capture_output=True, text=True)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    assert "CONSISTENT" in chk.stdout


def test_stud_table_refuses_a_chart_row_whose_decision_varies(monkeypatch):
    # The compact table relies on the engine's chart: outside A-K no-pair hands a row's decision against an
    # up-card rank must be all raise or all fold. A chart where one pair raises in only part of a cell is refused.
    from types import SimpleNamespace

    w = exact("casino-stud-poker", "ante").wager
    ranks = tuple(range(2, 15))
    fake = SimpleNamespace(ranks=ranks, grid=(("one pair", ((5, 10),) + ((10, 10),) * 12),))
    monkeypatch.setattr(stud_wagers, "optimal", lambda *a, **k: fake)
    with pytest.raises(casino_stud_poker.DecisionTableError, match="one pair"):
        casino_stud_poker.decision_table(w, {})
