"""The three-dice game (Sch 4) against a direct enumeration of all 216 throws, written here separately."""

from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest

from oddscalc import api

THROWS = list(product(range(1, 7), repeat=3))


def expected_value(pays_for_throw) -> F:
    """Mean net return when pays_for_throw(throw) gives the winning odds, or None for a loss."""
    total = F(0)
    for t in THROWS:
        pays = pays_for_throw(t)
        total += -1 if pays is None else pays
    return total / len(THROWS)


def law_odds(w):
    return {p.key: p.value for p in w.payouts}


def reference(w):
    """Each wager kind restated from the Schedule's wording, for one throw."""
    odds = law_odds(w)
    key = w.key

    def triple(t):
        return len(set(t)) == 1

    if key in ("small", "big", "odd", "even"):
        test = {
            "small": lambda s: s in range(4, 11),
            "big": lambda s: s in range(11, 18),
            "odd": lambda s: s in (5, 7, 9, 11, 13, 15, 17),
            "even": lambda s: s in (4, 6, 8, 10, 12, 14, 16),
        }[key]
        return lambda t: odds["win"] if test(sum(t)) and not triple(t) else None
    if key == "any-triple":
        return lambda t: odds["win"] if triple(t) else None
    kind, _, rest = key.partition("-")
    if kind == "triple":
        n = int(rest)
        return lambda t: odds["win"] if t == (n, n, n) else None
    if kind == "double":
        n = int(rest)
        return lambda t: odds["win"] if Counter(t)[n] >= 2 else None
    if kind == "total":
        n = int(rest)
        return lambda t: odds["win"] if sum(t) == n else None
    if kind == "combination":
        a, b = map(int, rest.split("-"))
        return lambda t: odds["win"] if a in t and b in t else None
    if kind == "single":
        n = int(rest)
        names = {1: "one", 2: "two", 3: "three"}
        return lambda t: odds[names[t.count(n)]] if n in t else None
    if kind in ("four", "three"):
        chosen = {int(c) for c in rest}
        return lambda t: odds["win"] if len(set(t)) == 3 and set(t).issubset(chosen) else None
    raise AssertionError(key)


def test_every_wager_against_216_throws():
    results = api.analyse("sic-bo", "2002").results
    for r in results:
        assert r.distribution.mean == expected_value(reference(r.wager)), r.wager.key


def test_the_schedule_lists_every_combination_once():
    keys = [w.key for w in api.wagers("sic-bo", "2002")]
    assert len(keys) == len(set(keys))
    assert sum(k.startswith("total-") for k in keys) == 14  # totals 4 to 17, para 9
    assert sum(k.startswith("combination-") for k in keys) == 15  # C(6,2)
    assert sum(k.startswith("three-") for k in keys) == 20  # C(6,3): all of them, 1-2-6 reconstructed
    assert sum(k.startswith("four-") for k in keys) == 4


def test_small_by_hand():
    # Totals 4-10 are 108 - 3 = 105 throws (half of 216 less the 3-total, less triples 2-2-2 and 3-3-3).
    r = api.analyse("sic-bo", "2002", "small").results[0]
    assert r.distribution.p_win == F(108 - 1 - 2, 216)


def test_single_number_closed_form():
    # Binomial(3, 1/6): one die 75, two dice 15, three dice 1 of 216, paying 1, 2 and 3 to 1.
    r = api.analyse("sic-bo", "2002", "single-4").results[0]
    assert r.distribution.mean == F(75 * 1 + 15 * 2 + 1 * 3 - 125, 216)


@pytest.mark.parametrize("key", ["total-4", "total-17", "combination-1-5", "four-3456", "three-126", "single-2"])
def test_reconstructed_items_are_marked(key):
    w = next(w for w in api.wagers("sic-bo", "2002") if w.key == key)
    assert any("reconstruct" in s or "missing" in s or "usual" in s for s in w.reconstructions)


def test_not_before_2002():
    with pytest.raises(ValueError, match="does not permit 'sic-bo'"):
        api.wagers("sic-bo", "1994")
