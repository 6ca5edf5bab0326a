"""Simulated feeds for the monitor's tests and benchmarks, from a seeded RNG: fair results from the exact law, or a
named fault. The faults: a pocket or an arc of pockets likelier, a dealer's signature, a loaded die, a payout
error, a stacked banker's card.

>>> spins = roulette_spins(numpy_rng(1), 5)
>>> spins.dtype.kind, len(spins), bool(((0 <= spins) & (spins <= 36)).all())
('i', 5, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from oddscalc import api
from oddscalc.monitor.families import raised_law
from oddscalc.monitor.result_laws import result_law, wheel_order
from oddscalc.sim.baccarat import BEHIND_THE_CUT, banker_draws, point
from oddscalc.sim.blackjack import BEHIND_THE_CUT as BLACKJACK_BEHIND_THE_CUT
from oddscalc.sim.blackjack import best_total, shoe_simulator
from oddscalc.sim.log_lines import amount_text
from oddscalc.sim.punto_banco import player_draws, punto_banco_coup
from oddscalc.sim.shoe_dealing import Dealing
from oddscalc.sim.shuffle_models import Shuffle as ShuffleModel
from oddscalc.sim.shuffle_models import factory_order
from oddscalc.sim.super_pan_9 import RANKS, house_draws, super_pan_9_coup

__all__ = [
    "blackjack_log",
    "numpy_rng",
    "pocket_law",
    "punto_banco_log",
    "roulette_log",
    "roulette_spins",
    "sector_law",
    "signature_spins",
    "super_pan_9_log",
]


def numpy_rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def pocket_law(pocket: int, chance: Fraction) -> tuple[Fraction, ...]:
    """The pocket law with one pocket at `chance` (2/37: twice as likely), the others alike."""
    p = result_law("roulette", "2002").p
    return raised_law(p, (pocket,), chance / p[pocket] - 1)


def sector_law(start: int, total_raise: Fraction, wheel: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
    """The pocket law with the 9 pockets clockwise from wheel position `start` together 1 + total_raise likelier."""
    wheel = wheel or wheel_order(None)
    group = tuple(wheel[(start + j) % 37] for j in range(9))
    return raised_law(result_law("roulette", "2002").p, group, total_raise)


def roulette_spins(rng: np.random.Generator, n: int, law: Sequence[Fraction] | None = None) -> np.ndarray:
    """n spins from `law` (default fair)."""
    if law is None:
        return rng.integers(0, 37, size=n)
    return rng.choice(37, size=n, p=np.array([float(x) for x in law]))


def signature_spins(
    rng: np.random.Generator,
    n: int,
    distances: Sequence[int],
    share: float,
    wheel: tuple[int, ...] = (),
    previous: int | None = None,
) -> np.ndarray:
    """n spins by a dealer who, a `share` of the time, lands the ball one of `distances` pockets clockwise from
    the previous result (`previous`, the table's last result, if given; the rest fair)."""
    wheel = wheel or wheel_order(None)
    out = np.empty(n, dtype=np.int64)
    pos = int(rng.integers(37)) if previous is None else wheel.index(previous)
    for i in range(n):
        if rng.random() < share:
            pos = (pos + int(distances[int(rng.integers(len(distances)))])) % 37
        else:
            pos = int(rng.integers(37))
        out[i] = wheel[pos]
    return out


def roulette_log(spins: Sequence[int], table: str, mispay_at: int | None = None, dealer: str = "") -> list[str]:
    """Round-log lines (with a header) for spins with one straight bet of 10 on 17 and one even chance of 10 on
    1-18 a round. They are settled by the law; the straight bet of round `mispay_at` is paid 34 to 1, not 35 to 1."""
    lines = [json.dumps({"roundlog": 1, "game": "roulette", "version": "2002"})]
    for i, x in enumerate(spins, start=1):
        x = int(x)
        straight = 350 if x == 17 else -10
        if mispay_at == i and x == 17:
            straight = 340
        even = 10 if 1 <= x <= 18 else -5 if x == 0 else -10
        rec = {
            "table": table,
            "round": i,
            "time": f"2026-12-01T{(i // 3600) % 24:02d}:{(i // 60) % 60:02d}:{i % 60:02d}Z",
            "number": x,
            "wagers": [
                {"on": "straight", "numbers": [17], "stake": "10", "net": str(straight), "player": "p1"},
                {"on": "even-chance", "numbers": list(range(1, 19)), "stake": "10", "net": str(even)},
            ],
        }
        if dealer:
            rec["dealer"] = dealer
        lines.append(json.dumps(rec))
    return lines


#: The wagers of each simulated punto banco round: (wager, stake, player), the players not named (a feed naming
#: them gets the stakes test, which costs about 30 times a round's valuing: give names where it is wanted).
PUNTO_BANCO_STAKES = (("banker", 10, ""), ("player", 10, ""), ("tie", 5, ""))


#: A dealer's shuffle: (dealer, the previous shoe's order, the RNG) -> the new order, or None for a fair one.
Shuffle = Callable[[str, list[str], random.Random], list[str] | None]


def _next_shoe(
    marker: int,
    dealer: str,
    dealers: Sequence[str],
    shuffle: Shuffle | None,
    order: list[str],
    rng: random.Random,
    fresh: Callable[[], list[str]],
) -> tuple[str, list[str]]:
    """The dealer of shoe `marker` (0: the first; from `dealers` in turn, else `dealer`) and its order: his
    `shuffle` of the previous `order`, or where it gives None (and for the first shoe) a fair shuffle of `fresh()`."""
    if dealers:
        dealer = dealers[marker % len(dealers)]
    given = None if shuffle is None or marker == 0 else shuffle(dealer, order, rng)
    if given is None:
        new = fresh()
        rng.shuffle(new)
        return dealer, new
    return dealer, list(given)


def punto_banco_log(
    seed: int,
    rounds: int,
    table: str,
    decks: int = 8,
    mispay_at: int | None = None,
    bad_draw_at: int | None = None,
    dealer: str = "",
    stakes: tuple[tuple[str, int, str], ...] = PUNTO_BANCO_STAKES,
    favour_banker: float = 0.0,
    dealers: Sequence[str] = (),
    shuffle: Shuffle | None = None,
) -> tuple[list[str], dict[str, int]]:
    """Round-log lines (a header first) of a punto banco table, and where the faults were put.

    The table deals from shuffled shoes of `decks` packs to the cut card (BEHIND_THE_CUT cards from the end), by
    the reference simulator's coup, with three wagers a round (PUNTO_BANCO_STAKES). In the dict returned,
    "mispay" is the round of the first banker win from round `mispay_at` on, paid 1 to 1 instead of 19 to 20. Its
    "bad_draw" is the first coup from round `bad_draw_at` on where the banker's rule is reversed, settled on the
    cards dealt: he draws where the tableau stands, or stands where it draws. `favour_banker` simulates a dealer
    who, that share of the times the player's hand would win, slips its cards away unseen and deals the coup again.
    That is a hold fault: the deal no longer follows the shoe. `dealers`: the dealer of each shoe in turn (cycled),
    who shuffles it. `shuffle(dealer, previous order, rng)` gives the new shoe's order from the previous one, or
    None for a fair shuffle (how a dealer who does not shuffle, or only cuts, is simulated)."""
    rng = random.Random(seed)
    wagers = {w.key: w for w in api.wagers("punto-banco", "2002")}
    lines = [json.dumps({"roundlog": 1, "game": "punto-banco", "version": "2002", "rules": {"decks": str(decks)}})]
    placed: dict[str, int] = {}
    order: list[str] = []
    pos = len(order)
    marker = 0
    cut = 52 * decks - BEHIND_THE_CUT
    for i in range(1, rounds + 1):
        if marker == 0 or pos >= cut:
            dealer, order = _next_shoe(marker, dealer, dealers, shuffle, order, rng, lambda: factory_order(decks))
            pos, marker = 0, marker + 1
        reverse = bad_draw_at is not None and i >= bad_draw_at and "bad_draw" not in placed

        def take(seq: list[str] = order) -> tuple[int, str]:
            nonlocal pos
            label = seq[pos]
            pos += 1
            return point(label[:-1]), label

        def wrong(total: int, column: int | str, at: int = i) -> bool:
            placed["bad_draw"] = at
            return not banker_draws(total, column)

        record: dict = {}
        rules = (player_draws, wrong if reverse else banker_draws)
        while True:
            start = pos
            won = punto_banco_coup(wagers["player"], take, rules, record)
            if not (won > 0 and favour_banker and rng.random() < favour_banker and pos < cut):
                break
        dealt = order[start:pos]
        entries = []
        for key, stake, player in stakes:
            replay = iter((point(c[:-1]), c) for c in dealt)
            net = punto_banco_coup(wagers[key], replay.__next__, rules) * stake
            if key == "banker" and net > 0 and mispay_at is not None and i >= mispay_at and "mispay" not in placed:
                placed["mispay"] = i
                net = Fraction(stake)
            entries.append(
                {"on": key, "stake": str(stake), "net": amount_text(net), **({"player": player} if player else {})}
            )
        rec = {
            "table": table,
            "round": i,
            "time": f"2026-12-01T{(i // 3600) % 24:02d}:{(i // 60) % 60:02d}:{i % 60:02d}Z",
            "shoe": marker,
            "player": record["player"],
            "banker": record["banker"],
            "wagers": entries,
        }
        if dealer:
            rec["dealer"] = dealer
        lines.append(json.dumps(rec))
    return lines, placed


#: The wagers of each simulated Super Pan 9 round against the House's bank: (wager, stake, player).
SUPER_PAN_9_STAKES = (("initial", 10, "p1"), ("tie", 5, "p2"))


def super_pan_9_log(
    seed: int,
    rounds: int,
    table: str,
    mispay_at: int | None = None,
    bad_draw_at: int | None = None,
    stakes: tuple[tuple[str, int, str], ...] = SUPER_PAN_9_STAKES,
    draws: Callable[[tuple[int, int, int]], bool] | None = None,
    favour_banker: float = 0.0,
    dealers: Sequence[str] = (),
    shuffle: Shuffle | None = None,
) -> tuple[list[str], dict[str, int]]:
    """Round-log lines (a header first) of a Super Pan 9 table, and where the faults were put.

    The House holds the bank against one hand, dealt from shuffled 288-card shoes to the cut card (BEHIND_THE_CUT
    from the end) by the reference simulator's round. In the dict returned, "mispay" is the round of the first
    initial wager won from round `mispay_at` on, paid 1 to 1 instead of 19 to 20. Its "bad_draw" is the first round
    from `bad_draw_at` on where the House's rule is reversed. The player takes a fourth card as `draws` says (his
    sorted three point values), by default as the engine's decision table for the full shoe. `favour_banker`
    simulates a dealer who, that share of the times the player's hand would win, slips its cards away unseen and
    deals the round again (a hold fault). `dealers` and `shuffle` as in `punto_banco_log`."""
    rng = random.Random(seed)
    game, version = "super-pan-9", "2002"
    wagers = {w.key: w for w in api.wagers(game, version)}
    if draws is None:
        plays = api.decision_table(game, version, "initial")
        assert isinstance(plays, dict)

        def draws(cards: tuple[int, int, int]) -> bool:
            return plays[cards] == "draw"

    lines = [json.dumps({"roundlog": 1, "game": game, "version": version})]
    placed: dict[str, int] = {}
    order: list[str] = []
    pos = marker = 0
    cut = len(factory_order(8, RANKS)) - BEHIND_THE_CUT
    for i in range(1, rounds + 1):
        if marker == 0 or pos >= cut:
            dealer, order = _next_shoe(marker, "", dealers, shuffle, order, rng, lambda: factory_order(8, RANKS))
            pos, marker = 0, marker + 1
        reverse = bad_draw_at is not None and i >= bad_draw_at and "bad_draw" not in placed

        def take(_: int, seq: list[str] = order) -> tuple[int, str]:
            nonlocal pos
            label = seq[pos]
            pos += 1
            return point(label[:-1]), label

        def wrong(total: int, at: int = i) -> bool:
            placed["bad_draw"] = at
            return not house_draws(total)

        record: dict = {}
        while True:
            start = pos
            won = super_pan_9_coup(wagers["initial"], take, draws, record, wrong if reverse else house_draws)
            if not (won > 0 and favour_banker and rng.random() < favour_banker and pos < cut):
                break
        dealt = order[start:pos]
        entries = []
        for key, stake, player in stakes:
            replay = iter((point(c[:-1]), c) for c in dealt)
            net = super_pan_9_coup(
                wagers[key], lambda _, cards=replay: next(cards), draws, None, wrong if reverse else house_draws
            )
            net *= stake
            if key == "initial" and net > 0 and mispay_at is not None and i >= mispay_at and "mispay" not in placed:
                placed["mispay"] = i
                net = Fraction(stake)
            entries.append({"on": key, "stake": str(stake), "net": amount_text(net), "player": player})
        rec = {
            "table": table,
            "round": i,
            "time": f"2026-12-01T{(i // 3600) % 24:02d}:{(i // 60) % 60:02d}:{i % 60:02d}Z",
            "shoe": marker,
            "bank": "house",
            **({"dealer": dealer} if dealer else {}),
            "player": record["player"],
            "banker": record["banker"],
            "wagers": entries,
        }
        lines.append(json.dumps(rec))
    return lines, placed


_BJ_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _rank(label: str) -> int:
    """A card's rank (0 Ace .. 12 King) from its name in the log."""
    return _BJ_RANKS.index(label[:-1])


def _value(label: str) -> int:
    """A card's blackjack value, an Ace 1 and a court 10."""
    return min(_rank(label) + 1, 10)


def _hands(node: dict) -> list[dict]:
    """A box's final hands, in order of play (a split node holds two hands)."""
    return [h for kid in node["split"] for h in _hands(kid)] if "split" in node else [node]


def _natural(record: dict) -> bool:
    hand = record["hand"]
    return "split" not in hand and len(hand["cards"]) == 2 and best_total([_rank(c) for c in hand["cards"]])[0] == 21


def _ten_wins(record: dict) -> bool:
    """Whether a ten as the banker's second card would make him stand on a hand beating every live hand of the box
    (or a blackjack, which beats every hand but a natural; a natural itself is never beaten by one)."""
    up = _value(record["banker"][0])
    if _natural(record) or 2 <= up <= 6:  # against 2-6 a ten leaves him drawing
        return False
    live = [best_total([_rank(c) for c in h["cards"]])[0] for h in _hands(record["hand"])]
    live = [t for t in live if t <= 21]
    return bool(live) and (up == 1 or all(t < up + 10 for t in live))


def _settle_on(record: dict, banker_total: int) -> None:
    """Settle the box's hands again against a banker standing on `banker_total` (16 or less: no blackjack, no
    bust), the initial wager the sum of its hands."""
    net_sum = Fraction(0)
    for h in _hands(record["hand"]):
        st = Fraction(h["stake"])
        p = best_total([_rank(c) for c in h["cards"]])[0]
        net = -st if p > 21 or p < banker_total else st if p > banker_total else Fraction(0)
        h["net"] = amount_text(net)
        net_sum += net
    record["wagers"][0]["net"] = amount_text(net_sum)


def blackjack_log(
    seed: int,
    rounds: int,
    table: str,
    decks: int = 6,
    version: str = "2002",
    rules: dict[str, str] | None = None,
    mispay_at: int | None = None,
    bad_draw_at: int | None = None,
    stack_banker: float = 0.0,
    insure: bool = False,
    dealers: Sequence[str] = (),
    shuffle: Shuffle | None = None,
    chart: object = None,
) -> tuple[list[str], dict[str, int]]:
    """Round-log lines (a header first) of a blackjack table, one box staking 10 a round, and where the faults were
    put.

    The table deals shuffled shoes of `decks` packs to the cut card (one pack from the end) by the reference
    simulator's round and chart. With `insure` the box insures its natural against an Ace for 5. In the dict
    returned, "mispay" is the first natural from round `mispay_at` on, paid 1 to 1 instead of 3 to 2. Its
    "bad_draw" is the first round from `bad_draw_at` on where the banker, on 16 or less, stands instead of drawing
    (settled on the cards dealt). With `stack_banker` a dealer, that share of the rounds where a ten as the
    banker's second card would beat the box, swaps the shoe's next ten into that place (no hole card only);
    "stacked" counts those rounds. `dealers` and `shuffle` as in `punto_banco_log`. `chart` is the box's play in
    the form of the engine's decision table (by default that table: the basic strategy).

    >>> lines, placed = blackjack_log(1, 2, "B1", mispay_at=1)
    >>> json.loads(lines[0])["rules"], [json.loads(x)["shoe"] for x in lines[1:]], placed
    ({'decks': '6', 'strategy': 'basic'}, [1, 1], {})
    """
    rng = random.Random(seed)
    rules = {"decks": str(decks), "strategy": "basic", **(rules or {})}
    resolved, _ = api.resolved_rules("blackjack", version, rules)
    initial = next(w for w in api.wagers("blackjack", version) if w.key == "initial")
    if chart is None:
        chart = api.decision_table("blackjack", version, "initial", rules)
    dealt = shoe_simulator(initial, resolved, chart, Dealing(ShuffleModel("fair")))
    coup, value = dealt.coup, dealt.value
    peek = resolved.get("hole_card") == "peek"
    lines = [json.dumps({"roundlog": 1, "game": "blackjack", "version": version, "rules": rules})]
    placed: dict[str, int] = {}
    order: list[str] = []
    pos = marker = 0
    dealer = ""
    cut = 52 * decks - BLACKJACK_BEHIND_THE_CUT

    def deal(start: int) -> tuple[dict, int]:
        at = start

        def take() -> tuple[object, str]:
            nonlocal at
            label = order[at]
            at += 1
            return value(label), label

        record: dict = {}
        coup(initial, take, record)
        return record, at - start

    for i in range(1, rounds + 1):
        first = marker == 0 or pos >= cut
        if first:
            dealer, order = _next_shoe(marker, dealer, dealers, shuffle, order, rng, lambda: factory_order(decks))
            pos, marker = 0, marker + 1
        record, used = deal(pos)
        banker = record["banker"]
        if stack_banker and not peek and len(banker) >= 2 and _value(banker[1]) != 10 and _ten_wins(record):
            k = pos + used - (len(banker) - 1)  # the banker's second card: the first after the box's cards
            j = next((j for j in range(k + 1, len(order)) if _value(order[j]) == 10), None)
            if j is not None and rng.random() < stack_banker:
                order[k], order[j] = order[j], order[k]
                record, used = deal(pos)
                placed["stacked"] = placed.get("stacked", 0) + 1
                banker = record["banker"]
        if bad_draw_at is not None and i >= bad_draw_at and "bad_draw" not in placed:
            ranks = [_rank(c) for c in banker]
            m = next((m for m in range(2, len(banker)) if best_total(ranks[:m])[0] <= 16), None)
            live = any(best_total([_rank(c) for c in h["cards"]])[0] <= 21 for h in _hands(record["hand"]))
            if m is not None and live:
                placed["bad_draw"] = i
                used -= len(banker) - m  # the cards he should have drawn stay in the shoe
                record["banker"] = banker = banker[:m]
                _settle_on(record, best_total(ranks[:m])[0])
        natural = _natural(record)
        paid = natural and Fraction(record["hand"]["net"]) > 0
        if paid and mispay_at is not None and i >= mispay_at and "mispay" not in placed:
            placed["mispay"] = i
            record["hand"]["net"] = record["wagers"][0]["net"] = amount_text(Fraction(record["hand"]["stake"]))
        if insure and natural and _value(banker[0]) == 1:
            won = len(banker) > 1 and _value(banker[1]) == 10
            record["wagers"].append({"on": "insurance", "stake": "5", "net": "10" if won else "-5"})
        pos += used
        rec = {
            "table": table,
            "round": i,
            "time": f"2026-12-01T{(i // 3600) % 24:02d}:{(i // 60) % 60:02d}:{i % 60:02d}Z",
            "shoe": marker,
            **({"cut": cut} if first else {}),
            **({"dealer": dealer} if dealer else {}),
            **record,
        }
        lines.append(json.dumps(rec))
    return lines, placed
