"""The resplit patterns of a split as ballot counts (shared by the split's value and its round law).

They say in which orders pair cards and other cards can complete the hands of a split that may grow to a limit
of hands.
"""

from __future__ import annotations

__all__ = ["ballot_patterns"]


def ballot_patterns(limit: int) -> tuple[dict[int, int], dict[int, int]]:
    """Ballot counts of the second-card patterns of a split with up to `limit` hands.

    Pair cards (P) start new hands and non-pair cards (N) complete them. The result: (case A: s spawns, every
    hand's second card N -> count), (case B: the limit reached after q N cards -> count).

    >>> ballot_patterns(2)  # no resplit: the limit is reached at once
    ({}, {0: 1})
    >>> ballot_patterns(3)  # N N (no resplit); P first (limit reached); N then P (limit reached after one N)
    ({0: 1}, {0: 1, 1: 1})
    """
    spawns_needed = limit - 2
    ways = {(0, 0): 1}
    end_a: dict[int, int] = {}
    end_b: dict[int, int] = {}
    if spawns_needed == 0:
        return {}, {0: 1}
    frontier = [(0, 0)]
    while frontier:
        nxt: dict[tuple[int, int], int] = {}
        for p, q in frontier:
            w = ways[(p, q)]
            # draw a pair card: a new hand
            if p + 1 == spawns_needed:
                end_b[q] = end_b.get(q, 0) + w
            else:
                nxt[(p + 1, q)] = nxt.get((p + 1, q), 0) + w
            # draw a non-pair card: a hand completes its second card
            if q + 1 == p + 2:
                end_a[p] = end_a.get(p, 0) + w
            else:
                nxt[(p, q + 1)] = nxt.get((p, q + 1), 0) + w
        ways.update(nxt)
        frontier = list(nxt)
    return end_a, end_b
