"""One split's exact resplit law with its last hands dealt in slices, watched (a study; studies/README.md):
the memory it holds and the rate at which it forms (state, step) pairs, slice by slice, so that the time of
an exact law too long to run here is stated from a measured rate, not guessed.

    .venv/bin/python -m studies.resplit_slices DECKS PAIR UP [HANDS [MINUTES]]

PAIR and UP are card values (1 = Ace, 10 = ten-value); 1994 rules with HANDS at most (default 4), CDP1 play,
no work budget. The patterns are dealt up to their last hands (`laws.split_law._pattern_states`), then the law deals
those in slices (`Packing._sliced_law`), a line on stderr per slice (`Packing.law`'s progress); after MINUTES
(default 10) it stops and gives the pairs done, the rate and the time the whole would take at that rate. Measured
2026-11-27, 6 packs,
2s against a 7: see docs/notes/2026-11-exact-four-hand-law.md.
"""

from __future__ import annotations

import resource
import sys
import time

from studies.resplit_size import ARGUMENTS, split_main


class Stopped(Exception):
    """The time allowed ran out."""


def watch(decks: int, pair: int, up: int, hands: int, minutes: float, report=print) -> dict:
    """Deal a split's patterns and take their law, slices reported; {"pairs", "done", "seconds", "law"}, the law
    None when the time ran out. Pair and up-card are value indices."""
    from oddscalc.games.blackjack.laws.split_cases import split_case
    from oddscalc.games.blackjack.laws.split_law import _pattern_states
    from oddscalc.games.blackjack.splits import dealing

    rules, ev, shoe, partners, policy = split_case(decks, pair, up, hands)
    start = time.perf_counter()
    pack, finals, _skipped = _pattern_states(shoe, pair, partners, rules.hands_limit(pair + 1, partners), policy, None)
    last = [f for f in finals if isinstance(f, dealing.Deferred)]
    total = sum(len(f.states[0]) * len(pack.step_rows[f.kind][0]) for f in last)
    before = sum(len(f.states[0]) for f in last)
    report(
        f"patterns dealt up to their last hands in {time.perf_counter() - start:.1f} s: {before:,} states, "
        f"{total:.3e} (state, step) pairs to form; peak {_peak():.2f} GB"
    )
    seen = {"pairs": total, "done": 0, "slices": 0}
    law_start = time.perf_counter()

    def progress(done: int, pairs: int, label: str) -> None:  # `Packing.law`'s: after each slice
        if not done:
            return
        seen["done"] = done
        seen["slices"] += 1
        elapsed = time.perf_counter() - law_start
        report(f"  slice {seen['slices']}: {done:.3e} of {pairs:.3e} pairs, {elapsed:.0f} s, peak {_peak():.2f} GB")
        if elapsed > 60 * minutes:
            raise Stopped

    law = None
    try:
        law = pack.law(finals, ev.dealer, rules.peek, progress=progress)
    except Stopped:
        pass
    seconds = time.perf_counter() - law_start
    rate = seen["done"] / seconds if seconds else 0.0
    report(
        f"{'law complete' if law is not None else 'stopped'} after {seconds:.0f} s: {seen['done']:.3e} of "
        f"{total:.3e} pairs ({rate / 1e6:.1f} million a second); the whole at that rate: "
        f"{total / rate / 3600 if rate else float('inf'):.2f} h; peak {_peak():.2f} GB"
    )
    return {"pairs": total, "done": seen["done"], "seconds": seconds, "law": law}


def _peak() -> float:
    """This process's peak resident memory, GB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6


def main(argv: list[str]) -> int:
    return split_main(
        "resplit_slices", __doc__, argv, watch, ARGUMENTS + (("MINUTES", range(1, 601)),), (4, 10), 3, to_stderr=True
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
