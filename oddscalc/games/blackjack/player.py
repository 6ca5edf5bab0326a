"""Exact player expectations against one banker up-card: stand, hit (optimal play after), double.

Hands are count tuples (index 0 = Aces .. 9 = ten-values). An `Evaluator` holds one shoe (up-card and
known cards already out); the cards left for a hand h are `shoe - h`. Internally every value of a hand
of s cards is an integer over Q[s] = (N - s)_(K - s), N the shoe size: then hitting is a plain integer
sum (Q[s] = (N - s) Q[s+1]) and choices compare integers; Fractions are formed only at the edges.
With a peek hole card the values are *unnormalised*: E[result; banker has no blackjack], which orders
the choices at a hand exactly as the conditional values do (same positive divisor).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from operator import sub

from oddscalc.games.blackjack.dealer import (BJ, BUST, ROWS, busting, compiled, denominator, hand_total,
                                             longest, outcome_weight, pads)
from oddscalc.games.blackjack.rules import ACE, TEN, RuleSet

__all__ = ["Evaluator", "DealerTable", "ShoeRunsOut", "add", "hand_of", "total_of", "is_natural", "STAND", "HIT",
           "DOUBLE", "SPLIT"]

STAND, HIT, DOUBLE, SPLIT = "stand", "hit", "double", "split"
ZERO = Fraction(0)
_MAX_HAND = 22  # a hand of 21 or less holds at most 21 cards; one more card busts it


class ShoeRunsOut(ValueError):
    """A shoe so small that the banker could run out of cards: the game is not defined there."""


def add(h: tuple[int, ...], c: int, k: int = 1) -> tuple[int, ...]:
    return h[:c] + (h[c] + k,) + h[c + 1:]


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
        found = _TOTALS[h] = hand_total(h[0] + 2 * h[1] + 3 * h[2] + 4 * h[3] + 5 * h[4] + 6 * h[5] + 7 * h[6]
                                        + 8 * h[7] + 9 * h[8] + 10 * h[9], h[ACE])
    return found


def is_natural(h: tuple[int, ...]) -> bool:
    return sum(h) == 2 and h[ACE] == 1 and h[TEN] == 1


# The banker outcomes standing on each total needs: the wins and the push up to 18, the push and the
# losses from 19 (outcome index = final total - 17; 5 = bust).
_NEEDED = {t: (BUST,) for t in range(4, 17)} | {17: (BUST, 0), 18: (BUST, 0, 1), 19: (2, 3, 4), 20: (3, 4), 21: (4,)}


class DealerTable:
    """Banker outcome weights per shoe composition for one up-card: each (composition, outcome) once."""

    def __init__(self, up: int, hit_soft17: bool) -> None:
        self.up, self.hit_soft17 = up, hit_soft17
        self.last = longest(up + 1, hit_soft17)
        self.memo: list[dict[tuple[int, ...], int]] = [{} for _ in range(7)]
        self.checked: set[tuple[int, ...]] = set()
        self.fns = compiled(up + 1, hit_soft17)

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
                found = memo[comp] = self.fns[outcome](pads(size, self.last), busting(comp),
                                                       *map(ROWS.__getitem__, comp))
        return found

    def many(self, comp: tuple[int, ...], size: int, outcomes: tuple[int, ...]) -> list[int]:
        """The weights of several outcomes for one composition (arguments built once)."""
        out = []
        args = None
        for o in outcomes:
            memo = self.memo[o]
            v = memo.get(comp)
            if v is None:
                if size < self.last:
                    v = self.weight(comp, o, size)
                else:
                    if args is None:
                        args = (pads(size, self.last), busting(comp), *map(ROWS.__getitem__, comp))
                    v = memo[comp] = self.fns[o](*args)
            out.append(v)
        return out

    def _check(self, comp: tuple[int, ...]) -> None:
        total = sum(outcome_weight(comp, self.up + 1, self.hit_soft17, o) for o in range(7))
        if total != self.den(sum(comp)):
            raise ShoeRunsOut("the shoe is too small: the banker could run out of cards")
        self.checked.add(comp)

    def den(self, size: int) -> int:
        return denominator(size, self.up + 1, self.hit_soft17)

    def __call__(self, comp: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """All outcome weights and their denominator."""
        return tuple(self.weight(comp, o) for o in range(7)), self.den(sum(comp))


def _falling(n: int, k: int) -> int:
    r = 1
    for i in range(k):
        r *= n - i
    return r


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
        self.Q = [_falling(n - s, self.K - s) if s <= self.K else 0 for s in range(_MAX_HAND + 2)]
        self._stand: dict[tuple[int, ...], int] = {}
        self._best: dict[tuple[int, ...], int] = {}
        self._hit: dict[tuple[int, ...], int] = {}
        self.policy: dict[tuple[int, ...], str] = {}
        self._den: dict[int, int] = {}
        self._bj_card = TEN if self.up == ACE else (ACE if self.up == TEN else None)

    # --- the shoe and the banker -------------------------------------------------------------
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
        total, _ = total_of(h)
        if total > 21:
            return self.bust_int(h)
        s = sum(h)
        comp = tuple(map(sub, self.shoe, h))
        m = self.size - s
        den = self._den.get(m)
        if den is None:
            den = self._den[m] = self.dealer.den(m)
        bj = 0
        if self._bj_card is not None:
            bj = comp[self._bj_card] * _falling(m - 1, min(m, self.dealer.last) - 1)
        mass = den - bj if self.rules.peek else den  # outcomes other than a banker blackjack (peek)
        vals = self.dealer.many(comp, m, _NEEDED[total])
        if total <= 18:  # the wins (bust, and 17 below 18) and the push
            if total <= 16:
                diff = 2 * vals[0] - mass
            else:
                diff = 2 * sum(vals[:-1]) + vals[-1] - mass
        else:  # 19, 20, 21: the push and the losses (fewer outcomes)
            lose = sum(vals[1:]) + (0 if self.rules.peek else bj)  # no hole card: a banker blackjack loses
            diff = mass - vals[0] - 2 * lose
        found = self._stand[h] = diff * (self.Q[s] // den)
        return found

    def draws(self, h: tuple[int, ...]):
        """Each card value that can come next, with its count and the shoe size."""
        rest = self.left(h)
        return [(c, n) for c, n in enumerate(rest) if n], self.size - sum(h)

    # --- decisions (integers) ----------------------------------------------------------------
    def hit_int(self, h: tuple[int, ...]) -> int:
        """Take one card, then play on optimally (stand or hit)."""
        total = 0
        shoe = self.shoe
        for c in range(10):
            n = shoe[c] - h[c]
            if n:
                total += n * self.best_int(h[:c] + (h[c] + 1,) + h[c + 1:])
        return total

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
        win = self.Q[sum(h) + 1]
        if not (self.rules.peek and self._bj_card is not None):  # a bust costs exactly one unit
            safe = sum(self.shoe[c] - h[c] for c in range(21 - total))
            return win * (2 * safe - (self.size - sum(h)))
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
            found = 0
            shoe = self.shoe
            for c in range(10):
                n = shoe[c] - h[c]
                if n:
                    found += n * self.policy_int(h[:c] + (h[c] + 1,) + h[c + 1:], policy, memo)
        memo[h] = found
        return found
