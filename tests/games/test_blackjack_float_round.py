"""The protection study's double-precision evaluator (`double_precision.round_value`) against the exact engine
(`composition.round_expectations`, Fractions): the same definition (post-split play, hand limits, rules), so the
two agree to rounding on depleted shoes of several rule sets, a strongly depleted one among them; and where the
evaluator declines (CDP, a shoe the banker could run out of, a choice too close to trust), the hook gives the
exact engine's values and says so."""

from __future__ import annotations

import pytest

from oddscalc import api
from oddscalc.games.blackjack.composition import full_shoe_chart, round_expectations
from oddscalc.games.blackjack.double_precision import round_value
from oddscalc.games.blackjack.double_precision.round_value import round_estimates
from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.rules import rule_set
from oddscalc.games.blackjack.strategy import derive

AGREE = 1e-12
BOTH = ("basic", "optimal")

CASES = [
    # the 1994 rules, 6 packs less 40 cards (the bench's shoe)
    ({}, (20, 21, 22, 20, 19, 21, 23, 22, 20, 84)),
    # 6 packs at 75% penetration, rich in small cards: strongly depleted
    ({}, (3, 10, 11, 9, 10, 8, 6, 5, 4, 12)),
    # peek, soft 17 hit, double any, no DAS, any pair, 4 packs
    (
        {"decks": "4", "soft17": "hit", "hole_card": "peek", "double": "any", "das": "no", "split": "same-value"},
        (14, 15, 12, 16, 13, 16, 15, 14, 16, 60),
    ),
    # no resplits, Aces not resplit, CDZ- after a split, 6:5
    (
        {"max_hands": "2", "resplit_aces": "no", "post_split": "cdz-", "blackjack_pays": "6:5"},
        (18, 20, 22, 24, 24, 20, 16, 14, 12, 70),
    ),
    # as many hands as the shoe allows, 2 packs, 42 cards left
    ({"decks": "2", "split": "no-10", "max_hands": "max", "double": "10-11"}, (3, 2, 4, 3, 5, 2, 3, 4, 2, 14)),
    # 1 pack, 46 cards, peek, soft 17 hit, 3 hands, CDZ-
    (
        {"decks": "1", "hole_card": "peek", "soft17": "hit", "max_hands": "3", "post_split": "cdz-", "double": "any"},
        (3, 4, 4, 2, 3, 4, 4, 4, 4, 14),
    ),
]


def _chart(rules: dict[str, str]):
    """The full-shoe chart of a table rule set (cached), or a chart derived from the full game here (cheap):
    any fixed chart serves, both engines play the same one."""
    rs = rule_set(rules)
    return rs, (full_shoe_chart(rs) if not rules else derive(full_game(rs)))


@pytest.mark.parametrize("rules,shoe", CASES)
def test_doubles_agree_with_the_exact_engine(rules, shoe):
    rs, chart = _chart(rules)
    found = round_estimates(rs, shoe, None, BOTH, chart)
    assert found is not None  # the evaluator itself, not the exact fallback
    exact = round_expectations(rs, shoe, None, BOTH, chart)
    for s in BOTH:
        assert abs(found[s] - float(exact[s])) < AGREE, (s, found[s], exact[s])


def test_same_rank_tens_through_the_api():
    """2007 rules (13 kinds: a pair of tens splits only within a rank), 6 packs less 57 cards: the hook's
    estimates of both strategies and the side wagers against `composition_values`."""
    rules = {"decks": "6"}
    kinds = api.composition_kinds("blackjack", "2007", rules)
    counts = tuple(n - d for (_, n), d in zip(kinds, (3, 4, 2, 5, 3, 1, 4, 2, 3, 5, 14, 4, 7)))
    groups = [
        (("initial", "under-13", "over-13"), {**rules, "strategy": "basic"}),
        (("initial",), {**rules, "strategy": "optimal"}),
    ]
    found, exact_engine = api.composition_estimates("blackjack", "2007", counts, groups)
    assert not exact_engine
    for (keys, r), values in zip(groups, found):
        exact = api.composition_values("blackjack", "2007", counts, keys, r)
        assert set(values) == set(keys)
        for k in keys:
            assert abs(values[k] - float(exact[k])) < AGREE, (k, r)


def test_declines_and_the_hook_falls_back_to_the_exact_engine(monkeypatch):
    rs, chart = _chart({})
    shoe = CASES[0][1]
    cdp = rule_set({"max_hands": "2", "post_split": "cdp"})
    assert round_estimates(cdp, shoe, None, ("optimal",)) is None  # CDP: not this method
    assert round_estimates(cdp, shoe, None, ("basic",), chart) is not None  # the chart has no post-split choice
    one = rule_set({"decks": "1"})
    assert round_estimates(one, (1, 1, 1, 1, 1, 1, 1, 1, 1, 8), None, ("optimal",)) is None  # the banker may run out
    monkeypatch.setattr(round_value, "TIE", 10.0)  # every post-split choice now counts as too close to call
    assert round_estimates(rs, shoe, None, ("optimal",)) is None
    found, exact_engine = api.composition_estimates("blackjack", "1994", shoe, [(("initial",), {"decks": "6"})])
    assert exact_engine and found[0]["initial"] == round_expectations(rs, shoe, None, ("optimal",))["optimal"]


def test_estimates_are_refused_where_the_game_has_none():
    assert api.has_estimates("blackjack") and not api.has_estimates("punto-banco")
    with pytest.raises(api.GameError):
        api.composition_estimates("punto-banco", "1994", (128,) + (32,) * 9, [(None, {"decks": "8"})])
