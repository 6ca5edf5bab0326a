"""The players' stakes test at punto banco tables: valid for bettors whose stakes follow the scorecard (flat,
Martingale, Paroli, follow the shoe), its group exact, a counter flagged, a restart losing nothing. The bettors,
the nets, the compositions and the bounds are written here, apart from the monitor."""

from __future__ import annotations

import itertools
import json
import math
import sqlite3
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np

from oddscalc import api
from oddscalc.monitor.card_table import CardTableMonitor
from oddscalc.monitor.feed import round_from_record
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.player_stakes import KAPPAS, compositions_before, sample_deals
from oddscalc.monitor.simulate import punto_banco_log
from oddscalc.monitor.state import STAKES_SHOES_KEPT, State
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


#: Fewer deals drawn per shoe in the tests (the p-values (1 + k) / 20): the same test, a fifth of the cost.
FEW = 19


def test_flat_and_progression_bettors_give_p_values_no_smaller_than_uniform(monkeypatch):
    """Four bettors whose stakes follow only the results (flat, Martingale, Paroli, follow the shoe) on fair
    2-pack shoes: each one's count of shoes with p <= 0.1 within the binomial bound at 0.1 (one in a thousand
    above it), and no stakes alarm."""
    monkeypatch.setattr("oddscalc.monitor.card_table.DRAWS", FEW)
    bettors = {"flat": flat, "martingale": martingale, "paroli": paroli, "follow": follow_the_shoe}
    rows, alarms = _p_values(_with_bettors(_deal(31, 1100, 2), bettors), decks=2)
    assert set(rows) == set(bettors)
    for name, ps in rows.items():
        assert len(ps) >= 50, name
        assert sum(p <= 0.1 for p in ps) <= _binomial_bound(len(ps), Fraction(1, 10), Fraction(1, 1000)), name
        assert min(ps) >= 1 / (FEW + 1) and sum(p < 1 for p in ps) >= 10  # p is (1 + k) / (FEW + 1); the draws move
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


def _value_entry(p: list[int], b: list[int]) -> tuple[int, int, int, int]:
    return sum(p) % 10, sum(b) % 10, len(p), len(b)


def _shoe_hands(records: list[dict], shoe: int) -> tuple[list[tuple[list[int], list[int]]], list[int]]:
    """A shoe's rounds as point values, and the point values of its cards not dealt (one pack)."""
    rounds = [
        ([_points(c) for c in r["player"]], [_points(c) for c in r["banker"]]) for r in records if r["shoe"] == shoe
    ]
    dealt = [v for p, b in rounds for v in p + b]
    unseen = [v for v in range(10) for _ in range((16 if v == 0 else 4) - dealt.count(v))]
    return rounds, unseen


def test_every_deal_drawn_is_a_deal_of_the_same_scorecard_from_the_same_cards():
    """On a 1-pack shoe: every deal drawn, dealt again card by card by the tableau written here, gives each round
    the scorecard entry it had (so as many rounds before the cut); it takes no card the pack lacks; the
    compositions before each round, recomputed here, are compositions_before's; and the draws move them."""
    records = _deal(5, 200, 1)
    rounds, unseen = _shoe_hands(records, 2)
    cut = 52 - 16  # the simulator deals no round begun past its cut card, 16 from the end
    deals = sample_deals(rounds, unseen, draws=30, seed=7)
    entries = [_value_entry(p, b) for p, b in rounds]
    names = {v: f"{v if v else 'K'}s" for v in range(10)}  # a card of each point value, for the redeal
    full = np.array([16] + [4] * 9)
    blocks = np.array([[np.bincount(p + b, minlength=10) for p, b in d] for d in deals])
    comps = compositions_before(full, np.zeros((len(rounds), 10), dtype=int), blocks)
    for d, deal in enumerate(deals):
        order = [v for p, b in deal for v in [p[0], b[0], p[1], b[1], *p[2:], *b[2:]]]
        left = full - np.bincount(order, minlength=10)
        assert left.min() >= 0 and left.sum() == len(unseen)  # no card the pack lacks; as many left
        tail = [names[v] for v in range(10) for _ in range(left[v])]
        again = _redeal([names[v] for v in order] + tail, cut)
        assert [_entry(p, b) for p, b in again] == entries
        seen: list[int] = []
        for i, (p, b) in enumerate(deal):
            assert tuple(comps[d, i]) == _composition(seen, 1)
            seen += p + b
    assert len({tuple(map(tuple, c)) for c in comps.tolist()}) > 10


class _Fixed:
    """A stand-in for random.Random whose random() returns given numbers in turn."""

    def __init__(self, values: list[float]) -> None:
        self.values = iter(values)

    def random(self) -> float:
        return next(self.values)


def _kernel(chain, state: tuple[int, ...]) -> dict[tuple[int, ...], Fraction]:
    """The chain's exact step law from `state`: its step driven through every choice it can make (each random()
    landing in the middle of one of its n equal cells), weighted by the choices' chances."""
    groups = chain.groups
    law: dict[tuple[int, ...], Fraction] = {}
    g = len(groups)
    for g1 in range(g):
        for g2 in range(g - 1):
            n1 = len(groups[g1])
            n2 = len(groups[g2 + (g2 >= g1)])
            for i, j, k, m in itertools.product(range(n1), range(n1 - 1), range(n2), range(n2 - 1)):
                chain.cards = list(state)
                cells = [(g1, g), (g2, g - 1), (i, n1), (j, n1 - 1), (k, n2), (m, n2 - 1)]
                chain.step(_Fixed([(x + 0.5) / n for x, n in cells]))
                weight = Fraction(1, g * (g - 1) * n1 * (n1 - 1) * n2 * (n2 - 1))
                law[tuple(chain.cards)] = law.get(tuple(chain.cards), Fraction(0)) + weight
    return law


def test_the_draws_chain_is_symmetric_so_the_uniform_law_on_a_scorecard_is_kept():
    """Its exact step law, computed over every choice on a two-round shoe and every state it reaches, is symmetric
    (K(x, y) = K(y, x)) and never leaves the deals of the scorecard: so it keeps the uniform law on them, which
    is what a fair shuffle gives the deal given its scorecard, and the parallel method's draws are exchangeable
    with the deal seen."""
    from oddscalc.monitor.player_stakes import _Chain

    rounds = [([3, 4], [0, 9]), ([2, 5], [6, 1])]
    chain = _Chain(rounds, [5, 2])
    entries = [_value_entry(p, b) for p, b in rounds]
    start = tuple(chain.cards)
    seen, todo, kernels = {start}, [start], {}
    while todo:
        x = todo.pop()
        kernels[x] = _kernel(chain, x)
        for y in kernels[x]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    assert len(kernels) > 20
    for x, law in kernels.items():
        assert sum(law.values()) == 1
        hands = [list(x[0:2]), list(x[2:4]), list(x[4:6]), list(x[6:8])]
        assert [_value_entry(hands[0], hands[1]), _value_entry(hands[2], hands[3])] == entries
        for y, w in law.items():
            assert kernels[y].get(x) == w


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


def test_stakes_that_follow_the_cards_get_smaller_p_values_than_a_flat_bettors(monkeypatch):
    """On the same 1-pack shoes, a player who stakes only when a side's exact expectation is positive, and one
    who stakes by what the previous round's cards did to the shoe, get p-values well below a flat bettor's."""
    monkeypatch.setattr("oddscalc.monitor.card_table.DRAWS", FEW)
    records = _with_bettors(_deal(3, 800, 1), {"flat": flat}, counter=positive_side, decks=1)
    rows, _ = _p_values(_mid_shoe_gains(records, 1), decks=1)
    flat_p, counter_p, reader_p = (np.array(rows[name]) for name in ("flat", "counter", "reader"))
    assert len(flat_p) == len(reader_p) >= 80 and len(counter_p) >= 6
    assert counter_p.mean() < flat_p.mean() - 0.25 and (counter_p <= 0.1).mean() >= 0.5
    assert reader_p.mean() < flat_p.mean() - 0.05


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
        shoes = {p: state.stakes_shoes(name, p) for p in st["players"]}  # the evidence page's rows
        return alarms, streams, [state.stream_w(name, "stakes", s[1]).tolist() for s in streams], st["players"], shoes
    finally:
        state.close()


def test_a_run_killed_in_mid_shoe_and_resumed_scores_each_shoe_as_one_that_never_stopped(tmp_path):
    """Killed between rounds of a shoe (what it read since its last commit lost) and resumed from the state file:
    every player's stakes stream the same to the last bit, the same alarms, the players in the same order, and
    the same shoes kept for the evidence page, each once."""
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
    _, streams, _, players, shoes = expected
    assert sorted(players) == ["flat", "follow", "reader"] and all(s[2] >= 10 for s in streams)
    assert all([r["last"] for r in shoes[s[1]]] == sorted({r["last"] for r in shoes[s[1]]}) for s in streams)
    assert all(len(shoes[s[1]]) == min(s[2], STAKES_SHOES_KEPT) for s in streams)


def test_a_players_kept_shoes_are_his_last_ones_whatever_the_commits(tmp_path, monkeypatch):
    """The state file keeps each player's last STAKES_SHOES_KEPT scored shoes, oldest first, another player's
    apart: it stays bounded however long the table runs."""
    monkeypatch.setattr("oddscalc.monitor.state.STAKES_SHOES_KEPT", 3)
    state = State(tmp_path / "s.db")
    try:
        for batch in ([1, 2], [3], [4, 5, 6]):
            state.commit([], {}, [], [], [], [("P1", {"player": "a", "last": n}) for n in batch])
        state.commit([], {}, [], [], [], [("P1", {"player": "b", "last": 9}), ("P2", {"player": "a", "last": 7})])
        assert [r["last"] for r in state.stakes_shoes("P1", "a")] == [4, 5, 6]
        assert [r["last"] for r in state.stakes_shoes("P1", "b")] == [9]
        assert [r["last"] for r in state.stakes_shoes("P2", "a")] == [7]
    finally:
        state.close()


def test_a_state_file_made_before_players_shoes_were_kept_gains_their_table(tmp_path):
    """A state file without the players' shoes' table (an older monitor's) opens, has none, and keeps them from
    then on."""
    State(tmp_path / "s.db").close()
    with sqlite3.connect(tmp_path / "s.db") as db:
        db.execute("DROP TABLE stakes_shoes")
    state = State(tmp_path / "s.db", create=False)
    try:
        assert state.stakes_shoes("P1", "a") == []
        state.commit([], {}, [], [], [], [("P1", {"player": "a", "last": 5})])
        assert state.stakes_shoes("P1", "a") == [{"player": "a", "last": 5}]
    finally:
        state.close()
