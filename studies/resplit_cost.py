"""What the exact law of the legal round would cost with nothing lumped, counted split by split (a study, not
in `make bench`): for every pair optimal play splits (1994 rules, 4 hands), the (state, step) pairs its last
hand would form, the work the dearest split showed to be the cost (docs/notes/2026-11-exact-four-hand-law.md),
so that the whole game's cost is stated from counts, not from one split.

    .venv/bin/python -m studies.resplit_cost [DECKS]

Counts as `studies.resplit_size` makes them (every hand taking any second card: an upper bound on each
pattern's own), states dealt to three hands, splits one after another, dearest last; a line per split, then
the totals. Default 6 packs; about 20 minutes there, most of it the pairs of 2s and 3s.
"""

from __future__ import annotations

import sys
import time

from studies.resplit_size import decks_argument, sizes, split_packing


def optimal_splits(decks: int) -> list[tuple[int, int]]:
    """(pair, up-card) value indices of every pair that composition-dependent optimal play splits."""
    from oddscalc.games.blackjack.exact.player import SPLIT
    from oddscalc.games.blackjack.game import full_game
    from oddscalc.games.blackjack.rules import RuleSet

    g = full_game(RuleSet(decks=decks))
    return sorted({(r.cards[0], r.up) for r in g.rows if r.cards[0] == r.cards[1] and r.values.best == SPLIT})


def main(argv: list[str]) -> int:
    decks = decks_argument("resplit_cost", argv)
    if decks is None:
        return 2
    from oddscalc.games.blackjack.shoe import LABELS

    splits = optimal_splits(decks)
    print(f"{decks} packs, 1994 rules, 4 hands: {len(splits)} splits under optimal play", flush=True)
    total_pairs = total_states = 0
    start = time.perf_counter()
    for pair, up in sorted(splits, key=lambda s: (-s[0], s[1])):  # tens and nines first: cheap
        t = time.perf_counter()
        pack = split_packing(decks, pair, up, 4)
        out = sizes(decks, pair, up, 4, report=lambda line: None, last_unions=False, pack=pack)
        states, unions = out[2][1], out[2][2]
        steps = len(pack.step_rows[0][0])
        pairs = states * steps
        total_pairs += pairs
        total_states += states
        print(
            f"  {LABELS[pair]}s v {LABELS[up]}: {states:,} three-hand states on {unions:,} unions, {steps:,} "
            f"steps: {pairs:.3e} last-hand pairs ({time.perf_counter() - t:.0f} s)",
            flush=True,
        )
    print(
        f"total: {total_states:,} three-hand states, {total_pairs:.3e} last-hand (state, step) pairs "
        f"({time.perf_counter() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
