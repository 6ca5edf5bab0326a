"""Chemin de fer and baccarat banque simulators against the exact engines: seeded runs pass `check`, and a
simulator with one drawing rule or one payout changed fails."""

from fractions import Fraction as F

import pytest

from oddscalc import api
from oddscalc.sim import baccarat, baccarat_banque, chemin_de_fer, simulators
from oddscalc.sim.check import CheckError, check_counts
from oddscalc.sim.round_function import SimulationError


def _exact(game, key, rules=None):
    r = api.analyse(game, "1994", key, rules=rules, custom=True).results[0]
    return r.wager, r.distribution, api.decision_table(game, "1994", key, rules=rules, custom=True)


def _passes(game, key, rounds, seed, rules=None):
    w, dist, table = _exact(game, key, rules)
    counts = simulators.simulate(game, w, rounds, seed=seed, rules=rules, table=table)
    return check_counts(dist, counts).passed


@pytest.mark.parametrize("key", ["player", "bank"])
def test_chemin_de_fer_simulation_passes(key):
    assert _passes("chemin-de-fer", key, 40_000, 21)


@pytest.mark.parametrize(
    "key, rules",
    [
        ("player", {"decks": "infinite"}),
        ("bank", {"decks": "1", "commission": "5"}),
        ("bank", {"banker": "free"}),
        ("player", {"player-info": "composition"}),
    ],
)
def test_chemin_de_fer_simulation_passes_under_other_rules(key, rules):
    assert _passes("chemin-de-fer", key, 40_000, 5, rules)


@pytest.mark.parametrize("key", ["right", "left", "both"])
def test_baccarat_banque_simulation_passes(key):
    assert _passes("baccarat-banque", key, 40_000, 21)


def test_baccarat_banque_simulation_passes_on_an_infinite_shoe_with_hands_standing_on_5():
    assert _passes("baccarat-banque", "both", 40_000, 5, {"decks": "infinite", "hand5": "stand"})


def test_the_chemin_table_agrees_with_the_simulators_tableau_outside_the_options():
    table = api.decision_table("chemin-de-fer", "1994", "player")
    assert table["info"] == "composition" and table["freedom"] == "classical"
    assert 0 < table["player5"] < 1
    for (hand, column), p in table["banker"].items():
        total = sum(int(x) for x in hand.split("+")) % 10
        if (total, column) not in baccarat.OPTIONAL_CELLS:
            assert p == int(baccarat.banker_draws(total, column)), (hand, column)


def test_the_banque_table_of_the_fixed_banker_draws_on_0_to_5():
    table = api.decision_table("baccarat-banque", "1994", "right", rules={"banker": "draw-0-5"})
    assert all(p == int(b <= 5) for (b, _, _), p in table["banker"].items())


def _wrong_run(game, key, rounds, seed, play_with):
    w, dist, table = _exact(game, key)
    draw = baccarat.Deal(*baccarat.shoe("6"))
    counts = simulators.simulate(game, w, rounds, seed=seed, play=lambda wager, rng: play_with(wager, rng, draw, table))
    return check_counts(dist, counts).passed


def test_a_chemin_banker_standing_on_3_is_caught():
    # The only fault: the banker stands on 3 against every third card (the tableau draws unless it is an 8).
    def stands_on_3(total, column):
        return False if total == 3 else baccarat.banker_draws(total, column)

    assert not _wrong_run(
        "chemin-de-fer",
        "player",
        50_000,
        3,
        lambda w, rng, draw, table: chemin_de_fer.chemin_round(w, rng, draw, table, banker_rule=stands_on_3),
    )


def test_a_banque_banker_standing_on_5_is_caught():
    # The only fault: the banker stands on 5 in every cell, whatever the engine's best response says.
    table = api.decision_table("baccarat-banque", "1994", "right")
    wrong = {**table, "banker": {k: F(0) if k[0] == 5 else p for k, p in table["banker"].items()}}

    def play(w, rng, draw, _):
        return baccarat_banque.banque_round(w, rng, draw, wrong)

    assert not _wrong_run("baccarat-banque", "right", 60_000, 3, play)


def test_a_banque_hand_drawing_on_6_is_caught():
    def play(w, rng, draw, table):
        return baccarat_banque.banque_round(w, rng, draw, table, hand_rule=lambda t: None if t == 5 else t <= 6)

    assert not _wrong_run("baccarat-banque", "left", 60_000, 3, play)


def test_a_changed_payout_is_caught():
    # Equal points lose the wager instead of making it void (reg 6(4)(a)).
    def play(w, rng, draw, table):
        net = chemin_de_fer.chemin_round(w, rng, draw, table)
        return F(-1) if net == 0 else net

    assert not _wrong_run("chemin-de-fer", "player", 20_000, 3, play)


def test_a_changed_commission_is_refused_as_impossible():
    # The bank paid 19 to 20 where the law's rules (no commission) allow only 1, 0 and -1.
    with pytest.raises(CheckError):
        _wrong_run(
            "chemin-de-fer",
            "bank",
            20_000,
            3,
            lambda w, rng, draw, table: chemin_de_fer.chemin_round(w, rng, draw, table, F(1, 20)),
        )


def test_simulating_without_a_table_is_refused():
    w, _, _ = _exact("chemin-de-fer", "player")
    with pytest.raises(SimulationError):
        simulators.simulate("chemin-de-fer", w, 10, seed=1)
