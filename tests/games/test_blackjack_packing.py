"""`splits.dealing.deal` (hands dealt on packed integer keys) against a plain enumeration of every tuple of blocks.

Both backends are tried: the dictionary of Python integers and the compiled loops on rows of 64-bit words
(`core.packed`), which the law uses whenever its weights provably fit in 64 bits.

The packed keys put a card union and the hands' result classes in one integer, with a guard bit per card value
for a union beyond the shoe. Here random shoes (empty values and packs of 100 tens included), block lists,
result classes and hand counts are dealt both ways: the plain way tries every tuple of (block, ending), one per
hand, keeps those whose union the shoe holds and weights them count x orders x the union's card orders. The
work count (partial unions times the next hand's blocks) is recomputed the same plain way.
"""

from itertools import pairwise, product
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oddscalc.games.blackjack.exact.banker import falling
from oddscalc.games.blackjack.exact.player import DOUBLE, HIT, STAND, total_of
from oddscalc.games.blackjack.laws.split_law import _grouped_blocks, _pattern_unions, split_patterns
from oddscalc.games.blackjack.splits.dealing import CLASSES, Packing, deal, merge_unions

counts = st.integers(0, 4)
blocks = st.lists(
    st.tuples(
        st.tuples(*[counts] * 10),
        st.lists(
            st.tuples(st.sampled_from(CLASSES), st.integers(1, 50)),
            min_size=1,
            max_size=2,
            unique_by=lambda end: end[0],
        ),
    ),
    min_size=1,
    max_size=5,
)


def _plain(shoe, pair, hands, spawns, count):
    start = tuple(spawns if c == pair else 0 for c in range(10))
    found: dict[tuple, dict[tuple, int]] = {}
    for choice in product(*[[(b, o, w) for b, ends in blocks_ for o, w in ends] for blocks_ in hands]):
        union = tuple(start[c] + sum(b[c] for b, _, _ in choice) for c in range(10))
        if any(u > s for u, s in zip(union, shoe)):
            continue
        weight = count * prod(w for _, _, w in choice) * prod(falling(s, u) for s, u in zip(shoe, union))
        slot = found.setdefault(union, {})
        classes = tuple(sorted(o for _, o, _ in choice))
        slot[classes] = slot.get(classes, 0) + weight
    work, partial = 0, {start}
    for blocks_ in hands:
        work += len(partial) * len(blocks_)
        partial = {
            u
            for u in (tuple(p[c] + b[c] for c in range(10)) for p in partial for b, _ in blocks_)
            if all(x <= s for x, s in zip(u, shoe))
        }
    return found, work


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    shoe=st.tuples(*[st.one_of(st.integers(0, 6), st.integers(20, 100))] * 10),
    pair=st.integers(0, 9),
    spawns=st.integers(0, 3),
    count=st.integers(1, 5),
    lists=st.lists(blocks, min_size=1, max_size=2),
    order=st.lists(st.integers(0, 1), min_size=1, max_size=4),
)
def test_packed_dealing_equals_the_plain_enumeration(shoe, pair, spawns, count, lists, order):
    shoe = tuple(max(s, spawns) if c == pair else s for c, s in enumerate(shoe))  # the callers' guarantee
    hands = [lists[i % len(lists)] for i in order]  # hands share block lists, as N and x hands do
    want, want_work = _plain(shoe, pair, hands, spawns, count)
    for fast in (True, False):
        assert Packing(shoe, pair, spawns, hands, count, compiled=fast).fast is fast
        got, work = deal(shoe, pair, hands, spawns, count, compiled=fast)
        assert got == want
        assert work == want_work


def test_weights_that_could_pass_64_bits_are_dealt_as_python_integers():
    """The compiled loops are chosen only when count x (largest sum of a hand's card orders)^hands < 2^64;
    beyond it the same deal runs on Python integers, still exact."""
    heavy = [((1,) + (0,) * 9, [((21, 1), 2**31)]), ((0, 1) + (0,) * 8, [((19, 2), 2**31 + 11)])]
    shoe = (3,) * 10
    assert Packing(shoe, 9, 0, [heavy], 1).fast
    assert not Packing(shoe, 9, 0, [heavy, heavy], 1).fast  # (2^32 + 11)^2 > 2^64
    for n_hands in (1, 2, 3):
        got, work = deal(shoe, 9, [heavy] * n_hands, 0, 3)
        assert (got, work) == _plain(shoe, 9, [heavy] * n_hands, 0, 3)


def test_a_budget_stops_the_dealing_when_the_work_would_pass_it():
    one = ((1,) + (0,) * 9, [((21, 1), 1)])
    two = ((0, 1) + (0,) * 8, [((19, 2), 3)])
    shoe = (5,) * 10
    found, work = deal(shoe, 9, [[one, two]] * 3, 0, 1)
    assert found and work == 1 * 2 + 2 * 2 + 3 * 2  # partial unions: 1, then 2, then 3 (multisets of two kinds)
    assert deal(shoe, 9, [[one, two]] * 3, 0, 1, budget=work - 1) == (None, work)


def _policy(h):
    """A simple post-split play on a hand's counts: double 10 and 11 on two cards, hit below 15 (soft 18)."""
    total, soft = total_of(h)
    if sum(h) == 2 and total in (10, 11):
        return DOUBLE
    return HIT if total < 15 or (soft and total < 18) else STAND


@pytest.mark.slow
@pytest.mark.parametrize(
    "shoe,pair,limit",
    [
        ((2, 2, 1, 1, 1, 1, 1, 3, 1, 8), 7, 3),
        ((2, 2, 1, 1, 1, 1, 1, 4, 1, 8), 7, 4),
        ((1, 3, 1, 1, 1, 1, 1, 1, 1, 6), 1, 5),
    ],
)  # limits 3 and 4 (the law's usual one) try every budget, 5 the spread-out ones a larger case needs
def test_the_patterns_dealt_together_equal_each_pattern_dealt_alone(shoe, pair, limit):
    """`laws.split_law._pattern_unions` deals the resplit patterns together (powers of N, and Horner's rule for those
    reaching the limit): the same unions as `deal` gives pattern by pattern, the hands in dealing order (the
    first q with non-pair second cards, the rest any). Under every budget it leaves out whole patterns, always
    computes the one without a resplit, and what it gives is exactly the patterns it kept."""
    kinds = {non_pair: _grouped_blocks(pair, _policy, shoe, non_pair) for non_pair in (True, False)}
    alone = {}
    for spawns, n_hands, count in split_patterns(limit):
        if spawns > shoe[pair]:
            continue
        hands = [kinds[i < n_hands] for i in range(limit if spawns == limit - 2 else n_hands)]
        alone[(spawns, n_hands, count)] = deal(shoe, pair, hands, spawns, count)[0]

    def merged(patterns):
        out = {}
        for p in patterns:
            merge_unions(out, alone[p])
        return {m: {o: v for o, v in outs.items() if v} for m, outs in out.items()}

    together, skipped = _pattern_unions(shoe, pair, shoe[pair], limit, _policy, None)
    assert skipped == () and together == merged(alone)
    thresholds, work = [], 0  # the budgets at which dealing the patterns one by one just keeps each
    for spawns, n_hands, count in alone:
        if spawns:
            hands = [kinds[i < n_hands] for i in range(limit if spawns == limit - 2 else n_hands)]
            work = deal(shoe, pair, hands, spawns, count, work)[1]
            thresholds.append(work)
    seen = set()
    # every pattern's threshold and every power of ten on the small cases; on the larger ones (where each budget
    # re-deals and unpacks every pattern twice, seconds a budget) four thresholds spread out and every other power
    few = limit > 4
    spread = thresholds[:: max(1, len(thresholds) // 3)] + thresholds[-1:] if few else thresholds
    for budget in [0] + spread + [10**e for e in range(1, 8, 2 if few else 1)]:
        part, skipped = _pattern_unions(shoe, pair, shoe[pair], limit, _policy, budget)
        kept = [p for p in alone if p not in skipped]
        assert (0, 2, 1) in kept and set(skipped) <= set(alone)
        assert part == merged(kept)
        # never more left out than dealing each pattern alone, in order, under the same budget would leave
        work, one_by_one = 0, set()
        for spawns, n_hands, count in alone:
            if spawns:
                hands = [kinds[i < n_hands] for i in range(limit if spawns == limit - 2 else n_hands)]
                found, work = deal(shoe, pair, hands, spawns, count, work, budget)
                if found is None:
                    one_by_one.add((spawns, n_hands, count))
        assert set(skipped) <= one_by_one
        seen.add(len(skipped))
    assert len(seen) > 1  # the budgets tried do leave out patterns, and not always the same number


def test_sums_that_would_outgrow_the_free_memory_stop_with_a_memory_error(monkeypatch):
    """`core.packed.deal` makes and grows its table only within a share of the memory free: the same sums
    that pass (checked against a plain dictionary of every key plus every step) raise MemoryError, with
    nothing returned, once the memory said to be free cannot hold the table they need: at the first doubling
    when the first table fits, and before anything is dealt when even the first table does not."""
    import numpy as np

    from oddscalc.core import packed

    keys = np.arange(3000, dtype=np.uint64).reshape(-1, 1) * np.uint64(7)
    steps = np.arange(5, dtype=np.uint64).reshape(-1, 1) * np.uint64(1000)
    vals, step_w = np.arange(1, 3001, dtype=np.uint64), np.arange(1, 6, dtype=np.uint64)
    plain: dict[int, int] = {}
    for k, v in zip(keys[:, 0].tolist(), vals.tolist()):
        for s, w in zip(steps[:, 0].tolist(), step_w.tolist()):
            plain[k + s] = plain.get(k + s, 0) + v * w
    out_k, out_v = packed.deal(keys, vals, steps, step_w, np.zeros(1, dtype=np.uint64))
    assert dict(zip(out_k[:, 0].tolist(), out_v.tolist())) == plain and len(plain) > 4096  # the table grew
    # the 3,000 keys start in 1 << (2 x 3,000).bit_length() = 8,192 slots (`_capacity`); a one-word table
    # costs 12 + 16 = 28 bytes a slot, and `slot_limit` allows MEMORY_SHARE of the memory free
    first = 1 << (2 * 3000).bit_length()

    def slots(free: int) -> int:
        return int(free * packed.MEMORY_SHARE) // 28

    free = 700_000  # room for 10,000 slots: the first table fits, its doubling (the 15,000 sums) does not
    assert first <= slots(free) < 2 * first < len(plain) * 2
    monkeypatch.setattr(packed, "free_bytes", lambda free=free: free)
    with pytest.raises(MemoryError, match=f"memory free: more than {slots(free) // 2:,} distinct keys"):
        packed.deal(keys, vals, steps, step_w, np.zeros(1, dtype=np.uint64))
    free = 100_000  # room for 1,428 slots: not even the first table fits, and nothing is dealt
    assert slots(free) < first
    monkeypatch.setattr(packed, "free_bytes", lambda free=free: free)
    monkeypatch.setattr(packed, "_loops", lambda: pytest.fail("dealt with no room for the first table"))
    with pytest.raises(MemoryError, match=f"first table of {first:,} slots, and the memory free holds {slots(free):,}"):
        packed.deal(keys, vals, steps, step_w, np.zeros(1, dtype=np.uint64))


@pytest.mark.slow
def test_dealing_straight_into_net_tables_equals_a_plain_dictionary():
    """`core.packed.deal_nets` (the last hands of a resplit law): every key of a part plus every step of that
    part, sums meeting the guard dropped, grouped by the masked words, weights added into each group's table
    at the two nets' sum per column, the greatest top kept: equal to a dictionary built pair by pair, for
    rows in runs of one id (as the law deals them), the same rows shuffled (more runs, the same tables),
    parts that repeat rows, a table that grows, and `limit` one group short (None, nothing half-done)."""
    import numpy as np

    from oddscalc.core import packed

    rng = np.random.default_rng(7)
    # a union field (bits 0-10, guard bit 11) and a class field above it (bits 16-18), masked off
    union_keys = rng.integers(0, 1500, size=300, dtype=np.uint64)
    keys = (union_keys | (rng.integers(0, 8, size=300, dtype=np.uint64) << np.uint64(16))).reshape(-1, 1)
    block = rng.integers(0, 600, size=50, dtype=np.uint64)
    steps = (block | (rng.integers(0, 8, size=50, dtype=np.uint64) << np.uint64(16))).reshape(-1, 1)
    vals, step_w = rng.integers(1, 1000, size=300, dtype=np.uint64), rng.integers(1, 1000, size=50, dtype=np.uint64)
    key_nets = rng.integers(2, 5, size=(300, 3)).astype(np.int8)
    step_nets = rng.integers(-2, 3, size=(50, 3)).astype(np.int8)
    key_tops, step_tops = rng.integers(0, 22, size=300).astype(np.int8), rng.integers(0, 22, size=50).astype(np.int8)
    guard, mask = np.array([1 << 11], dtype=np.uint64), np.array([(1 << 12) - 1], dtype=np.uint64)
    key_ids, step_ids = packed.group(keys, mask)[0], packed.group(steps, mask)[0]
    a_sets = [np.argsort(key_ids, kind="stable")[:200], np.argsort(key_ids, kind="stable")[150:]]
    b_sets = [np.argsort(step_ids, kind="stable")[:30], np.argsort(step_ids, kind="stable")[10:]]
    want: dict[int, tuple[dict, int]] = {}
    for a, b in zip(a_sets, b_sets):
        for i in a.tolist():
            for j in b.tolist():
                total = int(keys[i, 0]) + int(steps[j, 0])
                if total & (1 << 11):
                    continue
                table, top = want.get(total & 4095, ({}, 0))
                for c in range(3):
                    at = (c, int(key_nets[i, c]) + int(step_nets[j, c]))
                    table[at] = table.get(at, 0) + int(vals[i]) * int(step_w[j])
                want[total & 4095] = (table, max(top, int(key_tops[i]), int(step_tops[j])))
    assert len(want) > 1024 // 2  # more groups than the first table holds: it grows

    def dealt(a_sets, b_sets, limit=None):
        parts = (
            np.concatenate(a_sets),
            np.cumsum([0] + [len(a) for a in a_sets]),
            np.concatenate(b_sets),
            np.cumsum([0] + [len(b) for b in b_sets]),
        )
        return packed.deal_nets(
            keys,
            vals,
            key_nets,
            key_tops,
            key_ids,
            steps,
            step_w,
            step_nets,
            step_tops,
            step_ids,
            parts,
            guard,
            mask,
            7,
            limit,
        )

    for a_s, b_s in ((a_sets, b_sets), ([rng.permutation(a) for a in a_sets], [rng.permutation(b) for b in b_sets])):
        rows, tables, tops = dealt(a_s, b_s)
        got = {
            int(r): (
                {(c, n): int(tables[g, c, n]) for c in range(3) for n in range(7) if tables[g, c, n]},
                int(tops[g]),
            )
            for g, r in enumerate(rows[:, 0].tolist())
        }
        assert got == want
    assert dealt(a_sets, b_sets, len(want)) is not None and dealt(a_sets, b_sets, len(want) - 1) is None


@pytest.mark.slow
@pytest.mark.parametrize("groups,error", [(1, None), (0, "the unions of one slice of the last hands")])
def test_a_slice_whose_unions_outgrow_the_memory_is_cut_finer(groups, error, monkeypatch):
    """When a slice's unions would not fit in memory (`core.packed.net_group_limit`, said here to allow one
    union, then none), the law cuts it finer, down to slices that fix every count of the union (one union
    each): the same law; with room for none, one line's MemoryError."""
    from oddscalc.core import packed
    from oddscalc.games.blackjack.exact.player import DealerTable
    from oddscalc.games.blackjack.laws.split_law import _pattern_states
    from oddscalc.games.blackjack.splits.dealing import Deferred, union_law

    shoe, pair, up = (2, 2, 1, 1, 1, 1, 1, 4, 1, 8), 7, 9
    dealer = DealerTable(up, False)
    pack, finals, _ = _pattern_states(shoe, pair, shoe[pair], 4, _policy, None)
    assert any(isinstance(f, Deferred) for f in finals)
    want = union_law(pack.all_unions(finals), shoe, dealer, False)
    monkeypatch.setattr(packed, "net_group_limit", lambda *_: groups)
    if error is None:
        assert pack.law(finals, dealer, False) == want
    else:
        with pytest.raises(MemoryError, match=error):
            pack.law(finals, dealer, False)


def test_grouping_under_a_mask_equals_a_plain_dictionary():
    """`core.packed.group` numbers the rows' masked keys in the order first met, as a dictionary would, for
    keys of two words whose masked-off bits differ (so rows equal under the mask are not equal rows), with
    more rows than the smallest table so that probing wraps and collides."""
    import numpy as np

    from oddscalc.core import packed

    rng = np.random.default_rng(11)
    keys = rng.integers(0, 1 << 12, size=(5000, 2), dtype=np.uint64)
    keys[:, 1] |= rng.integers(0, 1 << 20, size=5000, dtype=np.uint64) << np.uint64(40)
    mask = np.array([(1 << 12) - 1, (1 << 3) - 1], dtype=np.uint64)
    number: dict[tuple[int, int], int] = {}
    ids, firsts = [], []
    for i, (a, b) in enumerate(keys.tolist()):
        k = (a & int(mask[0]), b & int(mask[1]))
        if k not in number:
            number[k] = len(number)
            firsts.append(i)
        ids.append(number[k])
    got_ids, got_firsts = packed.group(keys, mask)
    assert got_ids.tolist() == ids and got_firsts.tolist() == firsts
    assert len(firsts) < len(set(map(tuple, keys.tolist())))  # the mask does merge unequal rows
    assert packed.distinct(keys, mask) == len(firsts)


@pytest.mark.slow
@pytest.mark.parametrize(
    "shoe,pair,up,limit", [((2, 2, 1, 1, 1, 1, 1, 4, 1, 8), 7, 9, 4), ((1, 1, 1, 1, 1, 1, 1, 5, 1, 6), 7, 5, 5)]
)
def test_the_last_hand_dealt_in_slices_gives_the_law_of_the_unions(shoe, pair, up, limit, monkeypatch):
    """`Packing.law` deals each pattern's last hand (`Deferred`) in slices by the counts of card values its
    unions end with, as few as memory needs: with slices of at most 1 or 40 (state, step) pairs, and with
    one slice, the law equals `union_law` on every union dealt whole and unpacked into a dictionary (no
    slices, no compiled tally); and the small bounds do cut it into more than one slice, the smallest into
    slices that fix every value the unions end with (depth 10)."""
    from oddscalc.games.blackjack.exact.player import DealerTable
    from oddscalc.games.blackjack.laws.split_law import _pattern_states
    from oddscalc.games.blackjack.splits.dealing import Deferred, union_law

    dealer = DealerTable(up, False)
    pack, finals, skipped = _pattern_states(shoe, pair, shoe[pair], limit, _policy, None)
    assert skipped == () and pack.fast and any(isinstance(f, Deferred) for f in finals)
    want = union_law(pack.all_unions(finals), shoe, dealer, False)
    assert want and sum(want.values()) > 0
    slices = []
    tally = Packing._tally_nets
    monkeypatch.setattr(
        Packing, "_tally_nets", lambda self, by, rows, *rest: (slices.append(len(rows)), tally(self, by, rows, *rest))
    )
    pairs = sum(len(f.states[0]) * len(pack.step_rows[f.kind][0]) for f in finals if isinstance(f, Deferred))
    for most in (None, 40, 1):
        slices.clear()
        heard: list[tuple[int, int, str]] = []
        assert pack.law(finals, dealer, False, most, progress=lambda *said: heard.append(said)) == want
        deferred = len(slices)  # the last hands' slices (the other patterns' states are tallied whole)
        assert (deferred == sum(isinstance(f, Deferred) for f in finals)) if most is None else deferred > 4
        # progress: nothing formed at first, then after every slice the pairs formed so far, ending at all of them
        done = [d for d, _, _ in heard]
        assert done[0] == 0 and done[-1] == pairs and len(heard) == deferred + 1
        assert all(a < b for a, b in pairwise(done)) and {(t, label) for _, t, label in heard} == {
            (pairs, "last hands")
        }


def test_grouping_that_would_outgrow_the_free_memory_stops_before_it_starts(monkeypatch):
    """`core.packed.group` (the law's numbering of unions) asks for its table, 8 bytes a slot of
    `_capacity`, and 16 bytes a row, within `MEMORY_SHARE` of the memory free, as `deal` does: 3,000 rows
    start in 8,192 slots, 113,536 bytes; a share of 120,000 holds them and 100,000 does not."""
    import numpy as np

    from oddscalc.core import packed

    keys = np.arange(3000, dtype=np.uint64).reshape(-1, 1)
    need = 8 * (1 << (2 * 3000).bit_length()) + 16 * 3000
    assert need == 113_536
    monkeypatch.setattr(packed, "free_bytes", lambda: int(120_000 / packed.MEMORY_SHARE) + 1)
    assert packed.distinct(keys, np.ones(1, dtype=np.uint64) * np.uint64(0xFF)) == 256
    monkeypatch.setattr(packed, "free_bytes", lambda: int(100_000 / packed.MEMORY_SHARE))
    monkeypatch.setattr(packed, "_loops", lambda: pytest.fail("grouped with no room for the table"))
    with pytest.raises(MemoryError, match=f"grouping 3,000 keys needs {need:,} bytes"):
        packed.group(keys, np.ones(1, dtype=np.uint64))


def _sample_unions(rng, shoe, pair, blocks, hands, n):
    """`n` distinct unions of `hands` blocks drawn from `blocks`, with the `hands - 2` pair cards that started the
    new hands, each within the shoe."""
    found = {}
    while len(found) < n:
        union = [hands - 2 if c == pair else 0 for c in range(10)]
        for _ in range(hands):
            union = [x + y for x, y in zip(union, rng.choice(blocks))]
        if all(x <= s for x, s in zip(union, shoe)):
            found[tuple(union)] = None
    return list(found)


@pytest.mark.slow
def test_the_banker_weights_of_many_unions_are_each_unions_own_modulo_the_primes():
    """`splits.dealing.banker_weights` (the compiled law's per-union step, card orders taken modulo each prime on
    arrays) against `union_banker` (big integers, the dictionary law's) times the union's card orders, reduced
    afterwards: every union, banker result and prime, for random four-hand unions of 8s against a ten at 1
    pack and 7s against a 9 at 6 packs, each at its own highest hand total, with and without peek."""
    import random

    import numpy as np

    from oddscalc.core.residues import primes_for
    from oddscalc.games.blackjack.laws.split_cases import split_case
    from oddscalc.games.blackjack.splits.dealing import BANKER_RESULTS, banker_weights, union_banker, union_orders

    rng = random.Random(4)
    for decks, pair, up in ((1, 7, 9), (6, 6, 8)):
        _, ev, shoe, _, policy = split_case(decks, pair, up, 4)
        blocks = [b for b, _ in _grouped_blocks(pair, policy, shoe, False)]
        unions = _sample_unions(rng, shoe, pair, blocks, 4, 60)
        tops = [rng.choice([0, 17, 18, 19, 20, 21]) for _ in unions]
        primes = primes_for(10**40, 1 << 30)
        for peek in (False, True):
            got = banker_weights(ev.dealer, shoe, np.array(unions, dtype=np.int16), tops, peek, primes)
            for g, (m, top) in enumerate(zip(unions, tops)):
                want = dict(union_banker(ev.dealer, shoe, m, top, peek, union_orders(shoe, m)))
                for col, b in enumerate(BANKER_RESULTS):
                    assert got[g, col, len(primes)] == (b in want)
                    assert got[g, col, : len(primes)].tolist() == [want.get(b, 0) % p for p in primes]


@pytest.mark.parametrize("decks,hit_soft17", [(1, False), (2, True), (6, False), (8, True)])
def test_the_compiled_banker_equals_the_python_integers_for_every_up_card(decks, hit_soft17, monkeypatch):
    """`exact.banker_batch.weights` (the banker's sums as a tree of products, modulo primes below 2^26 in int64,
    carried to the law's primes by Garner's digits) against `splits.dealing._python_weights` (`banker_groups` on the
    Python-integer polynomials of `exact.banker.compiled`, weights reduced afterwards): every up-card, with and without
    peek, every column and prime, on random unions of every hands' top (none, 16 or less, 17..21), with
    leftovers down to exactly the banker's longest draw and unions that take every card of a value. A chunk
    mixing such unions with ones leaving fewer cards (three tens: the Python integers' alone, as are shoes the
    banker could run out of) gives the same rows too."""
    import numpy as np

    from oddscalc.core.residues import primes_for
    from oddscalc.games.blackjack.exact import banker_batch
    from oddscalc.games.blackjack.exact.player import DealerTable
    from oddscalc.games.blackjack.splits import dealing

    rng = np.random.default_rng(decks * 10 + hit_soft17)
    primes = list(primes_for(10**60, 1 << 30))
    for up in range(10):
        dealer = DealerTable(up, hit_soft17)
        shoe = [4 * decks] * 9 + [16 * decks]
        shoe[up] -= 1
        shoe = tuple(shoe)
        fields = np.minimum(rng.poisson(rng.uniform(0.1, 3, 10), (40, 10)), shoe)
        fields[0] = shoe  # everything taken, then put back down to the banker's longest draw
        for c in rng.permutation(10).tolist():
            give = min(shoe[c], dealer.last - (sum(shoe) - int(fields[0].sum())))
            fields[0, c] -= max(give, 0)
        fields[1, :] = 0
        fields[2, 3] = shoe[3]  # every card of one value
        assert int((np.array(shoe) - fields[0]).sum()) == dealer.last
        tops = rng.choice([0, 12, 16, 17, 18, 19, 20, 21], len(fields))
        for peek in (False, True):
            want = dealing._python_weights(dealer, shoe, fields, tops.tolist(), peek, primes)
            got = banker_batch.weights(up + 1, hit_soft17, shoe, fields, tops, peek, dealer.blackjack_card, primes)
            assert np.array_equal(got, want), (up, peek)
            assert want[:, :, len(primes)].sum() > 0
        short = fields.copy()
        short[-5:] = shoe
        short[-5:, 9] -= 3  # three ten-values left: fewer cards than the banker's longest draw, yet enough
        assert not banker_batch.fits(np.array(shoe) - short, dealer.last)[-5:].any()
        mixed = dealing.banker_weights(dealer, shoe, short, tops.tolist(), False, primes)
        assert np.array_equal(mixed, dealing._python_weights(dealer, shoe, short, tops.tolist(), False, primes))


def test_folding_tables_of_nets_with_banker_weights_equals_python_integers():
    """`core.packed.fold_nets` (remainders without a division, the seven columns summed unreduced) against the
    sum written out in Python integers: tables with entries up to 2^64 - 1 and zeros, entries one below a
    multiple of a prime near 2^64 (where the quotient estimated in double precision is one too high), weights
    just below each prime and zero, flags on and off, unions of a few sizes sharing the accumulator, which
    starts non-zero."""
    import numpy as np

    from oddscalc.core import packed
    from oddscalc.core.residues import primes_below

    rng = np.random.default_rng(11)
    primes = np.array(primes_below(1 << 30, 5), dtype=np.uint64)
    n, columns, width = 300, 7, 17
    table = rng.integers(0, 2**64, (n, columns, width), dtype=np.uint64, endpoint=False)
    table[rng.random(table.shape) < 0.5] = 0
    table[0, :, :] = np.uint64(2**64 - 1)
    for i, p in enumerate(primes.tolist()):  # t = -1 mod p near 2^64: rounded to 53 bits, t / p passes a whole number
        table[1 + i, :, :] = ((2**64 - 1) // p) * p - 1
    weights = np.zeros((n, columns, len(primes) + 1), dtype=np.uint64)
    weights[:, :, :-1] = rng.integers(0, 1 << 30, (n, columns, len(primes)), dtype=np.uint64) % primes
    weights[0, :, :-1] = primes - np.uint64(1)
    weights[:, :, -1] = rng.random((n, columns)) < 0.8
    weights[0, :, -1] = 1
    sizes = rng.integers(3, 7, n)
    start = rng.integers(0, 1 << 29, (8, width, len(primes)), dtype=np.uint64)
    acc = start.copy()
    packed.fold_nets(table, weights, sizes, primes, acc)
    for k in range(8):
        for net in range(width):
            for i, p in enumerate(primes.tolist()):
                want = int(start[k, net, i]) + sum(
                    int(table[g, b, net]) * int(weights[g, b, i])
                    for g in np.flatnonzero(sizes == k).tolist()
                    for b in range(columns)
                    if weights[g, b, -1]
                )
                assert int(acc[k, net, i]) == want % p
