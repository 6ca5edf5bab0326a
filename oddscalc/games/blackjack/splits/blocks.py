"""A split hand's possible blocks: the cards it draws after the pair card, its final total and stake, with the
number of card orders giving each (they do not depend on the shoe beyond which cards it holds)."""

from __future__ import annotations

from collections.abc import Callable

from oddscalc.games.blackjack.exact.player import DOUBLE, HIT, STAND, add, total_of
from oddscalc.games.blackjack.rules import ACE

__all__ = ["Block", "hand_blocks"]

Block = tuple[tuple[int, ...], int, int]  # (cards drawn after the pair card, final total (22 = bust), stake)


def hand_blocks(
    pair: int, policy: Callable[[tuple[int, ...]], str], shoe: tuple[int, ...], non_pair: bool = False
) -> dict[Block, int]:
    """Every way a split hand of value index `pair` can end: (cards it drew, final total, stake) -> number
    of card orders. `shoe`: the cards it may draw from (no value drawn more often than it holds);
    `policy`: hand -> stand/hit/double; `non_pair`: only hands whose second card is not a pair card."""
    start = add((0,) * 10, pair)
    cap = add(shoe, pair)  # a hand holds the pair card besides what it draws
    seconds = tuple(c for c in range(10) if shoe[c] and not (non_pair and c == pair))
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


def _outcome(total: int, stake: int) -> tuple[int, int]:
    """A hand's result class: totals of 16 or less lose to the same banker results; 22 = bust."""
    return (16 if total <= 16 else min(total, 22), stake)
