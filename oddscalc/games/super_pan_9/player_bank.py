"""A player holding the Super Pan 9 bank (regs 9(2)(h), 9(4), 9(5), 9(11), 10): his fourth-card choice against
several hands, the levy on his net winnings, the House's wager, and what each side expects, exactly.

The levy (reg 10(1)) is 5% "of any excess of losing wagers over winning wagers" after all the wagers against
the bank are settled. It is on the bank's net over the round, not per wager, and nothing when the net is not
positive. So the bank's return on a round is S - 5% x max(S, 0), S the stakes it wins less those it pays.
Where the others' stakes fall short of the bank's, the House wagers the difference (reg 9(11)) on a hand of its
own (`own`) or on an opposing hand (`shared`); that hand is hand 0 of `bank_law`.

The bank's play is `best` or `house-rule`. `best` (reg 9(2)(h)) is his discretion, used to maximise his
expectation after the levy, given what he sees; on an exact tie of expectations he follows the House's rule.
`house-rule` (reg 9(2)(g)) draws on 0-5. What he sees when he decides is `draws` or `own-cards`. `draws`: his
three cards and which hands took a fourth card (he acts last, and the hands are disclosed only at the end,
reg 9(10)). `own-cards`: his three cards alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from oddscalc.core.errors import InputError
from oddscalc.games.super_pan_9.bank_law import BankLaw, Info, Outcome
from oddscalc.games.super_pan_9.engine import DRAW, HOUSE_RULE, STAND

__all__ = ["BEST", "HOUSE_PLAY", "OWN", "SEES_DRAWS", "SEES_OWN", "SHARED", "BankResult", "Table", "evaluate"]

BEST, HOUSE_PLAY = "best", "house-rule"
SEES_DRAWS, SEES_OWN = "draws", "own-cards"
OWN, SHARED = "own", "shared"


@dataclass(frozen=True)
class Table:
    """Who wagers against the bank: `opposing` hands of one unit each, and the House's wager of reg 9(11)
    (`house` units) on a hand of its own or on hand 0; every wager paid at `pays` (1 to 1, reg 9(9)(b))."""

    opposing: int
    house: Fraction = Fraction(0)
    house_hand: str = OWN
    pays: Fraction = Fraction(1)

    @property
    def own_hand(self) -> bool:
        return self.house > 0 and self.house_hand == OWN

    @property
    def hands(self) -> int:
        """Hands dealt against the bank."""
        return self.opposing + self.own_hand

    @property
    def stake_zero(self) -> Fraction:
        """The stake riding on hand 0."""
        return Fraction(self.house) if self.own_hand else 1 + Fraction(self.house)

    @property
    def staked(self) -> Fraction:
        """Everything wagered against the bank."""
        return self.opposing + Fraction(self.house)

    def bank_gets(self, result: int) -> Fraction:
        """The bank's return on one unit against a hand it beats (+1), ties (0) or loses to (-1)."""
        return Fraction(1) if result == 1 else -Fraction(self.pays) if result == -1 else Fraction(0)

    def net(self, outcome: Outcome) -> Fraction:
        """The bank's net before the levy: stakes won less winnings paid, over every wager against it."""
        beaten, beating, zero = outcome
        return beaten - self.pays * beating + (self.stake_zero - 1) * self.bank_gets(zero)


@dataclass(frozen=True)
class BankResult:
    """Exact figures for one table, one bank play and one shoe model; money in units of one opposing stake."""

    model: str
    table: Table
    play: str
    sees: str
    levy_rate: Fraction
    decisions: Mapping[tuple, str]  # information as the bank distinguishes it -> "draw" / "stand"
    net: Mapping[Fraction, Fraction]  # the bank's return per round after the levy -> probability
    before: Fraction  # the bank's expectation per round before the levy
    levy: Fraction  # the expected levy per round
    sign: tuple[Fraction, Fraction, Fraction]  # P(the bank's net before the levy is positive, zero, negative)
    ordinary: tuple[Fraction, Fraction, Fraction]  # an opposing hand not carrying the House's wager: P(win, tie, lose)
    zero: tuple[Fraction, Fraction, Fraction]  # hand 0, from its player's side

    @property
    def after(self) -> Fraction:
        return self.before - self.levy

    @property
    def p_levy(self) -> Fraction:
        """The chance that a levy is charged: the bank's net is positive and the levy rate is not 0."""
        return self.sign[0] if self.levy_rate else Fraction(0)

    def per_unit(self, value: Fraction) -> Fraction:
        """Per unit wagered against the bank."""
        return value / self.table.staked

    @property
    def opposing_ev(self) -> Fraction:
        """An opposing hand's expectation per unit staked (one without the House's wager)."""
        return self.table.pays * self.ordinary[0] - self.ordinary[2]

    @property
    def zero_ev(self) -> Fraction:
        """Hand 0's expectation per unit staked on it."""
        return self.table.pays * self.zero[0] - self.zero[2]

    @property
    def house_wager_ev(self) -> Fraction:
        """The House's expectation on its reg 9(11) wager, in units (0 without one)."""
        return Fraction(self.table.house) * self.zero_ev

    @property
    def house_takes(self) -> Fraction:
        """The House's expectation per round: the levy and its own wager."""
        return self.levy + self.house_wager_ev

    def identity_holds(self) -> bool:
        """Zero-sum before the levy: the bank's expectation is minus everything its opponents expect."""
        t = self.table
        others = (t.hands - 1) * self.opposing_ev
        return self.before == -(others + t.stake_zero * self.zero_ev)


def _seen_length(sees: str, table: Table) -> int:
    """What the bank tells apart, as the length of the prefix of the information set.

    The set is (cards, point, drawers, hand 0 drew). He tells apart his cards and point. Seeing the draws, he
    also tells how many hands drew and, when hand 0's stake differs from the others', whether hand 0 drew."""
    if sees == SEES_OWN:
        return 2
    return 4 if table.stake_zero != 1 else 3


def evaluate(law: BankLaw, table: Table, levy_rate: Fraction, play: str = BEST, sees: str = SEES_DRAWS) -> BankResult:
    """Decide every information set by `play`, then total the law under those decisions."""
    if law.hands != table.hands:
        raise InputError(f"the law is for {law.hands} hands, the table deals {table.hands}")
    levy_rate = Fraction(levy_rate)
    outcomes = {o for cell in law.cells.values() for side in cell for o in side}
    net = {o: table.net(o) for o in outcomes}
    levy = {o: levy_rate * max(s, Fraction(0)) for o, s in net.items()}
    scale = lcm(*((net[o] - levy[o]).denominator for o in outcomes))
    value = {o: int((net[o] - levy[o]) * scale) for o in outcomes}  # the bank's return after the levy, scaled
    seen_length = _seen_length(sees, table)
    groups: dict[tuple, list[Info]] = defaultdict(list)
    for info in law.cells:
        groups[info[:seen_length]].append(info)
    decisions: dict[tuple, str] = {}
    chosen: dict[Outcome, int] = defaultdict(int)
    for seen, infos in groups.items():
        house = DRAW if HOUSE_RULE[seen[1]] else STAND
        if play == HOUSE_PLAY:
            decision = house
        else:
            v = [sum(w * value[o] for info in infos for o, w in law.cells[info][a].items()) for a in (0, 1)]
            decision = DRAW if v[1] > v[0] or (v[1] == v[0] and house == DRAW) else STAND
        decisions[seen] = decision
        for info in infos:
            for o, w in law.cells[info][decision == DRAW].items():
                chosen[o] += w
    law_net: dict[Fraction, Fraction] = defaultdict(Fraction)
    before = expected_levy = Fraction(0)
    sign = [Fraction(0)] * 3  # the net before the levy positive, zero, negative
    counts = [Fraction(0)] * 3  # expected number of hands (all of them) whose player wins, ties, loses
    zero = [Fraction(0)] * 3
    for o, w in chosen.items():
        p = Fraction(w) / law.total
        law_net[(net[o] - levy[o]) / table.staked] += p
        before += p * net[o]
        expected_levy += p * levy[o]
        sign[(net[o] == 0) + 2 * (net[o] < 0)] += p
        beaten, beating, z = o
        counts[0] += p * beating
        counts[1] += p * (law.hands - beaten - beating)
        counts[2] += p * beaten
        zero[1 + z] += p  # z = +1: the bank beat hand 0, its player lost (index 2)
    others = law.hands - 1  # hands other than hand 0 (none with a single hand: then hand 0 is the ordinary one)
    ordinary = [(counts[i] - zero[i]) / others for i in range(3)] if others else list(zero)
    result = BankResult(
        law.model,
        table,
        play,
        sees,
        levy_rate,
        decisions,
        {r: p for r, p in sorted(law_net.items()) if p},
        before,
        expected_levy,
        (sign[0], sign[1], sign[2]),
        (ordinary[0], ordinary[1], ordinary[2]),
        (zero[0], zero[1], zero[2]),
    )
    if not result.identity_holds():
        raise AssertionError("the bank's expectation is not minus its opponents'")
    return result
