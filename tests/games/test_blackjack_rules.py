"""The rules one by one, each checked against a derivation written here (direct banker recursion,
closed forms, or enumeration of cards), never against the evaluator's own output."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from oddscalc import api
from oddscalc.games.blackjack.exact.player import DealerTable
from oddscalc.games.blackjack.query import query_hand
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe import full_shoe
from oddscalc.wager_results import RuleError

LAW_1994 = RuleSet(decks=1)
RULES_2007 = RuleSet(decks=1, double_totals=None, split_values=frozenset(range(1, 11)), same_rank_tens=True)


def _total(cards):
    hard = sum(cards)
    return (hard + 10, True) if 1 in cards and hard + 10 <= 21 else (hard, False)


@cache
def banker(shoe: tuple[int, ...], cards: tuple[int, ...], h17: bool) -> tuple[tuple[object, Fraction], ...]:
    """The banker's result distribution by direct recursion over draws (values 1..10)."""
    t, soft = _total(cards)
    if len(cards) == 2 and t == 21:
        return (("bj", Fraction(1)),)
    if t > 21:
        return (("bust", Fraction(1)),)
    if t > 17 or (t == 17 and not (soft and h17)):
        return ((t, Fraction(1)),)
    out: dict = {}
    size = sum(shoe)
    for i, n in enumerate(shoe):
        if n:
            rest = shoe[:i] + (n - 1,) + shoe[i + 1 :]
            for k, q in banker(rest, tuple(sorted(cards + (i + 1,))), h17):
                out[k] = out.get(k, 0) + Fraction(n, size) * q
    return tuple(out.items())


def settle(total, stake, result):
    """Result of a non-blackjack hand (no hole card: a banker blackjack takes the whole stake)."""
    if total > 21 or result == "bj":
        return -stake
    if result == "bust" or total > result:
        return stake
    return 0 if total == result else -stake


def minus(shoe, *values):
    s = list(shoe)
    for v in values:
        s[v - 1] -= 1
    return tuple(s)


def test_no_double_on_8_and_double_on_9_to_11_under_the_law():
    # SI 1994/2899 reg 7(8): doubling only on a two-card 9, 10 or 11
    assert "double" not in dict(query_hand(LAW_1994, ["5", "3"], "6", []).actions)
    assert "double" not in dict(query_hand(LAW_1994, ["8", "4"], "6", []).actions)
    for hand in (["6", "3"], ["7", "3"], ["9", "2"]):
        assert "double" in dict(query_hand(LAW_1994, hand, "6", []).actions)
    # 2007 (004 file): any first two cards
    assert "double" in dict(query_hand(RULES_2007, ["5", "3"], "6", []).actions)


def test_no_split_of_4s_5s_or_tens_under_the_law():
    # reg 7(9): equal values other than 4, 5 or 10
    for hand in (["4", "4"], ["5", "5"], ["K", "K"], ["10", "J"]):
        assert "split" not in dict(query_hand(LAW_1994, hand, "6", []).actions)
    for hand in (["8", "8"], ["A", "A"], ["9", "9"]):
        assert "split" in dict(query_hand(LAW_1994, hand, "6", []).actions)
    # 2007: a pair of one rank, tens included; K,Q is not a pair
    assert "split" in dict(query_hand(RULES_2007, ["K", "K"], "6", []).actions)
    assert "split" in dict(query_hand(RULES_2007, ["5", "5"], "6", []).actions)
    assert "split" not in dict(query_hand(RULES_2007, ["K", "Q"], "6", []).actions)


def _split_aces_no_resplit(up: int, bj_after_split_pays: bool) -> Fraction:
    """A,A vs up, one card to each Ace, no resplit: play hand one, hand two, then the banker."""
    shoe = minus(full_shoe(1), up, 1, 1)
    size = sum(shoe)
    total = Fraction(0)
    for x1 in range(1, 11):
        for x2 in range(1, 11):
            p = Fraction(shoe[x1 - 1], size) * Fraction(shoe[x2 - 1] - (x1 == x2), size - 1)
            if not p:
                continue
            rest = minus(shoe, x1, x2)
            for result, q in banker(rest, (up,), False):
                for x in (x1, x2):
                    t = _total((1, x))[0]
                    if bj_after_split_pays and t == 21:
                        r = 0 if result == "bj" else Fraction(3, 2)
                    else:
                        r = settle(t, 1, result)
                    total += p * q * r
    return total


@pytest.mark.parametrize("up", [6, 10])
def test_split_aces_take_one_card_and_a_split_21_is_not_a_blackjack(up):
    rules = RuleSet(decks=1, max_hands=2)
    got = dict(query_hand(rules, ["A", "A"], "10" if up == 10 else str(up), []).actions)["split"]
    assert got == _split_aces_no_resplit(up, bj_after_split_pays=False)
    assert got != _split_aces_no_resplit(up, bj_after_split_pays=True)


def test_doubled_stake_is_lost_to_a_banker_blackjack():
    # no hole card (reg 7(1)(d)): a banker two-card 21 beats the doubled hand, which loses both units
    shoe = minus(full_shoe(1), 1, 6, 5)
    size = sum(shoe)
    lose_all = Fraction(0)
    lose_one = Fraction(0)
    for c in range(1, 11):
        if not shoe[c - 1]:
            continue
        p = Fraction(shoe[c - 1], size)
        t = _total((6, 5, c))[0]
        for result, q in banker(minus(shoe, c), (1,), False):
            lose_all += p * q * settle(t, 2, result)
            lose_one += p * q * (-1 if result == "bj" else settle(t, 2, result))
    got = dict(query_hand(LAW_1994, ["6", "5"], "A", []).actions)["double"]
    assert got == lose_all
    assert got != lose_one


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("up", [1, 6])
def test_banker_soft_17_rule(h17, up):
    shoe = minus(full_shoe(1), up)
    table = DealerTable(up - 1, h17)
    weights, den = table(shoe)
    direct = dict(banker(shoe, (up,), h17))
    names = [17, 18, 19, 20, 21, "bust", "bj"]
    assert {n: Fraction(w, den) for n, w in zip(names, weights) if w} == direct


def test_soft_17_per_version():
    # 1994: reg 7(1)(g) stands on every 17; 2002 lets the house draw on soft 17 (reg 7(11)(aa), reconstructed)
    with pytest.raises(RuleError):
        api.analyse("blackjack", "1994", "under-13", rules={"soft17": "hit"})
    a = api.analyse("blackjack", "2002", "under-13", rules={"soft17": "hit"})
    assert dict(a.rules)["soft17"] == "hit" and not a.custom
    a = api.analyse("blackjack", "1994", "under-13", rules={"soft17": "hit"}, custom=True)
    assert a.custom
    recon = api.wagers("blackjack", "2002")[0].reconstructions
    assert recon and "7(11)(aa)" in recon[0]


def test_insurance_closed_form():
    # reg 7(7): offered on a player's A+ten against a banker Ace; wins 2 to 1 if the next card is a ten
    for decks in (1, 4, 6):
        a = api.analyse("blackjack", "2007" if decks == 1 else "1994", "insurance", rules={"decks": str(decks)})
        p = Fraction(16 * decks - 1, 52 * decks - 3)
        assert a.result("insurance").distribution.mean == 2 * p - (1 - p)


def test_under_over_13_by_enumerating_every_two_card_deal():
    # reg 7(10)(c),(d),(f): Aces count 1; a pair of Aces pays 7 to 1 on Under 13; 13 loses both
    cards = [min(r, 10) for r in range(1, 14) for _ in range(4)]
    under = over = Fraction(0)
    n = 0
    for i, a in enumerate(cards):
        for j, b in enumerate(cards):
            if i == j:
                continue
            n += 1
            t = a + b
            under += 7 if a == b == 1 else (1 if t < 13 else -1)
            over += 1 if t > 13 else -1
    res = api.analyse("blackjack", "2007", "under-13", rules={"decks": "1"})
    assert res.result("under-13").distribution.mean == under / n
    res = api.analyse("blackjack", "2007", "over-13", rules={"decks": "1"})
    assert res.result("over-13").distribution.mean == over / n


def test_under_13_six_packs_closed_form():
    # six packs: 24 of each value 1..9 and 96 tens; count unordered value pairs with multiplicities
    d = 6
    counts = dict.fromkeys(range(1, 10), 4 * d) | {10: 16 * d}
    n = 52 * d
    total_pairs = n * (n - 1) // 2
    under = Fraction(0)
    for a in range(1, 11):
        for b in range(a, 11):
            ways = counts[a] * (counts[a] - 1) // 2 if a == b else counts[a] * counts[b]
            r = 7 if a == b == 1 else (1 if a + b < 13 else -1)
            under += Fraction(ways * r, total_pairs)
    res = api.analyse("blackjack", "1994", "under-13", rules={"decks": "6"})
    assert res.result("under-13").distribution.mean == under


def test_rule_values_the_version_does_not_permit_are_refused():
    with pytest.raises(RuleError):
        api.analyse("blackjack", "1994", "over-13", rules={"decks": "1"})
    with pytest.raises(RuleError):
        api.analyse("blackjack", "1994", "over-13", rules={"double": "any"})
    with pytest.raises(RuleError):
        api.analyse("blackjack", "1994", "over-13", rules={"decks": "9"}, custom=True)


@pytest.mark.parametrize("tens", [(4, 4, 4, 4), (2, 3, 1, 4), (1, 0, 2, 0), (1, 1, 0, 0)])
@pytest.mark.parametrize("up", [0, 9])
def test_ten_pair_cases_against_every_deal(tens, up):
    """`game.ten_pair_cases` against every ordered deal of named ten cards (the up-card first when it is a
    ten): the chance that the two are of one rank, by the cards of that rank left, and of two ranks."""
    from itertools import permutations

    from oddscalc.games.blackjack.game import ten_pair_cases

    cards = [r for r, n in enumerate(tens) for _ in range(n)]
    take = 3 if up == 9 else 2
    counts: dict = {}
    deals = list(permutations(range(len(cards)), take)) if len(cards) >= take else []
    for d in deals:
        a, b = cards[d[-2]], cards[d[-1]]
        used = [cards[i] for i in d]
        key = tens[a] - used.count(a) if a == b else None
        counts[key] = counts.get(key, 0) + 1
    want = {k: Fraction(v, len(deals)) for k, v in counts.items()}
    assert dict(ten_pair_cases(tens, up)) == want
