"""The five- and three-card rankings: category counts against counting formulas worked here, the number of
distinct hand values and of suit classes against published figures, and order against the reference."""

from __future__ import annotations

import random
import time
from math import comb

import numpy as np
import pytest

from oddscalc.games.poker import FULL_DECK, CardError, Deck, hand_table, rank_hands, suit_classes
from oddscalc.games.poker.ranking import FIVE_CATEGORIES, THREE_CATEGORIES, category_of, five_qualifier, three_qualifier
from tests.poker_reference import key3, key5


def _counts(size: int) -> dict[str, int]:
    table = hand_table(FULL_DECK, size)
    names = FIVE_CATEGORIES if size == 5 else THREE_CATEGORIES
    return dict(zip(names, (int(n) for n in np.bincount(category_of(table.values, size), minlength=len(names)))))


def test_five_card_category_counts():
    straights = 10  # A-5 up to T-A
    assert _counts(5) == {
        "royal flush": 4,
        "straight flush": straights * 4 - 4,
        "four of a kind": 13 * 48,
        "full house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "flush": 4 * comb(13, 5) - straights * 4,
        "straight": straights * 4**5 - straights * 4,
        "three of a kind": 13 * comb(4, 3) * comb(12, 2) * 4**2,
        "two pairs": comb(13, 2) * comb(4, 2) ** 2 * 44,
        "one pair": 13 * comb(4, 2) * comb(12, 3) * 4**3,
        "no pair": (comb(13, 5) - straights) * (4**5 - 4),
    }


def test_three_card_category_counts():
    straights = 12  # A-2-3 up to Q-K-A
    assert _counts(3) == {
        "straight flush": straights * 4,
        "three of a kind": 13 * comb(4, 3),
        "straight": straights * (4**3 - 4),
        "flush": 4 * comb(13, 3) - straights * 4,
        "pair": 13 * comb(4, 2) * 48,
        "high card": (comb(13, 3) - straights) * (4**3 - 4),
    }


def test_distinct_values_and_suit_classes_match_published_figures():
    # 7,462 distinct five-card hand values (e.g. Cactus Kev's evaluator); 134,459 five-card and 1,755
    # three-card hands up to suit permutation (OEIS / poker combinatorics literature).
    assert len(np.unique(hand_table(FULL_DECK, 5).values)) == 7462
    assert len(suit_classes(FULL_DECK, 5).index) == 134459
    assert int(suit_classes(FULL_DECK, 5).weight.sum()) == comb(52, 5)
    assert len(suit_classes(FULL_DECK, 3).index) == 1755


def test_ranking_all_hands_is_fast():
    hand_table.cache_clear()
    start = time.perf_counter()
    hand_table(FULL_DECK, 5)
    hand_table(FULL_DECK, 3)
    assert time.perf_counter() - start < 20


@pytest.mark.parametrize("size,key", [(5, key5), (3, key3)])
def test_order_agrees_with_the_reference_evaluator(size, key):
    table = hand_table(FULL_DECK, size)
    rng = random.Random(5)
    rows = rng.sample(range(len(table.cards)), 3000)
    cards = [tuple((FULL_DECK.ranks[c // 4], c % 4) for c in table.cards[i]) for i in rows]
    values = [int(table.values[i]) for i in rows]
    refs = [key(c) for c in cards]
    for i in range(len(rows) - 1):
        a, b = values[i], values[i + 1]
        ra, rb = refs[i], refs[i + 1]
        assert (a > b) == (ra > rb) and (a == b) == (ra == rb), (cards[i], cards[i + 1])
        names = FIVE_CATEGORIES if size == 5 else THREE_CATEGORIES
        assert category_of(a, size) == ra[0], names[ra[0]]


def _value(text: str) -> int:
    size = len(text.split())
    return int(rank_hands(FULL_DECK, np.array([FULL_DECK.hand(text, size)]))[0])


def test_special_hands():
    # the wheel is the lowest straight, the royal flush ranks apart above every straight flush
    assert _value("As 2d 3c 4h 5s") < _value("2d 3c 4h 5s 6s")
    assert category_of(_value("As 2d 3c 4h 5s"), 5) == FIVE_CATEGORIES.index("straight")
    assert category_of(_value("Qs Kd Ac 2h 3s"), 5) == 0  # no wrap-around
    assert category_of(_value("Ts Js Qs Ks As"), 5) == FIVE_CATEGORIES.index("royal flush")
    assert _value("9s Ts Js Qs Ks") < _value("Ts Js Qs Ks As")
    # in three-card poker a straight beats a flush; A-2-3 is the lowest straight; K-A-2 is none
    assert _value("4s 5d 6c") > _value("2h 7h 9h")
    assert _value("As 2d 3c") < _value("2d 3c 4h")
    assert category_of(_value("Kd As 2c"), 3) == 0
    # Schedule 2: equal hands compare by their cards, suits never rank
    assert _value("As Ad Kc Qh Js") == _value("Ah Ac Ks Qd Jd")
    assert _value("As Ad Kc Qh Js") > _value("As Ad Kc Qh Ts")


def test_qualifiers():
    # the lowest Ace/King hand qualifies, the best hand without both does not
    assert _value("As Qd Jc Th 8s") < five_qualifier() <= _value("As Kd 4c 3h 2s") < _value("2s 2d 3c 4h 5s")
    assert _value("Qs 3d 2c") >= three_qualifier() > _value("Js Td 8c")


def test_reduced_pack_and_bad_cards():
    deck = Deck((12, 13, 14), 2)
    assert deck.size == 6 and deck.name(deck.card("Ad")) == "Ad"
    with pytest.raises(CardError):
        deck.card("2s")
    with pytest.raises(CardError):
        FULL_DECK.card("Xs")
    with pytest.raises(CardError):
        FULL_DECK.hand("As As Kd Qh Js", 5)
