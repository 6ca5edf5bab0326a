"""The legal 6-pack round's law (the 2007 version's default rules) as the tables print it (resplit rounds beyond the work budget lumped at their
exact mean, with their exact second moment and exact bounds on every chance) against the exact law with
nothing lumped, computed once by the other path (every resplit pattern's hands dealt jointly, no moments
taken by one and two hands at a time) and kept as data: `bench/exact_law_reference.py`, about 24 minutes on two
processes (47 before each split became a part of its own). The budgeted summary comes from the committed cache, so this costs seconds."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from oddscalc.core.partial_law import PartialLaw

REFERENCE = Path(__file__).resolve().parent / "data" / "blackjack-exact-law-2007-6packs.json"


def _law(pairs) -> dict[Fraction, Fraction]:
    out: dict[Fraction, Fraction] = {}
    for r, p in pairs:
        out[Fraction(r)] = out.get(Fraction(r), Fraction(0)) + Fraction(p)
    return out


@pytest.fixture(scope="module")
def summaries():
    """The reference and the summary of its rule set with the default work budget (the committed cache)."""
    from oddscalc import api
    from oddscalc.games.blackjack.analysis import game_summary
    from oddscalc.games.blackjack.rules import rule_set
    reference = json.loads(REFERENCE.read_text())
    rules, _ = api.resolved_rules("blackjack", reference["version"])
    return reference, game_summary(rule_set(rules))


@pytest.mark.parametrize("name", ["optimal", "basic"])
def test_the_printed_law_agrees_with_the_exact_law_of_every_round(summaries, name):
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
    partial = PartialLaw.of(known, mass, sum(r * p for r, p in lumped_at.items()) / mass, Fraction(-top),
                            Fraction(top), tuple(Fraction(v) for v in range(-top, top + 1)),
                            square_mean=Fraction(law["lumped_square"]) / mass)
    second = sum(r * r * p for r, p in exact.items())
    assert partial.second_moment_bounds() == (second, second)
    chances = {"win": sum(p for r, p in exact.items() if r > 0), "push": exact.get(Fraction(0), Fraction(0)),
               "loss": sum(p for r, p in exact.items() if r < 0)}
    for event, (low, high) in partial.chance_bounds().items():
        assert low <= chances[event] <= high and low < high


def test_the_reference_names_what_it_assumes(summaries):
    """The reference says what it is, was computed on the rules its version resolves to now (6 packs, 4 hands,
    CDP1 after a split), and has the budgeted summary's events and expected stake, which lumping leaves alone."""
    from oddscalc import api
    reference, budgeted = summaries
    assert "nothing lumped" in reference["what"]
    assert reference["rules"] == api.resolved_rules("blackjack", reference["version"])[0]
    assert (reference["rules"]["decks"], reference["rules"]["max_hands"], reference["rules"]["post_split"]) == \
        ("6", "4", "cdp1")
    for name in ("optimal", "basic"):
        assert reference["laws"][name]["events"] == budgeted["laws"][name]["events"]
        assert reference["laws"][name]["stake"] == budgeted["laws"][name]["stake"]


@pytest.mark.parametrize("argv, named", [(["a", "b"], "usage"), (["/proc/no-such/file.json"], "OUT"), ([""], "OUT"),
                                         (["/"], "OUT"), ([" "], "OUT")])
def test_the_reference_writer_refuses_bad_arguments_before_any_work(argv, named, capsys):
    """`bench/exact_law_reference.py`: too many arguments, an empty path, a folder or a place the file cannot go,
    one line, exit 2, before the hour of work."""
    from bench.exact_law_reference import main
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and named in err
