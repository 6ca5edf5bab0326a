"""The hidden-decisions test at Three Card Poker and casino stud poker: a departure's gain law exact against a
brute force written here, each factor's conditional mean exactly 1 under the null, ordinary players not flagged
beyond the level, a player who sees the banker's cards flagged."""

from __future__ import annotations

import itertools
import math
import statistics
from fractions import Fraction

import pytest

from oddscalc.core.errors import CardError, InputError
from oddscalc.monitor.hidden_decisions import BETS, OUTCOMES, Book, StudBook, ante_play, banker_outcome
from oddscalc.monitor.hidden_players import simulate, simulate_stud

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]
#: Reg 12(9) (item (a) reconstructed): the Ante Bonus by hand, paid whenever the player plays.
BONUS = {"straight": 1, "three of a kind": 4, "straight flush": 5}


def _value(hand: list[str]) -> tuple[int, list[int], str]:
    """(order, tie ranks, name) of three cards under reg 12(1): written here by sorting and comparing ranks."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in hand), reverse=True)
    suited = hand[0][1] == hand[1][1] == hand[2][1]
    if ranks == [14, 3, 2]:
        ranks = [3, 2, 1]  # the Ace low completes A-2-3, the lowest straight
    run = ranks[0] == ranks[1] + 1 == ranks[2] + 2
    if run and suited:
        return 5, ranks[:1], "straight flush"
    if ranks[0] == ranks[2]:
        return 4, ranks[:1], "three of a kind"
    if run:
        return 3, ranks[:1], "straight"
    if suited:
        return 2, ranks, "flush"
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        return 1, [pair] + [r for r in ranks if r != pair], "pair"
    return 0, ranks, "high card"


def _play_result(mine: list[str], banker: list[str]) -> tuple[Fraction, str]:
    """The player's net per unit Ante when he plays, and the outcome's name, from the cards."""
    me, them = _value(mine), _value(banker)
    bonus = Fraction(BONUS.get(me[2], 0))
    if them[0] == 0 and them[1][0] < 12:
        return 1 + bonus, "banker does not qualify"
    if (me[0], me[1]) > (them[0], them[1]):
        return 2 + bonus, "player wins"
    if (me[0], me[1]) == (them[0], them[1]):
        return bonus, "void (equal hands)"
    return -2 + bonus, "banker wins"


def _brute(hand: str) -> tuple[str, dict[str, list]]:
    """The book decision and, per outcome, [the departure's gain, banker hands], over every banker hand."""
    mine = hand.split()
    rest = [c for c in DECK if c not in mine]
    seen: dict[str, list] = {}
    total = Fraction(0)
    for banker in itertools.combinations(rest, 3):
        r, name = _play_result(mine, list(banker))
        seen.setdefault(name, [r, 0])[1] += 1
        total += r
    book = "play" if total / 18424 > -1 else "fold"
    sign = -1 if book == "play" else 1
    return book, {name: [sign * (r + 1), n] for name, (r, n) in seen.items()}


BOOK = Book(ante_play())
HANDS = ["Qs 6d 4c", "Qs 6d 3c", "Js Jd 4c", "2c 3d 7h", "As Ks Qs", "Ah 2d 3c", "8h 8d 8c", "9h 5h 2h"]


@pytest.mark.parametrize("hand", HANDS)
def test_gain_law_matches_every_banker_hand_counted(hand):
    """The gain's law on a hand is what counting every banker hand of the 49 other cards gives."""
    book, brute = _brute(hand)
    law = BOOK.law(hand)
    assert law.book == book
    assert law.hands == sum(n for _, n in brute.values()) == 18424
    for name, gain, n in zip(OUTCOMES, law.gains, law.counts):
        assert n == brute.get(name, [None, 0])[1]
        if n:
            assert gain == brute[name][0]
    mean = sum((g * n for g, n in brute.values()), Fraction(0)) / 18424
    assert law.mean == mean <= 0
    assert law.variance == sum(((g - mean) ** 2 * n for g, n in brute.values()), Fraction(0)) / 18424


def test_gain_law_is_the_same_for_the_hand_with_its_suits_relabelled():
    """A hand's law depends on its suits only up to relabelling them (the law is computed per suit class)."""
    a, b = BOOK.law("Qs 6s 4c"), BOOK.law(["4h", "Qd", "6d"])
    assert (a.gains, a.counts, a.bets) == (b.gains, b.counts, b.bets)


@pytest.mark.parametrize("hand", HANDS)
def test_each_factor_has_conditional_mean_one_and_is_at_least_a_half(hand):
    """Under the null each bet's factor has mean exactly 1 over the banker's hands, and is at least 1/2 on each."""
    law = BOOK.law(hand)
    for k, bet in enumerate(law.bets):
        assert 0 < bet <= BETS[k]
        factors = [(law.factors(o)[k], n) for o, n in zip(OUTCOMES, law.counts) if n]
        assert sum(f * n for f, n in factors) / law.hands == 1
        assert min(f for f, _ in factors) >= Fraction(1, 2)
        if bet < BETS[k]:  # capped: the worst outcome's factor is exactly 1/2
            assert min(f for f, _ in factors) == Fraction(1, 2)


def test_every_hand_of_the_pack_has_factors_of_mean_one_and_a_book_that_departing_never_beats():
    """Over all 22,100 hands: each departure's mean gain is at most 0 and each factor's mean exactly 1."""
    laws = {id(law): law for law in (BOOK.law(list(h)) for h in itertools.combinations(DECK, 3))}
    assert len(laws) == 1755
    for law in laws.values():
        assert law.mean <= 0 and sum(law.counts) == law.hands
        for k in range(len(BETS)):
            assert sum(law.factors(o)[k] * n for o, n in zip(OUTCOMES, law.counts)) == law.hands


def test_banker_outcome_settles_as_the_law_says():
    """The banker's hand against the player's: not qualifying below Queen-high, else the better hand, or void."""
    for mine, banker in [
        ("Qs 6d 4c", "Jh 9h 2c"),
        ("Qs 6d 4c", "Qh 6c 4d"),
        ("2c 2d 7h", "Ah Kd 3c"),
        ("Ah 2d 3c", "Ks Qd Jh"),
    ]:
        assert banker_outcome(mine.split(), banker.split()) == _play_result(mine.split(), banker.split())[1]


def test_bad_input_names_the_bad_value():
    """A hand of the wrong size, an unreadable card or decision is refused with the value named."""
    with pytest.raises(CardError, match="'Qs Qs 4c'"):
        BOOK.law("Qs Qs 4c")
    with pytest.raises(CardError, match="'Q'"):
        BOOK.law("Q 6d 4c")
    with pytest.raises(CardError, match="none of them the player's Qs 6d 4c"):
        BOOK.log_factors([(["Qs", "6d", "4c"], ["Qs", "9h", "2c"], "play")])
    with pytest.raises(InputError, match="'raise'"):
        BOOK.log_factors([(["Qs", "6d", "4c"], ["Jh", "9h", "2c"], "raise")])


def test_a_player_by_the_book_accrues_no_evidence():
    """Every decision the book's: no departure, the statistic stays at 0."""
    e = BOOK.evidence(simulate("book", 2000, seed=1, book=BOOK), 0.01, 2000)
    assert e.departures == 0 and e.flagged_at is None and not e.top.any()


@pytest.mark.parametrize("player", ["random", "plays-all", "mimics-dealer"])
def test_players_who_depart_on_their_own_cards_are_flagged_at_most_at_the_level(player):
    """Departures that follow a hunch or a fixed rule of his own cards: flagged in at most the level's share."""
    level, players, rounds = 0.1, 60, 400
    flagged = sum(
        BOOK.evidence(simulate(player, rounds, seed=100 + i, share=0.2, book=BOOK), level, rounds).flagged_at
        is not None
        for i in range(players)
    )
    assert flagged <= level * players


def test_a_player_who_sees_the_banker_cards_is_flagged():
    """A cheat who departs exactly when the banker's cards make it gain is flagged, within a few hundred hands;
    one who sees them in a tenth of hands later, but flagged too."""
    level, horizon = 0.01, 10_000
    full = [BOOK.evidence(simulate("cheat", 400, seed=i, book=BOOK), level, horizon).flagged_at for i in range(20)]
    assert all(f is not None for f in full)
    assert statistics.median(f for f in full if f is not None) <= 200
    some = [
        BOOK.evidence(simulate("cheat-some", 4000, seed=i, book=BOOK), level, horizon).flagged_at for i in range(10)
    ]
    assert sum(f is not None for f in some) >= 8


def test_the_plan_for_a_player_who_sees_the_banker_cards_is_his_mean_log_factor():
    """The exact drift per hand of the cheat is the mean of his simulated log factors (within 5 standard errors)."""
    drift = BOOK.seeing_drift()
    z = BOOK.log_factors(simulate("cheat", 20_000, seed=5, book=BOOK))
    for k, exact in enumerate(drift):
        assert abs(z[k].mean() - exact) <= 5 * z[k].std() / math.sqrt(z.shape[1])


#: Reg 8(8)(b): the Raise's odds by the player's hand (a royal flush paid as a straight flush).
RAISE = {0: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 7: 20, 8: 50, 9: 50}


def _five(hand: list[str]) -> tuple[int, tuple[int, ...]]:
    """(category 0 no pair .. 9 royal flush, tie ranks) of five cards under Schedule 2, written here."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in hand), reverse=True)
    counts = {r: ranks.count(r) for r in ranks}
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    flush = len({c[1] for c in hand}) == 1
    top = 0
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        return (9 if top == 14 else 8), (top,)
    if shape == [4, 1]:
        return 7, order
    if shape == [3, 2]:
        return 6, order
    if flush:
        return 5, order
    if top:
        return 4, (top,)
    return {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), order


@pytest.fixture(scope="module")
def stud():
    return StudBook()


@pytest.mark.parametrize(("hand", "up"), [("As Kd 7c 5h 2s", "9c"), ("Qs Qd 7c 5h 2s", "Kc"), ("2h 5h 9h Jh Kh", "Ah")])
def test_stud_gain_law_matches_every_hidden_banker_set_counted(stud, hand, up):
    """Casino stud: the gain's law on five cards against the up-card is what counting every one of the banker's
    C(46, 4) hidden sets gives, and each bet's factor has mean exactly 1 over them."""
    mine = hand.split()
    me = _five(mine)
    seen: dict[str, list] = {}
    total = Fraction(0)
    for hidden in itertools.combinations([c for c in DECK if c not in mine and c != up], 4):
        them = _five(list(hidden) + [up])
        if them[0] == 0 and them[1][:2] != (14, 13):
            r, name = Fraction(1), "banker does not qualify"
        elif me > them:
            r, name = Fraction(1 + 2 * RAISE[me[0]]), "player wins"
        elif me == them:
            r, name = Fraction(0), "void (equal hands)"
        else:
            r, name = Fraction(-3), "banker wins"
        seen.setdefault(name, [r, 0])[1] += 1
        total += r
    book = "raise" if total / 163185 > -1 else "fold"
    law = stud.law(hand, up)
    assert (law.book, stud.book(mine, up), law.hands) == (book, book, 163185)
    sign = -1 if book == "raise" else 1
    for name, gain, n in zip(OUTCOMES, law.gains, law.counts):
        assert n == seen.get(name, [None, 0])[1]
        if n:
            assert gain == sign * (seen[name][0] + 1)
    for k in range(len(BETS)):
        factors = [(law.factors(o)[k], n) for o, n in zip(OUTCOMES, law.counts) if n]
        assert sum(f * n for f, n in factors) / law.hands == 1 and min(f for f, _ in factors) >= Fraction(1, 2)


def test_stud_players_by_the_book_and_who_see_the_banker_cards(stud):
    """Casino stud: a player by the book accrues nothing; one who sees the banker's hidden cards is flagged."""
    with pytest.raises(CardError, match="'9c'"):
        stud.law("As Kd 7c 5h 9c", "9c")
    assert stud.evidence(simulate_stud("book", 500, seed=3, book=stud), 0.01, 10_000).departures == 0
    e = stud.evidence(simulate_stud("cheat", 200, seed=4, book=stud), 0.01, 10_000)
    assert e.flagged_at is not None and e.flagged_at < 200
