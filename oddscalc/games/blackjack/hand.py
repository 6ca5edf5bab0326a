"""One starting hand against one up-card: the exact value of every permitted action and the best one."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.games.blackjack.exact.player import DOUBLE, HIT, SPLIT, STAND, Evaluator, is_natural, total_of
from oddscalc.games.blackjack.rules import TEN
from oddscalc.games.blackjack.splits.expectation import SplitPlay, split_value

__all__ = ["ORDER", "HandValues", "choose", "start_hand"]

#: Tie-break among actions of exactly equal value: the first in this order wins.
ORDER = (STAND, HIT, DOUBLE, SPLIT)


@dataclass(frozen=True)
class HandValues:
    """Unnormalised values (peek: E[result; no banker blackjack]) of each action on a starting hand, the
    best action, the chance of a banker blackjack, and the full expectation of the best action."""

    actions: tuple[tuple[str, Fraction], ...]
    best: str
    p_banker_bj: Fraction
    ev: Fraction
    natural: bool = False
    split_limit: int = 0

    def value(self, action: str) -> Fraction:
        return dict(self.actions)[action]


def choose(values: dict[str, Fraction]) -> str:
    """The best action; exact ties go to the earliest in ORDER."""
    best: str | None = None
    for a in ORDER:
        if a in values and (best is None or values[a] > values[best]):
            best = a
    if best is None:
        raise ValueError(f"no action of {ORDER} among {sorted(values)}")
    return best


def start_hand(
    ev: Evaluator,
    h: tuple[int, ...],
    partners: int | None = None,
    stand_always: bool = True,
    play: SplitPlay | None = None,
) -> HandValues:
    """Every action on the starting hand h (counts); `partners`: cards left that may join a pair of h
    (None: the pair may not be split). `stand_always` computes standing even where hitting provably wins.
    `play`: the split of this pair already under way (`SplitPlay` for these `partners`), if any."""
    pbj = ev.p_banker_bj(h)
    lose_bj = -pbj if ev.rules.peek else Fraction(0)
    if is_natural(h):
        v = ev.rules.blackjack_pays * (1 - pbj)
        return HandValues(((STAND, v),), STAND, pbj, v, natural=True)
    values: dict[str, Fraction] = {}
    total, soft = total_of(h)
    if stand_always or not (total <= 11 or (soft and total <= 16)):
        values[STAND] = ev.stand(h)
    if total < 21:
        values[HIT] = ev.hit(h)
    if ev.may_double(h):
        values[DOUBLE] = ev.double(h)
    limit = 0
    if partners is not None and sum(h) == 2 and max(h) == 2:
        pair = h.index(2)
        detail = play.detail() if play else split_value(ev.left(h), ev.up, pair, partners, ev.rules, ev.dealer)
        values[SPLIT] = detail.value
        limit = detail.limit
    best = choose(values)
    return HandValues(tuple(values.items()), best, pbj, values[best] + lose_bj, split_limit=limit)


def pair_partners(ev: Evaluator, h: tuple[int, ...], rank_left: int | None = None) -> int | None:
    """How many cards left may join the pair in h under the rules (None: this pair may not be split).
    `rank_left`: for ten-value pairs under a same-rank rule, how many of that rank are left."""
    if sum(h) != 2 or max(h) != 2:
        return None
    pair = h.index(2)
    if pair + 1 not in ev.rules.split_values:
        return None
    if pair == TEN and ev.rules.same_rank_tens:
        return rank_left
    return ev.left(h)[pair]
