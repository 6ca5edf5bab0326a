"""Self-checks of the studies (not part of `make test`; run with `make studies`): each study's counts against a
plain enumeration written differently, and its command line's refusals of bad arguments."""

from itertools import product

import pytest

from oddscalc.games.blackjack.laws.split_law import _grouped_blocks


def test_the_resplit_size_measure_counts_what_a_plain_enumeration_counts():
    """`studies/resplit_size.py` (the counts docs/notes/ quotes for 2s against a 7 at 6 packs) on 8s
    against a ten, 1 pack: its states after one and two hands and its unions after one to three equal sets
    of tuples built card value by card value from the blocks, unions past the shoe dropped."""
    from oddscalc.games.blackjack.laws.split_cases import split_case
    from studies.resplit_size import sizes

    pair, up = 7, 9
    _, _, shoe, _, policy = split_case(1, pair, up, 3)
    steps = [(b, o) for b, ends in _grouped_blocks(pair, policy, shoe, False) for o, _ in ends]
    states: set[tuple[tuple[int, ...], tuple]] = {((0,) * 10, ())}
    unions: set[tuple[int, ...]] = {(0,) * 10}
    expected = []
    for k in (1, 2, 3):
        if k < 3:
            states = {
                (n, tuple(sorted(cls + (o,))))
                for m, cls in states
                for b, o in steps
                for n in [tuple(u + c for u, c in zip(m, b))]
                if all(x <= s for x, s in zip(n, shoe))
            }
        unions = {
            n
            for m in unions
            for b, _ in steps
            for n in [tuple(u + c for u, c in zip(m, b))]
            if all(x <= s for x, s in zip(n, shoe))
        }
        expected.append((k, len(states) if k < 3 else None, len(unions)))
    assert sizes(1, pair, up, 3, report=lambda line: None) == expected
    assert expected[1][1] > expected[1][2]  # two hands' classes do split their unions into more states
    # `studies/resplit_cost.py` asks for the states before the last hand without that hand's unions
    assert sizes(1, pair, up, 3, report=lambda line: None, last_unions=False) == expected[:2] + [(3, None, None)]


def test_the_shared_splits_count_sees_every_split_of_both_strategies_once():
    """`studies/shared_splits.py` (the count docs/notes/ quotes for 6 packs) at 1 pack, every resplit
    pattern lumped to keep it quick: optimal play's splits are the pair rows whose best action is a split, and
    each of the basic strategy's is either found among them or computed afresh, some of each at 1 pack."""
    from studies.resplit_cost import optimal_splits
    from studies.shared_splits import shared_splits

    optimal, basic, found, fresh = shared_splits(1, 0)
    assert optimal == len(optimal_splits(1)) > 0
    assert basic == found + len(fresh) and found > 0 and fresh


@pytest.mark.parametrize(
    "argv, named",
    [
        (["99999999999999999999", "2", "7"], "DECKS"),
        (["1e999999", "2", "7"], "DECKS"),
        (["9", "2", "7"], "DECKS"),
        (["\u0663", "2", "7"], "DECKS"),
        (["6", "2", "-7"], "UP"),
        (["6", "2", "7", "99"], "HANDS"),
        (["6", "2"], "usage"),
        (["", "2", "7"], "DECKS"),
    ],
)
def test_the_resplit_size_measure_refuses_bad_arguments_in_one_line(argv, named, capsys):
    """Huge, non-ASCII, out-of-range, missing and empty arguments: one line naming the argument, exit 2."""
    from studies.resplit_size import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and named in err


@pytest.mark.parametrize("script", ["resplit_cost", "shared_splits"])
@pytest.mark.parametrize(
    "argv, named", [(["9"], "DECKS"), (["0"], "DECKS"), (["\u0663"], "DECKS"), (["x"], "DECKS"), (["6", "6"], "usage")]
)
def test_the_whole_game_counts_refuse_bad_arguments_in_one_line(script, argv, named, capsys):
    """`studies/resplit_cost.py` and `studies/shared_splits.py`: out-of-range, non-ASCII and extra arguments, one
    line naming it, exit 2."""
    import importlib

    assert importlib.import_module(f"studies.{script}").main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and named in err


@pytest.mark.parametrize(
    "argv, named",
    [
        (["6", "2", "7", "4", "0"], "MINUTES"),
        (["6", "2", "7", "4", "9999"], "MINUTES"),
        (["6", "2", "7", "4", "\u0663"], "MINUTES"),
        (["6", "11", "7"], "PAIR"),
        (["6", "2"], "usage"),
        (["6", "2", "7", "4", "5", "6"], "usage"),
    ],
)
def test_the_resplit_slices_watch_refuses_bad_arguments_in_one_line(argv, named, capsys):
    """`studies/resplit_slices.py`: out-of-range, non-ASCII and missing arguments, one line naming it, exit 2."""
    from studies.resplit_slices import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and named in err


def test_the_resplit_slices_watch_forms_every_pair_and_gives_the_split_law():
    """`studies/resplit_slices.py` on 8s against a ten, 1 pack, 3 hands: the pairs the law says it has formed,
    slice by slice (`Packing.law`'s progress), come to every (state, step) pair of the last hands as the watch
    counts them from the patterns' states, and the law it watches is `split_law_in_part`'s."""
    from oddscalc.games.blackjack.laws.split_cases import split_case
    from oddscalc.games.blackjack.laws.split_law import split_law_in_part
    from studies.resplit_slices import watch

    lines: list[str] = []
    seen = watch(1, 7, 9, 3, 10, report=lines.append)
    rules, ev, shoe, partners, policy = split_case(1, 7, 9, 3)
    assert seen["done"] == seen["pairs"] > 0 and lines[-1].startswith("law complete")
    assert seen["law"] == split_law_in_part(shoe, 9, 7, partners, rules, ev.dealer, policy, None)[0]


def test_the_banker_per_union_timing_draws_distinct_unions_the_shoe_holds():
    """`studies/banker_per_union.py` (the cost a union docs/notes/ quotes): its unions are distinct,
    each within the shoe, each holds the pair cards that started the new hands, and each is a sum of `hands`
    of the split's blocks (checked by peeling blocks off, depth first); both halves are timed."""
    import functools

    from oddscalc.games.blackjack.laws.split_cases import split_case
    from studies.banker_per_union import per_union, sample_unions

    pair, up, hands = 7, 9, 4
    _, _, shoe, _, policy = split_case(1, pair, up, hands)
    blocks = [b for b, _ in _grouped_blocks(pair, policy, shoe, False)]
    unions = sample_unions(shoe, pair, blocks, hands, 50, 3)

    @functools.cache
    def peel(rest: tuple[int, ...], k: int) -> bool:
        if k == 0:
            return not any(rest)
        return any(
            peel(tuple(r - b for r, b in zip(rest, block)), k - 1)
            for block in blocks
            if all(b <= r for b, r in zip(block, rest))
        )

    assert len(set(unions)) == 50 and all(all(x <= s for x, s in zip(m, shoe)) for m in unions)
    assert all(
        m[pair] >= hands - 2 and peel(tuple(x - (hands - 2) * (c == pair) for c, x in enumerate(m)), hands)
        for m in unions
    )
    times = per_union(1, pair, up, hands, 40)
    assert len(times) == 2 and all(t > 0 for t in times)


@pytest.mark.parametrize("argv", [["1e999999"], ["6", "2", "7"], [""]])
def test_the_banker_per_union_timing_refuses_arguments_in_one_line(argv, capsys):
    """`studies/banker_per_union.py` times a fixed case: any argument gets one usage line and exit 2."""
    from studies.banker_per_union import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("usage:") and "no arguments" in err


def test_the_cut_identity_counts_draws_of_distinct_cards():
    """`studies/resplit_cut.py`'s identity, which separates a left count from a right one: its terms sum to the
    ordered draws of a + t cards of one value from s, counted here as permutations, for every small case (none
    when a + t passes s); and a term exists for every overlap up to the smaller count."""
    import doctest
    from math import perm

    import studies.resplit_cut as cut

    assert doctest.testmod(cut).failed == 0
    for s, a, t in product(range(8), range(6), range(6)):
        terms = cut.overlap_terms(s, a, t)
        assert len(terms) == min(a, t) + 1
        assert sum(terms) == (perm(s, a + t) if a + t <= s else 0)


def test_the_cut_measure_counts_what_a_plain_enumeration_counts():
    """`studies/resplit_cut.py` (the counts docs/notes/ quotes for 2s against a 7 at 6 packs) on 8s against
    a ten, 1 pack, 3 hands: its unions equal sets of tuples built from the blocks and the banker's draws, unions
    past the shoe dropped; its count vectors are the ones in both sides' sub-vectors listed one by one; and its
    bound on the (left union, J) pairs is the count of the sub-vectors of each left union within the right's
    range, which the pairs counted one by one do not pass."""
    from oddscalc.games.blackjack.exact.banker import _walk
    from oddscalc.games.blackjack.laws.split_cases import split_case
    from oddscalc.games.blackjack.splits.blocks import hand_blocks
    from studies.resplit_cut import cut_sizes

    pair, up = 7, 9
    rules, _, shoe, _, policy = split_case(1, pair, up, 3)
    blocks = {b for b, _, _ in hand_blocks(pair, policy, shoe, False)}
    banker = set(_walk(up + 1, rules.hit_soft17)[1])

    def fits(u):
        return all(x <= s for x, s in zip(u, shoe))

    def plus(x, y):
        return tuple(p + q for p, q in zip(x, y))

    left = {n for m in blocks for b in blocks for n in [plus(m, b)] if fits(n)}
    right = {n for b in blocks for d in banker for n in [plus(b, d)] if fits(n)}

    def subs(v, top=None):  # every vector at or below v (and below top), value by value
        return product(*(range(min(x, t) + 1) for x, t in zip(v, top or v)))

    from_right = {j for u in right for j in subs(u)}
    top = tuple(max(j[c] for j in from_right) for c in range(10))
    bound = pairs = 0
    space = set()
    for a in left:
        for j in subs(a, top):
            bound += 1
            if j in from_right:
                pairs += 1
                space.add(j)
    got = cut_sizes(1, pair, up, 3, report=lambda line: None)
    assert got["blocks"] == len(blocks) and got["banker"] == len(banker)
    assert (got["left"], got["right"], got["space"]) == (len(left), len(right), len(space))
    assert got["reach"] == bound and pairs <= bound < 2 * pairs  # the bound, and not a loose one here


@pytest.mark.parametrize(
    "argv, named",
    [
        (["9", "2", "7"], "DECKS"),
        (["6", "2", "7", "1"], "HANDS"),
        (["6", "2", "7", "5"], "HANDS"),
        (["6", "\u0663", "7"], "PAIR"),
        (["6", "2"], "usage"),
        (["6", "2", "7", "4", "4"], "usage"),
    ],
)
def test_the_cut_measure_refuses_bad_arguments_in_one_line(argv, named, capsys):
    """`studies/resplit_cut.py`: out-of-range (one hand has no cut; past four the left unions outgrow a run by
    hand), non-ASCII, missing and extra arguments, one line naming it, exit 2."""
    from studies.resplit_cut import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and named in err
