"""What the banker's weights cost per card union in a resplit law (a study; studies/README.md): four-hand
unions of one split drawn at random from its hands' blocks, timed through what the law does once per union
(`splits.dealing.banker_weights`, on chunks of unions: the union's card orders modulo the law's primes, the
banker's weights on the cards it leaves, and their residues), in the compiled loop (`banker_batch`) and on
Python integers, one after the other in the same process.

    .venv/bin/python -m studies.banker_per_union

Fixed case: 2s against a 7, 6 packs, 1994 rules, 4 hands, CDP1 play; 20,000 distinct unions in two halves
(the second shows the first's warm-up does not matter: every union is new).
Measured: docs/notes/2026-11-last-hand-in-slices.md.
"""

from __future__ import annotations

import random
import sys
import time


def sample_unions(
    shoe: tuple[int, ...], pair: int, blocks: list[tuple[int, ...]], hands: int, n: int, seed: int
) -> list[tuple[int, ...]]:
    """`n` distinct unions of `hands` blocks drawn uniformly from `blocks`, with the `hands - 2` pair cards
    that started new hands, each within the shoe."""
    rng = random.Random(seed)
    found: dict[tuple[int, ...], None] = {}
    while len(found) < n:
        u = [0] * 10
        u[pair] += hands - 2
        for _ in range(hands):
            u = [x + y for x, y in zip(u, rng.choice(blocks))]
        if all(x <= s for x, s in zip(u, shoe)):
            found[tuple(u)] = None
    return list(found)


def per_union(decks: int, pair: int, up: int, hands: int, n: int, seed: int = 5, batch: bool = True) -> list[float]:
    """Microseconds a union for `splits.dealing.banker_weights` (card orders, banker weights, residues), for each half
    of `n` random unions; pair and up-card are value indices; `batch` False: on Python integers. Each union's
    banker groups are asked for every total to 21 (the dearest call; the law asks only up to the union's highest
    hand total), so this is an upper bound on what the law pays per union."""
    import numpy as np

    from oddscalc.core.residues import primes_for
    from oddscalc.games.blackjack.exact.banker import falling
    from oddscalc.games.blackjack.laws.split_cases import split_case
    from oddscalc.games.blackjack.laws.split_law import _grouped_blocks
    from oddscalc.games.blackjack.splits.dealing import UNION_CHUNK, banker_weights

    rules, ev, shoe, _, policy = split_case(decks, pair, up, hands)
    blocks = [b for b, _ in _grouped_blocks(pair, policy, shoe, False)]
    unions = sample_unions(shoe, pair, blocks, hands, n, seed)
    size, dealer = sum(shoe), ev.dealer
    primes = primes_for(max(falling(size, sum(m)) * dealer.den(size - sum(m)) for m in unions), 1 << 30)
    out = []
    banker_weights(dealer, shoe, np.array(unions[:2], dtype=np.int16), [21, 21], rules.peek, primes, batch)  # warm
    for half in (unions[: n // 2], unions[n // 2 :]):
        fields = np.array(half, dtype=np.int16)
        start = time.perf_counter()
        for g0 in range(0, len(half), UNION_CHUNK):
            banker_weights(
                dealer,
                shoe,
                fields[g0 : g0 + UNION_CHUNK],
                [21] * len(fields[g0 : g0 + UNION_CHUNK]),
                rules.peek,
                primes,
                batch,
            )
        out.append(1e6 * (time.perf_counter() - start) / len(half))
    return out


USAGE = __doc__.split("\n\n")[1].strip()


def main(argv: list[str]) -> int:
    if argv:  # a fixed case: any argument is a mistake, not something to ignore for a minute's work
        print(f"usage: {USAGE} (no arguments; got {argv[0][:20]!r})", file=sys.stderr)
        return 2
    for batch, name in ((True, "compiled loop"), (False, "Python integers")):
        for i, micro in enumerate(per_union(6, 1, 6, 4, 20_000, batch=batch)):
            print(
                f"{name}, half {i + 1}: card orders, banker weights and their residues {micro:.1f} us a union",
                file=sys.stderr,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
