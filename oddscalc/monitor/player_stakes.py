"""The players' stakes test at punto banco tables: an exact randomization test per shoe, turned into e-values.

H0: each of a player's stakes (its size and its side) depends on the shoe's earlier rounds only through their
scorecard entries, and on anything independent of the shuffle. A round's scorecard entry is the player's and the
banker's totals and how many cards each hand took. Given the shoe's scorecard S, a fair shuffle then leaves the
deal C uniform over the orders of the shoe's cards that give S (the logged burnt cards kept in place), whatever
the stakes.

The draws are a Markov chain on those orders. A step swaps two cards of one hand with two of another hand or of
the cards not dealt. It keeps a swap only when every round dealt again by the tableau gives its entry. That is a
symmetric proposal accepted inside the set, so the chain is reversible for the uniform law on it. Run S steps
from C to C* (S = STEPS_PER_CARD x the cards dealt), then B chains of S steps from C*. The deals
(C, C_1, ..., C_B) are then exchangeable under H0 (Besag and Clifford 1989, the parallel method). Let T(C) be the
stakes' total exact expectation on the deal C. Then p = (1 + #{b: T(C_b) >= T(C)}) / (B + 1) is superuniform,
and each calibrator kappa p^(kappa - 1) is an e-value.

A swap with a card not yet dealt moves what every later round is dealt from; that is what a counter's stakes
follow and the test's draws take away.

>>> rounds = [([3, 4], [0, 9]), ([2, 0, 5], [6, 1]), ([8, 0], [1, 1])]
>>> deals = sample_deals(rounds, [5, 2, 0, 7, 3, 4], draws=3, steps=50, seed=shoe_seed("P1", 3, 81))
>>> all([scorecard_class(p, b) for p, b in d] == [scorecard_class(p, b) for p, b in rounds] for d in deals)
True
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from oddscalc.sim.baccarat import STOOD, banker_draws
from oddscalc.sim.punto_banco import player_draws

__all__ = [
    "DRAWS",
    "KAPPAS",
    "NULL_HYPOTHESIS",
    "STEPS_PER_CARD",
    "compositions_before",
    "consistent",
    "log_e_values",
    "p_value",
    "sample_deals",
    "scorecard_class",
    "shoe_seed",
]

#: B, the deals drawn per shoe (the smallest p is 1 / (B + 1)).
DRAWS = 99
#: The chain's steps from the deal seen to the hub C*, and from C* to each draw, per card dealt in the shoe.
STEPS_PER_CARD = 8
#: The calibrators: a shoe's p-value p becomes the e-values kappa p^(kappa - 1), one column each.
KAPPAS = (Fraction(1, 2), Fraction(1, 4), Fraction(1, 8))

#: The test's null hypothesis as the guide states it (docs/monitor.md, "The stakes test"), for the evidence page.
NULL_HYPOTHESIS = (
    "each of the player's stakes (its size and the side it is on) depends on the shoe's earlier rounds only through"
    " their scorecard entries (per round, the player's and the banker's totals and how many cards each hand took;"
    " the winner follows), and on anything independent of the shuffle."
)

Hands = tuple[Sequence[int], Sequence[int]]


def scorecard_class(player: Sequence[int], banker: Sequence[int]) -> list[int]:
    """A round's scorecard entry: the player's and the banker's totals and how many cards each took (the hands'
    point values given).

    >>> scorecard_class([7, 0, 3], [5, 3])
    [0, 8, 3, 2]
    """
    return [sum(player) % 10, sum(banker) % 10, len(player), len(banker)]


def consistent(player: Sequence[int], banker: Sequence[int]) -> bool:
    """Whether the tableau, dealing these cards, gives each hand as many as it holds (reg 6(7)(c): a natural
    stands both; the player draws on 0-5; the banker by his total and the player's third card).

    >>> consistent([3, 4], [2, 2, 9]), consistent([3, 4], [2, 2])  # the banker on 4 draws when the player stood
    (True, False)
    """
    p, b = (player[0] + player[1]) % 10, (banker[0] + banker[1]) % 10
    if p >= 8 or b >= 8:
        return len(player) == 2 and len(banker) == 2
    draws = player_draws(p)
    if len(player) != 2 + draws:
        return False
    return len(banker) == 2 + banker_draws(b, player[2] if draws else STOOD)


def shoe_seed(table: str, marker: object, first: int) -> int:
    """The seed of a shoe's draws, from the table's name, the shoe's marker and its first round only (a restart
    draws the same deals, and nothing in the seed depends on the cards)."""
    digest = hashlib.sha256(f"{table}\x00{marker!r}\x00{first}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class _Chain:
    """The shoe's cards by position (the rounds' hands in order, then the cards not dealt) and the swap chain."""

    def __init__(self, rounds: Sequence[Hands], unseen: Sequence[int]) -> None:
        self.cards: list[int] = []
        self.hands: list[list[int]] = []  # each hand's positions
        self.round_of: list[int] = []  # a dealt position's round
        for r, (player, banker) in enumerate(rounds):
            for hand in (player, banker):
                self.hands.append(list(range(len(self.cards), len(self.cards) + len(hand))))
                self.cards += hand
                self.round_of += [r] * len(hand)
        self.dealt = len(self.cards)
        self.cards += unseen
        self.entries = [scorecard_class(p, b) for p, b in rounds]
        pool = list(range(self.dealt, len(self.cards)))
        self.groups = self.hands + ([pool] if len(pool) >= 2 else [])

    def _keeps(self, r: int) -> bool:
        c = self.cards
        player, banker = ([c[i] for i in self.hands[2 * r + s]] for s in (0, 1))
        return scorecard_class(player, banker) == self.entries[r] and consistent(player, banker)

    def step(self, rng: random.Random) -> None:
        """One step: two cards of one group (a hand, or the cards not dealt) swapped with two of another.

        The groups and positions are drawn with chances that depend on the positions only. The swap is kept if
        every round keeps its entry (so two hands, or a hand and the cards not dealt, trade cards of the same
        total)."""
        groups, c, rand = self.groups, self.cards, rng.random
        g1 = int(rand() * len(groups))
        g2 = int(rand() * (len(groups) - 1))
        g2 += g2 >= g1
        a1, a2 = _two(groups[g1], rand)
        b1, b2 = _two(groups[g2], rand)
        if (c[a1] + c[a2] - c[b1] - c[b2]) % 10 or (c[a1] == c[b1] and c[a2] == c[b2]):
            return  # a hand's total would change (one group at least is a hand), or nothing would
        c[a1], c[b1], c[a2], c[b2] = c[b1], c[a1], c[b2], c[a2]
        round_of, dealt = self.round_of, self.dealt
        touched = {round_of[i] for i in (a1, b1, a2, b2) if i < dealt}
        if not all(self._keeps(r) for r in touched):
            c[a1], c[b1], c[a2], c[b2] = c[b1], c[a1], c[b2], c[a2]

    def deal(self) -> list[tuple[list[int], list[int]]]:
        c = self.cards
        return [
            ([c[i] for i in self.hands[2 * r]], [c[i] for i in self.hands[2 * r + 1]]) for r in range(len(self.entries))
        ]


def _two(group: list[int], rand) -> tuple[int, int]:
    """Two distinct positions of `group`, drawn uniformly in order."""
    n = len(group)
    i = int(rand() * n)
    j = int(rand() * (n - 1))
    return group[i], group[j + (j >= i)]


def sample_deals(
    rounds: Sequence[Hands], unseen: Sequence[int], draws: int = DRAWS, steps: int | None = None, seed: int = 0
) -> list[list[tuple[list[int], list[int]]]]:
    """`draws` deals exchangeable with the one seen under H0 (the parallel method): each round's hands (point
    values) in each. `unseen`: the point values of the cards not dealt (their order is immaterial); `steps`
    STEPS_PER_CARD per card dealt unless given."""
    rng = random.Random(seed)
    chain = _Chain(rounds, unseen)
    if steps is None:
        steps = STEPS_PER_CARD * chain.dealt
    for _ in range(steps):
        chain.step(rng)
    hub = list(chain.cards)
    out = []
    for _ in range(draws):
        chain.cards = list(hub)
        for _ in range(steps):
            chain.step(rng)
        out.append(chain.deal())
    return out


def compositions_before(start: np.ndarray, burns: np.ndarray, blocks: np.ndarray) -> np.ndarray:
    """The composition before each round of each deal (deals x rounds x kinds).

    Each is the full shoe `start`, less the burns up to the round's own (rounds x kinds; they stay put). The cards
    of the deal's rounds before it are taken off too (`blocks`, deals x rounds x kinds).

    >>> compositions_before(np.array([4, 4]), np.zeros((2, 2), dtype=int), np.array([[[1, 1], [2, 0]]]))[0].tolist()
    [[4, 4], [3, 3]]
    """
    before = np.cumsum(blocks, axis=1) - blocks
    return start[None, None, :] - np.cumsum(burns, axis=0)[None, :, :] - before


def p_value(t: Sequence[float] | np.ndarray, t0: float) -> float:
    """(1 + #{b: T_b >= T_0}) / (B + 1).

    >>> p_value([0.1, 0.3, -0.2, 0.0], 0.2)
    0.4
    """
    t = np.asarray(t)
    return (1 + int((t >= t0).sum())) / (len(t) + 1)


def log_e_values(p: float) -> list[float]:
    """log(kappa p^(kappa - 1)) for each calibrator of KAPPAS: each e-value has mean at most 1 when p is
    superuniform (the integral of kappa p^(kappa - 1) over (0, 1) is 1).

    >>> [round(math.exp(x), 4) for x in log_e_values(1 / 100)]  # 0.5 x 10, 0.25 x 100^0.75, 0.125 x 100^0.875
    [5.0, 7.9057, 7.0293]
    """
    return [math.log(k) + (float(k) - 1) * math.log(p) for k in map(float, KAPPAS)]
