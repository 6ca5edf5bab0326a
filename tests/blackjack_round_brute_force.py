"""A blackjack round's law by the simulator's play on a small shoe, card by card, for the tests."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from oddscalc.sim import blackjack as sim

# counts of A, 2..9, ten-values: small enough to enumerate every order, large enough that the banker never runs out
SHOE = (2, 1, 0, 0, 0, 1, 1, 3, 1, 8)


class _Need(Exception):
    pass


def simulator_law(table, shoe, staked=None):
    """Every deal the simulator can meet on `shoe` (by value: rank index = value index, tens as the rank 10),
    found by replaying it with each longer prefix of cards, with the chance of each. `staked` (a Counter)
    also gets the law of the total staked: every hand the simulator finishes, with its stake (1 when it
    finishes none: a blackjack on either side)."""
    law = Counter()
    stakes = []
    play_hand = sim._play_hand

    def recorded(*args, **kwargs):
        cards, stake = play_hand(*args, **kwargs)
        stakes.append(stake)
        return cards, stake

    def run(prefix, p):
        it = iter(prefix)
        stakes.clear()

        def draw():
            try:
                return next(it)
            except StopIteration:
                raise _Need from None

        try:
            sim._play_hand = recorded
            net = sim.play_round(table, draw)
        except _Need:
            left = list(shoe)
            for r in prefix:
                left[r] -= 1
            n = sum(left)
            for v, c in enumerate(left):
                if c:
                    run(prefix + [v], p * Fraction(c, n))
            return
        finally:
            sim._play_hand = play_hand
        law[net] += p
        if staked is not None:
            staked[sum(stakes) or 1] += p

    run([], Fraction(1))
    return dict(law)
