"""Count the work of the exact full blackjack game and time each kind of operation, in one process.

Issue 54 asks for the 6-pack full game in 0.5 s. Before any speed-up this counts what the engine does
(`games.blackjack.game.full_game`, 1994 rules by default): the shoes evaluated, the player hands worked on each,
the big-integer multiply-adds of the hit, double and fixed-play sums, the banker's stand values (in residue batches
or one by one in Python integers) and the Fractions formed at the edges, with the sizes in bits of the numbers.
Then it times, in the same process, each kind of operation on numbers of the sizes met, the game itself and the
bench's baseline (median of a few runs each), so that count x cost per operation can be set beside the measured
time.

    .venv/bin/python -m tools.count_full_game                 # 6 packs, 1994 rules
    .venv/bin/python -m tools.count_full_game --decks 1 --up 5 --runs 3

The counting run wraps the engine's methods (restored afterwards) and is not timed; the timed runs are the plain
engine. Not part of `make bench` (a run takes tens of seconds on a busy machine).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from bench.run import baseline
from oddscalc.games.blackjack.exact import player, stand_batch
from oddscalc.games.blackjack.exact.player import DealerTable, Evaluator, total_of
from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe import full_shoe

#: Fraction operations counted (the exact numbers formed at the edges: rows, splits' patterns, per up-card sums).
_FRACTION_OPS = ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__")

_KINDS = ("stand", "best", "hit", "double", "policy")


@dataclass
class Counts:
    """What one full game did. Keys of `worked`: the (shoe, hand) pairs each method computed (not looked up)."""

    shoes: int = 0
    split_shoes: int = 0
    worked: dict[str, set] = field(default_factory=lambda: {k: set() for k in _KINDS})
    calls: Counter = field(default_factory=Counter)
    madds: Counter = field(default_factory=Counter)  # big-integer multiply-adds, by the method doing them
    value_bits: list[int] = field(default_factory=list)  # bit length of each stand value worked (player scale)
    batch_sizes: list[int] = field(default_factory=list)  # compositions per residue batch
    residue_ops: int = 0  # multiply-adds of residues in the batches' int64 arrays (element operations, every lane)
    batch_lanes: list[int] = field(default_factory=list)
    one_by_one: int = 0  # banker stand values computed in Python integers
    level_terms: int = 0  # multiply-adds of those (level sums computed, and the top Horner sums)
    banker_bits: list[int] = field(default_factory=list)  # bit length of each banker stand value (its own scale)
    fraction_ops: Counter = field(default_factory=Counter)
    fraction_bits: list[int] = field(default_factory=list)  # bits of numerator + denominator of each result
    banker_comps: set = field(default_factory=set)  # (up, composition) of the stand values batched, any class
    current_up: int = 0  # the up-card, total class and soft-17 rule of the batch being filled
    current_cls: int = 16
    current_h17: bool = False
    asked: int = 0  # banker values asked of the batches (`DealerTable.fill`), before those known are left out
    plans: int = 0  # stand plans walked (breadth-first walks over the hands a start can reach)
    sample_batch: np.ndarray | None = None  # the largest batch (compositions) met
    sample_batch_key: tuple[int, int, bool] = (0, 16, False)  # its up-card, total class and soft-17 rule
    sample_one: list = field(default_factory=list)  # (up, hit_soft17, comp, size, total, peek) of one-by-one values
    keep: list = field(default_factory=list)  # the shoes and memos counted, held so that their ids stay unique

    @property
    def hands(self) -> int:
        """Distinct (shoe, hand) pairs worked by any method."""
        return len(set().union(*self.worked.values()))

    @property
    def compositions(self) -> int:
        """Distinct hand compositions worked, whatever the shoe."""
        return len({h for _, h in set().union(*self.worked.values())})

    @property
    def stand_values(self) -> int:
        return sum(self.batch_sizes) + self.one_by_one


def _terms(ev: Evaluator, h: tuple[int, ...]) -> int:
    """Multiply-adds of one hit sum at h: one per next card that cannot bust it (the busts come in one product)."""
    total, soft = total_of(h)
    safe = 10 if soft else min(10, 21 - total)
    return sum(1 for c in range(safe) if ev.shoe[c] - h[c]) + (safe < 10)


def _residue_ops(pl, comps: np.ndarray, lanes: int) -> int:
    """Element multiply-adds of `stand_batch.stand_sums` on `comps`: per level, each distinct tail of counts times
    the level's child keys, then each composition times the top keys, on every lane."""
    sc = comps[np.lexsort(comps[:, 1:].T)]
    new_tail = np.zeros(len(sc), dtype=bool)
    new_tail[0] = True
    ops = 0
    for d in range(9, 0, -1):
        col = sc[:, d]
        new_tail[1:] |= col[1:] != col[:-1]
        tails = int(new_tail.sum())
        ops += tails * sum(e - s for _, s, e, _ in pl.parts[d][1])
    ops += len(sc) * len(pl.top_k)
    return ops * lanes


@contextmanager
def counting() -> Iterator[Counts]:
    """Wrap the engine's methods so that one run of it fills a `Counts`; everything is put back afterwards."""
    n = Counts()
    saved: list[tuple[object, str, object]] = []

    def wrap(owner, name: str, make: Callable) -> None:
        old = getattr(owner, name) if not isinstance(owner, type) else owner.__dict__[name]
        saved.append((owner, name, old))
        setattr(owner, name, make(old))

    def post_init(old):
        def new(self):
            n.shoes += 1
            n.split_shoes += self.split_pair is not None
            n.keep.append(self)
            old(self)

        return new

    def memoised(kind: str, memo: str | None):
        def make(old):
            def new(self, h, *args):
                n.calls[kind] += 1
                fresh = memo is None or h not in getattr(self, memo)
                value = old(self, h, *args)
                if fresh and (kind != "stand" or total_of(h)[0] <= 21):
                    n.worked[kind].add((id(self), h))
                    if kind == "stand":
                        n.value_bits.append(abs(value).bit_length())
                    elif kind == "hit":
                        n.madds["hit"] += _terms(self, h)
                    elif kind == "double":
                        n.madds["double"] += sum(1 for c in range(10) if self.shoe[c] - h[c])
                return value

            return new

        return make

    def policy_int(old):
        def new(self, h, policy, memo):
            n.calls["policy"] += 1
            if h not in memo and total_of(h)[0] <= 21:
                if not memo:
                    n.keep.append(memo)
                n.worked["policy"].add((id(memo), h))
                if policy(h) not in ("stand", "double"):
                    n.madds["policy"] += _terms(self, h)
            return old(self, h, policy, memo)

        return new

    def new_stand_diff(old):
        def new(self, comp, size, total, peek):
            n.one_by_one += 1
            if len(n.sample_one) < 500:
                n.sample_one.append((self.up, self.hit_soft17, comp, size, total, peek))
            value = old(self, comp, size, total, peek)
            n.level_terms += len(self._levels[16 if total <= 16 else total][1].get(comp[1:], ()))  # the top's terms
            n.banker_bits.append(abs(value).bit_length())
            return value

        return new

    def level(old):
        def new(self, lay, cls, d, comp):
            fresh = comp[d:] not in self._levels[cls][d]
            value = old(self, lay, cls, d, comp)
            if fresh:  # one term per child key
                n.level_terms += len(lay.consts) if d == 9 else len(self._levels[cls][d + 1].get(comp[d + 1 :], ()))
            return value

        return new

    def stand_diffs(old):
        def new(pl, comps, sizes, bj, dens, peek):
            lanes = stand_batch.lanes_for(max(dens.values()))
            n.batch_sizes.append(len(comps))
            n.banker_comps.update((n.current_up, c) for c in map(tuple, comps.tolist()))
            n.batch_lanes.append(lanes)
            n.residue_ops += _residue_ops(pl, comps, lanes)
            values = old(pl, comps, sizes, bj, dens, peek)
            n.banker_bits.extend(abs(v).bit_length() for v in values)
            if n.sample_batch is None or len(comps) > len(n.sample_batch):
                n.sample_batch = comps.copy()
                n.sample_batch_key = (n.current_up, n.current_cls, n.current_h17)
            return values

        return new

    def fill(old):
        def new(self, wanted, peek):
            n.current_up, n.current_h17 = self.up, self.hit_soft17
            n.asked += sum(len(c) for c, _ in wanted)
            return old(self, wanted, peek)

        return new

    def plan(old):
        def new(up, hit_soft17, cls):
            n.current_cls = cls
            return old(up, hit_soft17, cls)

        return new

    def walk(old):
        def new(*args):
            n.plans += 1
            return old(*args)

        return new

    def formed(old):
        def new(self, h, value):
            n.fraction_ops["formed"] += 1
            return old(self, h, value)

        return new

    def fraction_op(name: str, old):
        def new(a, b):
            r = old(a, b)
            if isinstance(r, Fraction):
                n.fraction_ops[name.strip("_").removeprefix("r")] += 1
                n.fraction_bits.append(r.numerator.bit_length() + r.denominator.bit_length())
            return r

        return new

    wrap(Evaluator, "__post_init__", post_init)
    wrap(Evaluator, "stand_int", memoised("stand", "_stand"))
    wrap(Evaluator, "best_int", memoised("best", "_best"))
    wrap(Evaluator, "hit_int", memoised("hit", None))
    wrap(Evaluator, "double_int", memoised("double", None))
    wrap(Evaluator, "policy_int", policy_int)
    wrap(DealerTable, "new_stand_diff", new_stand_diff)
    wrap(DealerTable, "_level", level)
    wrap(DealerTable, "fill", fill)
    wrap(stand_batch, "stand_diffs", stand_diffs)
    wrap(stand_batch, "plan", plan)
    wrap(player, "_walk_reach", walk)
    wrap(Evaluator, "frac", formed)
    for name in _FRACTION_OPS:
        wrap(Fraction, name, lambda old, name=name: fraction_op(name, old))
    player._optimal_reach.cache_clear()
    try:
        yield n
    finally:
        for owner, name, old in reversed(saved):
            setattr(owner, name, old)
        player._optimal_reach.cache_clear()


def count(rules: RuleSet, ups: tuple[int, ...] | None = None) -> tuple[Counts, Fraction]:
    """The counts of one full game (from cold banker tables) and its expectation."""
    with counting() as n:
        ev = full_game(rules, ups=ups).ev
    return n, ev


def median_time(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


#: Every baseline timed in this process: each measurement is divided by the one timed just before it (the machine
#: is shared and its load moves within a run), and the report gives times at their median.
_BASES: list[float] = []


def _yardstick() -> float:
    """The baseline (`bench.run.baseline`, median of 3) timed now, in seconds."""
    b = median_time(baseline, 3)
    _BASES.append(b)
    return b


def _per_op(fn: Callable[[], int], runs: int) -> float:
    """Median time per operation of `fn` (which does some operations and returns how many), in baselines."""
    b = _yardstick()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        ops = fn()
        times.append((time.perf_counter() - start) / ops)
    return statistics.median(times) / b


def _value(bits: int, k: int) -> int:
    """A positive integer of `bits` bits, varied by k (so that no two products are the same object)."""
    return (1 << (bits - 1)) + 7919 * k + 1


def unit_costs(n: Counts, rules: RuleSet, ups: tuple[int, ...] | None = None, runs: int = 5) -> dict[str, float]:
    """Time per operation in baselines, measured now on numbers of the sizes `n` met: the big-integer multiply-add
    alone; a hit-sum term as the engine writes it (the child's tuple built, its value looked up, multiplied and
    added); a hand worked by the engine under optimal play (`best_int`: its stand value looked up, its hit sum, the
    choice) and under a fixed play (`policy_int`), on a fresh shoe with the banker's values already known; a residue
    multiply-add on long contiguous int64 arrays; a banker stand value in a residue batch (`stand_batch.stand_diffs`
    on the largest batch met) and in Python integers (`new_stand_diff` on those met); a Fraction formed, summed and
    multiplied, of the sizes met."""
    bits = int(statistics.median(n.value_bits))
    vals = [_value(bits, k) for k in range(1000)]

    def madd() -> int:
        total = 0
        for v in vals:
            total += 17 * v
        return len(vals)

    h0 = (1, 0, 1, 0, 0, 0, 0, 0, 0, 1)
    shoe = (24,) * 9 + (96,)
    children = [h0[:c] + (h0[c] + 1,) + h0[c + 1 :] for c in range(10)]
    hands = [tuple(x + (k >> (2 * i) & 3) for i, x in enumerate(h0)) for k in range(100)]
    best = {tuple(a + b for a, b in zip(h, ch)): vals[i] for i, h in enumerate(hands) for ch in children}
    best.update({h[:c] + (h[c] + 1,) + h[c + 1 :]: vals[c] for h in hands for c in range(10)})

    def edge() -> int:
        for h in hands:
            total = 0
            for c in range(10):
                m = shoe[c] - h[c]
                if m:
                    child = h[:c] + (h[c] + 1,) + h[c + 1 :]
                    total += m * best[child]
        return 10 * len(hands)

    class Node:
        def __init__(self) -> None:
            self.memo: dict = {}

        def work(self, h, totals=player._TOTALS):
            found = self.memo.get(h)
            if found is not None:
                return found
            found = self.memo[h] = totals.get(h)
            return found

    keys = list(best)

    def node() -> int:
        nd = Node()
        for h in keys:
            nd.work(h)
        return len(keys)

    # the engine's own player steps, on one up-card's shoe with the banker's values already known
    up = ups[-1] if ups else 9
    dealer = DealerTable(up, rules.hit_soft17)
    start_shoe = player.add(full_shoe(rules.decks), up, -1)
    starts = [
        h
        for h in (player.hand_of((a, b)) for a in range(10) for b in range(a, 10))
        if all(x <= y for x, y in zip(h, start_shoe)) and not player.is_natural(h)
    ]
    warm = Evaluator(start_shoe, up, rules, dealer)
    dealer.fill([warm.wanted(warm.stand_plan(starts))], rules.peek)
    for h in starts:
        warm.hit_int(h)  # the stand values the plan leaves out, computed once
    chart = warm.policy.__getitem__

    def optimal() -> int:
        ev = Evaluator(start_shoe, up, rules, dealer)
        for h in starts:
            ev.hit_int(h)
        return len(ev._best)

    def fixed() -> int:
        ev = Evaluator(start_shoe, up, rules, dealer)
        memo: dict = {}
        for h in starts:
            for c in range(10):
                if start_shoe[c] > h[c]:
                    ev.policy_int(player.add(h, c), chart, memo)
        return len(memo)

    batch = n.sample_batch
    assert batch is not None  # every full game fills at least one batch
    b_up, b_cls, b_h17 = n.sample_batch_key
    b_dealer = DealerTable(b_up, b_h17)
    sizes = batch.sum(axis=1)
    dens = {s: b_dealer.den(s) for s in np.unique(sizes).tolist()}
    bj = batch[:, b_dealer.blackjack_card] if b_dealer.blackjack_card >= 0 else np.zeros(len(batch), dtype=np.int64)
    pl = stand_batch.plan(b_up + 1, b_h17, b_cls)

    def batched() -> int:
        stand_batch.stand_diffs(pl, batch, sizes, bj, dens, rules.peek)
        return len(batch)

    one_cases = n.sample_one

    def one() -> int:
        tables: dict = {}
        for up1, h17, comp, size, total, peek in one_cases:
            t = tables.get((up1, h17))
            if t is None:
                t = tables[(up1, h17)] = DealerTable(up1, h17)
            t.new_stand_diff(comp, size, total, peek)
        return len(one_cases)

    fbits = int(statistics.median(n.fraction_bits)) // 2
    fracs = [Fraction(_value(fbits, k), _value(fbits, 3 * k + 1)) for k in range(200)]

    scaled = [(_value(bits, k), _value(bits + 60, 5 * k + 2)) for k in range(200)]

    def frac_new() -> int:
        for v, q in scaled:
            Fraction(v, q)
        return len(scaled)

    def frac_add() -> int:
        for a, b in itertools.pairwise(fracs):
            a + b
        return len(fracs) - 1

    def frac_mul() -> int:
        for a, b in itertools.pairwise(fracs):
            a * b
        return len(fracs) - 1

    rng = np.random.default_rng(54)
    p = stand_batch.PRIMES[0]
    xs, ys = (rng.integers(0, p, 1 << 18, dtype=np.int64) for _ in range(2))
    acc = np.zeros_like(xs)

    tmp = np.empty_like(xs)

    def flat() -> int:  # as the batches do: products summed, one reduction for several of them
        for _ in range(8):
            np.multiply(xs, ys, out=tmp)
            np.add(acc, tmp, out=acc)
        np.remainder(acc, p, out=acc)
        return 8 * len(xs)

    out = {
        "flat": _per_op(flat, runs),
        "madd": _per_op(madd, runs),
        "edge": _per_op(edge, runs),
        "best": _per_op(optimal, runs),
        "node": _per_op(node, runs),
        "fixed": _per_op(fixed, runs),
        "batch": _per_op(batched, runs),
        "one": _per_op(one, runs) if one_cases else 0.0,
        "frac_new": _per_op(frac_new, runs),
        "frac_add": _per_op(frac_add, runs),
        "frac_mul": _per_op(frac_mul, runs),
    }
    out["batch_alone"] = out["batch"]
    out["residue_op"] = out["batch"] * len(batch) / _residue_ops(pl, batch, stand_batch.lanes_for(max(dens.values())))
    return out


@contextmanager
def timing_phases() -> Iterator[dict[str, float]]:
    """Seconds spent in the few-call parts of one game (a few hundred calls: the timers cost nothing): shoes set
    up, stand plans walked, the banker's batches (`DealerTable.fill`) and, inside them, the residue sums."""
    spent: dict[str, float] = dict.fromkeys(("shoes", "plans", "fill", "batch"), 0.0)
    saved = []

    def timed(owner, name: str, key: str) -> None:
        old = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
        saved.append((owner, name, old))

        def new(*args):
            start = time.perf_counter()
            try:
                return old(*args)
            finally:
                spent[key] += time.perf_counter() - start

        setattr(owner, name, new)

    timed(Evaluator, "__post_init__", "shoes")
    timed(player, "_walk_reach", "plans")
    timed(DealerTable, "fill", "fill")
    timed(stand_batch, "stand_diffs", "batch")
    player._optimal_reach.cache_clear()
    try:
        yield spent
    finally:
        for owner, name, old in reversed(saved):
            setattr(owner, name, old)


def player_in_game(rules: RuleSet, ups: tuple[int, ...] | None, runs: int) -> float:
    """Median time (in baselines) of one game's player side in the game itself: the game run again on the banker
    tables a first run filled (every banker value then known), less its shoes, plans and batch look-ups."""
    from oddscalc.games.blackjack import game

    tables: dict[tuple[int, bool], DealerTable] = {}

    def table(up: int, hit_soft17: bool) -> DealerTable:
        found = tables.get((up, hit_soft17))
        if found is None:
            found = tables[(up, hit_soft17)] = DealerTable(up, hit_soft17)
        return found

    old = game.DealerTable
    game.DealerTable = table  # type: ignore[misc,assignment]
    try:
        full_game(rules, ups=ups)
        rest = []
        for _ in range(runs):
            b = _yardstick()
            with timing_phases() as spent:
                start = time.perf_counter()
                full_game(rules, ups=ups)
                whole = time.perf_counter() - start
            rest.append((whole - spent["shoes"] - spent["plans"] - spent["fill"]) / b)
    finally:
        game.DealerTable = old  # type: ignore[misc]
    return statistics.median(rest)


def _idle_baseline() -> float | None:
    """The baseline of the last full `make bench` (bench/results.md's first line of figures), in seconds."""
    import re
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "results.md"
    found = re.search(r"median of 7\): ([0-9.]+) ms", path.read_text()) if path.exists() else None
    return float(found.group(1)) / 1000 if found else None


def report(rules: RuleSet, ups: tuple[int, ...] | None, runs: int) -> str:
    """Count one game, time it and its operations, and say how the count and the time compare (Markdown)."""
    n, _ = count(rules, ups)
    runs_seen = []
    for _ in range(runs):
        b = _yardstick()
        player._optimal_reach.cache_clear()  # each run walks its plans, as the counted run did
        with timing_phases() as spent:
            start = time.perf_counter()
            full_game(rules, ups=ups)
            spent["game"] = time.perf_counter() - start
        runs_seen.append({k: v / b for k, v in spent.items()})
    phase = {k: statistics.median(r[k] for r in runs_seen) for k in ("game", "shoes", "plans", "fill", "batch")}
    cost = unit_costs(n, rules, ups)
    in_game = player_in_game(rules, ups, runs)
    ref = statistics.median(_BASES)  # times are given at this baseline; every ratio was taken against its own
    cost = {k: v * ref for k, v in cost.items()}
    game, in_game = phase["game"] * ref, in_game * ref
    base = ref
    cost["shoes"] = phase["shoes"] * ref / n.shoes
    cost["plans"] = phase["plans"] * ref / n.plans
    cost["asked"] = (phase["fill"] - phase["batch"]) * ref / max(n.asked, 1)
    cost["batch"] = phase["batch"] * ref / max(sum(n.batch_sizes), 1)
    madds = sum(n.madds.values())
    frac_adds = n.fraction_ops["add"] + n.fraction_ops["sub"]
    frac_muls = n.fraction_ops["mul"] + n.fraction_ops["truediv"]
    bits = statistics.median(n.value_bits)
    rows = [
        ("shoes set up (`Evaluator`: the falling factorials of its scale)", n.shoes, "shoes", ""),
        ("stand plans walked (`stand_plan`)", n.plans, "plans", ""),
        ("banker values asked in batches, sorted out (`fill`, less the residue sums)", n.asked, "asked", ""),
        (
            "player hands worked under optimal play (`best_int`)",
            len(n.worked["best"]),
            "best",
            f"{bits:.0f}-bit values",
        ),
        ("player hands worked under a fixed split-hand play (`policy_int`)", len(n.worked["policy"]), "fixed", ""),
        (
            f"banker stand values in {len(n.batch_sizes)} residue batches",
            sum(n.batch_sizes),
            "batch",
            f"{n.residue_ops:,} int64 residue multiply-adds",
        ),
        ("banker stand values in Python integers", n.one_by_one, "one", f"{n.level_terms:,} multiply-adds"),
        ("Fractions formed from the hands' integers (a gcd each)", n.fraction_ops["formed"], "frac_new", ""),
        (
            "Fraction sums and differences",
            frac_adds,
            "frac_add",
            f"median {statistics.median(n.fraction_bits):.0f} bits",
        ),
        ("Fraction products and quotients", frac_muls, "frac_mul", ""),
    ]
    predicted = sum(k * cost[key] for _, k, key, _ in rows)
    player_keys = ("best", "fixed", "frac_new", "frac_add", "frac_mul")
    player_side = sum(k * cost[key] for _, k, key, _ in rows if key in player_keys)
    lines = [
        f"rules {rules}, up-cards {ups or 'all'}: {n.shoes} shoes ({n.split_shoes} of split hands), "
        f"{n.hands:,} (shoe, hand) pairs worked, {n.compositions:,} distinct hand compositions, {n.plans} stand plans",
        f"baseline {ref * 1000:.2f} ms (median of {len(_BASES)} timed between the measurements, "
        f"{min(_BASES) * 1000:.2f} to {max(_BASES) * 1000:.2f}; every time below is its ratio to the baseline timed "
        f"just before it, given at {ref * 1000:.2f} ms); full game median of {runs}: {game * 1000:.0f} ms "
        f"({game / base:.0f} baselines), of which the banker's batches (`DealerTable.fill`) "
        f"{phase['fill'] * ref * 1000:.0f} ms",
        "",
        "| work | count | cost per op (median) | count x cost | baselines | note |",
        "|---|---|---|---|---|---|",
    ]
    for name, k, key, note in rows:
        t = k * cost[key]
        lines.append(f"| {name} | {k:,} | {cost[key] * 1e6:.3f} us | {t * 1000:.0f} ms | {t / base:.1f} | {note} |")
    lines.append(f"| sum | | | {predicted * 1000:.0f} ms | {predicted / base:.1f} | |")
    lines.append(f"| the full game, measured (median of {runs}) | | | {game * 1000:.0f} ms | {game / base:.1f} | |")
    stands = len(n.worked["stand"])
    sample = 0 if n.sample_batch is None else len(n.sample_batch)
    floor = n.hands * cost["node"] + (madds + stands) * cost["madd"] + sum(n.batch_sizes) * cost["batch"]
    lines += [
        "",
        "The player side in the game itself (run again on the banker"
        f" tables a first run filled, less shoes, plans and batch look-ups): {in_game * 1000:.0f} ms, against "
        f"{player_side * 1000:.0f} ms counted at the costs above (hands and Fractions): "
        f"{in_game / player_side:.2f} times",
        f"inside the hands: {madds:,} big-integer multiply-adds of the hit, double and fixed-play sums "
        f"(one: {cost['madd'] * 1e9:.0f} ns bare, {cost['edge'] * 1e9:.0f} ns as the engine writes it) and "
        f"{stands:,} stand values looked up and scaled; {n.calls['hit']:,} hit and {n.calls['double']:,} double sums",
        f"sizes: the hands' stand values {min(n.value_bits)} to {max(n.value_bits)} bits (median "
        f"{statistics.median(n.value_bits):.0f}), the banker's {max(n.banker_bits)} bits at most (median "
        f"{statistics.median(n.banker_bits):.0f}), the Fractions' numerator and denominator together "
        f"{max(n.fraction_bits)} bits at most; residue lanes per batch "
        f"{dict(sorted(Counter(n.batch_lanes).items()))}",
        f"the largest batch alone ({sample} values): {cost['batch_alone'] * 1e6:.2f} us a value, "
        f"{cost['residue_op'] * 1e9:.2f} ns a residue multiply-add",
        f"floor of this algorithm in Python (each (shoe, hand) pair one bare memo step of {cost['node'] * 1e9:.0f} ns, "
        f"each term and stand value one multiply-add, the banker's values at the batch cost): {floor * 1000:.0f} ms "
        f"= {floor / base:.0f} baselines",
    ]
    lanes = -(-(max(n.value_bits) + 2) // 28)  # residues of the hands' values modulo primes below 2^28
    after = {
        "banker": n.residue_ops * cost["flat"],
        "hands": (madds + stands) * (lanes + 1) * cost["flat"],
        "shoes": n.shoes * cost["shoes"],
        "plans": n.plans * cost["plans"] + n.asked * cost["asked"],
    }
    from oddscalc.games.blackjack.exact import banker_batch

    ups_met = Counter(up for up, _ in n.banker_comps)
    circuit_ops = sum(
        k * len(banker_batch.circuit(up + 1, rules.hit_soft17).parent) * len(stand_batch.PRIMES[:3])
        for up, k in ups_met.items()
    )
    lines.append(
        f"the banker's batches hold {len(n.banker_comps):,} distinct compositions (of {sum(n.batch_sizes):,} "
        f"(composition, total class) values): the seven outcome weights of each once, on the banker's tree "
        f"(`banker_batch.circuit`, 3 lanes), are {circuit_ops:,} residue multiply-adds "
        f"({circuit_ops * cost['flat'] * 1000:.0f} ms at the contiguous cost)"
    )
    lines.append(
        f"the same counts on contiguous arrays ({cost['flat'] * 1e9:.2f} ns a residue multiply-add): banker "
        f"{after['banker'] * 1000:.0f} ms; hands' terms and stand values in {lanes} residue lanes and one double "
        f"precision screen {after['hands'] * 1000:.0f} ms; shoes {after['shoes'] * 1000:.0f} ms; plans and batch "
        f"look-ups as now {after['plans'] * 1000:.0f} ms; total {sum(after.values()) * 1000:.0f} ms "
        f"= {sum(after.values()) / base:.0f} baselines"
    )
    idle = _idle_baseline()
    if idle:
        lines.append(
            f"at the idle baseline ({idle * 1000:.2f} ms): game {game / base * idle:.2f} s, "
            f"sum {predicted / base * idle:.2f} s, floor {floor / base * idle:.2f} s, "
            f"on arrays {sum(after.values()) / base * idle:.2f} s; "
            f"0.5 s is {0.5 / idle:.0f} baselines"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=int, default=6, choices=range(1, 9), metavar="1..8")
    parser.add_argument("--up", type=int, choices=range(10), metavar="0..9", help="one up-card (value index) only")
    parser.add_argument("--runs", type=int, default=3, choices=range(1, 12), metavar="1..11")
    args = parser.parse_args(argv)
    print(report(RuleSet(decks=args.decks), None if args.up is None else (args.up,), args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
