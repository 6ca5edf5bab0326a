"""One split's last hand cut from the rest, measured (a study; studies/README.md): the sizes a meet-in-the-middle
law would work on if it paired the first hands' card unions with the last hand and the banker through the
inclusion-exclusion identity of `overlap_terms`, so that its cost is stated from counts, not guessed.

    .venv/bin/python -m studies.resplit_cut DECKS PAIR UP [HANDS]

PAIR and UP are card values (1 = Ace, 10 = ten-value); 1994 rules with HANDS (2 to 4, default 4), CDP1 play,
every hand taking any second card (as `studies.resplit_size` counts), the shoe less the up-card and both pair
cards. Left: the unions of HANDS - 1 hands' blocks. Right: a last block with the banker's draws. The identity
pairs them through the count vectors J below both a left and a right union; a left union reaches every such J
below it. Measured 2026-11-28, 6 packs, 2s against a 7: see docs/notes/2026-11-exact-four-hand-law.md.
"""

from __future__ import annotations

import sys
import time
from math import comb, factorial

import numpy as np

from oddscalc.games.blackjack.exact.banker import falling
from studies.resplit_size import ARGUMENTS, add_hand, split_main, split_packing, union_blocks


def overlap_terms(s: int, a: int, t: int) -> list[int]:
    """The terms, k = 0..min(a, t), of (s)_(a+t) = sum_k (-1)^k k! C(a,k) C(t,k) (s)_a (s-k)_(t-k): the draws
    of a + t distinct cards of one value, counted from the a-draws and t-draws that may share k cards
    (inclusion-exclusion over the shared ones; (s-k)_(t-k) = (s)_t / (s)_k). It separates a left count a
    from a right count t through k.

    >>> s, a, t = 6, 2, 3
    >>> sum(overlap_terms(s, a, t)) == falling(s, a + t)
    True
    """
    return [
        (-1) ** k * factorial(k) * comb(a, k) * comb(t, k) * falling(s, a) * falling(s - k, t - k)
        for k in range(min(a, t) + 1)
    ]


def below(vectors: set[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """Every count vector at or below one of `vectors`, coordinate by coordinate (their down-closure)."""
    out = set(vectors)
    front = set(vectors)
    while front:
        front = {v[:c] + (v[c] - 1,) + v[c + 1 :] for v in front for c in range(len(v)) if v[c]} - out
        out |= front
    return out


def cut_sizes(decks: int, pair: int, up: int, hands: int = 4, report=print) -> dict[str, int]:
    """For splitting a pair of value index `pair` against up-card index `up` into `hands` hands: the distinct
    blocks, the banker's final draws, the left unions (`hands` - 1 hands, dealt as `studies.resplit_size` deals
    them), the right unions (a block and the banker's draws), the count vectors J the identity pairs them
    through (below a left union and a right one), and `reach`, the (left union, J) pairs a left transform would
    touch, bounded above by prod_c (min(A_c, top_c) + 1) for each left union A (top: the most of each value in
    any J)."""
    from oddscalc.games.blackjack.exact.banker import _walk
    from oddscalc.games.blackjack.rules import RuleSet

    pack = split_packing(decks, pair, up, hands, slots=hands - 1)
    rows = union_blocks(pack)
    blocks = [tuple(b) for b in pack.fields_of(rows, (0,) * len(pack.shoe)).tolist()]
    banker = sorted(_walk(up + 1, RuleSet(decks=decks, max_hands=hands).hit_soft17)[1])  # split_case's rules
    right = {
        u
        for b in blocks
        for d in banker
        for u in [tuple(x + y for x, y in zip(b, d))]
        if all(x <= s for x, s in zip(u, pack.shoe))
    }
    start = time.perf_counter()
    left = pack.origin()[0] & pack.union_words
    for _ in range(hands - 1):
        left = add_hand(pack, left, rows)
    digits = pack.fields_of(left).astype(np.int64)
    space = below(right) & below(set(map(tuple, digits.tolist())))
    top = np.array([max(j[c] for j in space) for c in range(len(pack.shoe))], dtype=np.int64)  # space holds 0
    reach = int(np.prod(np.minimum(digits, top) + 1, axis=1).sum())
    out = {
        "blocks": len(blocks),
        "banker": len(banker),
        "left": len(left),
        "right": len(right),
        "space": len(space),
        "reach": reach,
    }
    report(
        f"{out['blocks']:,} blocks, {out['banker']:,} banker draws; {hands - 1} hands: {out['left']:,} unions; "
        f"a block and the banker: {out['right']:,} unions; {out['space']:,} count vectors J between them; "
        f"at most {reach:.3e} (left union, J) pairs ({time.perf_counter() - start:.1f} s)"
    )
    return out


def main(argv: list[str]) -> int:
    return split_main("resplit_cut", __doc__, argv, cut_sizes, ARGUMENTS[:3] + (("HANDS", range(2, 5)),))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
