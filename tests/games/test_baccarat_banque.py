"""Baccarat banque against independent derivations: an evaluator written here card by card in Fractions
(not by totals, not through the engine's weights), a cross-check of one hand against the chemin de fer engine,
and the banker's best response certified cell by cell."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest

from oddscalc import api
from oddscalc.games.baccarat.tableau import STOOD
from oddscalc.games.baccarat_banque.coups import NATURAL, banque_counts, banque_counts_finite
from oddscalc.games.baccarat_banque.response import BEST, FIXED, joint_outcome, policy
from oddscalc.games.chemin_de_fer import solve as S
from oddscalc.games.chemin_de_fer.wager_figures import counts_for

F = Fraction
W = [4] + [1] * 9  # one card's weight out of 13 (ten-values 16 of 52)


def cmp(a: int, b: int) -> int:
    return (a > b) - (a < b)


def hand_outcomes(draw5: bool):
    """Card by card: {(action, final): weight out of 13^3} of one opposing hand facing a banker without a
    natural (a hand that does not draw leaves its third slot unused: weight 13)."""
    out: dict = {}
    for c1 in range(10):
        for c2 in range(10):
            t = (c1 + c2) % 10
            w = W[c1] * W[c2]
            if t >= 8:
                out[(NATURAL, t)] = out.get((NATURAL, t), 0) + 13 * w
            elif t <= 4 or (t == 5 and draw5):
                for c3 in range(10):
                    key = (c3, (t + c3) % 10)
                    out[key] = out.get(key, 0) + w * W[c3]
            else:
                out[(STOOD, t)] = out.get((STOOD, t), 0) + 13 * w
    return out


@lru_cache(maxsize=2)
def independent(draw5: bool):
    """(naturals 3x3, {cell: {action: 3x3}}) of (right, left) results, integer weights out of 13^9."""
    hands = hand_outcomes(draw5)
    banker = [0] * 10
    for b1 in range(10):
        for b2 in range(10):
            banker[(b1 + b2) % 10] += W[b1] * W[b2]
    naturals = [[0] * 3 for _ in range(3)]
    for b in (8, 9):
        for r1 in range(10):
            for r2 in range(10):
                for l1 in range(10):
                    for l2 in range(10):
                        naturals[cmp((r1 + r2) % 10, b) + 1][cmp((l1 + l2) % 10, b) + 1] += (
                            banker[b] * W[r1] * W[r2] * W[l1] * W[l2] * 13**3
                        )
    cells: dict = {}
    for b in range(8):
        for (ar, fr), pr in hands.items():
            for (al, fl), pl in hands.items():
                w = banker[b] * pr * pl
                cell = cells.setdefault((b, ar, al), {0: [[0] * 3 for _ in range(3)], 1: [[0] * 3 for _ in range(3)]})
                for action, finals in ((0, ((b, 13),)), (1, tuple(((b + y) % 10, W[y]) for y in range(10)))):
                    for final, wy in finals:
                        rr = 1 if ar == NATURAL else cmp(fr, final)
                        rl = 1 if al == NATURAL else cmp(fl, final)
                        cell[action][rr + 1][rl + 1] += w * wy
    return naturals, cells


def joint_for(draw5: bool, rule):
    naturals, cells = independent(draw5)
    joint = [list(r) for r in naturals]
    for cell, tallies in cells.items():
        t = tallies[int(rule(*cell))]
        for i in range(3):
            for j in range(3):
                joint[i][j] += t[i][j]
    return [[F(n, 13**9) for n in row] for row in joint]


def bank_gain(tally) -> int:
    return -sum(tally[i][j] * ((i - 1) + (j - 1)) for i in range(3) for j in range(3))


@pytest.mark.parametrize("draw5", [True, False])
def test_fixed_policy_matches_independent_evaluator(draw5):
    counts = banque_counts(draw5)
    joint = joint_outcome(counts, policy(counts, FIXED))
    assert [list(r) for r in joint] == joint_for(draw5, lambda b, ar, al: b <= 5)


def test_best_response_is_certified_cell_by_cell():
    counts = banque_counts(True)
    actions = policy(counts, BEST)
    assert [list(r) for r in joint_outcome(counts, actions)] == joint_for(True, lambda *cell: actions[cell])
    for cell, tallies in independent(True)[1].items():
        gains = {a: bank_gain(tallies[a]) for a in (0, 1)}
        assert gains[actions[cell]] == max(gains.values()), cell


def test_one_hand_matches_chemin_de_fer_engine():
    """Against the banker who draws on 0-5 whatever he sees, one banque hand is a chemin de fer coup: the
    chemin de fer engine (its own weights and cells) with the player drawing on 5 gives the same results."""
    counts = counts_for("infinite")
    prof = S.Profile(F(1), {k: F(int(k[0] <= 5)) for k in counts.cells})
    bw, tie, pw = S.outcome(counts, prof)
    banque = banque_counts(True)
    joint = joint_outcome(banque, policy(banque, FIXED))
    assert (sum(joint[0]), sum(joint[1]), sum(joint[2])) == (bw, tie, pw)


def arrangements(values):
    """Every distinct ordering of a multiset of values (each stands for prod(m!) orderings of the cards)."""
    if not values:
        yield ()
        return
    for v in sorted(set(values)):
        rest = list(values)
        rest.remove(v)
        for tail in arrangements(rest):
            yield (v, *tail)


TINY = (3, 1, 1, 0, 1, 1, 0, 1, 0, 1)  # nine cards: 0,0,0,1,2,4,5,7,9


@pytest.mark.slow
@pytest.mark.parametrize("draw5", [True, False])
def test_finite_shoe_by_physical_card_orders(draw5):
    """The finite-shoe engine on nine cards against every ordering of them, tallied here by the rules."""
    values = [v for v, n in enumerate(TINY) for _ in range(n)]
    repeats = 6  # 3! orderings of the three ten-values per distinct value sequence
    cells, naturals = {}, [[0] * 3 for _ in range(3)]
    for b1, b2, r1, r2, l1, l2, xr, xl, y in arrangements(values):
        b, tr, tl = (b1 + b2) % 10, (r1 + r2) % 10, (l1 + l2) % 10
        if b >= 8:
            naturals[cmp(tr, b) + 1][cmp(tl, b) + 1] += repeats
            continue

        def play(t, x):
            if t >= 8:
                return NATURAL, None
            if t <= 4 or (t == 5 and draw5):
                return x, (t + x) % 10
            return STOOD, t

        (ar, fr), (al, fl) = play(tr, xr), play(tl, xl)
        entry = cells.setdefault((b, ar, al), [[[0] * 3 for _ in range(3)] for _ in range(2)])
        for action, final in ((0, b), (1, (b + y) % 10)):
            rr = 1 if fr is None else cmp(fr, final)
            rl = 1 if fl is None else cmp(fl, final)
            entry[action][rr + 1][rl + 1] += repeats
    counts = banque_counts_finite(TINY, draw5)
    assert [list(r) for r in counts.naturals] == naturals
    assert {k: [[list(r) for r in m] for m in v] for k, v in counts.cells.items()} == cells


def test_api_wagers_and_void_rule():
    a = api.analyse("baccarat-banque", "1994", rules={"decks": "infinite"}, custom=True)
    right, left, both = a.result("right"), a.result("left"), a.result("both")
    assert right.distribution == left.distribution  # the two hands are symmetric
    counts = banque_counts(True)
    joint = joint_outcome(counts, policy(counts, BEST))
    d = both.distribution
    assert d.p_win == joint[2][2] and d.p_loss == joint[0][0]
    assert d.p_push == 1 - joint[2][2] - joint[0][0]  # reg 6(4)(b): void on any draw or a split
    assert right.edge("initial") > 0 and both.edge("resolved") > 0
    fixed = api.analyse("baccarat-banque", "2002", rules={"banker": "draw-0-5", "decks": "infinite"}, custom=True)
    assert fixed.result("right").edge("initial") < right.edge("initial")  # the best response earns the bank more
    with pytest.raises(ValueError):
        api.analyse("baccarat-banque", "2007")
    with pytest.raises(ValueError):
        api.analyse("baccarat-banque", "1994", rules={"decks": "infinite"})  # a model: needs custom
    with pytest.raises(ValueError):
        api.analyse("baccarat-banque", "1994", rules={"decks": "9"})
    with pytest.raises(ValueError):
        api.analyse("baccarat-banque", "1994", rules={"banker": "clever"})


def test_a_payout_of_nothing_keeps_the_won_coups_at_net_zero():
    """A user's 0 to 1 puts the won coups at net 0 beside the void ones (not dropped, as a mapping keyed by net
    return once did: its void entry 0 replaced the wins')."""
    counts = banque_counts(True)
    joint = joint_outcome(counts, policy(counts, BEST))
    pay = {"right": "0:1", "both": "0:1"}
    a = api.analyse("baccarat-banque", "1994", rules={"decks": "infinite"}, pay=pay, custom=True)
    right_lost, both_lost = sum(joint[0]), joint[0][0]
    assert a.result("right").distribution.as_dict() == {Fraction(-1): right_lost, Fraction(0): 1 - right_lost}
    assert a.result("both").distribution.as_dict() == {Fraction(-1): both_lost, Fraction(0): 1 - both_lost}


def test_symmetric_rules_give_no_edge():
    """A banker who draws on 0-5 and stands on 6-7 whatever he sees plays each hand's own rule: each one-hand
    wager is then a symmetric contest (cards exchangeable), so P(hand wins) = P(banker wins) exactly."""
    counts = banque_counts(True)
    joint = joint_outcome(counts, policy(counts, FIXED))
    assert sum(joint[2]) == sum(joint[0])
    tiny = banque_counts_finite(TINY, True)
    joint = joint_outcome(tiny, policy(tiny, FIXED))
    assert sum(joint[2]) == sum(joint[0])


def test_summary_cache_round_trip_and_default_shoe():
    """The cached summary decodes to what was computed (nine-card shoe), and the default six-pack analysis (read
    from the shipped data `oddscalc/data/banque-6-packs-*.json.xz`, or recomputed in about 10 s if it is stale)
    is consistent: the two hands symmetric, the both-hands wager void exactly as reg 6(4)(b) says."""
    from oddscalc.games.baccarat_banque import response

    s = response._summarise(banque_counts_finite(TINY, True))
    assert response._decode(response._encode(s)) == s
    a = api.analyse("baccarat-banque", "1994")
    joint = response.summary("6", True).joints[BEST]
    assert a.result("right").distribution == a.result("left").distribution
    both = a.result("both").distribution
    assert both.p_win == joint[2][2] and both.p_push == 1 - joint[2][2] - joint[0][0]
