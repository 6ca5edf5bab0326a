"""The players' stakes test at punto banco tables: valid for bettors whose stakes follow the scorecard (flat,
Martingale, Paroli, follow the shoe), its group exact, a counter flagged, a restart losing nothing. The bettors,
the nets, the compositions and the bounds are written here, apart from the monitor."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np

from oddscalc import api
from oddscalc.monitor.card_table import CardTableMonitor
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.player_stakes import KAPPAS, block_permutations, compositions_before
from oddscalc.monitor.simulate import punto_banco_log
from oddscalc.monitor.state import State
from oddscalc.monitor.streams import statistical_tests
from tests.monitor_runs import run_table

LEVEL = Fraction(1, 100) / 150
SIDES = ("player", "banker", "tie")


def _points(card: str) -> int:
    """A card's point value from its rank: Ace 1, 2-9 their face, tens and court cards 0."""
    rank = card[:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() and int(rank) < 10 else 0


def _winner(rec: dict) -> str:
    p = sum(_points(c) for c in rec["player"]) % 10
    b = sum(_points(c) for c in rec["banker"]) % 10
    return "player" if p > b else "banker" if b > p else "tie"


def _net(side: str, stake: int, winner: str) -> Fraction:
    """The law's net: player 1 to 1, banker 19 to 20, tie 8 to 1; player and banker push on a tie."""
    if winner == "tie":
        return Fraction(8 * stake) if side == "tie" else Fraction(0)
    if side != winner:
        return Fraction(-stake)
    return Fraction(19 * stake, 20) if side == "banker" else Fraction(stake)


#: A bettor: (the winners of his earlier rounds, his own earlier (side, stake, net)) -> (side, stake) or None.
Bettor = Callable[[list[str], list[tuple[str, int, Fraction]]], tuple[str, int] | None]


def flat(winners, mine):
    return "banker", 10


def martingale(winners, mine):
    """Player, doubling after each loss up to 160, back to 10 after a win."""
    if not mine or mine[-1][2] > 0:
        return "player", 10
    return "player", mine[-1][1] if mine[-1][2] == 0 else min(2 * mine[-1][1], 160)


def paroli(winners, mine):
    """Banker, doubling after each win for three wins, back to 10 after a loss or the third win."""
    run = 0
    for _, _, net in reversed(mine):
        if net <= 0:
            break
        run += 1
    return "banker", 10 * 2 ** (run % 3)


def follow_the_shoe(winners, mine):
    """The last winner of player and banker (banker before any)."""
    last = next((w for w in reversed(winners) if w != "tie"), "banker")
    return last, 10


def _deal(seed: int, rounds: int, decks: int) -> list[dict]:
    lines, _ = punto_banco_log(seed, rounds, "P1", decks=decks, stakes=())
    return [json.loads(x) for x in lines[1:]]


def _composition(seen: list[int], decks: int) -> tuple[int, ...]:
    return (16 * decks - seen.count(0), *(4 * decks - seen.count(v) for v in range(1, 10)))


def _compositions(records: list[dict], decks: int) -> list[tuple[int, ...]]:
    """The composition before each round: the packs less the cards seen since the shoe's marker changed."""
    seen: list[int] = []
    marker = None
    out = []
    for rec in records:
        if rec["shoe"] != marker:
            marker, seen = rec["shoe"], []
        out.append(_composition(seen, decks))
        seen += [_points(c) for c in rec["player"] + rec["banker"]]
    return out


def _expectations(comps: list[tuple[int, ...]], decks: int) -> list[dict[str, Fraction]]:
    """Each side's exact expectation per unit on each composition, from the api's ordered deals and the law's
    nets (player 1 to 1, banker 19 to 20, tie 8 to 1)."""
    laws = api.composition_laws("punto-banco", "2002", np.array(comps), None, {"decks": str(decks)})
    assert laws.outcomes == ("banker", "player", "tie")
    out = []
    for w, total in zip(laws.weights, laws.totals):
        pb, pp, pt = (Fraction(int(x), int(total)) for x in w)
        out.append({"player": pp - pb, "banker": Fraction(19, 20) * pb - pp, "tie": 8 * pt - pb - pp})
    return out


def positive_side(values: dict[str, Fraction]) -> tuple[str, int] | None:
    """The counter: 10 on the side of largest exact expectation when it is positive, else nothing."""
    best = max(SIDES, key=lambda s: values[s])
    return (best, 10) if values[best] > 0 else None


def _with_bettors(
    records: list[dict], bettors: dict[str, Bettor], counter: Callable | None = None, decks: int = 1
) -> list[dict]:
    """The records with each bettor's wager (settled here); with `counter(expectations)` -> (side, stake) or None
    a further player, "counter", who stakes by the exact expectations on the composition."""
    values = _expectations(_compositions(records, decks), decks) if counter is not None else []
    winners: list[str] = []
    mine: dict[str, list] = {name: [] for name in bettors}
    for i, rec in enumerate(records):
        win = _winner(rec)
        wagers = []
        choices = [(name, b(winners, mine[name])) for name, b in bettors.items()]
        if counter is not None:
            choices.append(("counter", counter(values[i])))
        for name, choice in choices:
            if choice is None:
                continue
            side, stake = choice
            net = _net(side, stake, win)
            if name in mine:
                mine[name].append((side, stake, net))
            wagers.append({"on": side, "stake": str(stake), "net": str(net), "player": name})
        rec["wagers"] = wagers
        winners.append(win)
    return records


def _monitor(decks: int = 1) -> CardTableMonitor:
    cfg = TableConfig("P1", "punto-banco", "2002", rules={"decks": str(decks)})
    return CardTableMonitor(cfg, dict.fromkeys(statistical_tests("punto-banco"), LEVEL), Budget())


def _p_values(records: list[dict], decks: int = 1) -> tuple[dict[str, list[float]], list]:
    """Each player's p-value per shoe scored (from the stakes rows' first calibrator), and the alarms."""
    mon = _monitor(decks)
    rows: dict[str, list[float]] = {}
    run = mon._rows

    def record(test, z, rounds, labels, part=""):
        if test == "stakes":
            k = float(KAPPAS[0])
            rows.setdefault(part, []).append(math.exp((float(z[0, 0]) - math.log(k)) / (k - 1)))
        run(test, z, rounds, labels, part)

    mon._rows = record  # type: ignore[method-assign]
    alarms = []
    for i, rec in enumerate(records, start=1):
        mon.ingest(round_from_record("punto-banco", rec), "sim", i, "2026-12-01T00:00:00Z")
        if not i % 200:
            mon.flush()
            alarms += mon.take()[0]
    mon.flush()
    return rows, alarms + mon.take()[0]


def hi_lo_ramp(composition: tuple[int, ...], decks: int) -> tuple[str, int]:
    """A hi-lo counter's ramp on the tie, 5 to 40 as the true count (2-6 gone +1, tens and aces gone -1, per
    pack left) falls: a tie gains as the small cards stay in the shoe."""
    full = (16 * decks, *(4 * decks,) * 9)
    gone = [f - c for f, c in zip(full, composition)]
    true = (sum(gone[2:7]) - gone[0] - gone[1]) * 52 / sum(composition)
    return "tie", 5 * min(8, max(1, round(1 - true)))


def _binomial_bound(n: int, share: Fraction, tail: Fraction) -> int:
    """The least k with P(Binomial(n, share) > k) <= tail, exactly."""
    k, below = 0, Fraction(0)
    while True:
        below += math.comb(n, k) * share**k * (1 - share) ** (n - k)
        if 1 - below <= tail:
            return k
        k += 1


def test_flat_and_progression_bettors_give_p_values_no_smaller_than_uniform():
    """Four bettors whose stakes follow only the results (flat, Martingale, Paroli, follow the shoe) on fair
    2-pack shoes: each one's count of shoes with p <= 0.1 within the binomial bound at 0.1 (one in a thousand
    above it), and no stakes alarm."""
    bettors = {"flat": flat, "martingale": martingale, "paroli": paroli, "follow": follow_the_shoe}
    rows, alarms = _p_values(_with_bettors(_deal(31, 1100, 2), bettors), decks=2)
    assert set(rows) == set(bettors)
    for name, ps in rows.items():
        assert len(ps) >= 50, name
        assert sum(p <= 0.1 for p in ps) <= _binomial_bound(len(ps), Fraction(1, 10), Fraction(1, 1000)), name
        assert min(ps) >= 0.01 and sum(p < 1 for p in ps) >= 10  # a p-value is (1 + k) / 100; the group moves
    assert [a for a in alarms if a.test == "stakes"] == []


def _order(rec: dict) -> list[str]:
    """A round's cards in dealing order: player, banker, player, banker, then any third cards."""
    p, b = rec["player"], rec["banker"]
    return [p[0], b[0], p[1], b[1], *p[2:], *b[2:]]


def _redeal(cards: list[str], cut: int) -> list[tuple[list[str], list[str]]]:
    """Deal a shoe's cards round by round by the tableau (written out here), a round begun while fewer than `cut`
    cards are gone."""
    from tests.punto_banco_reference import banker_draws_independent

    out, i = [], 0
    while i < cut:
        p, b = [cards[i], cards[i + 2]], [cards[i + 1], cards[i + 3]]
        i += 4
        pt, bt = (sum(map(_points, p)) % 10, sum(map(_points, b)) % 10)
        if pt < 8 and bt < 8:
            third = None
            if pt <= 5:
                p.append(cards[i])
                i += 1
                third = _points(p[-1])
            if (third is None and bt <= 5) or (third is not None and banker_draws_independent(bt, third)):
                b.append(cards[i])
                i += 1
        out.append((p, b))
    return out


def _entry(p: list[str], b: list[str]) -> tuple[int, int, int, int]:
    return sum(map(_points, p)) % 10, sum(map(_points, b)) % 10, len(p), len(b)


def test_every_permuted_deal_keeps_each_rounds_scorecard_and_the_cut():
    """Brute force on a 1-pack shoe whose rounds repeat a scorecard entry: every permutation of its rounds' card
    blocks within entries, dealt again by the tableau, gives the same entries round by round and the same number
    of rounds before the cut; the compositions before each round, recomputed here from the permuted blocks, are
    the monitor's; every draw the monitor makes is one of these permutations."""
    records = _deal(5, 400, 1)
    shoes: dict[int, list[dict]] = {}
    for rec in records:
        shoes.setdefault(rec["shoe"], []).append(rec)
    cut = 52 - 16  # the simulator deals no round begun past its cut card, 16 from the end
    shoe = next(s for s in list(shoes.values())[:-1] if len({_entry(r["player"], r["banker"]) for r in s}) < len(s))
    entries = [_entry(r["player"], r["banker"]) for r in shoe]
    blocks = [_order(r) for r in shoe]
    assert _redeal([c for blk in blocks for c in blk], cut) == [(r["player"], r["banker"]) for r in shoe]
    by_entry: dict[tuple, list[int]] = {}
    for i, e in enumerate(entries):
        by_entry.setdefault(e, []).append(i)
    group = []
    for choice in itertools.product(*(itertools.permutations(v) for v in by_entry.values())):
        perm = list(range(len(shoe)))
        for where, to in zip(by_entry.values(), choice):
            for i, j in zip(where, to):
                perm[i] = j
        group.append(tuple(perm))
    assert len(group) > 1
    counts = np.array([[sum(1 for c in blk if _points(c) == v) for v in range(10)] for blk in blocks])
    full = np.array([16] + [4] * 9)
    permuted = compositions_before(full, np.zeros_like(counts), counts, np.array(group))
    for g, perm in enumerate(group):
        cards = [c for j in perm for c in blocks[j]]
        assert [_entry(p, b) for p, b in _redeal(cards, cut)] == entries  # as many rounds before the cut
        seen: list[int] = []
        for i, j in enumerate(perm):
            assert tuple(permuted[g, i]) == _composition(seen, 1)
            seen += [_points(c) for c in blocks[j]]
    assert (permuted != permuted[:1]).any()  # the group moves the compositions
    draws = block_permutations(entries, 99, 7)
    assert {tuple(d) for d in draws.tolist()} <= set(group)


def _mid_shoe_gains(records: list[dict], decks: int) -> list[dict]:
    """A player who stakes 10 on whichever of player and banker the previous round's cards helped more (by the
    exact expectations before and after that round), from the second round of each shoe: his stakes follow the
    cards."""
    comps = _compositions(records, decks)
    values = _expectations(comps, decks)
    for i, rec in enumerate(records):
        if i and rec["shoe"] == records[i - 1]["shoe"]:
            side = max(("player", "banker"), key=lambda s: values[i][s] - values[i - 1][s])
            rec["wagers"].append(
                {"on": side, "stake": "10", "net": str(_net(side, 10, _winner(rec))), "player": "reader"}
            )
    return records


def test_stakes_that_follow_the_cards_get_smaller_p_values_than_a_flat_bettors():
    """On the same 4-pack shoes, a player staking by what the previous round's cards did to the shoe gets p-values
    smaller on average than a flat bettor's, and p <= 0.1 at least as often."""
    records = _mid_shoe_gains(_with_bettors(_deal(3, 800, 4), {"flat": flat}, decks=4), 4)
    rows, _ = _p_values(records, decks=4)
    flat_p, reader_p = np.array(rows["flat"]), np.array(rows["reader"])
    assert len(flat_p) == len(reader_p) >= 15
    assert reader_p.mean() < flat_p.mean() - 0.05
    assert (reader_p <= 0.1).sum() >= (flat_p <= 0.1).sum()


def test_a_shoe_not_seen_whole_and_a_player_who_staked_nothing_have_no_row():
    """The first shoe a monitor sees (it may have begun before the feed), a shoe with a round missing and the
    shoe still open have no row; a player with no stake in a shoe has none there; the rest have one each."""
    records = _with_bettors(_deal(41, 300, 2), {"flat": flat})
    for rec in records:
        if rec["shoe"] % 2:
            rec["wagers"].append({"on": "tie", "stake": "5", "net": str(_net("tie", 5, _winner(rec))), "player": "odd"})
    gap = next(i for i, r in enumerate(records) if r["shoe"] == 4) + 3
    del records[gap]  # a round of shoe 4 missing
    rows, _ = _p_values(records, decks=2)
    shoes = records[-1]["shoe"]
    assert len(rows["flat"]) == shoes - 3  # not the first, not the fourth, not the last
    assert len(rows["odd"]) == len(range(3, shoes, 2))  # odd shoes from the third, none left open


def test_a_players_share_of_the_stakes_level_is_a_dealers_share_and_super_pan_9_has_no_stakes_test():
    assert statistical_tests("punto-banco") == ("hold", "shuffle", "stakes")
    assert "stakes" not in statistical_tests("super-pan-9")
    mon = _monitor(2)
    mon.players = ["a", "b"]
    assert math.isclose(mon.level("stakes", "b")[0], float(LEVEL) * 6 / (math.pi**2 * 4))
    assert mon.level("stakes", "c") == (float(LEVEL), f"{LEVEL.numerator}/{LEVEL.denominator}")


def _stakes_outcome(db: Path):
    state = State(db, create=False)
    try:
        alarms = [(a["test"], a["round"], a["alternative"]) for a in state.alarms()]
        ((name, _, st),) = state.table_rows()
        streams = [s for s in state.streams(name) if s[0] == "stakes"]
        return alarms, streams, [state.stream_w(name, "stakes", s[1]).tolist() for s in streams], st["players"]
    finally:
        state.close()


def test_a_run_killed_in_mid_shoe_and_resumed_scores_each_shoe_as_one_that_never_stopped(tmp_path):
    """Killed between rounds of a shoe (what it read since its last commit lost) and resumed from the state file:
    every player's stakes stream the same to the last bit, the same alarms, the players in the same order."""
    records = _mid_shoe_gains(_with_bettors(_deal(43, 260, 2), {"flat": flat, "follow": follow_the_shoe}), 2)
    stop = next(i for i, r in enumerate(records) if r["shoe"] == 7) + 8
    assert records[stop - 5]["shoe"] == records[stop + 5]["shoe"]  # the stop falls in mid-shoe
    feed = tmp_path / "P1.log"
    header = json.dumps({"roundlog": 1, "game": "punto-banco", "version": "2002", "rules": {"decks": "2"}})
    feed.write_text("\n".join([header, *map(json.dumps, records)]) + "\n")
    table = TableConfig("P1", "punto-banco", "2002", rules={"decks": "2"})
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    run_table(feed, whole, table)
    run_table(feed, killed, table, stop=stop)
    run_table(feed, killed, table)
    expected = _stakes_outcome(whole)
    assert _stakes_outcome(killed) == expected
    _, streams, _, players = expected
    assert sorted(players) == ["flat", "follow", "reader"] and all(s[2] >= 10 for s in streams)
