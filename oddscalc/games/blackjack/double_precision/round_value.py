"""One round's expectation from a shoe in double precision: the protection study's evaluator, never an exact figure.

The definition is the exact engine's (`composition.round_expectations`), the same quantities computed in
doubles instead of Fractions. They are composition-dependent optimal play with split hands played by the rule
set's `post_split` (CDP1 or CDZ-), and the fixed full-shoe basic strategy (the chart, split hands by it too).
Every split goes by the same second-card patterns and shoes less extra pair cards (`splits/expectation.py`), up
to the same hand limit.
The banker's values come from `double_precision.banker_values`, the hands' from `double_precision.hand_values`,
the splits' from `double_precision.split_value`. It agrees with the exact engine to about 1e-15
(tests/test_blackjack_float_round.py asks 1e-12 on several rule sets and shoes). Every protection study checks
a sample of its own rounds against the exact engine (docs/protect.md, "The double-precision evaluator").

`round_estimates` gives None, and the caller takes the exact engine, where doubles could decide something
differently from exact arithmetic or the method does not apply. That is so in three cases. One is a shoe so
small that the banker could run out of cards on some hand. Another is CDP post-split play (each later split
hand played on the cards of the one before: an optimal play per block of the first hand, not this method).
The last is a post-split choice whose options lie within `TIE` of each other (stand, hit or double, read from
the optimum on one shoe and then played on others).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from oddscalc.core.errors import InputError
from oddscalc.games.blackjack.double_precision import hand_values
from oddscalc.games.blackjack.double_precision.banker_values import (
    BankerPlan,
    banker_plan,
    blackjack_card,
    stand_values,
    value_order,
)
from oddscalc.games.blackjack.double_precision.hand_arrays import HandSpace, Removals, hand_space, removals
from oddscalc.games.blackjack.double_precision.hand_values import DOUBLE, HIT, STAND
from oddscalc.games.blackjack.double_precision.split_value import split_value
from oddscalc.games.blackjack.exact.player import DOUBLE as DOUBLE_ACTION
from oddscalc.games.blackjack.exact.player import HIT as HIT_ACTION
from oddscalc.games.blackjack.exact.player import SPLIT as SPLIT_ACTION
from oddscalc.games.blackjack.exact.player import STAND as STAND_ACTION
from oddscalc.games.blackjack.game import ten_pair_cases
from oddscalc.games.blackjack.rules import ACE, TEN, RuleSet
from oddscalc.games.blackjack.strategy import Strategy, play_policy, row_of

__all__ = ["TIE", "round_estimates"]

#: Two options of a post-split choice closer than this (per unit staked) are not trusted to doubles.
TIE = 1e-9
_CODES = {STAND_ACTION: STAND, HIT_ACTION: HIT, DOUBLE_ACTION: DOUBLE}
#: Fixed plays of one pair (or -1: unsplit hands): (pair, start hands, [(actions, gaps) per policy], [(k, policy)]).
Group = tuple[int, np.ndarray, list[tuple[np.ndarray, np.ndarray]], list[tuple[int, int]]]


@dataclass(frozen=True)
class _Start:
    """A starting hand (value indices a <= b): its hand number, whether the rules let it split (a pair of a
    splittable value; tens under a same-rank rule apart), and whether it may double."""

    a: int
    b: int
    hand: int
    pair: bool
    double: bool


@dataclass(frozen=True)
class _Chart:
    """The basic strategy against one up-card.

    `start[(a, b, splittable)]`: the first decision on a two-card hand. `unsplit`: the action per hand number
    of an unsplit hand (its first decision on two cards, stand where it splits, whose value is taken apart;
    `strategy.play_policy` after). `split[p]`: that of a split hand of pair p."""

    start: dict[tuple[int, int, bool], str]
    unsplit: np.ndarray
    split: dict[int, np.ndarray]


@dataclass(frozen=True)
class _Plan:
    """What every round of one rule set (and chart) shares: hands, removals, banker plans, charts."""

    rules: RuleSet
    pairs: tuple[int, ...]  # value indices of the pairs that may be split (tens too under a same-rank rule)
    space: HandSpace
    removals: Removals
    child: np.ndarray  # `space.child` for the kernels: unsigned, a bust numbered len(hands)
    comp: np.ndarray  # `removals.comp` for the kernels: unsigned, a removal not listed numbered len(rows)
    order: np.ndarray  # `space.order`, unsigned
    unsplit: np.ndarray  # hand numbers of hands of two cards or more, children first
    holding: dict[int, np.ndarray]  # pair -> hands of two cards or more holding one, children first
    seconds: dict[int, np.ndarray]  # pair -> the split hand (pair, x) for x = 0..9
    two_cards: np.ndarray
    starts: tuple[_Start, ...]
    charts: tuple[_Chart, ...] | None
    no_gap: np.ndarray  # a gap per hand for a play not read from an optimum: no choice to doubt
    biggest: int  # the most cards a listed removal holds
    ranks: dict[int, np.ndarray]  # pair -> each removal's place in the banker's order `value_order(pair)`

    def banker(self, up: int, first: int = ACE) -> BankerPlan:
        return banker_plan(up + 1, self.rules.hit_soft17, first)

    def chart(self, up: int) -> _Chart:
        """The chart's plays against up-card `up` (a plan made for the basic strategy holds its charts)."""
        if self.charts is None:
            raise InputError("the basic strategy needs its chart")
        return self.charts[up]


def _largest_k(rules: RuleSet, pair: int) -> int:
    """The most cards of value `pair` gone before a split hand (k = 1 + t) any shoe of the rules can ask for."""
    full = 4 * rules.decks if pair != TEN or rules.same_rank_tens else 16 * rules.decks
    limit = rules.hands_limit(pair + 1, full - 2)
    return 1 + min(2 * (limit - 2), full - 2)


@lru_cache(maxsize=64)
def _plan(rules: RuleSet, chart: Strategy | None) -> _Plan:
    """The rules' plan with the charts of `chart` (a study with index plays asks for a few charts in turn: each
    kept, the rest of the plan shared)."""
    base = _base_plan(rules)
    if chart is None:
        return base
    return replace(
        base, charts=tuple(_chart(rules, base.space, base.pairs, base.two_cards, chart, up) for up in range(10))
    )


@lru_cache(maxsize=8)
def _base_plan(rules: RuleSet) -> _Plan:
    pairs = tuple(p for p in range(10) if p + 1 in rules.split_values)
    sp = hand_space()
    rem = removals(tuple((p, _largest_k(rules, p)) for p in pairs))
    order = sp.order[sp.size[sp.order] >= 2].astype(np.uint32)
    holding = {p: order[sp.hands[order, p] > 0] for p in pairs}
    seconds = {p: np.array([sp.index[_two(p, x)] for x in range(10)], dtype=np.uint32) for p in pairs}
    two_cards = order[sp.size[order] == 2]
    starts = tuple(
        _Start(
            a,
            b,
            sp.index[_two(a, b)],
            a == b and a + 1 in rules.split_values,
            rules.can_double(int(sp.total[sp.index[_two(a, b)]])),
        )
        for a in range(10)
        for b in range(a, 10)
    )
    ranks = {}
    for p in pairs:
        rank = np.empty(len(rem.rows), dtype=np.int64)
        rank[np.lexsort(rem.rows[:, list(value_order(p))].T)] = np.arange(len(rem.rows))
        ranks[p] = rank
    child = np.where(sp.child >= 0, sp.child, len(sp.hands)).astype(np.uint32)
    comp = np.where(rem.comp >= 0, rem.comp, len(rem.rows)).astype(np.uint32)
    return _Plan(
        rules,
        pairs,
        sp,
        rem,
        child,
        comp,
        sp.order.astype(np.uint32),
        order,
        holding,
        seconds,
        two_cards,
        starts,
        None,
        np.full(len(sp.hands), np.inf),
        int(rem.sizes.max()),
        ranks,
    )


def _two(a: int, b: int) -> tuple[int, ...]:
    h = [0] * 10
    h[a] += 1
    h[b] += 1
    return tuple(h)


def _chart(
    rules: RuleSet, sp: HandSpace, pairs: tuple[int, ...], two_cards: np.ndarray, chart: Strategy, up: int
) -> _Chart:
    """The chart against up-card index `up` as actions per hand (`strategy.play_policy`, `strategy.hand_value`)."""
    hands = [tuple(h) for h in sp.hands.tolist()]
    start = {
        (a, b, splittable): chart.first(row_of((a, b), splittable), up) or STAND_ACTION
        for a in range(10)
        for b in range(a, 10)
        for splittable in (False, True)
    }
    later = play_policy(chart, up, None, rules.das)
    unsplit = np.array([_CODES[later(h)] if n >= 3 else STAND for h, n in zip(hands, sp.size)], dtype=np.int64)
    for i in two_cards.tolist():
        a, b = (v for v in range(10) for _ in range(hands[i][v]))
        action = start[(a, b, a == b and a + 1 in rules.split_values)]
        unsplit[i] = (
            HIT
            if action == HIT_ACTION
            else (DOUBLE if action == DOUBLE_ACTION and rules.can_double(int(sp.total[i])) else STAND)
        )
    split = {}
    for p in pairs:
        act = play_policy(chart, up, p, rules.das)
        split[p] = np.array(
            [_CODES[act(h)] if h[p] and n >= 2 else STAND for h, n in zip(hands, sp.size)], dtype=np.int64
        )
    return _Chart(start, unsplit, split)


def round_estimates(
    rules: RuleSet,
    shoe: Sequence[int],
    tens: Sequence[int] | None,
    strategies: tuple[str, ...],
    chart: Strategy | None = None,
) -> dict[str, float] | None:
    """The expectation of one round (per unit initial stake) dealt from `shoe`, in double precision.

    `shoe` holds counts per value index, Aces first. There is one expectation for each of `strategies`
    ("optimal", "basic": the fixed `chart`). `tens`: the shoe's tens per rank 10, J, Q, K under a same-rank
    split rule. None where the exact engine must decide (see the module's docstring)."""
    if rules.post_split == "cdp" and "optimal" in strategies:
        return None
    if "basic" in strategies and chart is None:
        raise InputError("the basic strategy needs its chart")
    plan = _plan(rules, chart if "basic" in strategies else None)
    counts = np.array(shoe, dtype=np.int64)
    if not _large_enough(plan, counts):
        return None
    totals = dict.fromkeys(strategies, 0.0)
    size = int(counts.sum())
    for up in range(10):
        if not counts[up]:
            continue
        left = counts.copy()
        left[up] -= 1
        found = _up_card(plan, left, up, tens, strategies)
        if found is None:
            return None
        for s in strategies:
            totals[s] += counts[up] / size * found[s]
    return totals


def _large_enough(plan: _Plan, counts: np.ndarray) -> bool:
    """Whether the banker could run out of cards on no composition a round may ask about."""
    last = max(plan.banker(up).last for up in range(10))
    size = int(counts.sum())
    if size - 1 - plan.biggest >= last:
        return True
    fits = np.all(plan.removals.rows <= counts, axis=1)
    return bool(size - 1 - int(plan.removals.sizes[fits].max(initial=0)) >= last)


class _Up:
    """The work for one up-card: the banker's values of the compositions asked for (`st`, a row per listed
    removal and a last row of NaN, read for a removal not listed), and the hands' values under each play."""

    def __init__(self, plan: _Plan, left: np.ndarray, up: int) -> None:
        self.plan, self.left, self.up = plan, left, up
        self.rules, self.space, rem = plan.rules, plan.space, plan.removals
        self.bj = blackjack_card(up + 1)
        self.bj_code = np.uint64(self.bj if self.bj >= 0 else 10)  # the kernels' form: 10 for none
        self.st = np.full((len(rem.rows) + 1, 6), np.nan)
        stand_values(plan.banker(up), rem.first, rem.rows, rem.sizes, left, self.rules.peek, self.st)
        self.done = np.zeros(len(rem.rows) + 1, dtype=np.bool_)
        self.done[rem.first] = True

    def shoe(self, pair: int, k: int) -> np.ndarray:
        """The shoe less k cards of value `pair`."""
        e = self.left.copy()
        if k:
            e[pair] -= k
        return e

    def comp(self, pair: int, k: int) -> np.ndarray:
        return self.plan.comp[self.plan.removals.shift(pair, k)]

    def optimal(self, pair: int, k: int) -> tuple[np.ndarray, ...]:
        """Optimal values on the shoe less k cards of value `pair` (every hand for k = 0, else those holding a
        pair card): best, hit, action, gap, double (`double_precision.hand_values.optimal`)."""
        sp = self.space
        n = len(sp.hands)
        best, hit, gap, dbl = np.full((4, n), np.nan)
        act = np.zeros(n, dtype=np.int64)
        order = self.plan.holding[pair] if k else self.plan.unsplit
        hand_values.optimal(
            self.shoe(pair, k),
            order,
            sp.hands,
            sp.size,
            sp.total,
            sp.soft,
            self.plan.child,
            np.uint32(n),
            self.comp(pair, k),
            self.st,
            self.rules.peek,
            self.bj_code,
            best,
            hit,
            act,
            gap,
            dbl,
        )
        return best, hit, act, gap, dbl

    def fixed(self, groups: list[Group]) -> tuple[list[np.ndarray], float]:
        """Per group of fixed plays, the values ((plays, hands) array) of the hands each play reaches, and the
        smallest gap among the hands reached. A group's banker values are computed before its values, with the
        group's pair value at the banker's last level (its shoes less 1, 2, .. pair cards then share every
        other level)."""
        sp, rem = self.space, self.plan.removals
        n_hands = np.uint32(len(sp.hands))
        out = []
        smallest = np.inf
        for pair, starts, policies, plays in groups:
            shoes = np.array([self.shoe(pair, k) for k, _ in plays])
            acts = np.stack([act for act, _ in policies])
            gaps = np.stack([gap for _, gap in policies])
            which = np.array([q for _, q in plays], dtype=np.int64)
            shifts = np.array([rem.shift(pair, k) for k, _ in plays], dtype=np.int64)
            reached = np.zeros((len(plays), len(sp.hands)), dtype=np.bool_)
            need = np.zeros(len(rem.rows) + 1, dtype=np.bool_)
            falling = self.plan.holding[pair] if pair >= 0 else self.plan.unsplit  # children first
            rising = falling[::-1]
            smallest = min(
                smallest,
                hand_values.walk(
                    starts,
                    rising,
                    shoes,
                    acts,
                    gaps,
                    which,
                    self.plan.comp,
                    shifts,
                    sp.hands,
                    self.plan.child,
                    n_hands,
                    need,
                    reached,
                ),
            )
            todo = np.flatnonzero(need[:-1] & ~self.done[:-1])
            if len(todo):
                first = ACE if pair < 0 else pair
                if first != ACE:
                    todo = todo[np.argsort(self.plan.ranks[first][todo])]
                stand_values(
                    self.plan.banker(self.up, first), todo, rem.rows, rem.sizes, self.left, self.rules.peek, self.st
                )
                self.done[todo] = True
            value = np.full((len(plays), len(sp.hands)), np.nan)
            hand_values.fixed(
                falling,
                reached,
                shoes,
                acts,
                which,
                self.plan.comp,
                shifts,
                sp.hands,
                sp.size,
                sp.total,
                self.plan.child,
                n_hands,
                self.st,
                self.rules.peek,
                self.bj_code,
                value,
            )
            out.append(value)
        return out, smallest


def _up_card(
    plan: _Plan, left: np.ndarray, up: int, tens: Sequence[int] | None, strategies: tuple[str, ...]
) -> dict[str, float] | None:
    """Each strategy's expectation given the up-card (`left`: the shoe once it is out); None: see the module."""
    rules, sp = plan.rules, plan.space
    work = _Up(plan, left, up)
    want_opt, want_basic = "optimal" in strategies, "basic" in strategies
    chart = plan.chart(up) if want_basic else None
    opt0 = work.optimal(-1, 0) if want_opt else None
    groups: list[Group] = []
    tags: list[list[tuple[str, int, int]]] = []  # per group, (strategy, pair, t) of each play
    cases: dict[int, list[tuple[float, int, int]]] = {}  # pair -> (chance, partners, hand limit) of its splits
    tops: dict[int, int] = {}  # pair -> the most extra pair cards gone a split hand is played with
    chosen: dict[int, np.ndarray] = {}  # pair -> g(x, 0) of CDP1: the optimum on the shoe it is chosen on
    for p in plan.pairs:
        found = _partner_cases(rules, left, p, up, tens) if left[p] >= 2 else []
        if not found:
            continue
        cases[p] = [(q, k, rules.hands_limit(p + 1, k)) for q, k in found]
        tops[p] = top = max(min(2 * (limit - 2), k) for _, k, limit in cases[p])
        policies: list[tuple[np.ndarray, np.ndarray]] = []
        plays: list[tuple[int, int]] = []
        tag: list[tuple[str, int, int]] = []
        if opt0 is not None:
            k0 = 0 if rules.post_split == "cdz-" else 1  # CDZ- reads the unsplit optimum, CDP1 its own
            best, _, act, gap, dbl = opt0 if k0 == 0 else work.optimal(p, 1)
            policy, pgap, g0 = _split_choices(
                rules, p, plan.seconds[p], best, act, gap, dbl, work.st, work.comp(p, 1), sp
            )
            if k0:
                chosen[p] = g0
            policies.append((policy, pgap))
            plays += [(1 + t, 0) for t in range(k0, top + 1)]
            tag += [("optimal", p, t) for t in range(k0, top + 1)]
        if chart is not None and chart.start[(p, p, True)] == SPLIT_ACTION:
            policies.append((chart.split[p], plan.no_gap))
            plays += [(1 + t, len(policies) - 1) for t in range(top + 1)]
            tag += [("basic", p, t) for t in range(top + 1)]
        if plays:
            groups.append((p, plan.seconds[p], policies, plays))
            tags.append(tag)
    if chart is not None:
        groups.append((-1, plan.two_cards, [(chart.unsplit, plan.no_gap)], [(0, 0)]))
        tags.append([("basic", -1, 0)])
    values, smallest = work.fixed(groups)
    if smallest < TIE:
        return None
    g: dict[tuple[str, int], np.ndarray] = {}
    unsplit = None
    for tag, value in zip(tags, values):
        for j, (s, p, t) in enumerate(tag):
            if p < 0:
                unsplit = value[j]
            else:
                g.setdefault((s, p), np.full((tops[p] + 1, 10), np.nan))[t] = value[j, plan.seconds[p]]
    for p, g0 in chosen.items():
        g.setdefault(("optimal", p), np.full((tops[p] + 1, 10), np.nan))[0] = g0
    splits = {
        key: {k: split_value(left, key[1], k, limit, arr) for _, k, limit in cases[key[1]]} for key, arr in g.items()
    }
    out = {}
    if want_opt:
        out["optimal"] = _start_hands(plan, work, tens, "optimal", opt0, splits)
    if want_basic:
        out["basic"] = _start_hands(plan, work, tens, "basic", unsplit, splits)
    if any(np.isnan(v) for v in out.values()):
        return None
    return out


@lru_cache(maxsize=32)
def _ten_cases(tens: tuple[int, ...], up: int) -> tuple[tuple[int | None, float], ...]:
    """`game.ten_pair_cases` with the chances rounded (asked twice per up-card of a round)."""
    return tuple((k, float(q)) for k, q in ten_pair_cases(tens, up))


def _ranked_tens(tens: Sequence[int] | None) -> tuple[int, ...]:
    """The shoe's tens per rank 10, J, Q, K, which a same-rank split rule is given."""
    if tens is None:
        raise InputError("a same-rank split rule needs the shoe's tens per rank")
    return tuple(tens)


def _partner_cases(
    rules: RuleSet, left: np.ndarray, p: int, up: int, tens: Sequence[int] | None
) -> list[tuple[float, int]]:
    """(chance, partners) of a starting pair of value `p`: the cards left that may join it. Under a same-rank
    rule a pair of tens is one rank with the chances of `game.ten_pair_cases` (only those cases split)."""
    if p == TEN and rules.same_rank_tens:
        return [(q, k) for k, q in _ten_cases(_ranked_tens(tens), up) if k is not None]
    return [(1.0, int(left[p]) - 2)]


def _split_choices(rules: RuleSet, p: int, seconds: np.ndarray, best, act, gap, dbl, st, comp, sp: HandSpace):
    """The post-split play read from the optimum (`best`, `act`, `gap`, `dbl` of the shoe it is chosen on).

    Split Aces stand. Another two-card split hand doubles where the rules let it and doubling is worth more
    than the best of standing and hitting (`player.Evaluator.split_hand_int`). Also each second card's optimal
    value on that shoe (g(x, 0) under CDP1)."""
    policy, pgap = act.copy(), gap.copy()
    g0 = np.full(10, np.nan)
    for x, h in enumerate(seconds.tolist()):
        if p == ACE:
            policy[h], pgap[h] = STAND, np.inf
            g0[x] = _stand(sp, st, comp, h)
            continue
        g0[x] = best[h]
        if rules.das and rules.can_double(int(sp.total[h])):
            pgap[h] = min(pgap[h], abs(dbl[h] - best[h]))
            if dbl[h] > best[h]:
                policy[h], g0[x] = DOUBLE, dbl[h]
    return policy, pgap, g0


def _stand(sp: HandSpace, st: np.ndarray, comp: np.ndarray, h: int) -> float:
    t = int(sp.total[h])
    return float(st[comp[h], t - 16 if t > 16 else 0])


def _start_hands(plan: _Plan, work: _Up, tens: Sequence[int] | None, strategy: str, values, splits) -> float:
    """The expectation given the up-card: every starting hand's chance times its value under `strategy`
    (`values`: `_Up.optimal`'s arrays for the optimum, the unsplit hands' values under the chart for basic)."""
    rules, sp, left, up = plan.rules, plan.space, work.left, work.up
    size = int(left.sum())
    bj = work.bj
    comp0 = plan.comp[0]
    chart = plan.chart(up) if strategy == "basic" else None
    mine = {p: found for (s, p), found in splits.items() if s == strategy}
    total = 0.0
    for s in plan.starts:
        a, b, h = s.a, s.b, s.hand
        ways = int(left[a]) * (int(left[b]) - (a == b)) * (1 if a == b else 2)
        if not ways:
            continue
        pbj = (int(left[bj]) - (a == bj) - (b == bj)) / (size - 2) if bj >= 0 else 0.0
        if sp.total[h] == 21:
            v = float(rules.blackjack_pays) * (1 - pbj)
        else:
            if a == b == TEN and rules.same_rank_tens:
                cases = [(q, k) for k, q in _ten_cases(_ranked_tens(tens), up)]
            else:
                cases = [(1.0, int(left[a]) - 2 if s.pair else None)]
            v = -pbj if rules.peek else 0.0
            for q, k in cases:
                split = None if k is None else mine.get(a, {}).get(k)
                if chart is None:
                    v += q * _optimal_start(rules, sp, s, values, work.st, comp0[h], split)
                else:
                    v += q * _basic_start(rules, chart, work, sp, s, k, values, split)
        total += ways / (size * (size - 1)) * v
    return total


def _optimal_start(
    rules: RuleSet, sp: HandSpace, s: _Start, values, st: np.ndarray, row: int, split: float | None
) -> float:
    """The best of the actions the first two cards allow (`hand.start_hand`, stand_always False)."""
    _, hit, _, _, dbl = values
    h = s.hand
    t = int(sp.total[h])
    best = hit[h]
    if not (t <= 11 or (sp.soft[h] and t <= 16)):
        best = max(best, st[row, t - 16 if t > 16 else 0])
    if s.double:
        best = max(best, dbl[h])
    if split is not None:
        best = max(best, split)
    return float(best)


def _basic_start(
    rules: RuleSet,
    chart: _Chart,
    work: _Up,
    sp: HandSpace,
    s: _Start,
    partners: int | None,
    unsplit: np.ndarray,
    split: float | None,
) -> float:
    """The chart's value of a starting hand (`strategy.hand_value`): split where it says so and the pair may
    be split, else its first decision then the chart (the unsplit play's value of the hand)."""
    action = chart.start[(s.a, s.b, partners is not None)]
    if action == SPLIT_ACTION and partners is not None:
        return np.nan if split is None else split
    if (partners is not None) == s.pair:
        return float(unsplit[s.hand])  # the row the unsplit play was built with
    return _two_card_value(rules, work, sp, s, action)  # a pair of tens of two ranks (same-rank rule)


def _two_card_value(rules: RuleSet, work: _Up, sp: HandSpace, s: _Start, action: str) -> float:
    """A two-card hand's value when it stands or doubles; NaN (left to the exact engine) when the chart hits
    it (a pair of tens of two ranks: no chart does)."""
    h, comp = s.hand, work.plan.comp[0]
    if action == HIT_ACTION:
        return np.nan
    if action != DOUBLE_ACTION or not s.double:
        return _stand(sp, work.st, comp, h)
    left, bj = work.left, work.bj
    rest = int(left.sum()) - 2
    v = 0.0
    for c in range(10):
        n = int(left[c]) - int(sp.hands[h, c])
        if n <= 0:
            continue
        ch = int(sp.child[h, c])
        if ch >= 0:
            v += n * _stand(sp, work.st, comp, ch)
        elif rules.peek and bj >= 0:
            v -= n * (rest - 1 - (int(left[bj]) - int(sp.hands[h, bj]) - (c == bj))) / (rest - 1)
        else:
            v -= n
    return 2.0 * v / rest
