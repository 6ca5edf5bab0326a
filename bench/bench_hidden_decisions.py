"""Measurements of the hidden-decisions test at Three Card Poker (oddscalc/monitor/hidden_decisions.py).

`python -m bench.bench_hidden_decisions [--players N] [--hands H] [--cheats C] [--stud S]` prints, as markdown
lines: the share of N simulated ordinary players of H hands each flagged (a random departer, one who plays every
hand, one who mimics the dealer), at levels 1%, 10% and 50% over a horizon of H departures. Then the hands a
player who sees the banker's cards (always, or in a share of hands) takes to be flagged over C seeded players,
beside the plan (the exact drift, `Book.seeing_drift`); and with S > 0 the same at casino stud poker for S
players of each kind. It writes nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from oddscalc.monitor.detector import log_threshold
from oddscalc.monitor.hidden_decisions import BETS, Book, StudBook, ante_play
from oddscalc.monitor.hidden_players import simulate, simulate_stud

LEVEL = 0.01


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--cheats", type=int, default=200)
    parser.add_argument("--stud", type=int, default=0, help="casino stud players of each kind (0: none)")
    args = parser.parse_args(argv)
    start = time.time()
    book = Book(ante_play())
    levels = (LEVEL, 0.1, 0.5)
    thresholds = [log_threshold(len(BETS), args.hands, a) for a in levels]
    print(
        f"horizon {args.hands:,} departures, K {len(BETS)} bets; thresholds log(K N / a) "
        + ", ".join(f"{t:.2f} at level {a:g}" for a, t in zip(levels, thresholds))
    )
    for player, share in (("random", 0.1), ("random", 0.3), ("plays-all", 0.0), ("mimics-dealer", 0.0)):
        tops = []
        departures = 0
        for i in range(args.players):
            e = book.evidence(simulate(player, args.hands, seed=10_000 + i, share=share, book=book), LEVEL, args.hands)
            tops.append(float(e.top.max()) if e.top.size else 0.0)
            departures += e.departures
        name = f"{player} (departs in {share:.0%} of hands)" if player == "random" else player
        counts = ", ".join(f"{sum(t >= h for t in tops)} at level {a:g}" for a, h in zip(levels, thresholds))
        print(
            f"- {name}: flagged {counts}, of {args.players} players of {args.hands:,} hands each;"
            f" {departures / args.players:,.0f} departures a player"
        )
    if args.cheats:
        _cheats(book, args.cheats)
    if args.stud:
        _stud(args.stud)
    print(f"took {time.time() - start:,.0f} s")
    return 0


def _cheats(book: Book, cheats: int) -> None:
    """Three Card Poker players who see the banker's cards in every hand, or a share of them, beside the plan."""
    drift = max(book.seeing_drift())
    horizon = 10_000
    cheat_threshold = log_threshold(len(BETS), horizon, LEVEL)
    for share in (1.0, 0.1, 0.02):
        cap = int(4 * cheat_threshold / (drift * share))
        player = "cheat" if share == 1 else "cheat-some"
        found = [
            book.evidence(simulate(player, cap, seed=i, share=share, book=book), LEVEL, horizon).flagged_at
            for i in range(cheats)
        ]
        hands = sorted(math.inf if f is None else f + 1 for f in found)  # not flagged within the cap: last
        print(
            f"- sees the banker's cards in {share:.0%} of hands: median {statistics.median(hands):,.0f} hands to flag"
            f" ({sum(f is not None for f in found)} of {cheats} flagged within {cap:,}; quartiles"
            f" {statistics.quantiles(hands, n=4)[0]:,.0f}-{statistics.quantiles(hands, n=4)[2]:,.0f}); plan"
            f" {math.ceil(cheat_threshold / (drift * share)):,} (threshold {cheat_threshold:.2f} at level {LEVEL},"
            f" horizon {horizon:,}, over the drift {drift * share:.4f} a hand)"
        )


def _stud(players: int) -> None:
    """Casino stud: random departers (10% of 300 hands) and players who see the banker's cards, `players` each."""
    book = StudBook()
    horizon = 10_000
    flagged = [
        book.evidence(simulate_stud("random", 300, seed=20_000 + i, book=book), LEVEL, 300).flagged_at
        for i in range(players)
    ]
    print(f"- casino stud, random (departs in 10% of 300 hands): {sum(f is not None for f in flagged)} of {players}")
    found = [
        book.evidence(simulate_stud("cheat", 200, seed=30_000 + i, book=book), LEVEL, horizon).flagged_at
        for i in range(players)
    ]
    hands = sorted(math.inf if f is None else f + 1 for f in found)
    print(
        f"- casino stud, sees the banker's cards: median {statistics.median(hands):,.0f} hands to flag"
        f" ({sum(f is not None for f in found)} of {players} within 200; level {LEVEL}, horizon {horizon:,})"
    )


if __name__ == "__main__":
    raise SystemExit(main())
