"""The law of one legal 4- or 6-pack round two ways: with nothing lumped (every resplit pattern's hands dealt
jointly, `--law-budget none`), and with the default work budget (resplit rounds beyond it lumped at their exact
mean, with their exact second moment, taken by one and two hands at a time, and exact bounds on every chance),
which a query gives by default. The exact laws of the tables' rule sets, which the tables print, are shipped as
data (about half an hour each on two processes; docs/blackjack-laws.md, "The exact laws of the tables' rule sets"),
and each is checked against its budgeted law; the 2007 default's exact law is also checked against the
reference data `tools/exact_law_reference.py` wrote. Both summaries come from the shipped data, so this costs
seconds."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from oddscalc.core.partial_law import PartialLaw

#: The exact law of the 2007 default round written by an earlier engine's run (tools/exact_law_reference.py).
REFERENCE = Path(__file__).resolve().parents[1] / "data" / "blackjack-exact-law-2007-6packs.json"


def _law(pairs) -> dict[Fraction, Fraction]:
    out: dict[Fraction, Fraction] = {}
    for r, p in pairs:
        out[Fraction(r)] = out.get(Fraction(r), Fraction(0)) + Fraction(p)
    return out


def table_rule_sets():
    """The distinct rule sets the blackjack tables print whose default law bounds its work (4 and 6 packs)."""
    from oddscalc import api
    from oddscalc.games.blackjack.laws.hand_law import default_budget
    from oddscalc.games.blackjack.rules import rule_set

    found = {}
    for version in ("1994", "2002", "2007"):
        for rules in api.table_rule_sets("blackjack", version):
            rs = rule_set(api.resolved_rules("blackjack", version, rules)[0])
            if default_budget(rs) is not None:
                found.setdefault(rs, f"{version} {rs.decks} packs {'H17' if rs.hit_soft17 else 'S17'}")
    return found


TABLE_RULE_SETS = table_rule_sets()  # each one's exact law is committed to the cache: the tables print it


def test_every_4_and_6_pack_rule_set_of_the_tables_is_here():
    """1994 (= 2002's stand-on-soft-17 sets), 2002 and 2007 at 4 and 6 packs, standing and hitting soft 17."""
    assert len(TABLE_RULE_SETS) == 8 and {rs.decks for rs in TABLE_RULE_SETS} == {4, 6}


@pytest.mark.slow
@pytest.mark.parametrize("rs", list(TABLE_RULE_SETS), ids=list(TABLE_RULE_SETS.values()))
def test_each_committed_exact_law_agrees_with_its_budgeted_law(rs):
    """A table rule set's exact law (nothing lumped: its mean is the strategy's exact expectation) against the
    budgeted law of `blackjack game`, computed the other way (the lumped rounds' moments by one and two hands at
    a time): the checks of `check_against_exact`, for both strategies."""
    from oddscalc.games.blackjack.stored_summary import game_summary

    exact, budgeted = game_summary(rs, budget=None), game_summary(rs)
    assert exact["law_budget"] is None and exact["ev"] == budgeted["ev"] and exact["td_ev"] == budgeted["td_ev"]
    for name, key in (("optimal", "ev"), ("basic", "td_ev")):
        law = exact["laws"][name]
        assert Fraction(law["lumped"]) == 0 and not law["lumped_distribution"]
        check_against_exact(law["distribution"], Fraction(exact[key]), budgeted["laws"][name])
        assert law["events"] == budgeted["laws"][name]["events"] and law["stake"] == budgeted["laws"][name]["stake"]


@pytest.fixture(scope="module")
def summaries():
    """The reference and the summary of its rule set with the default work budget (the committed cache)."""
    from oddscalc.games.blackjack.stored_summary import game_summary

    reference = json.loads(REFERENCE.read_text())
    return reference, game_summary(rule_set_of(reference))


def rule_set_of(reference: dict):
    """The RuleSet of the reference's version's default rules, as resolved now."""
    from oddscalc import api
    from oddscalc.games.blackjack.rules import rule_set

    return rule_set(api.resolved_rules("blackjack", reference["version"])[0])


@pytest.mark.parametrize("name", ["optimal", "basic"])
def test_the_budgeted_law_agrees_with_the_reference_exact_law(name, summaries):
    """The exact law is a law on whole and half units from -8 to 8 whose mean is the strategy's expectation; the
    budgeted law's exact part, taken from it, leaves a nonnegative law of the lumped chance on whole units within
    the hands' stakes, with the lumped rounds' mean and second moment; so the exact variance equals the printed
    one and P(win), P(push), P(loss) lie within the printed bounds."""
    reference, budgeted = summaries
    key = "ev" if name == "optimal" else "td_ev"
    assert Fraction(reference[key]) == Fraction(budgeted[key])
    check_against_exact(reference["laws"][name]["distribution"], Fraction(reference[key]), budgeted["laws"][name])


def check_against_exact(exact_pairs, ev: Fraction, law: dict) -> None:
    """`law` (a summary's round law, some rounds lumped) against the exact law `exact_pairs` of mean `ev`."""
    exact = _law(exact_pairs)
    assert Fraction(law["lumped"]) > 0  # the budgeted law does lump: the comparison has something to check
    assert sum(exact.values()) == 1 and all(p > 0 and -8 <= r <= 8 for r, p in exact.items())
    assert sum(r * p for r, p in exact.items()) == ev
    lumped_at = _law(law["lumped_distribution"])
    known = _law(law["distribution"])
    for r, p in lumped_at.items():
        known[r] -= p
    rest = {r: exact.get(r, Fraction(0)) - known.get(r, Fraction(0)) for r in set(exact) | set(known)}
    rest = {r: p for r, p in rest.items() if p}
    mass = Fraction(law["lumped"])
    assert all(p > 0 for p in rest.values()), "the exact part of the printed law exceeds the exact law"
    top = 2 * law["lumped_hands"]  # each hand doubled at most once
    assert all(r.denominator == 1 and abs(r) <= top for r in rest)
    assert sum(rest.values()) == mass
    assert sum(r * p for r, p in rest.items()) == sum(r * p for r, p in lumped_at.items())
    assert sum(r * r * p for r, p in rest.items()) == Fraction(law["lumped_square"])
    partial = PartialLaw.of(
        known,
        mass,
        sum(r * p for r, p in lumped_at.items()) / mass,
        Fraction(-top),
        Fraction(top),
        tuple(Fraction(v) for v in range(-top, top + 1)),
        square_mean=Fraction(law["lumped_square"]) / mass,
    )
    second = sum(r * r * p for r, p in exact.items())
    assert partial.second_moment_bounds() == (second, second)
    chances = {
        "win": sum(p for r, p in exact.items() if r > 0),
        "push": exact.get(Fraction(0), Fraction(0)),
        "loss": sum(p for r, p in exact.items() if r < 0),
    }
    for event, (low, high) in partial.chance_bounds().items():
        assert low <= chances[event] <= high and low < high


@pytest.mark.parametrize("name", ["optimal", "basic"])
def test_the_cached_exact_law_is_the_reference(name, summaries):
    """The 2007 default's exact law in the committed cache equals the reference data entry for entry: it did not
    move since the reference was computed."""
    from oddscalc.games.blackjack.stored_summary import game_summary

    reference, _ = summaries
    exact = game_summary(rule_set_of(reference), budget=None)
    key = "ev" if name == "optimal" else "td_ev"
    assert exact[key] == reference[key]
    assert _law(exact["laws"][name]["distribution"]) == _law(reference["laws"][name]["distribution"])


def test_the_reference_names_what_it_assumes(summaries):
    """The reference says what it is, was computed on the rules its version resolves to now (6 packs, 4 hands,
    CDP1 after a split), and has the budgeted summary's events and expected stake, which lumping leaves alone."""
    from oddscalc import api

    reference, budgeted = summaries
    assert "nothing lumped" in reference["what"]
    assert reference["rules"] == api.resolved_rules("blackjack", reference["version"])[0]
    assert (reference["rules"]["decks"], reference["rules"]["max_hands"], reference["rules"]["post_split"]) == (
        "6",
        "4",
        "cdp1",
    )
    for name in ("optimal", "basic"):
        assert reference["laws"][name]["events"] == budgeted["laws"][name]["events"]
        assert reference["laws"][name]["stake"] == budgeted["laws"][name]["stake"]


def test_api_asks_for_the_exact_law_only_when_told_and_only_of_a_game_that_takes_it(monkeypatch):
    """`api.analyse(..., exact_law=True)` reaches the blackjack summary as no work budget, and the initial wager's
    distribution is then the law of a round (2007 rules, 4 packs: a committed exact law); by default the rule
    set's budget ("auto") lumps some resplit rounds and says so. A game whose `analyse` takes no `exact_law`
    (roulette's laws are exact either way) is called as before."""
    from oddscalc import api
    from oddscalc.games.blackjack import wagers
    from oddscalc.games.blackjack.stored_summary import game_summary

    asked = []

    def spy(rs, progress=None, use_cache=True, budget="auto"):
        asked.append(budget)
        return game_summary(rs, progress, use_cache, budget)

    monkeypatch.setattr(wagers, "game_summary", spy)
    exact = api.analyse("blackjack", "2007", "initial", {"decks": "4"}, exact_law=True).results[0]
    default = api.analyse("blackjack", "2007", "initial", {"decks": "4"}).results[0]
    assert asked == [None, "auto"]
    assert exact.not_a_law == "" and exact.partial is None and "work budget" in default.not_a_law
    assert exact.distribution.mean == default.distribution.mean
    assert exact.distribution.as_dict() != default.distribution.as_dict()
    roulette = api.analyse("roulette", "2007", exact_law=True)
    assert roulette.results == api.analyse("roulette", "2007").results
