"""Punto banco against independent derivations: published counts, a separate nested-loop enumeration with
its own drawing function, and a brute force over physical card sequences on a tiny shoe."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from oddscalc import api
from oddscalc.games import punto_banco
from tests.punto_banco_reference import PUBLISHED, banker_draws_independent, enumerate_independent, winner


def pack_counts(decks: int) -> list[int]:
    return [16 * decks] + [4 * decks] * 9


@pytest.mark.parametrize("decks", [6, 8])
def test_engine_matches_published_counts(decks):
    joint = punto_banco.counts_for(decks)
    assert (joint.banker, joint.player, joint.tie) == PUBLISHED[decks]
    assert joint.total == sum(PUBLISHED[decks])


@pytest.mark.parametrize(
    "decks,removed",
    [(1, ()), (6, ()), (8, ()), (8, ("9", "9", "8", "8", "0", "0")), (1, ("K", "Q", "J", "T", "A", "5", "5", "5"))],
)
def test_engine_matches_independent_enumeration(decks, removed):
    counts = pack_counts(decks)
    for card in removed:
        counts[{"K": 0, "Q": 0, "J": 0, "T": 0, "A": 1}.get(card, None) if card in "KQJTA" else int(card)] -= 1
    joint = punto_banco.counts_for(decks, removed)
    assert (joint.banker, joint.player, joint.tie, joint.total) == enumerate_independent(counts)


def test_brute_force_over_physical_cards_on_a_tiny_shoe():
    """Every ordered sequence of six physical cards from an 11-card shoe, played out card by card."""
    cards = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 9]  # three ten-values and one each of A-7 and 9; no 8
    res = [0, 0, 0]
    for p1, b1, p2, b2, c5, c6 in itertools.permutations(cards, 6):
        p, b = (p1 + p2) % 10, (b1 + b2) % 10
        if p < 8 and b < 8:
            third = None
            if p <= 5:
                third, p, nxt = c5, (p + c5) % 10, c6
            else:
                nxt = c5
            if banker_draws_independent(b, third):
                b = (b + nxt) % 10
        res[winner(p, b)] += 1
    # The engine gets the shoe as "one pack less" the missing cards.
    removed = ["T"] * 13 + ["A"] * 3 + [str(v) for v in range(2, 8) for _ in range(3)] + ["8"] * 4 + ["9"] * 3
    joint = punto_banco.counts_for(1, tuple(removed))
    assert (joint.banker, joint.player, joint.tie) == tuple(res)


def test_api_edges_8_decks_match_published():
    a = api.analyse("punto-banco", "1994", rules={"decks": "8"})
    bank, player, tie = PUBLISHED[8]
    total = bank + player + tie
    assert a.result("banker").edge() == -(Fraction(19, 20) * bank - player) / total
    assert a.result("player").edge() == -Fraction(player - bank, total)
    assert a.result("tie").edge() == -Fraction(8 * tie - bank - player, total)
    # Rounded published edges: banker 1.06%, player 1.24%, tie 14.36%.
    assert round(float(a.result("banker").edge()) * 100, 2) == 1.06
    assert round(float(a.result("player").edge()) * 100, 2) == 1.24
    assert round(float(a.result("tie").edge()) * 100, 2) == 14.36


def test_banker_distribution_and_commission():
    a = api.analyse("punto-banco", "2002", wager="banker", rules={"decks": "6"})
    r = a.result("banker")
    bank, player, tie = PUBLISHED[6]
    total = bank + player + tie
    assert r.distribution.as_dict() == {
        Fraction(-1): Fraction(player, total),
        Fraction(0): Fraction(tie, total),
        Fraction(19, 20): Fraction(bank, total),
    }
    table = next(x for x in a.extras if "commission" in x.title)
    expected = next(row[1] for row in table.rows if row[0].startswith("expected commission per hand"))
    assert expected == Fraction(bank, 20 * total)


def test_banker_wager_on_a_tie_is_a_rule_option_void_by_default():
    """Reg 6(7) admits the banker's-hand wager "notwithstanding paragraphs (3) and (4)": read without reg 6(4)'s
    void, a tie loses it. The published 8-pack counts give both readings' edges."""
    bank, player, tie = PUBLISHED[8]
    total = bank + player + tie
    void = api.analyse("punto-banco", "1994", "banker", rules={"decks": "8"})
    lose = api.analyse("punto-banco", "1994", "banker", rules={"decks": "8", "banker-tie": "lose"})
    assert dict(void.rules)["banker-tie"] == "void" and not lose.custom
    assert void.results[0].edge() == (player - Fraction(19, 20) * bank) / total
    assert lose.results[0].edge() == (player + tie - Fraction(19, 20) * bank) / total
    assert lose.results[0].distribution.p_push == 0
    assert any("banker-tie=lose" in s for s in lose.assumptions)
    assert any("banker-tie=void" in s and "default void" in s for s in void.assumptions)


@pytest.mark.parametrize("bets_on", ["player", "banker"])
def test_a_payout_of_nothing_keeps_the_won_deals_at_net_zero(bets_on):
    """A user's 0 to 1 (`--pay player=0:1`) puts the won deals at net 0 beside the voided ties. The law was once
    built as a mapping keyed by net return, where the ties' entry 0 replaced the wins' and their weight was lost:
    P(lose) came out as lost / (lost + tie) instead of lost / total."""
    bank, player, tie = PUBLISHED[6]
    lost = Fraction(bank if bets_on == "player" else player, bank + player + tie)
    a = api.analyse("punto-banco", "2002", wager=bets_on, pay={bets_on: "0:1"})
    assert a.results[0].distribution.as_dict() == {Fraction(-1): lost, Fraction(0): 1 - lost}


def test_default_is_six_decks_and_stated():
    a = api.analyse("punto-banco", "2007")
    assert dict(a.rules)["decks"] == "6"
    assert any("default is 6" in s for s in a.assumptions)
    assert api.table_rule_sets("punto-banco", "1994") == ({"decks": "6"}, {"decks": "8"})


@pytest.mark.parametrize("removed,needle", [("9,X", "'X'"), ("A," * 33, "'A'")])
def test_bad_removed_cards_are_one_line_value_errors(removed, needle):
    with pytest.raises(ValueError) as info:
        api.analyse("punto-banco", "1994", rules={"decks": "1", "removed": removed})
    message = str(info.value)
    assert needle in message and "\n" not in message


def test_a_shoe_of_one_point_value_ties_every_round():
    """Six or more cards all worth 0 deal 0 against 0 every round: the banker and player wagers push, the tie
    wins its full-shoe payout every time (not refused as having no resolved wager)."""
    full = api.analyse("punto-banco", "2002", rules={"decks": "8"}).result("tie").distribution
    tie_pays = max(r for r, _ in full.outcomes)
    values = api.composition_values("punto-banco", "2002", (8,) + (0,) * 9)
    assert values == {"player": 0, "banker": 0, "tie": tie_pays}
