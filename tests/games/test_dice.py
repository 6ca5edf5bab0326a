"""Dice (Sch 1) against an independent enumeration of throw sequences, and closed forms worked by hand.

The enumerator below judges a whole sequence of throws from the Schedule's wording, knowing nothing
of the solver's states; sequences still undecided at the depth limit are counted as unresolved mass,
so the solver's exact value must lie within [decided wins, decided wins + unresolved].
"""

from fractions import Fraction as F

import pytest

from oddscalc import api

# Each throw as (total, both dice alike) with its count among the 36 ordered throws.
THROW_CLASSES = {}
for a in range(1, 7):
    for b in range(1, 7):
        key = (a + b, a == b)
        THROW_CLASSES[key] = THROW_CLASSES.get(key, 0) + 1
WAYS = {t: sum(n for (s, _), n in THROW_CLASSES.items() if s == t) for t in range(2, 13)}


def judge(wager, seq):
    """'win', 'lose' or None (not yet decided) for a sequence of (total, double) throws, read from the start."""
    kind, point = wager.param("kind"), wager.param("point")
    totals = [t for t, _ in seq]
    if kind == "pass":
        first = totals[0]
        if first in (7, 11):
            return "win"
        if first in (2, 3, 12):
            return "lose"
        for t in totals[1:]:
            if t == first:
                return "win"
            if t == 7:
                return "lose"
        return None
    if kind == "dont-pass-bar-2":
        rest = list(totals)
        while rest and rest[0] == 2:  # "disregarding any throw giving a score of 2"
            rest.pop(0)
        if not rest:
            return None
        first = rest[0]
        if first in (7, 11):
            return "lose"
        if first in (3, 12):
            return "win"
        for t in rest[1:]:
            if t == 7:
                return "win"
            if t == first:
                return "lose"
        return None
    if kind in ("odds", "place"):
        for t in totals:
            if t == point:
                return "win" if wager.param("side") == "do" else "lose"
            if t == 7:
                return "lose" if wager.param("side") == "do" else "win"
        return None
    if kind == "hard":
        for t, double in seq:
            if t == point:
                return "win" if double else "lose"
            if t == 7:
                return "lose"
        return None
    if kind in ("set", "field"):
        return "win" if totals[0] in wager.param("totals") else "lose"
    if kind == "hop":
        raise AssertionError("hops are checked on faces below")
    raise AssertionError(kind)


def enumerate_sequences(wager, depth):
    """(P(win), P(lose), P(undecided after `depth` throws)) by listing every throw sequence up to `depth`."""
    win = lose = F(0)
    frontier = [((), F(1))]
    for _ in range(depth):
        nxt = []
        for seq, p in frontier:
            for cls, n in THROW_CLASSES.items():
                s, q = seq + (cls,), p * F(n, 36)
                verdict = judge(wager, s)
                if verdict == "win":
                    win += q
                elif verdict == "lose":
                    lose += q
                else:
                    nxt.append((s, q))
        frontier = nxt
    return win, lose, sum((p for _, p in frontier), F(0))


def signature(wager):
    """The facts `judge` reads: wagers alike in these are enumerated once."""
    return (wager.param("kind"), wager.param("side"), wager.param("point"), wager.param("totals"))


@pytest.mark.slow
def test_every_dice_wager_against_sequence_enumeration():
    results = api.analyse("dice", "1994").results
    assert {r.wager.key for r in results} >= {"win", "come", "dont-win-bar-2", "craps", "field", "single-2"}
    enumerated = {}
    for r in results:
        key = signature(r.wager)
        if key not in enumerated:
            enumerated[key] = enumerate_sequences(r.wager, 4)
        win, lose, open_ = enumerated[key]
        p_win = r.distribution.p_win
        assert win <= p_win <= win + open_, r.wager.key
        assert lose <= r.distribution.p_loss <= lose + open_, r.wager.key
        if open_ == 0:
            assert p_win == win, r.wager.key


def test_2002_keeps_the_1994_wagers():
    old = {r.wager.key: r.distribution for r in api.analyse("dice", "1994").results}
    new = {r.wager.key: r.distribution for r in api.analyse("dice", "2002").results if r.wager.key in old}
    assert new == old


def test_hops_against_the_36_faces():
    for r in api.analyse("dice", "2002").results:
        if r.wager.param("kind") != "hop":
            continue
        a, b = r.wager.param("faces")
        ways = sum(1 for x in range(1, 7) for y in range(1, 7) if sorted((x, y)) == [a, b])
        assert ways == (1 if a == b else 2)
        assert r.distribution.p_win == F(ways, 36)
        assert r.edge() == 1 - (1 + r.wager.pay()) * F(ways, 36)


def test_no_hops_before_2002():
    assert not [w for w in api.wagers("dice", "1994") if w.key.startswith("hop")]
    assert len([w for w in api.wagers("dice", "2002") if w.key.startswith("hop")]) == 21


def point_sum(fn):
    return sum((F(WAYS[p], 36) * fn(p) for p in (4, 5, 6, 8, 9, 10)), F(0))


def test_win_closed_form():
    # P(win) = 8/36 + sum over points of P(point) * ways(p)/(ways(p)+6): the classic 244/495.
    r = api.analyse("dice", "1994", "win").results[0]
    p = F(8, 36) + point_sum(lambda p: F(WAYS[p], WAYS[p] + 6))
    assert p == F(244, 495)
    assert r.distribution.p_win == p
    assert r.edge() == 1 - 2 * p
    # Expected throws: the come-out, then 36/(ways+6) more while a point is open.
    rolls = 1 + point_sum(lambda p: F(36, WAYS[p] + 6))
    assert r.edge("per-roll") == r.edge() / rolls
    # With the largest behind wager (equal to the flat stake, Sch 1 para 1(2)); behind odds are fair.
    assert r.edge("total-staked") == r.edge() / (1 + point_sum(lambda p: F(1)))


def test_dont_win_bar_2_closed_form():
    # Disregarding 2s, the first throw is one of the other 35; 3 or 12 win, 7 or 11 lose.
    r = api.analyse("dice", "1994", "dont-win-bar-2").results[0]
    ways = {p: F(WAYS[p], 35) for p in (4, 5, 6, 8, 9, 10)}
    p_win = F(3, 35) + sum(q * F(6, WAYS[p] + 6) for p, q in ways.items())
    assert r.distribution.p_win == p_win
    assert r.distribution.p_push == 0
    lay_stake = {4: 2, 10: 2, 5: F(3, 2), 9: F(3, 2), 6: F(6, 5), 8: F(6, 5)}  # to win the flat stake
    assert r.edge("total-staked") == r.edge() / (1 + sum(q * lay_stake[p] for p, q in ways.items()))


@pytest.mark.parametrize("point", [4, 5, 6, 8, 9, 10])
def test_place_bets_closed_form(point):
    n = WAYS[point]
    win = api.analyse("dice", "1994", f"place-to-win-{point}").results[0]
    lose = api.analyse("dice", "1994", f"place-to-lose-{point}").results[0]
    assert win.distribution.p_win == F(n, n + 6)
    assert lose.distribution.p_win == F(6, n + 6)
    assert win.edge("per-roll") == win.edge() / F(36, n + 6)


def test_place_bet_on_4_edge_by_hand():
    # 9½ to 5 on 4: win 1/3 of the time: EV = 19/10 * 1/3 - 2/3 = -1/30.
    assert api.analyse("dice", "1994", "place-to-win-4").results[0].edge() == F(1, 30)


@pytest.mark.parametrize("point,pays", [(4, F(15, 2)), (6, F(19, 2))])
def test_hard_ways_closed_form(point, pays):
    # One hard throw against (ways-1) easy throws and six 7s.
    r = api.analyse("dice", "1994", f"hard-{point}").results[0]
    p = F(1, 1 + (WAYS[point] - 1) + 6)
    assert r.distribution.p_win == p
    assert r.edge() == 1 - (1 + pays) * p


def test_craps_reconstructed_and_field_by_hand():
    craps = api.analyse("dice", "1994", "craps").results[0]
    assert craps.wager.reconstructions  # "7(r) to 1" read as 7 to 1
    assert craps.edge() == 1 - 8 * F(4, 36)
    field = api.analyse("dice", "1994", "field").results[0]
    ev = (
        3 * WAYS[12] + 2 * WAYS[2] + sum(WAYS[t] for t in (3, 4, 9, 10, 11)) - sum(WAYS[t] for t in (5, 6, 7, 8))
    ) / F(36)
    assert field.distribution.mean == ev
