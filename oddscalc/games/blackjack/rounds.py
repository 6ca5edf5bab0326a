"""The exact law of a split round's net result when the pair makes exactly two hands (no resplitting).

Each split hand is a block of cards (its second card, then its draws) whose stopping rule depends only on
its own cards: the post-split policy looks at the hand alone. So a hand's possible blocks, with the number
of card orders giving each, do not depend on the shoe; the chance of hand 1 drawing block B1, hand 2 block
B2 and the banker then drawing from the rest is orders(B1) orders(B2) (S)_(B1+B2) / (N)_(|B1|+|B2|) times
the banker's chance on S - B1 - B2 ((S)_M = prod_c (S_c)_(M_c), falling factorials). Summing over the
pairs of blocks, grouped by their union, gives the law in integers over one denominator per union size.

With three or more hands the unions multiply beyond reach (about 15,000 unions for two hands of 8s
against a ten, 200,000 for three), so rounds that may resplit are left to `split.split_value`'s exact
expectation; the caller says so.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from operator import add as add_counts

from oddscalc.games.blackjack.dealer import BUST, ROWS, falling
from oddscalc.games.blackjack.player import DOUBLE, HIT, STAND, DealerTable, add, total_of
from oddscalc.games.blackjack.rules import ACE, RuleSet

__all__ = ["hand_blocks", "two_hand_law"]

Block = tuple[tuple[int, ...], int, int]  # (cards drawn after the pair card, final total (22 = bust), stake)


def hand_blocks(pair: int, policy: Callable[[tuple[int, ...]], str], shoe: tuple[int, ...]
                ) -> dict[Block, int]:
    """Every way a split hand of value index `pair` can end: (cards it drew, final total, stake) -> number
    of card orders. `shoe`: the cards it may draw from (no value drawn more often than it holds);
    `policy`: hand -> stand/hit/double."""
    start = add((0,) * 10, pair)
    cap = add(shoe, pair)  # a hand holds the pair card besides what it draws
    seconds = tuple(c for c in range(10) if shoe[c])
    out: dict[Block, int] = {}
    frontier: dict[tuple[tuple[int, ...], int], int] = {}  # (hand, stake) -> orders
    for x in seconds:
        key = (add(start, x), 1)
        frontier[key] = frontier.get(key, 0) + 1
    while frontier:
        nxt: dict[tuple[tuple[int, ...], int], int] = {}
        for (h, stake), ways in frontier.items():
            total, _ = total_of(h)
            if total >= 21 or stake == 2 or (pair == ACE and sum(h) == 2):
                action = STAND  # 21 or bust, a doubled hand, split Aces (one card each)
            else:
                action = policy(h)
            if action == STAND:
                end = (add(h, pair, -1), min(total, 22), stake)
                out[end] = out.get(end, 0) + ways
                continue
            if action not in (HIT, DOUBLE):
                raise ValueError(f"post-split policy gave {action!r} for a split hand")
            for c in range(10):
                if h[c] == cap[c]:
                    continue
                key = (add(h, c), 2 if action == DOUBLE else 1)
                nxt[key] = nxt.get(key, 0) + ways
        frontier = nxt
    return out


_ALL_LOSE = 23  # a banker result that beats every hand: a total above every hand's, or (no hole card) a blackjack


def _net(t1: int, s1: int, t2: int, s2: int, banker: int) -> int:
    """Net result of two hands (final totals, 22 = bust; stakes) against the banker's final total
    (22 = bust, 23 = beats every hand)."""
    net = 0
    for t, s in ((t1, s1), (t2, s2)):
        if t > 21 or banker == _ALL_LOSE or (banker <= 21 and t < banker):
            net -= s
        elif banker > 21 or t > banker:
            net += s
    return net


def _banker_groups(dealer: DealerTable, left: tuple[int, ...], size: int, top: int, peek: bool
                   ) -> list[tuple[int, int]]:
    """(banker result, weight over `dealer.den(size)`) for the banker's outcomes that hands of totals up to
    `top` can tell apart: bust, each total from 17 to `top`, and one group beating every hand (with no hole
    card it holds the banker's blackjacks; with peek they are left out). One group's weight comes by
    difference from the total mass, sparing the dearest polynomials: every outcome's weight sums to the
    denominator (`DealerTable` checks that the shoe cannot run out)."""
    den = dealer.den(size)
    bj = dealer.blackjack_weight(left, size)
    mass = den - bj if peek else den
    shown = tuple(range(min(top, 21) - 16)) if top >= 17 else ()
    if len(shown) < 3:  # bust and the totals shown; the rest by difference
        weights = dealer.many(left, size, (BUST,) + shown)
        groups = [(22, weights[0])] + [(17 + o, w) for o, w in zip(shown, weights[1:])]
        return groups + [(_ALL_LOSE, mass - sum(weights))]
    weights = dealer.many(left, size, (0, 1, 2, 3, 4))  # every total; bust by difference
    above = sum(weights[len(shown):]) + (0 if peek else bj)
    return ([(17 + o, w) for o, w in zip(shown, weights)] + [(_ALL_LOSE, above)]
            + [(22, mass - sum(weights) - (0 if peek else bj))])


def two_hand_law(shoe: tuple[int, ...], up: int, pair: int, rules: RuleSet, dealer: DealerTable,
                 policy: Callable[[tuple[int, ...]], str]) -> dict[int, Fraction]:
    """Net result -> chance for a pair of value index `pair` split into exactly two hands, each played by
    `policy`; `shoe` holds the cards left with the up-card and both pair cards gone. With a peek hole card
    the banker-blackjack rounds are left out (the masses then sum to the chance of no banker blackjack)."""
    size = sum(shoe)
    blocks = list(hand_blocks(pair, policy, shoe).items())
    # group the pairs of blocks by their union: union -> (totals and stakes) -> orders
    unions: dict[tuple[int, ...], dict[tuple[int, int, int, int], int]] = {}
    for i, ((b1, t1, s1), w1) in enumerate(blocks):  # unordered pairs: the net is symmetric in the hands
        for j in range(i, len(blocks)):
            (b2, t2, s2), w2 = blocks[j]
            m = tuple(map(add_counts, b1, b2))
            slot = unions.setdefault(m, {})
            key = (t1, s1, t2, s2) if (t1, s1) <= (t2, s2) else (t2, s2, t1, s1)
            slot[key] = slot.get(key, 0) + (w1 * w2 if i == j else 2 * w1 * w2)
    by_size: dict[int, dict[int, int]] = {}
    for m, slot in unions.items():
        weight = 1
        for c in range(10):
            if m[c]:
                row = ROWS[shoe[c]]
                weight *= row[m[c]] if m[c] < len(row) else falling(shoe[c], m[c])
                if not weight:
                    break
        if not weight:
            continue
        k = sum(m)
        top = max((t for t1, _, t2, _ in slot for t in (t1, t2) if t <= 21), default=0)
        groups = _banker_groups(dealer, tuple(s - x for s, x in zip(shoe, m)), size - k, top, rules.peek)
        acc = by_size.setdefault(k, {})
        for (t1, s1, t2, s2), w in slot.items():
            w *= weight
            for b, bw in groups:
                if bw:
                    net = _net(t1, s1, t2, s2, b)
                    acc[net] = acc.get(net, 0) + w * bw
    law: dict[int, Fraction] = {}
    for k, acc in by_size.items():
        den = falling(size, k) * dealer.den(size - k)
        for net, v in acc.items():
            law[net] = law.get(net, Fraction(0)) + Fraction(v, den)
    return {net: p for net, p in sorted(law.items()) if p}

