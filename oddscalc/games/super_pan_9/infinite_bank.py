"""A player's Super Pan 9 bank against any number of hands in the infinite-shoe model, exactly under that model.

Cards are drawn with replacement in the shoe's proportions (96/288 court cards, 32/288 of each of Ace-6 on the
full shoe). So the hands are independent of each other and of the bank's cards. Each hand falls in a class
(drew?, final point) with a fixed probability, and the hands' joint law is a convolution. Every probability is
an exact Fraction. What is modelled is only the dependence the finite shoe adds (`finite_bank` computes it
where it can, and the tables show both side by side).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from math import prod

from oddscalc.games.super_pan_9.bank_law import INFINITE, BankLaw, Info
from oddscalc.games.super_pan_9.engine import DRAW, STAND
from oddscalc.games.super_pan_9.hands import HOLDINGS, VALUES, arrangements, bank_result, blocks, point

__all__ = ["infinite_law", "opposing_values"]


def _card_probabilities(counts: tuple[int, ...]) -> tuple[list[Fraction], dict[tuple[int, int, int], Fraction]]:
    size = sum(counts)
    card = [Fraction(c, size) for c in counts]
    holding = {h: arrangements(h) * prod((card[v] for v in h), start=Fraction(1)) for h in HOLDINGS}
    return card, holding


def _bank_points(holding: Mapping[tuple[int, int, int], Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for h, p in holding.items():
        if p:
            out[point(h)] += p
    return dict(out)


def infinite_law(counts: tuple[int, ...], strategy: Mapping[tuple[int, int, int], str], hands: int) -> BankLaw:
    """The law of the bank against `hands` independent hands, each playing `strategy`.

    Weights are integers over N^(4 hands + 4), N the shoe's size (each card a value v with weight counts[v]; a
    stand counts its unused fourth position N ways), so that the bank's evaluation runs in integers."""
    size = sum(counts)
    holding = {h: arrangements(h) * prod(counts[v] for v in h) for h in HOLDINGS}
    classes: dict[tuple[bool, int], int] = defaultdict(int)
    for b in blocks(strategy):
        classes[b.hand_class] += holding[b.cards] * counts[b.fourth]
    joint = {}
    for bank in range(10):
        one: dict[tuple[bool, int], int] = defaultdict(int)
        for (drew, final), w in classes.items():
            one[(drew, bank_result(bank, final))] += w
        others: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
        for _ in range(hands - 1):
            step: dict[tuple[int, int, int], int] = defaultdict(int)
            for (k, won, lost), w in others.items():
                for (drew, r), q in one.items():
                    step[(k + drew, won + (r == 1), lost + (r == -1))] += w * q
            others = step
        cells: dict[tuple[int, bool], dict] = defaultdict(lambda: defaultdict(int))
        for (k, won, lost), w in others.items():
            for (drew, r), q in one.items():
                cells[(k + drew, drew)][(won + (r == 1), lost + (r == -1), r)] += w * q
        joint[bank] = cells
    points: dict[int, int] = defaultdict(int)
    for h, w in holding.items():
        points[point(h)] += w
    out: dict[Info, tuple[dict, dict]] = {}
    for bank_point, p in points.items():
        if not p:
            continue
        for action, finals in (
            (0, ((bank_point, size),)),
            (1, tuple(((bank_point + y) % 10, counts[y]) for y in range(VALUES) if counts[y])),
        ):
            for final, q in finals:
                for (k, drew), outcomes in joint[final].items():
                    cell = out.setdefault(((), bank_point, k, drew), ({}, {}))[action]
                    for outcome, r in outcomes.items():
                        cell[outcome] = cell.get(outcome, 0) + p * q * r
    law = BankLaw(INFINITE, hands, size ** (4 * hands + 4), out)
    law.check()
    return law


def opposing_values(
    counts: tuple[int, ...], strategy: Mapping[tuple[int, int, int], str], hands: int, decide: Callable[[Info], str]
) -> dict[int, tuple[Fraction, Fraction]]:
    """For an opposing hand other than hand 0, by its three-card point: its exact expectation at 1 to 1 if it
    stands and if it draws, the other hands keeping to `strategy` and the bank deciding by `decide`.

    The check that `strategy` is each hand's best reply to the bank's play (infinite shoe, `hands` >= 2)."""
    card, holding = _card_probabilities(counts)
    draws = sum(p for h, p in holding.items() if strategy.get(h) == DRAW)
    rest = {0: Fraction(1)}  # drawers among the hands other than the deviator and hand 0
    for _ in range(hands - 2):
        step: dict[int, Fraction] = defaultdict(Fraction)
        for k, p in rest.items():
            step[k] += p * (1 - draws)
            step[k + 1] += p * draws
        rest = step
    banks = _bank_points(holding)
    out = {}
    for own in sorted({point(h) for h, p in holding.items() if p}):
        values = []
        for action in (STAND, DRAW):
            finals = (
                ((own, Fraction(1)),)
                if action == STAND
                else tuple(((own + x) % 10, card[x]) for x in range(VALUES) if card[x])
            )
            total = Fraction(0)
            for bank_point, pb in banks.items():
                for drew, pd in ((False, 1 - draws), (True, draws)):
                    for k, pk in rest.items():
                        info = ((), bank_point, k + drew + (action == DRAW), drew)
                        bank_finals = (
                            ((bank_point, Fraction(1)),)
                            if decide(info) == STAND
                            else tuple(((bank_point + y) % 10, card[y]) for y in range(VALUES) if card[y])
                        )
                        weight = pb * pd * pk
                        for final, q in finals:
                            for bank_final, r in bank_finals:
                                total -= weight * q * r * bank_result(bank_final, final)
            values.append(total)
        out[own] = (values[0], values[1])
    return out
