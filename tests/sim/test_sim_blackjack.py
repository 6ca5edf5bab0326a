"""The blackjack reference simulator against the exact round law (1994 rules, 6 packs, two hands at most
from a split, basic strategy): a seeded run passes `check`; a wrong payout and a wrong rule are caught. And
against the legal default (resplits to four hands), whose law is known exactly but for lumped split rounds:
the conservative `check` passes a seeded run and catches a wrong payout; and against the legal default's exact law
(nothing lumped, `--exact-law`: the tables' law, committed to the cache), the full-power `check`.

The exact law of this rule set takes minutes, so it is read from the committed cache; the law itself is
recomputed from scratch on tiny shoes (every deal enumerated) in test_blackjack_rounds.py."""

import dataclasses

import pytest

from oddscalc import api
from oddscalc.cli.main import main
from oddscalc.sim import blackjack as sim
from oddscalc.sim import simulators
from oddscalc.sim.check import check_counts

RULES = {"max_hands": "2", "strategy": "basic"}


def _analysed(rules: dict[str, str], exact_law: bool = False):
    """The initial wager's result under 1994 `rules`, the rules resolved, and the decision table."""
    a = api.analyse("blackjack", "1994", "initial", rules=rules, exact_law=exact_law)
    return a.results[0], dict(a.rules), api.decision_table("blackjack", "1994", "initial", dict(a.rules))


@pytest.fixture(scope="module")
def exact():
    return _analysed(RULES)


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


@pytest.mark.slow
def test_seeded_simulation_passes_check(exact):
    result, rules, table = exact
    counts = simulators.simulate("blackjack", result.wager, 100_000, seed=1, rules=rules, table=table)
    assert check_counts(result.distribution, counts).passed


@pytest.mark.slow
@pytest.mark.parametrize(
    "change", [{"pays": 1}, {"das": False}], ids=["blackjack-paid-1-to-1", "no-double-after-split"]
)
def test_a_simulator_with_one_fault_is_caught(exact, change):
    result, rules, table = exact
    play = _wrong(rules, table, result.wager, **change)
    counts = simulators.simulate("blackjack", result.wager, 100_000, seed=3, play=play)
    assert not check_counts(result.distribution, counts).passed


def _run(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    return exc.value.code, capsys.readouterr().err


@pytest.fixture(scope="module")
def legal():
    """The legal default (resplits to four hands): its law is exact except for lumped split rounds."""
    return _analysed({"strategy": "basic"})


@pytest.fixture(scope="module")
def legal_exact():
    """The legal default's exact law, nothing lumped (`exact_law=True`): the tables' law, read from the cache."""
    return _analysed({"strategy": "basic"}, exact_law=True)


@pytest.fixture(scope="module")
def legal_runs(legal):
    """Counts of the legal game, simulated once for both laws: a right simulator (seed 1), and one paying
    blackjack 1 to 1 (seed 3)."""
    result, rules, table = legal
    right = simulators.simulate("blackjack", result.wager, 100_000, seed=1, rules=rules, table=table)
    wrong = simulators.simulate(
        "blackjack", result.wager, 100_000, seed=3, play=_wrong(rules, table, result.wager, pays=1)
    )
    return right, wrong


@pytest.fixture(scope="module")
def legal_csv(tmp_path_factory):
    """20,000 rounds of the legal game written by `simulate` (basic strategy, seed 5), for both `check`s."""
    counts = tmp_path_factory.mktemp("legal") / "r.csv"
    assert (
        _exit(
            [
                "simulate",
                "blackjack",
                "initial",
                "--version",
                "1994",
                "--rule",
                "strategy=basic",
                "--rounds",
                "20000",
                "--seed",
                "5",
                "--out",
                str(counts),
            ]
        )
        == 0
    )
    return counts


def test_the_legal_law_is_known_but_for_the_lumped_split_rounds(legal):
    result, _, _ = legal
    partial = result.partial
    assert result.not_a_law and partial is not None
    assert (
        partial.total_mean == result.distribution.mean == result.figure("expectation, total-dependent basic strategy")
    )
    lumped = next(line for line in result.notes if "work budget" in line)
    assert f"chance {partial.mass};" in lumped
    # the lumped entries are split rounds of up to four hands, each doubled at most once: within 8 units
    assert (partial.low, partial.high) == (-8, 8)
    low, high = partial.probability_bounds(lambda v: v > 0)
    wide_low, wide_high = dataclasses.replace(partial, square_mean=None).probability_bounds(lambda v: v > 0)
    assert wide_high - wide_low == partial.mass  # from the mean alone: the whole lumped share either way
    assert wide_low <= low < high <= wide_high and (low, high) != (wide_low, wide_high)  # the second moment narrows
    assert wide_low <= result.distribution.p_win <= wide_high  # the lumped rounds' means are one law the mean allows


@pytest.mark.slow
def test_seeded_simulation_of_the_legal_game_passes_the_conservative_check(legal, legal_runs):
    result, _, _ = legal
    outcome = check_counts(result.partial, legal_runs[0])
    assert outcome.passed and "Conservative tests" in outcome.verdict
    assert any(8 in b.returns or -8 in b.returns for b in outcome.bins)  # four doubled hands can happen


@pytest.mark.slow
def test_a_wrong_payout_is_caught_in_the_legal_game(legal, legal_runs):
    result, _, _ = legal
    outcome = check_counts(result.partial, legal_runs[1])
    assert not outcome.passed and "mean return differs" in outcome.verdict


def test_check_command_accepts_the_legal_default(legal_csv, capsys):
    assert (
        _exit(["check", "blackjack", "initial", str(legal_csv), "--version", "1994", "--rule", "strategy=basic"]) == 0
    )
    out = capsys.readouterr().out
    assert "CONSISTENT with the exactly known part of the law" in out and "allowed" in out
    assert "note: --exact-law checks against the law of every round with nothing lumped" in out  # the way out


def test_the_legal_exact_law_is_one_the_known_part_allows(legal, legal_exact):
    known, exact = legal[0].partial, legal_exact[0]
    assert not exact.not_a_law and exact.partial is None
    assert exact.distribution.mean == known.total_mean
    for event in (lambda v: v > 0, lambda v: v == 0, lambda v: v < 0):
        low, high = known.probability_bounds(event)
        assert low <= sum(p for v, p in exact.distribution.outcomes if event(v)) <= high


def test_the_exact_law_of_the_legal_game_passes_a_seeded_run_and_catches_a_wrong_payout(legal_exact, legal_runs):
    result, _, _ = legal_exact
    right, wrong = legal_runs
    outcome = check_counts(result.distribution, right)
    assert outcome.passed and "Conservative" not in outcome.verdict
    assert not check_counts(result.distribution, wrong).passed


def test_check_command_tests_the_legal_default_against_its_exact_law(legal_csv, capsys):
    assert (
        _exit(
            [
                "check",
                "blackjack",
                "initial",
                str(legal_csv),
                "--version",
                "1994",
                "--rule",
                "strategy=basic",
                "--exact-law",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "CONSISTENT with the exact distribution" in out and "allowed" not in out and "--exact-law" not in out


def _exit(argv):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    return exc.value.code


def test_simulate_refuses_optimal_play(capsys):
    code, err = _run(["simulate", "blackjack", "initial", "--version", "1994", "--rounds", "10"], capsys)
    assert code == 2
    assert "strategy=basic" in err
