"""Game protection: effects of removal, shoes dealt to the cut, counting, chunked execution.

Independent derivations: the removal identity (a fixed play's expectation is the average over one unseen card
removed: exactly zero mean effect; a re-optimised play gains, >= 0); the adapter against the engine's own
full-shoe game; every recorded round against the composition rebuilt here from the seeded card order and
valued by the api directly; cards per coup and the hi-lo count written here from the rules in words; the
between-shoe standard error against `statistics.variance`; one process, two processes and a two-worker
`distributed.LocalCluster` giving identical records; a resumed run giving the uninterrupted one's records.
"""

from __future__ import annotations

import json
import statistics
from fractions import Fraction

import pytest

from oddscalc import api
from oddscalc.protect.count_systems import CountError, hi_lo, parse_count, tc_bin, true_count
from oddscalc.protect.execute import StateError, run
from oddscalc.protect.removal import effects_of_removal
from oddscalc.protect.run_summary import bet_units, ratio, summarise
from oddscalc.protect.shoes import Plan, deal_shoe, shoe_order
from oddscalc.protect.target import target
from tests.cli_run import run_cli

# --- effects of removal -----------------------------------------------------------------------------------


def test_punto_banco_removal_mean_is_exactly_zero_and_matches_removed_queries():
    r = effects_of_removal(target("punto-banco", "1994", {"decks": "8"}))
    assert [label for label, _ in r.kinds] == ["0", "A", "2", "3", "4", "5", "6", "7", "8", "9"]
    for m in ("player", "banker", "tie"):
        assert r.weighted_mean(m) == 0
    # one effect against the generic query with the card named as removed (the `removed` rule)
    nine = api.analyse("punto-banco", "1994", "tie", {"decks": "8", "removed": "9"}).results[0].distribution.mean
    full = api.analyse("punto-banco", "1994", "tie", {"decks": "8"}).results[0].distribution.mean
    assert r.effect("tie", 9) == nine - full != 0


@pytest.mark.slow
def test_blackjack_reduced_removal_from_scratch(monkeypatch):
    """A depleted 4-pack shoe of 39 cards, computed without the cache: the fixed basic strategy's mean effect
    is exactly zero (so its value on a depleted shoe is the exact expectation of that fixed play, splits
    included); composition-dependent play gains from knowing the card."""
    monkeypatch.setenv("ODDSCALC_WORKERS", "2")
    t = target("blackjack", "1994", {"decks": "4"}, strategies=("optimal", "basic"), side_wagers=True)
    r = effects_of_removal(t, base=(3, 3, 3, 3, 3, 3, 3, 3, 3, 12), use_cache=False)
    assert r.weighted_mean("initial, basic strategy (fixed)") == 0
    assert r.weighted_mean("under-13") == 0 and r.weighted_mean("over-13") == 0
    assert r.weighted_mean("initial, CD optimal") > 0
    # optimal play is never worse than the fixed chart on the same shoe
    assert r.full["initial, CD optimal"] >= r.full["initial, basic strategy (fixed)"]


@pytest.mark.slow
def test_blackjack_adapter_equals_the_engine_full_shoe_game():
    """The adapter on a full shoe gives the engine's own CD and basic-strategy expectations (computed there
    from the full game's rows), also under the same-rank split rule (tens by rank)."""
    from oddscalc.games.blackjack.composition import full_shoe_chart, round_expectations
    from oddscalc.games.blackjack.rules import rule_set
    from oddscalc.games.blackjack.stored_summary import game_summary

    rs = rule_set(api.resolved_rules("blackjack", "2007", {"decks": "4"})[0])
    assert rs.same_rank_tens
    shoe = (16,) * 9 + (64,)
    got = round_expectations(rs, shoe, (16, 16, 16, 16), ("optimal", "basic"), full_shoe_chart(rs))
    s = game_summary(rs)
    assert got == {"optimal": Fraction(s["ev"]), "basic": Fraction(s["td_ev"])}


def test_committed_blackjack_removal_table_is_consistent():
    """The cached table (6 packs, 1994): basic strategy mean exactly zero, CD >= 0, and the familiar signs
    (a 5 removed helps the player most, a ten or an Ace removed hurts)."""
    r = effects_of_removal(
        target("blackjack", "1994", {"decks": "6"}, strategies=("optimal", "basic"), side_wagers=True)
    )
    basic = "initial, basic strategy (fixed)"
    assert r.weighted_mean(basic) == 0 and r.weighted_mean("initial, CD optimal") > 0
    effects = [r.effect(basic, k) for k in range(10)]
    assert max(effects) == effects[4] and effects[0] < 0 and effects[9] < 0


@pytest.mark.slow
def test_super_pan_9_removal_fixed_and_re_solved():
    """Re-solved play: the initial wager's mean effect >= 0. A fixed play (the full shoe's strategy kept on
    every shoe, through the engine's solution): exactly zero."""
    from oddscalc.games.super_pan_9 import solution_for

    r = effects_of_removal(target("super-pan-9", "1994"))
    assert r.weighted_mean("initial") >= 0 and r.weighted_mean("initial-player-bank") >= 0
    removed = ("5",) * 20 + ("6",) * 14
    base = solution_for(8, removed)
    strategy = solution_for(8).strategy(Fraction(19, 20))

    def fixed(sol):
        win, _, lose = sol.outcome(strategy)
        return (Fraction(19, 20) * win - lose) / sol.total

    labels = ["0", "A", "2", "3", "4", "5", "6"]
    counts = base.counts
    mean = sum(
        (n * fixed(solution_for(8, removed + (labels[k],))) for k, n in enumerate(counts) if n), Fraction(0)
    ) / sum(counts)
    assert mean == fixed(base)
    re = effects_of_removal(target("super-pan-9", "1994"), base=counts)
    assert re.weighted_mean("initial") > 0  # near the draw-on-6 boundary knowing a card pays


# --- counting ---------------------------------------------------------------------------------------------


def test_counts_and_bins():
    kinds = api.composition_kinds("blackjack", "1994", {"decks": "6"})
    hi = hi_lo(kinds)
    assert parse_count("hi-lo", kinds) == hi
    assert parse_count("2=1,3=1,4=1,5=1,6=1,10=-1,A=-1", kinds).weights == hi.weights
    assert (
        parse_count("T=1/2", api.composition_kinds("blackjack", "2007", {"decks": "6"})).weights[9:]
        == (Fraction(1, 2),) * 4
    )
    assert true_count(Fraction(-3), 104, 52) == Fraction(-3, 2) and tc_bin(Fraction(-3, 2)) == -2
    assert [bet_units(Fraction(x), 8) for x in (-5, 1, 2, Fraction(7, 2), 20)] == [1, 1, 2, 3, 8]
    with pytest.raises(CountError):
        parse_count("hi-lo", api.composition_kinds("punto-banco", "1994"))
    with pytest.raises(CountError):
        parse_count("Z=1", kinds)


def test_ratio_standard_error_against_statistics():
    ys = [Fraction(3), Fraction(-1, 2), Fraction(7, 3), Fraction(0)]
    e = ratio(ys, [Fraction(1)] * 4)
    assert e.mean == statistics.mean(ys) and e.se2 == statistics.variance(ys) / 4


def _punto_banco_cards_used(cards):
    """Cards one coup takes, from the rules in words: two each; none more on a natural 8 or 9; the player
    draws on 0-5; the banker draws on 0-2, on 3 unless the player's third is 8, on 4 against 2-7, on 5
    against 4-7, on 6 against 6-7; when the player stood, the banker draws on 0-5."""
    player, banker = (cards[0] + cards[2]) % 10, (cards[1] + cards[3]) % 10
    if player >= 8 or banker >= 8:
        return 4
    if player > 5:
        return 5 if banker <= 5 else 4
    third = cards[4]
    draws = (
        banker <= 2
        or (banker == 3 and third != 8)
        or (banker == 4 and 2 <= third <= 7)
        or (banker == 5 and 4 <= third <= 7)
        or (banker == 6 and third in (6, 7))
    )
    return 6 if draws else 5


def test_punto_banco_shoe_rebuilt_independently():
    t = target("punto-banco", "1994", {"decks": "1"})
    plan = Plan(t, Fraction(1, 2), 7, 1)
    rec = deal_shoe(plan, 0)
    kinds = t.kinds()
    cards = shoe_order(plan, 0, kinds)
    left, pos = [n for _, n in kinds], 0
    for x in rec.rounds:
        assert x.cards == tuple(cards[pos : pos + _punto_banco_cards_used(cards[pos:])])
        direct = api.composition_values("punto-banco", "1994", tuple(left), rules={"decks": "1"})
        assert x.values == tuple(direct[m.name] for m in t.measures)
        for k in x.cards:
            left[k] -= 1
        pos += len(x.cards)
    assert pos >= 26 and pos - len(rec.rounds[-1].cards) < 26  # the cut card came out in the last round


@pytest.mark.slow
def test_blackjack_shoe_small_run():
    """Two shoes, the first round of each (the cut after 2 cards): values are the api's on the rebuilt
    composition; hi-lo counted here."""
    t = target("blackjack", "1994", {"decks": "4"})
    plan = Plan(t, Fraction(1, 100), 3, 2)
    recs = run(plan, 1, processes=1)
    kinds = t.kinds()
    hilo = {"A": -1, "T": -1, "7": 0, "8": 0, "9": 0}
    for rec in recs:
        cards = shoe_order(plan, rec.index, kinds)
        left, pos, rc = [n for _, n in kinds], 0, 0
        for x in rec.rounds:
            assert x.cards == tuple(cards[pos : pos + len(x.cards)]) and len(x.cards) >= 3
            direct = api.composition_values(
                "blackjack", "1994", tuple(left), ("initial",), {"decks": "4", "strategy": "basic"}
            )
            assert x.values == (direct["initial"],)
            for k in x.cards:
                left[k] -= 1
                rc += hilo.get(kinds[k][0], 1)
            pos += len(x.cards)
    s = summarise(recs, ("basic",), kinds, 52, hi_lo(kinds), 4)
    assert s.rounds == sum(len(r.rounds) for r in recs) and sum(b.rounds for b in s.bins) == s.rounds


def test_blackjack_double_precision_run_checks_itself(tmp_path):
    """With the double-precision evaluator every round holds the api's estimate on the composition rebuilt
    here; one round of every shoe (check=1) also holds the exact engine's value, which is the api's exact
    value there; the records come back unchanged from the state folder; the summary reports the check."""
    t = target("blackjack", "1994", {"decks": "6"}, engine="double")
    plan = Plan(t, Fraction(4, 100), 5, 2, check=1)
    recs = run(plan, 1, processes=1, state=tmp_path)
    assert run(plan, 1, processes=1, state=tmp_path) == recs
    kinds = t.kinds()
    group = (("initial",), {"decks": "6", "strategy": "basic"})
    for rec in recs:
        cards = shoe_order(plan, rec.index, kinds)
        left, pos = [n for _, n in kinds], 0
        assert sum(x.exact is not None for x in rec.rounds) == 1
        for x in rec.rounds:
            assert x.cards == tuple(cards[pos : pos + len(x.cards)])
            found, exact_engine = api.composition_estimates("blackjack", "1994", tuple(left), [group])
            assert x.estimated and not exact_engine and x.values == (Fraction(found[0]["initial"]),)
            if x.exact is not None:
                assert x.exact == (api.composition_values("blackjack", "1994", tuple(left), *group)["initial"],)
            for k in x.cards:
                left[k] -= 1
            pos += len(x.cards)
    s = summarise(recs, ("basic",), kinds, 52, hi_lo(kinds), 4)
    checked = [x for r in recs for x in r.rounds if x.exact is not None]
    assert s.check.checked == 2 and s.check.estimated == s.rounds
    assert s.check.largest == (max(abs(x.values[0] - x.exact[0]) for x in checked),) and s.check.largest[0] < 1e-12


def test_blackjack_rounds_the_evaluator_declines_are_valued_exactly(monkeypatch):
    from oddscalc.games.blackjack.double_precision import round_value

    monkeypatch.setattr(round_value, "TIE", 10.0)  # every post-split choice too close to trust: it declines
    t = target("blackjack", "1994", {"decks": "6"}, strategies=("optimal",), engine="double")
    plan = Plan(t, Fraction(1, 100), 5, 1, check=1)
    (rec,) = run(plan, 1, processes=1)
    full = tuple(n for _, n in t.kinds())
    assert rec.rounds and not any(x.estimated or x.exact for x in rec.rounds)
    assert rec.rounds[0].values == (
        api.composition_values("blackjack", "1994", full, ("initial",), {"decks": "6", "strategy": "optimal"})[
            "initial"
        ],
    )
    assert summarise([rec], ("optimal",), t.kinds(), 52, None, 4).check is None  # exact values: nothing to report


def test_super_pan_9_small_run_positive_rounds():
    t = target("super-pan-9", "1994", {"decks": "1"}, custom=True)
    recs = run(Plan(t, Fraction(3, 4), 5, 3), 2, processes=1)
    s = summarise(recs, tuple(m.name for m in t.measures), t.kinds(), 36, None, 8)
    for j, p in enumerate(s.positive):
        values = [x.values[j] for r in recs for x in r.rounds]
        assert p.share.mean == Fraction(sum(v > 0 for v in values), len(values))
        assert p.worth_per_shoe.mean == sum((v for v in values if v > 0), Fraction(0)) / 3


def test_a_one_pack_super_pan_9_shoe_ends_where_the_bank_cannot_be_valued():
    """The finite bank's reach is 4 cards for itself and for each hand (12 for the two-hand measure): dealt to
    95% of a 36-card pack, a shoe ends there, said so, instead of failing the whole study."""
    t = target("super-pan-9", "1994", {"decks": "1"}, custom=True)
    rec = deal_shoe(Plan(t, Fraction(95, 100), 4, 1), 0)
    assert rec.end == "shoe too small for the engine"
    dealt = sum(len(x.cards) for x in rec.rounds)
    assert rec.rounds and 36 - dealt < 12 <= 36 - dealt + len(rec.rounds[-1].cards)  # the next round: too few


# --- execution --------------------------------------------------------------------------------------------


def _plan(shoes=4):
    return Plan(target("punto-banco", "1994", {"decks": "8"}), Fraction(1, 20), 11, shoes)


@pytest.mark.slow
def test_same_records_one_process_two_processes_and_a_dask_cluster():
    from distributed import LocalCluster

    plan = _plan()
    one = run(plan, 1, processes=1)
    two = run(plan, 2, processes=2)
    assert one == two and len(one) == 4 and all(r.rounds for r in one)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        seen = []
        dask = run(plan, 1, scheduler=cluster.scheduler_address, progress=lambda d, t, _: seen.append((d, t)))
    assert dask == one and seen[-1] == (4, 4)


def test_resume_after_an_interruption(tmp_path):
    plan = _plan()
    whole = run(plan, 1, processes=1)
    calls = []

    def stop_after_two(done, total, label):
        calls.append(done)
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(plan, 1, processes=1, state=tmp_path, progress=stop_after_two)
    assert len(list(tmp_path.glob("chunk-*.json"))) == 2
    again = []
    assert run(plan, 1, processes=1, state=tmp_path, progress=lambda d, t, _: again.append(d)) == whole
    assert again[0] == 2  # two chunks read back, not recomputed
    with pytest.raises(StateError):
        run(_plan(), 2, processes=1, state=tmp_path)  # another chunk size: another run


# --- command line -----------------------------------------------------------------------------------------


def _cli(capsys, *args):
    return run_cli(args, capsys)


def test_cli(capsys, tmp_path):
    code, out, _ = _cli(
        capsys,
        "protect",
        "punto-banco",
        "--shoes",
        "2",
        "--penetration",
        "5%",
        "--workers",
        "1",
        "--count",
        "0=-1,A=1",
        "--format",
        "json",
        "--records",
        str(tmp_path / "r.csv"),
    )
    data = json.loads(out)
    assert code == 0 and data["shoes"] == 2 and data["true_count_bins"]
    assert (tmp_path / "r.csv").read_text().startswith("shoe,round,cards_left,running_count,true_count")
    code, out, _ = _cli(capsys, "removal", "punto-banco", "--decks", "8", "--format", "csv")
    assert code == 0 and out.startswith("rules,measure,play,card")
    for bad, word in (
        (("--penetration", "150%"), "--penetration"),
        (("--count", "hi-lo"), "hi-lo"),
        (("--shoes", "0"), "--shoes"),
        (("--state", str(tmp_path / "r.csv")), "--state"),
    ):
        code, _, err = _cli(capsys, "protect", "punto-banco", *bad)
        assert code == 2 and word in err and len(err.strip().splitlines()) == 1
    code, _, err = _cli(capsys, "protect", "roulette")
    assert code == 2 and "allowed" in err
    code, _, err = _cli(capsys, "protect", "punto-banco", "--engine", "double")
    assert code == 2 and "double-precision" in err and len(err.strip().splitlines()) == 1
    for bad, word in ((("--engine", "fast"), "--engine"), (("--check-every", "0"), "--check-every")):
        code, _, err = _cli(capsys, "protect", "blackjack", *bad)
        assert code == 2 and word in err and len(err.strip().splitlines()) == 1


def test_cli_blackjack_double_precision(capsys):
    """Blackjack's default engine is the double-precision evaluator: the output says so and gives its check."""
    args = (
        "protect",
        "blackjack",
        "--version",
        "1994",
        "--decks",
        "6",
        "--shoes",
        "1",
        "--penetration",
        "3%",
        "--workers",
        "1",
        "--check-every",
        "1",
    )
    code, out, _ = _cli(capsys, *args, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["engine"] == "double" and data["values"]["rounds_checked"] == 1
    assert data["values"]["rounds_in_doubles"] == data["rounds"]
    assert float(data["values"]["largest_difference"]["initial, basic strategy (fixed)"]) < 1e-12
    code, out, _ = _cli(capsys, *args)
    assert code == 0 and "double-precision evaluator" in out and "Checked against the exact engine on 1 round" in out
