"""Measurements of the hidden-decisions test at Three Card Poker (oddscalc/monitor/hidden_decisions.py).

`python -m bench.bench_hidden_decisions [--players N] [--hands H] [--cheats C]` prints, as markdown lines: the share
of N simulated ordinary players of H hands each flagged (a random departer, one who plays every hand, one who
mimics the dealer), at level 1% over a horizon of H departures; and the hands a player who sees the banker's
cards (always, or in a share of hands) takes to be flagged over C seeded players, beside the plan (the exact
drift, `Book.seeing_drift`). It writes nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from oddscalc.monitor.detector import log_threshold
from oddscalc.monitor.hidden_decisions import BETS, Book, ante_play
from oddscalc.monitor.hidden_players import simulate

LEVEL = 0.01


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--cheats", type=int, default=200)
    args = parser.parse_args(argv)
    start = time.time()
    book = Book(ante_play())
    threshold = log_threshold(len(BETS), args.hands, LEVEL)
    print(f"level {LEVEL}, horizon {args.hands:,} departures, threshold log(K N / a) {threshold:.2f}, K {len(BETS)}")
    for player, share in (("random", 0.1), ("random", 0.3), ("plays-all", 0.0), ("mimics-dealer", 0.0)):
        flagged = departures = 0
        for i in range(args.players):
            e = book.evidence(simulate(player, args.hands, seed=10_000 + i, share=share, book=book), LEVEL, args.hands)
            flagged += e.flagged_at is not None
            departures += e.departures
        name = f"{player} (departs in {share:.0%} of hands)" if player == "random" else player
        print(
            f"- {name}: {flagged} of {args.players} flagged ({flagged / args.players:.1%}) over {args.hands:,} hands"
            f" each; {departures / args.players:,.0f} departures a player"
        )
    drift = max(book.seeing_drift())
    horizon = 10_000
    cheat_threshold = log_threshold(len(BETS), horizon, LEVEL)
    for share in (1.0, 0.1, 0.02):
        cap = int(4 * cheat_threshold / (drift * share))
        player = "cheat" if share == 1 else "cheat-some"
        found = [
            book.evidence(simulate(player, cap, seed=i, share=share, book=book), LEVEL, horizon).flagged_at
            for i in range(args.cheats)
        ]
        hands = sorted(math.inf if f is None else f + 1 for f in found)  # not flagged within the cap: last
        print(
            f"- sees the banker's cards in {share:.0%} of hands: median {statistics.median(hands):,.0f} hands to flag"
            f" ({sum(f is not None for f in found)} of {args.cheats} flagged within {cap:,}; quartiles"
            f" {statistics.quantiles(hands, n=4)[0]:,.0f}-{statistics.quantiles(hands, n=4)[2]:,.0f}); plan"
            f" {math.ceil(cheat_threshold / (drift * share)):,} (threshold {cheat_threshold:.2f} at level {LEVEL},"
            f" horizon {horizon:,}, over the drift {drift * share:.4f} a hand)"
        )
    print(f"took {time.time() - start:,.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
