"""The shared baccarat core: card labels, the tableau as data, and deal weights over a composition."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from oddscalc.games.baccarat import (
    PUNTO_BANCO,
    PUNTO_BANCO_TABLEAU,
    STOOD,
    SUPER_PAN_9,
    CardError,
    deal_weights,
    hand_total,
    joint_counts,
    ordered_deals,
    parse_cards,
)
from tests.punto_banco_reference import banker_draws_independent


def test_tableau_matches_the_rules_in_words():
    for point in range(10):
        assert PUNTO_BANCO_TABLEAU.player_draws[point] == (point <= 5)
    for banker in range(8):
        assert PUNTO_BANCO_TABLEAU.banker_draws[banker][STOOD] == banker_draws_independent(banker, None)
        for third in range(10):
            assert PUNTO_BANCO_TABLEAU.banker_draws[banker][third] == banker_draws_independent(banker, third)


def test_tableau_variant_for_games_with_choices():
    variant = PUNTO_BANCO_TABLEAU.with_cells(player={5: False}, banker={(3, 9): False})
    assert not variant.player_draws[5] and not variant.banker_draws[3][9]
    assert PUNTO_BANCO_TABLEAU.player_draws[5] and PUNTO_BANCO_TABLEAU.banker_draws[3][9]
    # A tableau in which the player never draws: the player wins only on a better two-card point.
    never = PUNTO_BANCO_TABLEAU.with_cells(player=dict.fromkeys(range(10), False))
    assert (
        joint_counts(PUNTO_BANCO.counts(1), never).player
        != joint_counts(PUNTO_BANCO.counts(1), PUNTO_BANCO_TABLEAU).player
    )


@pytest.mark.parametrize(
    "label,value",
    [("K", 0), ("q", 0), ("J", 0), ("T", 0), ("10", 0), ("0", 0), ("A", 1), ("1", 1), ("9", 9), (" 5 ", 5)],
)
def test_punto_banco_labels(label, value):
    assert PUNTO_BANCO.value_of(label) == value


@pytest.mark.parametrize("label", ["7", "8", "9", "T", "10", "X"])
def test_super_pan_9_has_no_sevens_to_tens(label):
    with pytest.raises(CardError, match="allowed: A or 1, 2-6"):
        SUPER_PAN_9.value_of(label)


def test_shoes_and_totals():
    assert PUNTO_BANCO.shoe(8).size == 416 and SUPER_PAN_9.shoe(8).size == 288
    assert SUPER_PAN_9.counts(8) == (96, 32, 32, 32, 32, 32, 32)
    assert hand_total([6, 5, 4]) == 5 and hand_total([9, 9]) == 8
    assert parse_cards("9,9, 8 8,0,,0") == ("9", "9", "8", "8", "0", "0")
    assert PUNTO_BANCO.shoe(1, ["K", "Q", "J", "T"]).counts[0] == 12
    with pytest.raises(CardError, match="cannot remove 'A'"):
        PUNTO_BANCO.shoe(1, ["A"] * 5)


def test_deal_weights_count_every_ordered_deal():
    rng = random.Random(7)
    for _ in range(5):
        counts = [rng.randrange(0, 6) for _ in range(10)]
        counts[0] += 6
        w = deal_weights(counts)
        assert w.dtype == np.int64 and int(w.sum()) == ordered_deals(sum(counts))
        # A value sequence needing more cards of a value than the shoe holds weighs nothing.
        short = next(v for v in range(10) if counts[v] < 6)
        assert w[(short,) * 6] == 0
        # Spot check one weight against the falling product worked by hand.
        seq = tuple(rng.randrange(10) for _ in range(6))
        left, expect = list(counts), 1
        for v in seq:
            expect *= max(left[v], 0)
            left[v] -= 1
        assert int(w[seq]) == expect


def test_joint_counts_refuses_a_shoe_too_small():
    with pytest.raises(ValueError, match="needs 6"):
        joint_counts([5] + [0] * 9, PUNTO_BANCO_TABLEAU)


def test_ordered_deals():
    assert ordered_deals(416) == 416 * 415 * 414 * 413 * 412 * 411
    assert Fraction(ordered_deals(10, 2)) == 90
