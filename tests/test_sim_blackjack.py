"""The blackjack reference simulator against the exact round law (1994 rules, 6 packs, two hands at most
from a split, basic strategy): a seeded run passes `check`; a wrong payout and a wrong rule are caught.

The exact law of this rule set takes minutes, so it is read from the committed cache; the law itself is
recomputed from scratch on tiny shoes (every deal enumerated) in test_blackjack_rounds.py."""

import dataclasses

import pytest
from oddscalc import api
from oddscalc.cli import main
from oddscalc.sim import blackjack as sim
from oddscalc.sim import simulators
from oddscalc.sim.check import check_counts

RULES = {"max_hands": "2", "strategy": "basic"}


@pytest.fixture(scope="module")
def exact():
    a = api.analyse("blackjack", "1994", "initial", rules=RULES)
    table = api.decision_table("blackjack", "1994", "initial", dict(a.rules))
    return a.results[0], dict(a.rules), table


def _wrong(rules, table, wager, **change):
    t = dataclasses.replace(sim._table(wager, rules, table), **change)
    shoe = sim.Shoe(t.decks)

    def play(_, rng):
        shoe.reset()
        return sim.play_round(t, lambda: shoe.draw(rng))
    return play


def test_the_law_is_exact_and_averages_to_the_basic_strategy_expectation(exact):
    result, _, _ = exact
    assert not result.not_a_law
    assert result.distribution.mean == result.figure("expectation, total-dependent basic strategy")


def test_seeded_simulation_passes_check(exact):
    result, rules, table = exact
    counts = simulators.simulate("blackjack", result.wager, 100_000, seed=1, rules=rules, table=table)
    assert check_counts(result.distribution, counts).passed


@pytest.mark.parametrize("change", [{"pays": 1}, {"das": False}], ids=["blackjack-paid-1-to-1", "no-double-after-split"])
def test_a_simulator_with_one_fault_is_caught(exact, change):
    result, rules, table = exact
    play = _wrong(rules, table, result.wager, **change)
    counts = simulators.simulate("blackjack", result.wager, 100_000, seed=3, play=play)
    assert not check_counts(result.distribution, counts).passed


def _run(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    return exc.value.code, capsys.readouterr().err


def test_check_refuses_a_law_with_lumped_resplit_rounds(tmp_path, capsys):
    results = tmp_path / "r.csv"
    results.write_text("net_return,count\n-1,500\n0,100\n1,400\n")
    code, err = _run(["check", "blackjack", "initial", str(results), "--version", "1994", "--rule", "strategy=basic"],
                     capsys)
    assert code == 2
    assert "beyond the computation's work budget" in err and "max_hands=2" in err


def test_simulate_refuses_optimal_play(capsys):
    code, err = _run(["simulate", "blackjack", "initial", "--version", "1994", "--rounds", "10"], capsys)
    assert code == 2
    assert "strategy=basic" in err
