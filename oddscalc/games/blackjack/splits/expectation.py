"""Exact expectation of splitting a pair, resplitting up to a hand limit, under a fixed post-split strategy.

Post-split strategy (`RuleSet.post_split`, named as in the literature):
* CDP1 (default): every split hand is played by the composition-dependent optimum for its own cards and
  the up-card, with both original pair cards counted as gone and nothing else (not the other split hands'
  cards). That optimum is what `Evaluator(split_pair=p)` computes on the shoe S = shoe - both pair cards.
* CDZ-: every split hand is played as the composition-dependent optimum for an *unsplit* hand holding the
  same cards (only the hand's own cards and the up-card gone). `Evaluator(split_pair=p)` on S + both pair
  cards gives that strategy, which is then evaluated on S like any fixed policy.
Either way the strategy is fixed before the split hands are dealt (it reads the hand's own cards only), so
the method below is exact for it.
* CDP, without resplits only (max_hands=2): the first hand as under CDP1; the second, the last hand dealt, by
  the optimum given every card seen before it. Its expectation is E[hand 1] (CDP1) plus a sum over the first
  hand's possible blocks B (cards it drew, `splits.blocks.hand_blocks`). Each term is P(B) times the optimal
  value of a split hand on the shoe less B (`_second_hands`): one composition-dependent evaluation per
  distinct block, exact.

Method (exact for any hand limit; see docs/blackjack.md for the proof sketch):
1. Deal all second cards first (a pair card while hands < limit starts a new hand), then play each hand,
   then the banker. Swapping whole blocks of cards whose stopping rules do not depend on one another
   leaves every probability unchanged, so this order has the same expectation as the real one.
2. The P / non-P pattern of the second-card phase has a ballot-number count per outcome; each pattern has
   probability (n)_p (m)_q / (N)_(p+q), and given it the non-P cards are a uniform draw from the non-P cards.
3. A hand's value with `i` extra uniform non-P cards removed follows from values on shoes with only pair
   cards removed. Take a value f that is an expectation of play from the top of the shoe. Then
   f(U) = sum_c U_c/|U| f(U - c) (removing a random unseen card changes nothing). That gives
   h(j, i+1) = ((|U|-j-i) h(j, i) - (n_U-j) h(j+1, i)) / (m_U - i) with h(j, 0) = f(U - j pair cards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from oddscalc.core.errors import InputError
from oddscalc.games.blackjack.exact.banker import falling
from oddscalc.games.blackjack.exact.player import DOUBLE, DealerTable, Evaluator, add
from oddscalc.games.blackjack.rules import ACE, RuleSet
from oddscalc.games.blackjack.splits.blocks import hand_blocks
from oddscalc.games.blackjack.splits.dealing import union_orders
from oddscalc.games.blackjack.splits.patterns import ballot_patterns

__all__ = [
    "FixedPolicy",
    "SecondHand",
    "SplitDetail",
    "SplitPlay",
    "adaptive_stake",
    "split_stake",
    "split_value",
    "zero_memory_policy",
]

ZERO = Fraction(0)


def _remove_nonpair(f: list[Fraction], target: int, size: int, n_pair: int, n_other: int) -> Fraction:
    """E[f(U - Y)] for Y `target` uniform non-pair cards, from f[j] = f(U - j pair cards)."""
    row = list(f[: target + 1])
    for i in range(target):
        new = []
        for j in range(min(target - i - 1, n_pair) + 1):
            prev = (n_pair - j) * row[j + 1] if n_pair - j > 0 else ZERO
            new.append(((size - j - i) * row[j] - prev) / (n_other - i))
        row = new
    return row[0]


class FixedPolicy:
    """Values of hands under a fixed policy (hand -> action) on `base`'s shoe less `t` extra pair cards."""

    def __init__(self, base: Evaluator, t: int, policy) -> None:
        p = base.split_pair
        if t == 0:
            self.ev = base
        else:
            assert p is not None  # extra pair cards come only off a split hand's shoe
            self.ev = Evaluator(add(base.shoe, p, -t), base.up, base.rules, base.dealer, p)
        self.policy = policy
        self.memo: dict[tuple[int, ...], Fraction] = {}

    def value(self, h: tuple[int, ...]) -> Fraction:
        return self.ev.frac(h, self.ev.policy_int(h, self.policy, self.memo))


class SecondHand(NamedTuple):
    """CDP's second split hand after the first drew `block` (the cards after its pair card), which it does
    with chance `chance`: its play (hand -> action) on the cards left, and the second cards it doubles on."""

    chance: Fraction
    block: tuple[int, ...]
    policy: Callable[[tuple[int, ...]], str]
    doubles: frozenset[int]


class SplitDetail:
    """The split expectation of one pair, the hand limit and the post-split policy it used. Under CDP
    (`later` not None) the policy is the first hand's only; `later` holds the second hand's play after each
    block the first can draw."""

    def __init__(self, value: Fraction, limit: int, policy, later: tuple[SecondHand, ...] | None = None) -> None:
        self.value, self.limit, self.policy, self.later = value, limit, policy, later


def zero_memory_policy(shoe: tuple[int, ...], up: int, pair: int, rules: RuleSet, dealer: DealerTable):
    """The CDZ- post-split strategy (hand -> action): the composition-dependent optimum of an unsplit hand.

    The unsplit hand holds the same cards. It is played from `shoe` (the cards left with the up-card and both
    pair cards gone) with both pair cards put back. It doubles only as a split hand may (DAS, never split
    Aces)."""
    play = SplitPlay(shoe, up, pair, 0, replace(rules, post_split="cdz-"), dealer)
    dealer.fill([play.first_wanted()], rules.peek)
    return play.choose()


class SplitPlay:
    """The split of one pair, evaluated in steps.

    So a caller splitting several pairs can have the banker's values for all of them computed in one batch
    between the steps (`DealerTable.fill`). The steps: `first_wanted` (what the post-split strategy is chosen
    from), `choose`, `later_wanted` (what that fixed strategy meets on the shoes with extra pair cards gone).
    Then `detail` does any step left undone.

    `shoe`: the cards left with the up-card and both pair cards gone; `partners`: how many of them may join
    the pair (same value, or same rank for tens under a same-rank rule). `policy` (hand -> action) replaces
    the composition-dependent post-split strategy (used for the total-dependent strategy)."""

    def __init__(
        self, shoe: tuple[int, ...], up: int, pair: int, partners: int, rules: RuleSet, dealer: DealerTable, policy=None
    ) -> None:
        self.shoe, self.pair, self.partners, self.rules, self.dealer = shoe, pair, partners, rules, dealer
        self.base = Evaluator(add(shoe, pair, 1), up, rules, dealer, split_pair=pair)  # hands hold one pair card
        self.limit = rules.hands_limit(pair + 1, partners)
        self.one = tuple(int(i == pair) for i in range(10))
        self.seconds = [add(self.one, x) for x in range(10) if shoe[x]]
        self.policy = policy
        self.fixed: dict[int, FixedPolicy] = {}
        self.chooser: Evaluator | None = None  # the optimum the strategy is read from (none for a given policy)
        if policy is None:
            self.chooser = (
                Evaluator(add(shoe, pair, 2), up, rules, dealer, split_pair=pair)
                if rules.post_split == "cdz-"
                else self.base
            )
        self._later_done = False

    def first_wanted(self) -> tuple[np.ndarray, np.ndarray]:
        """The banker's values choosing the strategy asks for (none when it is given)."""
        if self.chooser is None or self.policy is not None:
            return _NOTHING
        return self.chooser.wanted(self.chooser.stand_plan(self.seconds))

    def choose(self) -> Callable[[tuple[int, ...]], str]:
        """The post-split strategy (hand -> action): CDP1's optimum on the shoe with only the originals gone,
        or CDZ-'s on the unsplit shoe; or the policy given."""
        if self.policy is None:
            assert self.chooser is not None  # set whenever no policy is given
            for h in self.seconds:
                self.chooser.split_hand_int(h)
            self.policy = self.chooser.policy.__getitem__
            if self.chooser is not self.base:
                self.fixed[0] = FixedPolicy(self.base, 0, self.policy)
        elif self.chooser is None and 0 not in self.fixed:
            self.fixed[0] = FixedPolicy(self.base, 0, self.policy)
        return self.policy

    def _shifts(self) -> range:
        """The extra pair cards gone on the shoes the fixed strategy is played from (t = 0 too if it was not
        the strategy's own optimum)."""
        return range(0 if 0 in self.fixed else 1, min(2 * (self.limit - 2), self.partners) + 1)

    def later_wanted(self) -> tuple[np.ndarray, np.ndarray]:
        """The banker's values the fixed strategy asks for on the shoes with extra pair cards gone."""
        policy = self.choose()
        shifts = self._shifts()
        if self._later_done or not len(shifts):
            return _NOTHING
        self._later_done = True
        base = self.base
        return base.wanted(base.stand_plan(self.seconds, policy), [add(base.shoe, self.pair, -t) for t in shifts])

    def detail(self) -> SplitDetail:
        """The split expectation (per unit initial stake)."""
        if self.policy is None:
            self.dealer.fill([self.first_wanted()], self.rules.peek)
        policy = self.choose()
        self.dealer.fill([self.later_wanted()], self.rules.peek)
        base, one, fixed = self.base, self.one, self.fixed

        def g(x: int, t: int) -> Fraction:
            """Value of split hand (pair, x) played from the shoe less t extra pair cards and x."""
            h = add(one, x)
            if t == 0 and 0 not in fixed:
                return base.split_hand_value(h)
            if t not in fixed:
                fixed[t] = FixedPolicy(base, t, policy)
            return fixed[t].value(h)

        value = _by_patterns(self.shoe, self.pair, self.partners, self.limit, g)
        if self.rules.post_split != "cdp" or self.chooser is None or self.pair == ACE:
            return SplitDetail(value, self.limit, policy)  # split Aces take one card each: no play to adapt
        if self.limit != 2:
            raise InputError("CDP is computed without resplits only (max_hands=2)")
        later, second = _second_hands(self.shoe, self.base.up, self.pair, self.rules, self.dealer, policy)
        return SplitDetail(value / 2 + second, self.limit, policy, later)


def _second_hands(
    shoe: tuple[int, ...], up: int, pair: int, rules: RuleSet, dealer: DealerTable, policy
) -> tuple[tuple[SecondHand, ...], Fraction]:
    """CDP's second split hand, for each block B the first hand (played by `policy`) can draw.

    Each B gets its chance orders(B) (S)_B / (N)_|B| and the optimal play of a split hand dealt from S - B.
    Also returned: E[second hand's result] (sum over B of P(B) times that hand's optimal value). `shoe`: S,
    the cards left with the up-card and both pair cards gone. The banker's values for every S - B are computed
    in one batch."""
    size = sum(shoe)
    blocks: dict[tuple[int, ...], int] = {}
    for (b, _, _), orders in hand_blocks(pair, policy, shoe).items():
        blocks[b] = blocks.get(b, 0) + orders
    one = tuple(int(i == pair) for i in range(10))
    plays = []
    for b, orders in sorted(blocks.items()):
        ways = orders * union_orders(shoe, b)
        if ways:
            rest = tuple(s - x for s, x in zip(shoe, b))
            seconds = [add(one, x) for x in range(10) if rest[x]]
            plays.append(
                (
                    Fraction(ways, falling(size, sum(b))),
                    b,
                    rest,
                    seconds,
                    Evaluator(add(rest, pair, 1), up, rules, dealer, split_pair=pair),
                )
            )
    dealer.fill([ev.wanted(ev.stand_plan(seconds)) for *_, seconds, ev in plays], rules.peek)
    later, total = [], ZERO
    for chance, b, rest, _, ev in plays:
        value = sum((rest[x] * ev.split_hand_value(add(one, x)) for x in range(10) if rest[x]), ZERO)
        total += chance * value / sum(rest)
        later.append(
            SecondHand(
                chance,
                b,
                ev.policy.__getitem__,
                frozenset(x for x in range(10) if rest[x] and ev.policy.get(add(one, x)) == DOUBLE),
            )
        )
    return tuple(later), total


_NOTHING = (np.zeros((0, 10), dtype=np.int64), np.zeros(0, dtype=np.int64))


def split_value(
    shoe: tuple[int, ...], up: int, pair: int, partners: int, rules: RuleSet, dealer: DealerTable, policy=None
) -> SplitDetail:
    """Exact expectation of splitting a pair of value index `pair` (per unit initial stake); see `SplitPlay`."""
    return SplitPlay(shoe, up, pair, partners, rules, dealer, policy).detail()


def split_stake(
    shoe: tuple[int, ...], pair: int, partners: int, limit: int, policy, blackjack_card: int | None = None
) -> Fraction:
    """Exact expected total staked on a split (every hand's stake: 1, or 2 where `policy` doubles the
    two-card hand), per unit initial stake, for the same deal as `split_value`. With a peek hole card pass
    `blackjack_card` (the value index making a banker two-card 21 with the up-card). The result is then
    E[total staked; no banker blackjack]. The hole card is read as the next card after the split hands'
    second cards (a one-card block: it may be dealt anywhere without changing any chance)."""
    one = tuple(int(i == pair) for i in range(10))
    stakes = {x: Fraction(2 if pair != 0 and policy(add(one, x)) == DOUBLE else 1) for x in range(10) if shoe[x]}
    if blackjack_card is None:
        return _by_patterns(shoe, pair, partners, limit, lambda x, t: stakes[x])

    def no_blackjack(x: int, t: int) -> Fraction:
        return stakes[x] * _no_banker_blackjack(add(add(shoe, pair, -t), x, -1), blackjack_card)

    return _by_patterns(shoe, pair, partners, limit, no_blackjack)


def adaptive_stake(
    shoe: tuple[int, ...], pair: int, partners: int, detail: SplitDetail, blackjack_card: int | None = None
) -> Fraction:
    """`split_stake` under CDP (`detail.later` set, two hands): the first hand's expected stake under its fixed
    play, plus the second hand's after each block the first can draw (its doubles read from `detail.later`)."""
    assert detail.later is not None  # CDP
    first = split_stake(shoe, pair, partners, 2, detail.policy, blackjack_card) / 2
    second = ZERO
    for hand in detail.later:
        rest = tuple(s - x for s, x in zip(shoe, hand.block))
        part = ZERO
        for x in range(10):
            if not rest[x]:
                continue
            stake = Fraction(2 if x in hand.doubles else 1)
            if blackjack_card is not None:  # the hole card read next: a one-card block, dealt anywhere
                stake *= _no_banker_blackjack(add(rest, x, -1), blackjack_card)
            part += rest[x] * stake
        second += hand.chance * part / sum(rest)
    return first + second


def _no_banker_blackjack(left: tuple[int, ...], blackjack_card: int) -> Fraction:
    """The chance that the hole card, dealt from `left`, is not the one making the banker's two-card 21."""
    return Fraction(sum(left) - left[blackjack_card], sum(left))


def _by_patterns(shoe: tuple[int, ...], pair: int, partners: int, limit: int, g) -> Fraction:
    """E[sum over the split hands of g(second card, extra pair cards gone)] over the second-card patterns:
    g(x, t) is the value of a split hand (pair, x) played from the shoe less t extra pair cards and x."""
    N = sum(shoe)
    n, m = partners, N - partners
    nonpair = list(shoe)
    nonpair[pair] -= partners

    def any_second(t: int) -> Fraction:
        """A': the split hand with an unconditioned second card, from the shoe less t extra pair cards."""
        rest = add(shoe, pair, -t)
        size = sum(rest)
        return sum((rest[y] * g(y, t) for y in range(10) if rest[y]), ZERO) / size

    def nonpair_first(s: int, extra: int) -> Fraction:
        """E over a non-pair second card x, then `extra` more uniform non-pair removals, from S - s pairs."""
        total = ZERO
        for x in range(10):
            if not nonpair[x]:
                continue
            top = min(extra, n - s)
            f = [g(x, s + j) for j in range(top + 1)]
            total += nonpair[x] * _remove_nonpair(f, extra, N - s - 1, n - s, m - 1)
        return total / m

    end_a, end_b = ballot_patterns(limit)
    value = ZERO
    for s, count in end_a.items():
        if s > n or s + 2 > m:
            continue
        prob = Fraction(count * falling(n, s) * falling(m, s + 2), falling(N, 2 * s + 2))
        if prob:
            value += prob * (s + 2) * nonpair_first(s, s + 1)
    spawns = limit - 2
    for q, count in end_b.items():
        if spawns > n or q > m:
            continue
        prob = Fraction(count * falling(n, spawns) * falling(m, q), falling(N, spawns + q))
        if not prob:
            continue
        part = ZERO
        if q:
            part += q * nonpair_first(spawns, q - 1)
        if limit - q:
            top = min(q, n - spawns)
            f = [any_second(spawns + j) for j in range(top + 1)]
            part += (limit - q) * _remove_nonpair(f, q, N - spawns, n - spawns, m)
        value += prob * part
    return value
