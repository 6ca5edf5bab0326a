"""The distribution of a starting hand's net result under a strategy (not only its expectation)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from oddscalc.games.blackjack.player import DOUBLE, HIT, SPLIT, STAND, Evaluator, add, is_natural, total_of

__all__ = ["HandOutcomes", "start_outcomes"]

Vec = tuple[Fraction, Fraction, Fraction]  # chance of losing, pushing, winning one unit (peek: no banker BJ)


class HandOutcomes:
    """Outcome vectors of hands under `policy` (hand -> stand/hit) on one evaluator, memoised."""

    def __init__(self, ev: Evaluator, policy: Callable[[tuple[int, ...]], str]) -> None:
        self.ev, self.policy = ev, policy
        self.memo: dict[tuple[int, ...], Vec] = {}

    def stand(self, h: tuple[int, ...]) -> Vec:
        if total_of(h)[0] > 21:
            return (1 - self.ev.p_banker_bj(h) if self.ev.rules.peek else Fraction(1), Fraction(0), Fraction(0))
        lose, push, win, den = self.ev.outcome_weights(h)
        return Fraction(lose, den), Fraction(push, den), Fraction(win, den)

    def _next_card(self, h: tuple[int, ...], then) -> Vec:
        """(lose, push, win) averaged over the next card drawn to `h`, `then` playing the hand after it."""
        cards, size = self.ev.draws(h)
        acc = [Fraction(0)] * 3
        for c, n in cards:
            v = then(add(h, c))
            for i in range(3):
                acc[i] += n * v[i]
        return tuple(a / size for a in acc)

    def hit(self, h: tuple[int, ...]) -> Vec:
        return self._next_card(h, self.follow)

    def follow(self, h: tuple[int, ...]) -> Vec:
        found = self.memo.get(h)
        if found is None:
            if total_of(h)[0] >= 21:
                found = self.stand(h)
            else:
                found = self.hit(h) if self.policy(h) == HIT else self.stand(h)
            self.memo[h] = found
        return found

    def double(self, h: tuple[int, ...]) -> Vec:
        return self._next_card(h, self.stand)


def start_outcomes(out: HandOutcomes, h: tuple[int, ...], action: str, split_ev: Fraction | None = None
                   ) -> dict[Fraction, Fraction]:
    """Net result -> chance for a starting hand played with `action` (then the policy). A split round is
    entered as its exact expectation (the joint law of the split hands is not computed)."""
    ev = out.ev
    pbj = ev.p_banker_bj(h)
    if is_natural(h):
        return {ev.rules.blackjack_pays: 1 - pbj, Fraction(0): pbj} if pbj else {ev.rules.blackjack_pays: Fraction(1)}
    dist: dict[Fraction, Fraction] = {}
    if action == SPLIT:
        if ev.rules.peek:
            dist[Fraction(split_ev) / (1 - pbj)] = 1 - pbj
        else:
            dist[Fraction(split_ev)] = Fraction(1)
    else:
        stake = 2 if action == DOUBLE else 1
        vec = out.double(h) if action == DOUBLE else (out.stand(h) if action == STAND else out.hit(h))
        for r, p in zip((-stake, 0, stake), vec):
            if p:
                dist[Fraction(r)] = dist.get(Fraction(r), Fraction(0)) + p
    if ev.rules.peek and pbj:
        dist[Fraction(-1)] = dist.get(Fraction(-1), Fraction(0)) + pbj
    return dist
