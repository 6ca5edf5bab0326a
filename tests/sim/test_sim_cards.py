"""Card-game simulators against the exact engines: seeded runs pass `check`, a wrong drawing rule fails."""

import random
from fractions import Fraction as F

import pytest

from oddscalc import api
from oddscalc.sim import baccarat, punto_banco, simulators, super_pan_9
from oddscalc.sim.card_draws import draw_cards
from oddscalc.sim.check import check_counts
from tests.verify_logs import write_log


@pytest.mark.parametrize("key", ["player", "banker", "tie"])
def test_punto_banco_simulation_passes(key):
    r = api.analyse("punto-banco", "1994", key, rules={"decks": "8"}).results[0]
    counts = simulators.simulate("punto-banco", r.wager, 40_000, seed=21, rules={"decks": "8"})
    assert check_counts(r.distribution, counts).passed


def test_punto_banco_banker_tie_lost_simulation_passes():
    rules = {"decks": "8", "banker-tie": "lose"}
    r = api.analyse("punto-banco", "1994", "banker", rules=rules).results[0]
    counts = simulators.simulate("punto-banco", r.wager, 40_000, seed=21, rules=rules)
    assert check_counts(r.distribution, counts).passed
    assert F(0) not in counts


def test_punto_banco_simulation_on_a_depleted_shoe_passes():
    rules = {"decks": "1", "removed": "0,0,0,0,0,0,0,0,9,9,9,8,8,8"}
    r = api.analyse("punto-banco", "1994", "banker", rules=rules).results[0]
    # A correct simulator fails a fixed-seed run with chance alpha = 1%; seed 3 is such a run (p = 0.003), and
    # 400,000-round runs with seeds 11 and 12 gave p = 0.96 and 0.71, so this uses seed 4.
    counts = simulators.simulate("punto-banco", r.wager, 40_000, seed=4, rules=rules)
    assert check_counts(r.distribution, counts).passed


def test_removed_cards_may_be_separated_by_spaces():
    """The simulator reads `removed` as the engine does (commas and/or spaces): the same shoe, the same rounds."""
    r = api.analyse("punto-banco", "1994", "banker", rules={"decks": "1", "removed": "9 9,8"}).results[0]
    runs = [
        simulators.simulate("punto-banco", r.wager, 2_000, seed=5, rules={"decks": "1", "removed": text})
        for text in ("9 9,8", "9,9,8", "9, 9 ,8")
    ]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0] != simulators.simulate("punto-banco", r.wager, 2_000, seed=5, rules={"decks": "1"})


def test_one_wrong_drawing_rule_of_punto_banco_is_caught():
    # The only fault: the opposing hand stands on 5 instead of drawing (it must draw on 0-5).
    r = api.analyse("punto-banco", "1994", "player", rules={"decks": "8"}).results[0]
    shoe = baccarat.shoe_points(8)
    wrong = (lambda total: total <= 4, baccarat.banker_draws)
    counts = simulators.simulate(
        "punto-banco", r.wager, 200_000, seed=7, play=lambda w, rng: punto_banco.punto_banco_round(w, rng, shoe, wrong)
    )
    assert not check_counts(r.distribution, counts).passed


def test_simulator_tableau_agrees_with_the_engine_on_a_tiny_shoe_exactly():
    # Not statistics: on a 10-card shoe, list every ordered 6-card deal and play each with the simulator's rules.
    from itertools import permutations

    labels = ["9", "8", "0", "0", "5", "4", "3", "6", "7", "1"]
    values = [int(x) for x in labels]
    rules = {"decks": "1", "removed": ",".join(_complement(labels))}
    exact = api.analyse("punto-banco", "1994", rules=rules, custom=True)
    for r in exact.results:
        total = F(0)
        n = 0
        for deal in permutations(range(10), 6):
            cards = [values[i] for i in deal]
            total += punto_banco.punto_banco_round(r.wager, _Fixed(cards), [])
            n += 1
        assert total / n == r.distribution.mean, r.wager.key


class _Fixed:
    """A stand-in for random.Random whose sample() returns a fixed deal."""

    def __init__(self, cards):
        self.cards = cards

    def sample(self, shoe, k):
        return self.cards[:k]


def _complement(kept):
    full = [str(v) for v in range(1, 10)] * 4 + ["0"] * 16
    for label in kept:
        full.remove(label)
    return full


@pytest.mark.parametrize("key", ["initial", "tie", "player-banker"])
def test_super_pan_9_simulation_passes(key):
    r = api.analyse("super-pan-9", "1994", key).results[0]
    table = api.decision_table("super-pan-9", "1994", key)
    counts = simulators.simulate("super-pan-9", r.wager, 30_000, seed=5, rules={"decks": "8"}, table=table)
    assert check_counts(r.distribution, counts).passed


def test_super_pan_9_house_drawing_on_6_is_caught():
    # The only fault: the House draws on 6 as well (reg 9(2)(g): it must stand on 6 or more).
    r = api.analyse("super-pan-9", "1994", "initial").results[0]
    table = api.decision_table("super-pan-9", "1994", "initial")
    shoe = super_pan_9.super_pan_9_shoe(8)

    def wrong(w, rng):
        cards = rng.sample(shoe, 8)
        player, bank = cards[0:3], cards[3:6]
        if table[tuple(sorted(player))] == "draw":
            player = player + [cards[6]]
        if sum(bank) % 10 <= 6:
            bank = bank + [cards[7]]
        p, b = sum(player) % 10, sum(bank) % 10
        return F(0) if p == b else (w.pay() if p > b else F(-1))

    counts = simulators.simulate("super-pan-9", r.wager, 100_000, seed=8, play=wrong)
    assert not check_counts(r.distribution, counts).passed


@pytest.mark.parametrize("replace", [False, True])
def test_drawing_with_names_makes_the_same_draws(replace):
    """Named cards are drawn by position: the same values, in the same order, the RNG left in the same state,
    and each name the name of a card of that value (names here are the positions themselves)."""
    shoe = baccarat.shoe_points(1)
    plain, named = random.Random(8), random.Random(8)
    for k in (6, 9, 30):
        values, none = draw_cards(plain, shoe, k, replace)
        same, names = draw_cards(named, shoe, k, replace, [str(i) for i in range(len(shoe))])
        assert none is None and values == same and [shoe[int(i)] for i in names] == values
        assert replace or len(set(names)) == k
    assert plain.getstate() == named.getstate()


@pytest.mark.parametrize(
    "game, wager, version, rules",
    [
        ("punto-banco", "banker", "1994", {"decks": "8"}),
        ("chemin-de-fer", "player", "1994", {}),
        ("chemin-de-fer", "bank", "1994", {"decks": "infinite"}),
        ("baccarat-banque", "right", "1994", {}),
        ("super-pan-9", "initial", "1994", {}),
    ],
)
def test_logging_a_card_game_leaves_its_counts_unchanged(tmp_path, game, wager, version, rules):
    resolved, logged = write_log(tmp_path / "x.jsonl", game, wager, 300, seed=5, version=version, rules=rules)
    w = {x.key: x for x in api.wagers(game, version)}[wager]
    table = api.decision_table(game, version, wager, resolved, custom=True) if game in simulators.NEEDS_TABLE else None
    assert simulators.simulate(game, w, 300, 5, rules=resolved, table=table) == logged


def test_super_pan_9_house_bank_is_simulated_in_the_model_its_figures_use():
    """Rule model=infinite puts the House-bank figures in the infinite-shoe model; the simulator then
    deals with replacement. On a nine-card shoe the two models lie far apart: the simulation passes against the
    infinite-shoe figures and fails against the finite ones."""
    removed = ",".join(["0"] * 9 + [str(v) for v in (1, 2, 3, 4) for _ in range(4)] + ["5", "6"])
    rules = {"decks": "1", "removed": removed, "model": "infinite"}
    r = api.analyse("super-pan-9", "1994", "initial", rules=rules, custom=True).results[0]
    finite = api.analyse("super-pan-9", "1994", "initial", rules={**rules, "model": "auto"}, custom=True).results[0]
    table = api.decision_table("super-pan-9", "1994", "initial", rules=rules, custom=True)
    resolved = dict(api.resolved_rules("super-pan-9", "1994", rules, custom=True)[0])
    counts = simulators.simulate("super-pan-9", r.wager, 30_000, seed=5, rules=resolved, table=table)
    assert check_counts(r.distribution, counts).passed
    assert not check_counts(finite.distribution, counts).passed
