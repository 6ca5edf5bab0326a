"""Measure the shuffle tests' power and their false-alarm share (docs/verify.md, "Shuffle tests between shoes").

For each case, LOGS seeded logs of SHOES shoes are dealt by `simulate --shuffle MODEL` (a new shoe made from the
last one's cards: the discards in the order dealt, then the undealt rest; the first from new packs in their factory
order) and judged by `oddscalc verify` with its defaults (every randomness test, Bonferroni at 1%). A log is
flagged when a shuffle test fails; the table also gives the share with any randomness fault at all. The same with
the suits stripped from every card (ranks only). Deterministic: the same seeds give the same table.

    nice .venv/bin/python tools/shuffle_power.py            # the full measurement (about 20 minutes on one core)
    nice .venv/bin/python tools/shuffle_power.py --quick    # a tenth of the logs
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from oddscalc import api
from oddscalc.sim import simulators
from oddscalc.sim.log_lines import round_log
from oddscalc.sim.shoe_dealing import Dealing
from oddscalc.sim.shuffle_models import parse_shuffle
from oddscalc.verify import verify
from oddscalc.verify.findings import RANDOM

GAMES = {
    "punto-banco": ("banker", "1994", {"decks": "8"}, 416 - 16),
    "blackjack": ("initial", "2007", {"strategy": "basic"}, 312 - 52),
    "super-pan-9": ("initial", "1994", {}, 288 - 16),
}
#: (game, model, shoes per log, logs, suits written)
CASES = [
    ("punto-banco", "riffle:4", 10, 100, True),
    ("punto-banco", "strip:6", 10, 100, True),
    ("punto-banco", "riffle:7", 100, 100, True),
    ("punto-banco", "fair", 100, 200, True),
    ("punto-banco", "riffle:4", 10, 50, False),
    ("punto-banco", "strip:6", 10, 50, False),
    ("punto-banco", "riffle:7", 100, 20, False),
    ("punto-banco", "fair", 100, 50, False),
    ("blackjack", "riffle:4", 10, 20, True),
    ("blackjack", "strip:6", 10, 20, True),
    ("blackjack", "riffle:7", 100, 20, True),
    ("blackjack", "fair", 100, 20, True),
    ("super-pan-9", "riffle:4", 10, 20, True),
    ("super-pan-9", "strip:6", 10, 20, True),
    ("super-pan-9", "riffle:7", 100, 20, True),
    ("super-pan-9", "fair", 100, 20, True),
]
_SUITED = re.compile(r"^(A|[2-9]|10|J|Q|K)[cdhs]$")


def _ranks(value):
    """A round record with every card's suit taken off."""
    if isinstance(value, dict):
        return {k: _ranks(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_ranks(v) for v in value]
    if isinstance(value, str) and _SUITED.match(value):
        return value[:-1]
    return value


def write(path: Path, game: str, model: str, shoes: int, seed: int, suits: bool) -> None:
    """A log of exactly `shoes` whole shoes."""
    wager, version, rules, _ = GAMES[game]
    resolved, _ = api.resolved_rules(game, version, rules)
    w = {x.key: x for x in api.wagers(game, version)}[wager]
    table = api.decision_table(game, version, wager, resolved) if game in simulators.NEEDS_TABLE else None
    records: list[dict] = []

    def keep(record: dict) -> None:
        if record["shoe"] > shoes:
            raise StopIteration
        records.append(record if suits else _ranks(record))

    rounds = shoes * 400  # more than enough: the run stops at the first round of shoe shoes + 1
    try:
        simulators.simulate(
            game, w, rounds, seed, rules=resolved, table=table, log=keep, dealing=Dealing(parse_shuffle(model))
        )
    except StopIteration:
        pass
    else:
        raise AssertionError("the log did not reach its last shoe")
    with round_log(
        path, game, version, resolved, about={"seed": seed, "simulator": f"simulate --shuffle {model}"}
    ) as log:
        for record in records:
            log(record)


def measure(game: str, model: str, shoes: int, logs: int, suits: bool, folder: Path) -> dict:
    flagged = any_fault = 0
    rounds = 0
    start = time.perf_counter()
    for seed in range(1, logs + 1):
        path = folder / "log.jsonl"
        write(path, game, model, shoes, seed, suits)
        report = verify(path, game)
        rounds += report.rounds
        rules = [f.rule for f in report.faults if f.kind == RANDOM]
        flagged += any(r.startswith("shuffle:") for r in rules)
        any_fault += bool(rules)
        if any(n for k, n in report.by_kind.items() if k != RANDOM):
            raise AssertionError(f"{game} {model} seed {seed}: {report.verdict()}")
    return {
        "flagged": flagged,
        "any": any_fault,
        "logs": logs,
        "rounds": rounds,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a tenth of the logs of each case")
    parser.add_argument("--only", default="", help="only cases whose game and model contain this text")
    args = parser.parse_args(argv)
    print("| game | shuffle | cards as | shoes a log | logs | flagged by a shuffle test | any randomness fault |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="oddscalc-shuffle-power-") as folder:
        for game, model, shoes, logs, suits in CASES:
            if args.only and args.only not in f"{game} {model}":
                continue
            logs = max(2, logs // 10) if args.quick else logs
            r = measure(game, model, shoes, logs, suits, Path(folder))
            print(
                f"| {game} | {model} | {'cards' if suits else 'ranks'} | {shoes} | {r['logs']} | "
                f"{r['flagged']} ({100 * r['flagged'] / r['logs']:.0f}%) | {r['any']} "
                f"({100 * r['any'] / r['logs']:.0f}%) |",
                flush=True,
            )
            print(f"  ({r['rounds']:,} rounds in {r['seconds']:.0f} s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
