"""The size of one split's resplit law, measured (a study; studies/README.md): how many packed states
(card union and the hands' sorted result classes) and how many card unions there are after each hand, when
every hand may take any second card, so that the cost of its exact law can be stated from counts, not guessed.

    .venv/bin/python -m studies.resplit_size DECKS PAIR UP [HANDS]

PAIR and UP are card values (1 = Ace, 10 = ten-value); 1994 rules, CDP1 play, the shoe less the up-card and
both pair cards; the pair cards that start new hands are left out of the unions. States are dealt up to one
hand short of HANDS (the last hand's states are what outgrows memory); unions, the classes masked off, up to
HANDS. Measured 2026-11-27, 6 packs, 2s against a 7, 4 hands: see docs/notes/2026-11-exact-four-hand-law.md.
"""

from __future__ import annotations

import sys
import time

import numpy as np


def split_packing(decks: int, pair: int, up: int, hands: int, slots: int | None = None):
    """The packed keys (`dealing.Packing`) of `hands` hands of value index `pair` against up-card index `up`,
    1994 rules, CDP1 play, every hand taking any second card: what `sizes` deals; its steps (block, result
    class) are `pack.step_rows[0]`. `slots`: the hands the keys hold, when fewer than `hands` are dealt.
    ValueError when the compiled loops cannot count so many hands."""
    from oddscalc.games.blackjack.laws.split_cases import split_case
    from oddscalc.games.blackjack.laws.split_law import _grouped_blocks
    from oddscalc.games.blackjack.splits.dealing import Packing

    _, _, shoe, _, policy = split_case(decks, pair, up, max(hands, 2))
    pack = Packing(shoe, pair, 0, [_grouped_blocks(pair, policy, shoe, False)] * (slots or hands), 1)
    if not pack.fast:
        raise ValueError("the weights of so many hands may pass 2^64: the compiled loops cannot count them")
    return pack


def union_blocks(pack) -> np.ndarray:
    """The distinct blocks of `pack`'s hands as rows of words holding a card union alone (result classes
    masked off)."""
    from oddscalc.core import packed

    steps = pack.step_rows[0][0]
    return steps[packed.group(steps, pack.union_words)[1]] & pack.union_words


def add_hand(pack, unions: np.ndarray, blocks: np.ndarray) -> np.ndarray:
    """The distinct unions of one in `unions` and one block in `blocks` (`union_blocks`) that the shoe holds."""
    from oddscalc.core import packed

    ones = np.ones(len(unions), dtype=np.uint64)
    return packed.deal(unions, ones, blocks, np.ones(len(blocks), dtype=np.uint64), pack.guard_words)[0]


def sizes(
    decks: int, pair: int, up: int, hands: int, report=print, last_unions: bool = True, pack=None
) -> list[tuple[int, int | None, int | None]]:
    """(hands dealt, distinct states or None where not dealt, distinct unions or None where not dealt) for
    1..`hands` hands of value index `pair` against up-card index `up`, from `core.packed`'s loops; `report`
    gets a line per hand. `last_unions` False: the unions of `hands` hands (the dearest count) are not dealt.
    `pack`: that split's `split_packing`, when the caller has made it already."""
    from oddscalc.core import packed

    pack = pack or split_packing(decks, pair, up, hands)
    steps, step_w = pack.step_rows[0]
    blocks = union_blocks(pack)
    report(f"{len(blocks):,} blocks, {len(steps):,} (block, result class) steps")
    states = pack.origin()
    unions = states[0] & pack.union_words
    out: list[tuple[int, int | None, int | None]] = []
    for k in range(1, hands + 1):
        start = time.perf_counter()
        n_states = None
        if k < hands:
            pairs = len(states[0]) * len(steps)
            states = packed.deal(states[0], states[1], steps, step_w, pack.guard_words)
            n_states = len(states[0])
            report(f"  {k} hands: {n_states:,} states from {pairs:.3e} (state, step) pairs")
        if k == hands and not last_unions:
            out.append((k, None, None))
            break
        pairs = len(unions) * len(blocks)
        unions = add_hand(pack, unions, blocks)
        report(
            f"  {k} hands: {len(unions):,} unions from {pairs:.3e} (union, block) pairs; "
            f"{time.perf_counter() - start:.1f} s"
        )
        out.append((k, n_states, len(unions)))
    if hands > 1:
        report(f"the last hand would form {out[-2][1] * len(steps):.3e} (state, step) pairs")
    return out


#: Each argument's name and the whole numbers it allows (DECKS: the packs the rules allow).
ARGUMENTS = (("DECKS", range(1, 9)), ("PAIR", range(1, 11)), ("UP", range(1, 11)), ("HANDS", range(1, 9)))


def whole_numbers(prog: str, argv: list[str], arguments: tuple, digits: int) -> list[int] | None:
    """Each argument read as a whole number in its allowed range (`arguments`: (name, range) pairs), or None
    after one line on stderr naming the first that is not: ASCII digits only (str.isdigit() also passes other
    scripts' digits), at most `digits` of them, so no huge number is ever converted."""
    values = []
    for text, (name, allowed) in zip(argv, arguments):
        if not (text.isascii() and text.isdigit() and len(text) <= digits and int(text) in allowed):
            print(
                f"{prog}: {name} must be a whole number from {allowed[0]} to {allowed[-1]}; got {text[:20]!r}",
                file=sys.stderr,
            )
            return None
        values.append(int(text))
    return values


def decks_argument(prog: str, argv: list[str]) -> int | None:
    """The one optional DECKS argument of a whole-game count (`studies.resplit_cost`, `studies.shared_splits`;
    default 6), or None after one line on stderr."""
    if len(argv) > 1:
        print(f"usage: .venv/bin/python -m studies.{prog} [DECKS]", file=sys.stderr)
        return None
    values = whole_numbers(prog, argv, ARGUMENTS[:1], 1)
    if values is None:
        return None
    return values[0] if values else 6


def split_main(
    prog: str,
    doc: str,
    argv: list[str],
    measure,
    arguments: tuple = ARGUMENTS,
    defaults: tuple = (4,),
    digits: int = 2,
    to_stderr: bool = False,
) -> int:
    """The command line of a by-hand split measure: DECKS PAIR UP, then optional arguments (`defaults` for those
    left out), read by `whole_numbers`; `measure(decks, pair index, up index, *rest, report)` is called with a
    report that prints a line (on stderr if `to_stderr`). Exit 2 after one line on stderr for a wrong count of
    arguments (the usage, the second paragraph of the script's docstring `doc`), a bad one, or a MemoryError or
    ValueError in the
    measure (a table passing its share of the free memory, or weights passing 2^64)."""
    if not 3 <= len(argv) <= len(arguments):
        usage = doc.split("\n\n")[1].strip()
        print(f"usage: {usage}", file=sys.stderr)
        return 2
    values = whole_numbers(prog, argv, arguments, digits)
    if values is None:
        return 2
    decks, pair, up, *rest = values + list(defaults[len(values) - 3 :])
    out = sys.stderr if to_stderr else sys.stdout
    try:
        measure(decks, pair - 1, up - 1, *rest, report=lambda line: print(line, file=out, flush=True))
    except (MemoryError, ValueError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str]) -> int:
    return split_main("resplit_size", __doc__, argv, sizes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
