"""Super Pan 9 against independent derivations: a brute force over physical cards on a tiny shoe, and a
separate value-by-value enumeration (its own dealing order and drawing test) on one pack and on the full shoe."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations

import pytest

from oddscalc import api
from oddscalc.games.baccarat.cards import SUPER_PAN_9
from oddscalc.games.super_pan_9.engine import DRAW, STAND, solve
from oddscalc.games.super_pan_9.finite_bank import finite_law
from oddscalc.games.super_pan_9.hands import HOLDINGS
from oddscalc.games.super_pan_9.infinite_bank import infinite_law
from oddscalc.games.super_pan_9.player_bank import Table, evaluate
from tests.super_pan_9_reference import HOUSE, enumerate_values, house_draws, ordered_deals, settle


def brute_force(cards: list[int]) -> dict[tuple[int, ...], dict[str, tuple[Fraction, Fraction, Fraction]]]:
    """Per player value multiset: (P(win), P(tie), P(lose)) standing and drawing, dealing physical cards."""
    n = len(cards)
    sums: dict[tuple[int, ...], dict[str, list[Fraction]]] = defaultdict(
        lambda: {STAND: [Fraction(0)] * 3, DRAW: [Fraction(0)] * 3}
    )
    hands = 0
    for player in combinations(range(n), 3):
        rest = [i for i in range(n) if i not in player]
        p = sum(cards[i] for i in player) % 10
        key = tuple(sorted(cards[i] for i in player))
        for banker in combinations(rest, 3):
            left = [cards[i] for i in rest if i not in banker]
            b = sum(cards[i] for i in banker) % 10
            hands += 1
            # Standing: the banker's fourth card, if any, is any of the cards left.
            outcomes = [settle(p, (b + y) % 10) for y in left] if house_draws(b) else [settle(p, b)]
            for o in outcomes:
                sums[key][STAND][1 - o] += Fraction(1, len(outcomes))
            # Drawing: the player's fourth card x, then the banker's y from what is left after x.
            for j, x in enumerate(left):
                others = left[:j] + left[j + 1 :]
                outcomes = (
                    [settle((p + x) % 10, (b + y) % 10) for y in others]
                    if house_draws(b)
                    else [settle((p + x) % 10, b)]
                )
                for o in outcomes:
                    sums[key][DRAW][1 - o] += Fraction(1, len(left) * len(outcomes))
    per_banker = hands // len(list(combinations(range(n), 3)))
    return {
        k: {d: tuple(s / (per_banker * _multiplicity(cards, k)) for s in v[d]) for d in v} for k, v in sums.items()
    }, hands


def _multiplicity(cards: list[int], key: tuple[int, ...]) -> int:
    """How many physical three-card holdings have these values."""
    return sum(1 for c in combinations(range(len(cards)), 3) if tuple(sorted(cards[i] for i in c)) == key)


@pytest.mark.slow
def test_brute_force_over_physical_cards_on_a_tiny_shoe():
    cards = [0, 0, 0, 1, 1, 2, 3, 4, 4, 5, 6, 6]
    counts = [cards.count(v) for v in range(7)]
    found, _hands = brute_force(cards)
    sol = solve(counts)
    assert {h.cards for h in sol.holdings} == set(found)
    for h in sol.holdings:
        for decision in (STAND, DRAW):
            win, tie, lose = found[h.cards][decision]
            assert win + tie + lose == 1
            assert Fraction(h.outcome(decision)[0], h.continuations) == win
            assert Fraction(h.outcome(decision)[1], h.continuations) == tie
            assert h.ev(decision, HOUSE) == HOUSE * win - lose
    # Whole-game probabilities under the best play, weighting holdings by how many physical holdings have them.
    strategy = sol.strategy(HOUSE)
    total = len(list(combinations(range(len(cards)), 3)))
    expected = [sum(_multiplicity(cards, k) * v[strategy[k]][i] for k, v in found.items()) / total for i in range(3)]
    assert [Fraction(n, sol.total) for n in sol.outcome(strategy)] == expected


@pytest.mark.parametrize("packs", [1, 8])
def test_engine_matches_value_enumeration(packs):
    counts = list(SUPER_PAN_9.counts(packs))
    found = enumerate_values(counts)
    sol = solve(counts)
    assert len(sol.holdings) == len(found) == 84
    for h in sol.holdings:
        for decision in (STAND, DRAW):
            win, tie, lose, denominator = found[h.cards][decision]
            assert denominator == h.continuations
            assert h.outcome(decision) == (win, tie, lose)


@pytest.mark.slow
def test_full_shoe_results_and_strategy():
    a = api.analyse("super-pan-9", "1994")
    strategy = next(x for x in a.extras if "by three-card point" in x.title)
    # On the full 288-card shoe the player's best play is the House's own rule: draw on 0-5, stand on 6-9.
    for point, _holdings, house, player_bank in strategy.rows:
        assert house.startswith("draw (all" if point <= 5 else "stand (all")
        assert player_bank.startswith("draw (all" if point <= 5 else "stand (all")
    assert "depends only on the three-card point" in strategy.note
    initial = a.result("initial")
    # Same rule on both sides: the hand is symmetric, so the House's edge at 19 to 20 is exactly P(win) / 20.
    assert initial.edge() == initial.distribution.p_win / 20
    assert initial.edge("resolved") == Fraction(1, 40)
    tie = a.result("tie")
    assert tie.edge() == 1 - 8 * tie.distribution.p_win
    # A player's bank on the House's rule is the same symmetric hand against each opposing hand: the 1 to 1
    # wager is exactly fair however many hands there are.
    for hands in ("2", "3"):
        fair = api.analyse(
            "super-pan-9", "1994", wager="initial-player-bank", rules={"bank-play": "house-rule", "hands": hands}
        )
        assert fair.results[0].distribution.mean == 0
    # Against one hand (reg 9(5) gives such a bank to the House: a custom rule set) the levy is 5% of each won
    # unit, so the player-banker loses exactly P(bank wins) / 20.
    one = api.analyse("super-pan-9", "1994", rules={"bank-play": "house-rule", "hands": "1"}, custom=True)
    assert one.custom
    banker, player_bank = one.result("player-banker"), one.result("initial-player-bank")
    assert banker.distribution.mean == -player_bank.distribution.p_win / 20
    assert banker.distribution.as_dict()[Fraction(19, 20)] == player_bank.distribution.p_loss


def test_a_payout_of_nothing_keeps_the_won_hands_at_net_zero():
    """A user's 0 to 1 puts the won hands at net 0 beside the voided equal points (not dropped, as a mapping
    keyed by net return once did): the law agrees with the hand's own events, won and lost."""
    pay = {"initial": "0:1", "initial-player-bank": "0:1"}
    a = api.analyse("super-pan-9", "1994", pay=pay)
    for key, lose in (("initial", "banker's hand higher"), ("initial-player-bank", "the bank wins")):
        r = a.result(key)
        lost = dict(r.events)[lose]
        assert r.distribution.as_dict() == {Fraction(-1): lost, Fraction(0): 1 - lost}


def test_versions_and_custom_shoe():
    with pytest.raises(ValueError, match="does not permit"):
        api.analyse("super-pan-9", "2007")
    with pytest.raises(ValueError, match="custom=True"):
        api.analyse("super-pan-9", "1994", rules={"decks": "1"})
    a = api.analyse("super-pan-9", "1994", wager="initial", rules={"decks": "1"}, custom=True)
    assert a.custom


@pytest.mark.parametrize("removed,needle", [("7", "'7'"), ("10", "'10'"), ("K," * 97, "'K'")])
def test_bad_removed_cards_are_one_line_value_errors(removed, needle):
    with pytest.raises(ValueError) as info:
        api.analyse("super-pan-9", "1994", rules={"removed": removed})
    assert needle in str(info.value) and "\n" not in str(info.value)


def test_composition_query_matches_enumeration():
    removed = ("6",) * 20 + ("5",) * 20 + ("0",) * 3
    left = list(SUPER_PAN_9.shoe(8, removed).counts)
    found = enumerate_values(left)
    a = api.analyse("super-pan-9", "1994", wager="initial", rules={"removed": ",".join(removed)})
    best = {h: max((STAND, DRAW), key=lambda d: (HOUSE * v[d][0] - v[d][2], d == STAND)) for h, v in found.items()}
    weights = {h: ordered_deals(left, h) for h in found}
    total = sum(weights.values()) * next(iter(found.values()))[STAND][3]
    win = sum(weights[h] * found[h][best[h]][0] for h in found)
    assert a.result("initial").distribution.p_win == Fraction(win, total)


def test_player_banker_best_response_matches_published_strategy():
    """Wizard of Odds, "Super Pan 9" (wizardofodds.com/games/super-pan-9): the player hits 0-5 and stands 6-9; the
    banker, if the player hits, hits 0-5; if the player stands, hits 0-6 (his analysis is of a 12-pack shoe and
    one hand, which reg 9(5) does not allow a player's bank: a custom rule set here)."""
    a = api.analyse("super-pan-9", "1994", wager="player-banker", rules={"hands": "1"}, custom=True)
    table = next(x for x in a.extras if "player-banker's fourth card" in x.title)
    assert table.columns[1:] == ("0 drew", "1 drew")
    for point, stood, drew in table.rows:
        assert stood == ("draw" if point <= 6 else "stand")
        assert drew == ("draw" if point <= 5 else "stand")


def infinite_house_bank(counts: list[int], pays: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """(P(win), P(tie), P(lose)) of the initial wager at `pays` against the House's bank in the infinite-shoe model,
    worked here by points: every card drawn independently in the shoe's proportions, so the player's three-card
    point is all his decision can turn on; he draws only when that is strictly better."""
    card = {v: Fraction(n, sum(counts)) for v, n in enumerate(counts) if n}
    three: dict[int, Fraction] = defaultdict(Fraction)
    for a in card:
        for b in card:
            for c in card:
                three[(a + b + c) % 10] += card[a] * card[b] * card[c]
    banker: dict[int, Fraction] = defaultdict(Fraction)
    for point, p in three.items():
        for final, q in (((point + y) % 10, card[y]) for y in card) if house_draws(point) else ((point, 1),):
            banker[final] += p * q

    def chances(finals: dict[int, Fraction]) -> list[Fraction]:
        out = [Fraction(0)] * 3  # win, tie, lose
        for final, p in finals.items():
            for bank, q in banker.items():
                out[1 - settle(final, bank)] += p * q
        return out

    total = [Fraction(0)] * 3
    for point, p in three.items():
        draw: dict[int, Fraction] = defaultdict(Fraction)
        for x, q in card.items():
            draw[(point + x) % 10] += q
        stand, drawn = chances({point: Fraction(1)}), chances(draw)
        best = drawn if pays * drawn[0] - drawn[2] > pays * stand[0] - stand[2] else stand
        total = [t + p * b for t, b in zip(total, best)]
    return total[0], total[1], total[2]


def finite_house_bank(counts: list[int], pays: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """The same on the finite shoe, from the value-by-value enumeration above (the best decision per holding; on an
    exact tie, stand)."""
    found = enumerate_values(counts)
    weights = {h: ordered_deals(counts, h) for h in found}
    total = sum(weights.values()) * next(iter(found.values()))[STAND][3]
    out = []
    for i in range(3):
        out.append(
            Fraction(
                sum(
                    weights[h] * max((v[STAND], v[DRAW]), key=lambda o: pays * o[0] - o[2])[i] for h, v in found.items()
                ),
                total,
            )
        )
    return out[0], out[1], out[2]


MODEL_WORDS = {"finite": "finite shoe, exact", "infinite": "infinite shoe (cards drawn with replacement"}


@pytest.mark.parametrize(
    "rules,house,bank",
    [
        ({"model": "infinite"}, "infinite", "infinite"),
        ({"model": "auto"}, "finite", "finite"),
        ({"model": "finite"}, "finite", "finite"),
        ({"model": "auto", "hands": "5"}, "finite", "infinite"),
    ],
)
def test_each_wager_names_the_shoe_model_its_figures_come_from(rules, house, bank):
    """Every wager's notes name the shoe model its figures were computed under, the figures are that
    model's (worked here independently for the House's bank; the bank's law under each model for a player's), and
    the assumptions name no model a wager did not use. `model=infinite` solves the House's bank in that model."""
    counts = list(SUPER_PAN_9.counts(8))
    a = api.analyse("super-pan-9", "1994", rules=rules)
    for key, used in (("initial", house), ("tie", house), ("initial-player-bank", bank), ("player-banker", bank)):
        notes = " ".join(a.result(key).notes)
        assert MODEL_WORDS[used] in notes and all(w not in notes for m, w in MODEL_WORDS.items() if m != used), key
    house_figures = {"finite": finite_house_bank(counts, HOUSE), "infinite": infinite_house_bank(counts, HOUSE)}
    assert house_figures["infinite"][0] == Fraction(6317534, 14348907)  # the figure derived above
    win, tie, _ = house_figures[house]
    assert (a.result("initial").distribution.p_win, a.result("tie").distribution.p_win) == (win, tie)
    assert house_figures["finite"][:2] != house_figures["infinite"][:2]
    hands = int(rules.get("hands", "2"))
    plays = {h: DRAW if sum(h) % 10 <= 5 else STAND for h in HOLDINGS}  # the full shoe's best play at 1 to 1
    laws = {"infinite": infinite_law} | ({"finite": finite_law} if hands <= 4 else {})
    bank_figures = {
        m: evaluate(law(tuple(counts), plays, hands), Table(hands), Fraction(1, 20)).ordinary for m, law in laws.items()
    }
    found = a.result("initial-player-bank").distribution
    assert (found.p_win, found.p_push, found.p_loss) == bank_figures[bank]
    assert len(set(bank_figures.values())) == len(bank_figures)  # the models differ: the check has teeth
    said = next(s for s in a.assumptions if s.startswith("shoe model:")).split("beyond); ")[1]
    for model, words in MODEL_WORDS.items():
        assert (words in said) == (model in (house, bank)), said


def test_the_infinite_shoe_model_follows_a_depleted_shoe():
    """`model=infinite` on a composition: the House-bank wager in the infinite-shoe model of what is left."""
    removed = ("6",) * 20 + ("5",) * 20 + ("0",) * 3
    left = list(SUPER_PAN_9.shoe(8, removed).counts)
    a = api.analyse("super-pan-9", "1994", wager="initial", rules={"removed": ",".join(removed), "model": "infinite"})
    win, tie, lose = infinite_house_bank(left, HOUSE)
    d = a.result("initial").distribution
    assert (d.p_win, d.p_push, d.p_loss) == (win, tie, lose)
