"""Big Six against the compartment counts of reg 11(5), reconstructed odds marked as such."""

from fractions import Fraction as F

import pytest

from oddscalc import api


def test_compartments_total_52_and_edges_match_hand_count():
    results = api.analyse("big-six", "2002").results
    assert sum(r.wager.param("compartments") for r in results) == 52
    for r in results:
        n, pays = r.wager.param("compartments"), r.wager.pay()
        assert r.edge() == (52 - n - pays * n) / F(52)
        assert r.wager.reconstructions, "every Big Six figure comes from the gaps list"


def test_symbol_g_by_hand():
    # 24 of 52 compartments at 1 to 1: lose 28, win 24, so the edge is 4/52 = 1/13.
    assert api.analyse("big-six", "2002", "G").results[0].edge() == F(1, 13)


def test_pay_override_is_custom():
    a = api.analyse("big-six", "2002", "A", pay={"A": "45:1"})
    assert a.custom
    assert a.results[0].edge() == F(52 - 1 - 45, 52)


def test_big_six_not_in_1994():
    with pytest.raises(ValueError, match="does not permit 'big-six'"):
        api.analyse("big-six", "1994")
