"""Exact player expectations against one banker up-card: stand, hit (optimal play after), double.

Hands are count tuples (index 0 = Aces .. 9 = ten-values). An `Evaluator` holds one shoe (up-card and
known cards already out); the cards left for a hand h are `shoe - h`. Internally every value of a hand
of s cards is an integer over Q[s] = (N - s)_(K - s), N the shoe size. Then hitting is a plain integer
sum (Q[s] = (N - s) Q[s+1]) and choices compare integers. Fractions are formed only at the edges.
With a peek hole card the values are *unnormalised*: E[result; banker has no blackjack], which orders
the choices at a hand exactly as the conditional values do (same positive divisor).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import sub

import numpy as np

from oddscalc.games.blackjack.exact import stand_batch
from oddscalc.games.blackjack.exact.banker import (
    BJ,
    BUST,
    ROWS,
    StandLayers,
    busting,
    compiled,
    denominator,
    falling,
    hand_total,
    longest,
    outcome_weight,
    pads,
    stand_class,
    stand_layers,
)
from oddscalc.games.blackjack.rules import ACE, TEN, RuleSet
from oddscalc.wager_results import ShoeRunsOut

__all__ = [
    "DOUBLE",
    "HIT",
    "SPLIT",
    "STAND",
    "DealerTable",
    "Evaluator",
    "ShoeRunsOut",
    "add",
    "hand_of",
    "is_natural",
    "total_of",
]

STAND, HIT, DOUBLE, SPLIT = "stand", "hit", "double", "split"
ZERO = Fraction(0)
_MAX_HAND = 22  # a hand of 21 or less holds at most 21 cards; one more card busts it


def add(h: tuple[int, ...], c: int, k: int = 1) -> tuple[int, ...]:
    return h[:c] + (h[c] + k,) + h[c + 1 :]


def hand_of(values) -> tuple[int, ...]:
    """Count tuple of a hand from card value indices (0 = Ace .. 9 = ten)."""
    h = [0] * 10
    for v in values:
        h[v] += 1
    return tuple(h)


_TOTALS: dict[tuple[int, ...], tuple[int, bool]] = {}


def total_of(h: tuple[int, ...]) -> tuple[int, bool]:
    """Best total of a hand (an Ace as 11 when that stays within 21) and whether it is soft."""
    found = _TOTALS.get(h)
    if found is None:
        found = _TOTALS[h] = hand_total(
            h[0] + 2 * h[1] + 3 * h[2] + 4 * h[3] + 5 * h[4] + 6 * h[5] + 7 * h[6] + 8 * h[7] + 9 * h[8] + 10 * h[9],
            h[ACE],
        )
    return found


def is_natural(h: tuple[int, ...]) -> bool:
    return sum(h) == 2 and h[ACE] == 1 and h[TEN] == 1


_BATCH_MIN = 200  # fewer stand values of a class than this go one by one (a batch costs about 150 of those)
_LEVEL_CAP = 1_500_000  # shared level sums kept per table before they are dropped (memory, not correctness)


def _walk_reach(
    starts: tuple, doubles: tuple, shoe: tuple[int, ...], policy: Callable[[tuple[int, ...]], str] | None
) -> tuple[np.ndarray, np.ndarray]:
    """`Evaluator.stand_plan` itself: breadth-first over the hands reached from `starts` (`doubles`: those
    that may double), drawing from `shoe`, under `policy` (None: optimal play)."""
    out: dict[tuple[int, ...], int] = {}
    seen: set[tuple[int, ...]] = set()
    frontier = list(starts)
    while frontier:
        nxt = []
        for h in frontier:
            if h in seen:
                continue
            seen.add(h)
            total, soft = total_of(h)
            if total > 21:
                continue
            action = None if policy is None else (STAND if total == 21 else _known(policy, h))
            if h in doubles and action in (None, DOUBLE):
                for c in range(10):
                    if shoe[c] > h[c]:
                        hc = h[:c] + (h[c] + 1,) + h[c + 1 :]
                        if (t := total_of(hc)[0]) <= 21:
                            out[hc] = t
            if action is None:
                if not (total <= 11 or (soft and total <= 16)):
                    out[h] = total
                grow = total < 21 and (soft or total < 17)
            else:
                if action == STAND:
                    out[h] = total
                grow = action == HIT
            if grow:
                nxt += [h[:c] + (h[c] + 1,) + h[c + 1 :] for c in range(10) if shoe[c] > h[c]]
        frontier = nxt
    hands = np.array(list(out), dtype=np.int64).reshape(-1, 10)
    totals = np.array(list(out.values()), dtype=np.int64)
    hands.flags.writeable = totals.flags.writeable = False  # cached and shared: read only
    return hands, totals


def _known(policy: Callable[[tuple[int, ...]], str], h: tuple[int, ...]) -> str:
    """`policy`'s action at h, a stand where it has none (a plan only: the evaluation reads the policy itself)."""
    try:
        return policy(h)
    except KeyError:
        return STAND


@lru_cache(maxsize=64)
def _optimal_reach(starts: tuple, doubles: tuple, room: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """`_walk_reach` under optimal play, which depends on the shoe only through `room` (counts capped at the
    most cards of one value a hand can hold), so that one plan serves every large shoe."""
    return _walk_reach(starts, doubles, room, None)


def _stands(h: tuple[int, ...]) -> str:
    """Split Aces' play: one card each, then stand."""
    return STAND


class DealerTable:
    """Banker outcome weights per shoe composition for one up-card: each (composition, outcome) once;
    and the net result of standing on a total, each (composition, total class) once."""

    def __init__(self, up: int, hit_soft17: bool) -> None:
        self.up, self.hit_soft17 = up, hit_soft17
        self.last = longest(up + 1, hit_soft17)
        self.memo: list[dict[tuple[int, ...], int]] = [{} for _ in range(7)]
        self.checked: set[tuple[int, ...]] = set()
        self._fns: tuple | None = None
        self._bj_card = TEN if up == ACE else (ACE if up == TEN else None)
        self._stands: dict[bool, list[dict[tuple[int, ...], int]]] = {}
        self._dens: dict[int, int] = {}
        self._sizes: dict[int, tuple] = {}  # shoe size -> (pads, denominator, denominator // size)
        self._layers: dict[int, StandLayers] = {}  # total class -> its compiled banker sums
        self._levels: dict[int, list[dict[tuple[int, ...], tuple[int, ...]]]] = {}  # class -> level -> memo
        self._kept = 0

    @property
    def fns(self) -> tuple:
        """The compiled weight function of each outcome (built on first use)."""
        if self._fns is None:
            self._fns = compiled(self.up + 1, self.hit_soft17)
        return self._fns

    def stands(self, peek: bool) -> list[dict[tuple[int, ...], int]]:
        """Per player total 0..21, the memo composition -> `stand_diff` (one dict per total class)."""
        found = self._stands.get(peek)
        if found is None:
            by_class: dict[int, dict[tuple[int, ...], int]] = {c: {} for c in range(16, 22)}
            found = self._stands[peek] = [by_class[stand_class(t)] for t in range(22)]
        return found

    @property
    def blackjack_card(self) -> int:
        """The value index that makes a banker two-card 21 with the up-card (ten with an Ace, Ace with a ten),
        -1 if none."""
        return -1 if self._bj_card is None else self._bj_card

    def blackjack_weight(self, comp: tuple[int, ...], size: int) -> int:
        """Weight over `den(size)` of a banker two-card 21: the cards left that make it, each followed by
        any ordered draw of the rest."""
        if self._bj_card is None:
            return 0
        return comp[self._bj_card] * (self.den(size) // size)

    def stand_diff(self, comp: tuple[int, ...], size: int, total: int, peek: bool) -> int:
        """P(win) - P(lose) of standing on `total` against the banker drawing from `comp` (`size` cards),
        as an integer over `den(size)`; with `peek`, a banker blackjack is left out (neither)."""
        memo = self.stands(peek)[total]
        found = memo.get(comp)
        if found is None:
            found = memo[comp] = self.new_stand_diff(comp, size, total, peek)
        return found

    def new_stand_diff(self, comp: tuple[int, ...], size: int, total: int, peek: bool) -> int:
        """`stand_diff` computed (not looked up): the level sums, the pads, the blackjack and the shift."""
        if size < self.last and comp not in self.checked:
            self._check(comp)
        cls = 16 if total <= 16 else total
        lay = self._layers.get(cls)
        if lay is None:
            lay = self._layers[cls] = stand_layers(self.up + 1, self.hit_soft17, cls)
            self._levels[cls] = [{} for _ in range(10)]
        at = self._sizes.get(size)
        if at is None:
            den = self.den(size)
            at = self._sizes[size] = (pads(size, min(size, self.last)), den, den // size if size else 0)
        P, den, per_card = at
        sums = self._levels[cls][1].get(comp[1:])
        if sums is None:
            sums = self._level(lay, cls, 1, comp)
        value = lay.top(P, ROWS[comp[0]], sums)
        bj = 0 if self._bj_card is None else comp[self._bj_card] * per_card
        return value + lay.shift * (den - bj) - (0 if peek else bj)

    def fill(self, wanted: list[tuple[np.ndarray, np.ndarray]], peek: bool) -> None:
        """Compute at once every `stand_diff` of `wanted`, pairs of compositions ((n, 10) counts) and totals
        stood on ((n,)), not yet known: the same integers `new_stand_diff` gives one by one, as residues on
        arrays (`stand_batch`) rebuilt exactly. Compositions the banker could run out of (or holding a
        negative count) are skipped: `new_stand_diff` computes, and checks, those when asked."""
        if sum(len(c) for c, _ in wanted) < _BATCH_MIN:
            return
        comps = np.concatenate([c for c, _ in wanted])
        totals = np.concatenate([t for _, t in wanted])
        memos = self.stands(peek)
        classes = np.maximum(totals, 16)
        usable = (
            (comps.min(axis=1) >= 0) & (comps.sum(axis=1) >= self.last) & (comps.max(axis=1) <= stand_batch.MAX_COUNT)
        )
        for cls in np.flatnonzero(np.bincount(classes[usable], minlength=22) >= _BATCH_MIN).tolist():
            memo = memos[cls]
            todo = [c for c in dict.fromkeys(map(tuple, comps[usable & (classes == cls)].tolist())) if c not in memo]
            if len(todo) < _BATCH_MIN:
                continue
            arr = np.array(todo, dtype=np.int64)
            pl = stand_batch.plan(self.up + 1, self.hit_soft17, cls)
            sizes = arr.sum(axis=1)
            dens = {n: self.den(n) for n in np.unique(sizes).tolist()}
            bj = arr[:, self._bj_card] if self._bj_card is not None else np.zeros(len(arr), dtype=np.int64)
            values = stand_batch.stand_diffs(pl, arr, sizes, bj, dens, peek)
            memo.update(zip(todo, values))

    def _level(self, lay: StandLayers, cls: int, d: int, comp: tuple[int, ...]) -> tuple[int, ...]:
        """The level-d sums of `lay` for the counts comp[d:], memoised by those counts."""
        memo = self._levels[cls][d]
        key = comp[d:]
        found = memo.get(key)
        if found is None:
            child = lay.consts if d == 9 else self._level(lay, cls, d + 1, comp)
            found = lay.levels[d](ROWS[comp[d]], child)
            if self._kept >= _LEVEL_CAP:
                self.release()
            self._levels[cls][d][key] = found
            self._kept += len(found)
        return found

    def release(self) -> None:
        """Drop the shared level sums (the per-composition results stay)."""
        for memos in self._levels.values():
            for memo in memos:
                memo.clear()
        self._kept = 0

    def weight(self, comp: tuple[int, ...], outcome: int, size: int | None = None) -> int:
        """Integer weight of an outcome over `den(sum(comp))`."""
        memo = self.memo[outcome]
        found = memo.get(comp)
        if found is None:
            if size is None:
                size = sum(comp)
            if size < self.last:
                if comp not in self.checked:
                    self._check(comp)
                found = memo[comp] = outcome_weight(comp, self.up + 1, self.hit_soft17, outcome, size)
            else:
                found = memo[comp] = self.fns[outcome](
                    pads(size, self.last), busting(comp), *map(ROWS.__getitem__, comp)
                )
        return found

    def many(self, comp: tuple[int, ...], size: int, outcomes: tuple[int, ...], keep: bool = True) -> list[int]:
        """The weights of several outcomes for one composition (arguments built once).

        `keep` False: neither looked up nor kept (a law's card unions, tens of millions, each met once). The
        exception is a shoe the banker could run out of, which is checked once and kept."""
        out = []
        args = None
        for o in outcomes:
            memo = self.memo[o]
            v = memo.get(comp) if keep or size < self.last else None
            if v is None:
                if size < self.last:
                    v = self.weight(comp, o, size)
                else:
                    if args is None:
                        args = (pads(size, self.last), busting(comp), *map(ROWS.__getitem__, comp))
                    v = self.fns[o](*args)
                    if keep:
                        memo[comp] = v
            out.append(v)
        return out

    def _check(self, comp: tuple[int, ...]) -> None:
        total = sum(outcome_weight(comp, self.up + 1, self.hit_soft17, o) for o in range(7))
        if total != self.den(sum(comp)):
            raise ShoeRunsOut("the shoe is too small: the banker could run out of cards")
        self.checked.add(comp)

    def den(self, size: int) -> int:
        found = self._dens.get(size)
        if found is None:
            found = self._dens[size] = denominator(size, self.up + 1, self.hit_soft17)
        return found

    def __call__(self, comp: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """All outcome weights and their denominator."""
        return tuple(self.weight(comp, o) for o in range(7)), self.den(sum(comp))


@dataclass
class Evaluator:
    """Expectations of hands drawn from `shoe` against up-card index `up`.

    `split_pair`: when set (a value index), hands are split hands of that pair: no blackjack, doubling
    only with DAS (never on split Aces), split Aces take one card.
    """

    shoe: tuple[int, ...]
    up: int
    rules: RuleSet
    dealer: DealerTable
    split_pair: int | None = None

    def __post_init__(self) -> None:
        self.size = sum(self.shoe)
        n, last = self.size, self.dealer.last
        self.K = min(last + _MAX_HAND, n)
        self.Q = [falling(n - s, self.K - s) if s <= self.K else 0 for s in range(_MAX_HAND + 2)]
        self._stand: dict[tuple[int, ...], int] = {}
        self._best: dict[tuple[int, ...], int] = {}
        self._hit: dict[tuple[int, ...], int] = {}
        self.policy: dict[tuple[int, ...], str] = {}
        # cards in the hand -> Q[s] // banker denominator
        self._scale = [
            self.Q[s] // self.dealer.den(n - s) if s <= min(n, _MAX_HAND + 1) else 0 for s in range(_MAX_HAND + 2)
        ]
        self._from = [sum(self.shoe[c:]) for c in range(11)]  # cards in the shoe of index c or more
        self._bj_card = TEN if self.up == ACE else (ACE if self.up == TEN else None)

    # --- the shoe and the banker -------------------------------------------------------------
    @property
    def bj_card(self) -> int | None:
        """The hole card's value index that makes a banker two-card 21 with the up-card (None: no such card)."""
        return self._bj_card

    def left(self, h: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(s - n for s, n in zip(self.shoe, h))

    def frac(self, h: tuple[int, ...], value: int) -> Fraction:
        """A hand's integer value as the exact Fraction it stands for."""
        return Fraction(value, self.Q[sum(h)])

    def p_banker_bj(self, h: tuple[int, ...]) -> Fraction:
        """Chance the banker's second card makes a two-card 21, from the cards left after hand h."""
        if self._bj_card is None:
            return ZERO
        return Fraction(self.shoe[self._bj_card] - h[self._bj_card], self.size - sum(h))

    def bust_int(self, h: tuple[int, ...], stake: int = 1) -> int:
        """A busted hand: the stake is lost (peek: only when the banker has no blackjack)."""
        s = sum(h)
        if self.rules.peek and self._bj_card is not None:
            m = self.size - s
            return -stake * (m - (self.shoe[self._bj_card] - h[self._bj_card])) * (self.Q[s] // m)
        return -stake * self.Q[s]

    def outcome_weights(self, h: tuple[int, ...]) -> tuple[int, int, int, int]:
        """(lose, push, win, denominator) in integers for standing on hand h (not a blackjack); with
        peek, a banker blackjack is in none of them."""
        comp = self.left(h)
        w = [self.dealer.weight(comp, o) for o in range(7)]
        den = self.dealer.den(sum(comp))
        total, _ = total_of(h)
        win = w[BUST] + sum(w[i] for i in range(5) if 17 + i < total)
        push = sum(w[i] for i in range(5) if 17 + i == total)
        lose = sum(w[i] for i in range(5) if 17 + i > total)
        if not self.rules.peek:
            lose += w[BJ]
        return lose, push, win, den

    def stand_int(self, h: tuple[int, ...]) -> int:
        found = self._stand.get(h)
        if found is not None:
            return found
        total = (_TOTALS.get(h) or total_of(h))[0]
        if total > 21:
            return self.bust_int(h)
        s = sum(h)
        diff = self.dealer.stand_diff(tuple(map(sub, self.shoe, h)), self.size - s, total, self.rules.peek)
        found = self._stand[h] = diff * self._scale[s]
        return found

    def stand_plan(
        self, starts: list[tuple[int, ...]], policy: Callable[[tuple[int, ...]], str] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """The hands (an (m, 10) array) and totals ((m,)) whose stand values an evaluation from `starts` asks for.

        Under the fixed `policy` (hand -> action; a hand it does not know counts as a stand), those it reaches.
        Under optimal play (None), those of every hand the optimum may reach short of a hard 17. (A hard 17 or
        more usually stands: its hit tree, if needed, is left to the one-by-one path.) Two-card hands that may
        double ask for every next card. Only a guide to `wanted`: a hand
        missed is computed when asked, a hand too many costs time only."""
        doubles = tuple(h for h in starts if sum(h) == 2 and self.may_double(h))
        if policy is None and self.split_pair == ACE:
            policy = _stands
        if policy is None:
            return _optimal_reach(tuple(starts), doubles, tuple(min(n, _MAX_HAND) for n in self.shoe))
        return _walk_reach(tuple(starts), doubles, self.shoe, policy)

    def wanted(
        self, plan: tuple[np.ndarray, np.ndarray], shoes: list[tuple[int, ...]] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """The (compositions, totals) of the stand values `plan` (from `stand_plan`) needs on this shoe (or on
        each of `shoes`), for `DealerTable.fill`: the banker's values computed in a batch."""
        hands, totals = plan
        rows = np.array(shoes or (self.shoe,), dtype=np.int64)
        return (rows[:, None, :] - hands[None, :, :]).reshape(-1, 10), np.tile(totals, len(rows))

    def draws(self, h: tuple[int, ...]):
        """Each card value that can come next, with its count and the shoe size."""
        rest = self.left(h)
        return [(c, n) for c, n in enumerate(rest) if n], self.size - sum(h)

    # --- decisions (integers) ----------------------------------------------------------------
    def hit_int(self, h: tuple[int, ...]) -> int:
        """Take one card, then play on optimally (stand or hit)."""
        safe, total = self._busts(h)
        shoe, best = self.shoe, self._best
        for c in range(safe):
            n = shoe[c] - h[c]
            if n:
                child = h[:c] + (h[c] + 1,) + h[c + 1 :]
                v = best.get(child)
                total += n * (self.best_int(child) if v is None else v)
        return total

    def _busts(self, h: tuple[int, ...]) -> tuple[int, int]:
        """(safe, busted): the next cards of index below `safe` cannot bust hand h (they are all of them
        for a soft hand), and the summed value of the hands one card busts (count times the lost stake)."""
        total, soft = total_of(h)
        safe = 10 if soft else min(10, 21 - total)
        if safe == 10:
            return safe, 0
        if self.rules.peek and self._bj_card is not None:  # the loss depends on the card drawn
            shoe = self.shoe
            return safe, sum((shoe[c] - h[c]) * self.bust_int(add(h, c)) for c in range(safe, 10) if shoe[c] - h[c])
        return safe, -self.Q[sum(h) + 1] * (self._from[safe] - sum(h[safe:]))

    def best_int(self, h: tuple[int, ...]) -> int:
        """Optimal value of hand h when only standing and hitting remain (21 stands; a hand of hard 11
        or less, or soft 16 or less, hits: one card cannot bust it, so hitting is never worse)."""
        found = self._best.get(h)
        if found is not None:
            return found
        total, soft = total_of(h)
        if total > 21:
            found = self.bust_int(h)
        elif total == 21:
            found, self.policy[h] = self.stand_int(h), STAND
        elif total <= 11 or (soft and total <= 16):
            found, self.policy[h] = self.hit_int(h), HIT
        else:
            s = self.stand_int(h)
            if not soft and total >= 17 and s >= self._hit_bound(h, total):
                found, self.policy[h] = s, STAND  # hitting cannot do better: no need to evaluate it
            else:
                t = self.hit_int(h)
                self._hit[h] = t
                found, self.policy[h] = (s, STAND) if s >= t else (t, HIT)
        self._best[h] = found
        return found

    def _hit_bound(self, h: tuple[int, ...], total: int) -> int:
        """An upper bound of hitting hard `total`: every card that does not bust wins one unit."""
        bound = 0
        s = sum(h)
        win = self.Q[s + 1]
        if not (self.rules.peek and self._bj_card is not None):  # a bust costs exactly one unit
            safe = self.size - self._from[21 - total] - sum(h[: 21 - total])
            return win * (2 * safe - (self.size - s))
        for c in range(10):
            n = self.shoe[c] - h[c]
            if n:
                bound += n * (win if total + c + 1 <= 21 else self.bust_int(add(h, c)))
        return bound

    def double_int(self, h: tuple[int, ...]) -> int:
        """Double the stake and take exactly one more card."""
        total = 0
        for c, n in self.draws(h)[0]:
            total += n * self.stand_int(add(h, c))
        return 2 * total

    # --- the same as exact Fractions ---------------------------------------------------------
    def stand(self, h: tuple[int, ...]) -> Fraction:
        return self.frac(h, self.stand_int(h))

    def hit(self, h: tuple[int, ...]) -> Fraction:
        return self.frac(h, self.hit_int(h))

    def best(self, h: tuple[int, ...]) -> Fraction:
        return self.frac(h, self.best_int(h))

    def double(self, h: tuple[int, ...]) -> Fraction:
        return self.frac(h, self.double_int(h))

    def busted(self, h: tuple[int, ...], stake: int = 1) -> Fraction:
        return self.frac(h, self.bust_int(h, stake))

    def hit_value(self, h: tuple[int, ...]) -> Fraction:
        """The value of hitting hand h (optimal play after), computed if not already known."""
        v = self._hit.get(h)
        if v is None:
            v = self._hit[h] = self.hit_int(h)
        return self.frac(h, v)

    def may_double(self, h: tuple[int, ...]) -> bool:
        if sum(h) != 2:
            return False
        if self.split_pair is not None and (not self.rules.das or self.split_pair == ACE):
            return False
        return self.rules.can_double(total_of(h)[0])

    def split_hand_int(self, h: tuple[int, ...]) -> int:
        """Optimal value of a two-card split hand (its first card the pair card): no blackjack; split Aces
        stand on two cards; otherwise stand, hit or (with DAS) double. Records the choice in `policy`."""
        if self.split_pair == ACE:
            self.policy[h] = STAND
            return self.stand_int(h)
        v = self.best_int(h)
        if self.may_double(h):
            d = self.double_int(h)
            if d > v:
                self.policy[h] = DOUBLE
                return d
        return v

    def split_hand_value(self, h: tuple[int, ...]) -> Fraction:
        return self.frac(h, self.split_hand_int(h))

    def policy_int(self, h: tuple[int, ...], policy, memo: dict) -> int:
        """Value of hand h played by a fixed `policy` (hand -> stand/hit/double), memoised in `memo`."""
        found = memo.get(h)
        if found is not None:
            return found
        if total_of(h)[0] > 21:
            return self.bust_int(h)
        action = policy(h)
        if action == STAND:
            found = self.stand_int(h)
        elif action == DOUBLE:
            found = self.double_int(h)
        else:
            safe, found = self._busts(h)
            shoe = self.shoe
            for c in range(safe):
                n = shoe[c] - h[c]
                if n:
                    child = h[:c] + (h[c] + 1,) + h[c + 1 :]
                    v = memo.get(child)
                    found += n * (self.policy_int(child, policy, memo) if v is None else v)
        memo[h] = found
        return found
