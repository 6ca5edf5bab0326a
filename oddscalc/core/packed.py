"""Exact sums keyed by packed integer words, in compiled loops (numba, imported and compiling on first use,
cached on disk after that, so that nothing else pays for it: `core.compiled`).

A key is a row of unsigned 64-bit words holding fixed-width fields that never carry into each other, so
adding two keys word by word adds every field; a field whose count passes its limit sets a guard bit. These
loops do in machine words what a Python dictionary of big-integer keys does one object at a time: the
blackjack resplit law (`games/blackjack/splits/dealing.py`) forms tens of millions of (key, step) sums. Weights are
exact: the caller proves they stay below 2^64 before choosing these loops, and `tally` works modulo primes
below 2^30 (products below 2^60), whose residues `core.residues` turns back into integers.

>>> import numpy as np
>>> keys = np.array([[1], [2]], dtype=np.uint64)
>>> new_keys, weights = deal(keys, np.array([1, 1], dtype=np.uint64), np.array([[1], [0]], dtype=np.uint64),
...                          np.array([5, 7], dtype=np.uint64), np.array([4], dtype=np.uint64))
>>> sorted(zip(new_keys[:, 0].tolist(), weights.tolist()))  # 1+1, 1+0 and 2+1 (with 2+0), 2+0
[(1, 7), (2, 12), (3, 5)]
"""

from __future__ import annotations

import os
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from oddscalc.core.compiled import compile_loop

__all__ = [
    "MEMORY_SHARE",
    "Counts",
    "Words",
    "deal",
    "deal_nets",
    "distinct",
    "fold_nets",
    "free_bytes",
    "group",
    "slot_limit",
    "tally",
]

#: Rows of packed words (keys, masks, guards), and the exact weights and residues kept beside them.
Words: TypeAlias = NDArray[np.uint64]
#: Row numbers, group numbers, nets and tops: integers of whatever width the caller keeps them in.
Counts: TypeAlias = NDArray[np.integer[Any]]
#: What the compiled loops number rows and groups with.
Index: TypeAlias = NDArray[np.int64]

_compiled = False


def _loops() -> None:
    """Compile the loops (deal, group, tally, the two passes of deal_nets, fold_nets) by numba on first use.

    Each is bound in this module in place of its Python body. Their helpers are compiled first, since the loops
    look them up here as they compile. The loops are plain Python below: tables are open-addressing hash tables
    with linear probing. `group`'s table holds row numbers. The tables that grow (`deal`, `deal_nets`' first
    pass) hold tagged entries (`_tagged`) and double when half full. Their loops hand back to a driver to do it
    (`_deal_span`, `_net_span`): an array reassigned inside a numba loop cost that loop up to half its speed."""
    global _compiled, _mix, _hash, _slot, _find, _put, _tagged, _add_guarded, _grown, _deal_span, _net_span, _reduce
    global _deal, _group, _tally, _net_groups, _net_tables, _fold_nets
    if not _compiled:
        _mix = compile_loop(_mix, inline=True)
        _hash = compile_loop(_hash, inline=True)
        _slot = compile_loop(_slot, inline=True)
        _find = compile_loop(_find, inline=True)
        _put = compile_loop(_put, inline=True)
        _tagged = compile_loop(_tagged, inline=True)
        _add_guarded = compile_loop(_add_guarded, inline=True)
        _grown = compile_loop(_grown)
        _reduce = compile_loop(_reduce, inline=True)
        _deal_span = compile_loop(_deal_span)
        _net_span = compile_loop(_net_span)
        _deal = compile_loop(_deal)
        _group = compile_loop(_group)
        _tally = compile_loop(_tally)
        _net_groups = compile_loop(_net_groups)
        _net_tables = compile_loop(_net_tables)
        _fold_nets = compile_loop(_fold_nets)
        _compiled = True


def _capacity(n: int) -> int:
    """A power-of-two table size with room for 2n keys before it must grow."""
    return 1 << max(10, (2 * max(n, 1)).bit_length())


#: The share of the memory free when a table is made that it may grow to (two processes may deal at once).
MEMORY_SHARE = 0.4


def free_bytes() -> int:
    """Memory the system can still give, in bytes (Linux MemAvailable; elsewhere the free physical pages).

    >>> free_bytes() > 0
    True
    """
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")


def slot_limit(n_words: int) -> int:
    """The most slots a table of `n_words`-word keys may reach. A table of S slots holds S row numbers and
    at most S/2 rows of keys with their weights (8 (n_words + 1) bytes a row). While it doubles to S, the old
    and the new both live: 1.5 S numbers and 0.75 S rows; at the end the rows are copied out: S numbers and
    S rows at most. So 12 S bytes of numbers and S rows must fit in `MEMORY_SHARE` of the free memory.

    With 10^9 bytes free, 40% of it at 12 + 16 bytes a slot for one-word keys:

    >>> from unittest import mock
    >>> with mock.patch(f"{__name__}.free_bytes", return_value=10**9):
    ...     slot_limit(1)
    14285714
    """
    return int(free_bytes() * MEMORY_SHARE) // (12 + 8 * (n_words + 1))


def deal(keys: Words, vals: Words, step_keys: Words, step_w: Words, guard: Words) -> tuple[Words, Words]:
    """Every key plus every step key, weight times step weight, sums whose words meet `guard` dropped and
    equal sums merged: (keys, weights), in the order first met (key by key, step by step). The caller keeps
    every weight below 2^64. MemoryError, before the system runs out, when the table of sums would outgrow
    the memory free: checked on the first table, before anything is dealt, and at every doubling.

    Counts below 4 in the low two bits, bit 2 the guard: 2 + 2 reaches it and is dropped, 1 + 2 and 2 + 1 merge.

    >>> words = lambda *v: np.array(v, dtype=np.uint64)
    >>> keys, weights = deal(words(1, 2)[:, None], words(1, 1), words(1, 2)[:, None], words(3, 5), words(4))
    >>> keys[:, 0].tolist(), weights.tolist()
    ([2, 3], [3, 8])
    """
    limit = min(slot_limit(keys.shape[1]), 1 << 32)  # a table's entries number its rows in 32 bits
    cap = _capacity(len(keys))
    if cap > limit:
        raise MemoryError(
            f"the sums outgrow the memory free: {len(keys):,} keys of {8 * keys.shape[1]} bytes "
            f"need a first table of {cap:,} slots, and the memory free holds {limit:,}"
        )
    _loops()
    out_k, out_v, done = _deal(keys, vals, step_keys, step_w, guard, cap, limit)
    if not done:
        raise MemoryError(
            f"the sums outgrow the memory free: more than {limit // 2:,} distinct keys of {8 * keys.shape[1]} bytes"
        )
    return out_k, out_v


def net_group_limit(n_words: int, columns: int, width: int) -> int:
    """The most groups `deal_nets` may hold, all within `MEMORY_SHARE` of the memory free.

    Each group costs 16 bytes of slots (at most half of them used). It also costs its row of words, its table
    of `columns` x `width` weights and its top (8 bytes each).

    With 10^9 bytes free, 40% of it at 16 + 8 x (1 + 1 x 1 + 1) = 40 bytes a group:

    >>> from unittest import mock
    >>> with mock.patch(f"{__name__}.free_bytes", return_value=10**9):
    ...     net_group_limit(1, 1, 1)
    10000000
    """
    return int(free_bytes() * MEMORY_SHARE) // (16 + 8 * (n_words + columns * width + 1))


def deal_nets(
    keys: Words,
    vals: Words,
    key_nets: Counts,
    key_tops: Counts,
    key_ids: Counts,
    step_keys: Words,
    step_w: Words,
    step_nets: Counts,
    step_tops: Counts,
    step_ids: Counts,
    parts: tuple[Counts, Counts, Counts, Counts],
    guard: Words,
    mask: Words,
    width: int,
    limit: int | None = None,
) -> tuple[Words, Words, Index] | None:
    """Every key of a part plus every step key of that part, grouped by their words under `mask`.

    Sums meeting `guard` are dropped, and the sums are never kept themselves. Each group (its masked words, in
    the order first met) gets table[group, c, key_nets[i, c] + step_nets[j, c]] += vals[i] * step_w[j] for
    every column c. It also gets the greatest of key_tops[i] and step_tops[j]. `parts` = (key rows, their
    starts, step rows, their starts): part p pairs the keys key_rows[ks[p]:ks[p + 1]] with the steps
    step_rows[ss[p]:ss[p + 1]].

    Keys with one id (`key_ids`) must have the same words under `mask`, and so must steps with one id
    (`step_ids`). Then a run of keys with one id, met with a run of steps with one id, makes one group, found
    once (a guard bit is only ever set under `mask`). So rows ordered by id (as `group` numbers them) are dealt
    with the fewest searches. Every net index must lie in range(width), and the caller keeps every table entry
    below 2^64. None when the groups would pass `limit` (default `net_group_limit`): the caller deals fewer
    pairs at once.

    Take keys 1 and 2 (weights 1 and 10, net index 1 in their one column, tops 0 and 5). Take steps +1 and +0
    (weights 2 and 3, nets +1 and -1, tops 7 and 0). They make sums 2 and 1 from the first key, 3 and 2 from
    the second: groups 2 (weight 2 at index 2, 30 at index 0), 1 and 3.

    >>> rows = lambda *v: np.array([[x] for x in v], dtype=np.uint64)
    >>> one = lambda *v: np.array(v, dtype=np.int64)
    >>> parts = (one(0, 1), one(0, 2), one(0, 1), one(0, 2))
    >>> g, table, tops = deal_nets(rows(1, 2), np.array([1, 10], dtype=np.uint64), one(1, 1)[:, None], one(0, 5),
    ...                            one(0, 1), rows(1, 0), np.array([2, 3], dtype=np.uint64), one(1, -1)[:, None],
    ...                            one(7, 0), one(0, 1), parts, np.zeros(1, dtype=np.uint64), rows(7)[0], 3)
    >>> g[:, 0].tolist(), table[:, 0].tolist(), tops.tolist()
    ([2, 1, 3], [[30, 0, 2], [3, 0, 0], [0, 0, 20]], [7, 0, 7])
    """
    if limit is None:
        limit = net_group_limit(keys.shape[1], key_nets.shape[1], width)
    limit = min(limit, (1 << 32) - 2)  # a table's entries number its groups in 32 bits
    # The fewest slots, grown as the groups need: their count is not known ahead, and sizing the table by the
    # rows dealt (hundreds of thousands, against thousands of groups at 6 packs) zeroed hundreds of MB per call.
    # Two passes: the groups of every run met with every run first (the table and its rows grow as they come),
    # then the tables of nets, made once at their final size. Growing the tables of nets inside the first loop,
    # as one pass did, cost that loop half its speed (2s against a 7, 6 packs: a slice 0.113 s against 0.067).
    key_runs, step_runs = _run_bounds(key_ids, parts[0], parts[1]), _run_bounds(step_ids, parts[2], parts[3])
    _loops()
    rows, ids, done = _net_groups(
        keys, step_keys, parts[0], parts[2], key_runs, step_runs, guard, mask, _capacity(0), limit
    )
    if not done:
        return None
    table, tops = _net_tables(
        vals,
        key_nets,
        key_tops,
        step_w,
        step_nets,
        step_tops,
        parts[0],
        parts[2],
        key_runs,
        step_runs,
        ids,
        len(rows),
        width,
    )
    return rows, table, tops


def _run_bounds(ids: Counts, rows: Counts, starts: Counts) -> tuple[Index, Index, Index]:
    """The runs of rows with one id within each part (part p: rows[starts[p]:starts[p + 1]]).

    They are found once for both of `deal_nets`' passes. The result: each run's first position in `rows`, its
    end, and per part the index of its first run (parts + 1 entries). Rows 5, 5, 7 | 7 (ids by row) make runs
    [0, 2), [2, 3) and [3, 4).

    >>> [b.tolist() for b in _run_bounds(np.array([5, 5, 7, 7]), np.arange(4), np.array([0, 3, 4]))]
    [[0, 2, 3], [2, 3, 4], [0, 2, 3]]
    """
    starts = np.asarray(starts, dtype=np.int64)
    lo, hi = int(starts[0]), int(starts[-1])
    of = np.asarray(ids)[np.asarray(rows)[lo:hi]]
    first = np.ones(hi - lo, dtype=bool)
    first[1:] = of[1:] != of[:-1]
    inner = starts[(starts >= lo) & (starts < hi)] - lo
    first[inner] = True  # every part starts a run
    run_start = (np.flatnonzero(first) + lo).astype(np.int64)
    run_end = np.append(run_start[1:], hi)[: len(run_start)].astype(np.int64)
    return run_start, run_end, np.searchsorted(run_start, starts).astype(np.int64)


def group(keys: Words, mask: Words) -> tuple[Index, Index]:
    """Rows grouped by their words under `mask`: (group index of each row, first row of each group).
    MemoryError, before anything is made, when its table (8 bytes a slot), a group number and a first row
    for each row (16 bytes a row) would pass `MEMORY_SHARE` of the memory free, as `deal`'s tables may not.

    Under mask 6 (bits 1 and 2) the rows 5, 7, 5, 6 read 4, 6, 4, 6: two groups, first met at rows 0 and 1.

    >>> ids, firsts = group(np.array([[5], [7], [5], [6]], dtype=np.uint64), np.array([6], dtype=np.uint64))
    >>> ids.tolist(), firsts.tolist()
    ([0, 1, 0, 1], [0, 1])
    """
    cap = _capacity(len(keys))
    need, room = 8 * cap + 16 * len(keys), int(free_bytes() * MEMORY_SHARE)
    if need > room:
        raise MemoryError(f"grouping {len(keys):,} keys needs {need:,} bytes, and the memory free allows {room:,}")
    _loops()
    return _group(keys, mask, cap)


def distinct(keys: Words, mask: Words) -> int:
    """How many distinct rows `keys` has under `mask`.

    >>> keys = np.array([[5], [7], [5], [6]], dtype=np.uint64)
    >>> distinct(keys, np.array([2**64 - 1], dtype=np.uint64)), distinct(keys, np.array([6], dtype=np.uint64))
    (3, 2)
    """
    return len(group(keys, mask)[1])


def tally(
    keys: Words,
    vals: Words,
    ids: Counts,
    size_of: Counts,
    weights: Words,
    fields: tuple[Counts, Words, int],
    table: Counts,
    offset: int,
    primes: Words,
    acc: Words,
) -> None:
    """acc[size_of[g], offset + sum_e count_e table[e, b], p] += weight x weights[g, b, p] (mod primes[p]).

    This is done for every row and every column b whose flag weights[g, b, len(primes)] is set. A row's group
    is g = ids[row], and its counts are read from its `fields` (words, shifts, one mask).

    One row of weight 3 holds counts 1 and 2 in two 4-bit fields, each count adding 1 to the net: net 3. There
    the row's weight times its group's weight 4 in the one column, 12, is 5 modulo 7.

    >>> words = lambda *v: np.array(v, dtype=np.uint64)
    >>> acc = np.zeros((1, 4, 1), dtype=np.uint64)
    >>> fields = (np.array([0, 0]), words(0, 4), 0xF)  # field e: word 0, shifted 0 then 4, masked by 0xF
    >>> tally(words([0x21]), words(3), np.array([0]), np.array([0]), words([[4, 1]]), fields, np.array([[1], [1]]), 0,
    ...       words(7), acc)
    >>> acc[0, :, 0].tolist()
    [0, 0, 0, 5]
    """
    words, shifts, field_mask = fields
    _loops()
    _tally(keys, vals, ids, size_of, weights, words, shifts, np.uint64(field_mask), table, offset, primes, acc)


def fold_nets(table: Words, weights: Words, size_of: Counts, primes: Words, acc: Words) -> None:
    """acc[size_of[g], n, p] += sum_b table[g, b, n] x weights[g, b, p] (mod primes[p]) over the columns b whose
    flag weights[g, b, len(primes)] is set: unions' tables of nets (`deal_nets`) times their banker weights,
    summed by union size. Primes below 2^30; `acc` holds residues.

    One union, one flagged column of weight 3 modulo 7, its table 2 at net 0 and 5 at net 1: 6, and 15 = 1.

    >>> acc = np.zeros((1, 2, 1), dtype=np.uint64)
    >>> fold_nets(np.array([[[2, 5]]], dtype=np.uint64), np.array([[[3, 1]]], dtype=np.uint64), np.array([0]),
    ...           np.array([7], dtype=np.uint64), acc)
    >>> acc[0, :, 0].tolist()
    [6, 1]
    """
    _loops()
    _fold_nets(table, weights, size_of, primes, acc)


def _mix(h: np.uint64, w: np.uint64) -> np.uint64:
    """One word mixed into a running hash (a splitmix64 finaliser)."""
    h ^= w + np.uint64(0x9E3779B97F4A7C15) + (h << np.uint64(6)) + (h >> np.uint64(2))
    h ^= h >> np.uint64(31)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    return h ^ (h >> np.uint64(29))


def _hash(row: Words) -> np.uint64:
    """A row of words hashed."""
    h = np.uint64(0)
    for t in range(row.shape[0]):
        h = _mix(h, row[t])
    return h


def _slot(table: Index, store: Words, mask: Words, row: Words, h: np.uint64) -> np.uint64:
    """Where `row` (hash `h`) sits in `table`, or, absent, the empty slot (-1) it would take.

    The table's used slots hold the numbers of rows of `store` (compared under `mask`). This is linear probing
    from h, `group`'s search (the tables that grow search with `_find`). Slots hold row numbers, not keys, so a
    table costs 8 bytes a slot whatever the key."""
    m = np.uint64(table.shape[0] - 1)
    s = h & m
    while table[s] >= 0:
        r = table[s]
        same = True
        for t in range(row.shape[0]):
            if store[r, t] & mask[t] != row[t]:
                same = False
                break
        if same:
            return s
        s = (s + np.uint64(1)) & m
    return s


_LOW = np.uint64(0xFFFFFFFF)


def _tagged(h: np.uint64, i: int) -> np.uint64:
    """A growing table's entry for row i of hash h: the hash's high 32 bits over i + 1 (0 is an empty slot), so
    that a probe reads a row only when the tags agree."""
    return ((h >> np.uint64(32)) << np.uint64(32)) | np.uint64(i + 1)


def _find(table: Words, store: Words, row: Words, h: np.uint64) -> np.uint64:
    """Where `row` (hash `h`) sits in a table of `_tagged` entries over the rows of `store` (compared on the
    first len(row) words), or, absent, the empty slot it would take: linear probing from h."""
    m = np.uint64(table.shape[0] - 1)
    s = h & m
    tag = h >> np.uint64(32)
    while table[s] != 0:
        e = table[s]
        if e >> np.uint64(32) == tag:
            r = np.int64(e & _LOW) - 1
            same = True
            for t in range(row.shape[0]):
                if store[r, t] != row[t]:
                    same = False
                    break
            if same:
                return s
        s = (s + np.uint64(1)) & m
    return s


def _put(table: Words, store: Words, row: Words, h: np.uint64, count: int, limit: int) -> tuple[np.int64, int]:
    """The number of `row` (hash `h`) among the `count` rows of `store` held by a table of `_tagged` entries.

    If absent, the row is stored (its first len(row) words) as number `count`. The result is (its number, rows
    stored after), or (-1, count) if absent with `limit` rows stored already. The find-or-insert of both
    growing tables."""
    s = _find(table, store, row, h)
    if table[s] != 0:
        return np.int64(table[s] & _LOW) - 1, count
    if count >= limit:
        return np.int64(-1), count
    table[s] = _tagged(h, count)
    for t in range(row.shape[0]):
        store[count, t] = row[t]
    return np.int64(count), count + 1


def _grown(table: Words, store: Words, count: int, nw: int) -> tuple[Words, Words]:
    """A table of `_tagged` entries doubled, the first `count` rows of `store` (keyed on their first `nw`
    words, all distinct) placed again, and the store with room for twice its rows, the old rows kept."""
    nt = np.zeros(2 * table.shape[0], dtype=np.uint64)
    m = np.uint64(nt.shape[0] - 1)
    for i in range(count):
        h = _hash(store[i, :nw])
        s = h & m
        while nt[s] != 0:
            s = (s + np.uint64(1)) & m
        nt[s] = _tagged(h, i)
    ns = np.zeros((2 * store.shape[0], store.shape[1]), dtype=np.uint64)
    ns[: store.shape[0]] = store
    return nt, ns


def _add_guarded(keys: Words, i: int, step_keys: Words, j: int, guard: Words, mask: Words, row: Words) -> bool:
    """row = (keys[i] + step_keys[j]) under `mask`, word by word; False (row unfinished) when a sum meets
    `guard`: a field past its limit."""
    for t in range(row.shape[0]):
        x = keys[i, t] + step_keys[j, t]
        if x & guard[t]:
            return False
        row[t] = x & mask[t]
    return True


def _deal(
    keys: Words, vals: Words, step_keys: Words, step_w: Words, guard: Words, cap: int, limit: int
) -> tuple[Words, Words, bool]:
    """`deal` compiled: a table of `cap` slots to start with, never grown past `limit` (then the third value
    returned is False and the sums are incomplete). The sums are stored in the order first met, each row's
    words followed by its weight."""
    nw = keys.shape[1]
    table = np.zeros(cap, dtype=np.uint64)
    store = np.empty((cap // 2 + 1, nw + 1), dtype=np.uint64)
    ones = np.full(nw, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    row = np.empty(nw, dtype=np.uint64)
    count, i, j = 0, 0, 0
    while True:
        count, i, j, full = _deal_span(keys, vals, step_keys, step_w, guard, table, store, ones, row, count, i, j)
        if not full:
            break
        if 2 * table.shape[0] > limit:
            return np.empty((0, nw), dtype=np.uint64), np.empty(0, dtype=np.uint64), False
        table, store = _grown(table, store, count, nw)
    return store[:count, :nw].copy(), store[:count, nw].copy(), True


def _deal_span(
    keys: Words,
    vals: Words,
    step_keys: Words,
    step_w: Words,
    guard: Words,
    table: Words,
    store: Words,
    ones: Words,
    row: Words,
    count: int,
    i0: int,
    j0: int,
) -> tuple[int, int, int, bool]:
    """`_deal`'s pairs from key i0, step j0 on, until the table is half full: (rows stored, the next key and
    step, whether it stopped to grow)."""
    n, m, nw = keys.shape[0], step_keys.shape[0], keys.shape[1]
    half = table.shape[0] // 2
    j = j0
    for i in range(i0, n):
        while j < m:
            if _add_guarded(keys, i, step_keys, j, guard, ones, row):
                w = vals[i] * step_w[j]
                r, grew = _put(table, store, row, _hash(row), count, store.shape[0])
                if grew == count:
                    store[r, nw] += w
                else:
                    store[r, nw] = w
                    count = grew
                    if count > half:
                        return count, i, j + 1, True
            j += 1
        j = 0
    return count, n, 0, False


def _group(keys: Words, mask: Words, cap: int) -> tuple[Index, Index]:
    """`group` compiled: a table of `cap` slots holding each group's first row."""
    n, nw = keys.shape
    table = np.full(cap, -1, dtype=np.int64)
    ids = np.empty(n, dtype=np.int64)  # a group's first row holds the group's number, read by the rows after
    firsts = np.empty(n, dtype=np.int64)
    count = 0
    row = np.empty(nw, dtype=np.uint64)
    for i in range(n):
        for t in range(nw):
            row[t] = keys[i, t] & mask[t]
        s = _slot(table, keys, mask, row, _hash(row))
        if table[s] < 0:
            table[s] = i
            ids[i] = count
            firsts[count] = i
            count += 1
        else:
            ids[i] = ids[table[s]]
    return ids, firsts[:count].copy()


def _tally(
    keys: Words,
    vals: Words,
    ids: Counts,
    size_of: Counts,
    weights: Words,
    field_word: Counts,
    field_shift: Words,
    field_mask: np.uint64,
    table: Counts,
    offset: int,
    primes: Words,
    acc: Words,
) -> None:
    """`tally` compiled."""
    n_fields = field_word.shape[0]
    n_primes = primes.shape[0]
    residues = np.empty(n_primes, dtype=np.uint64)
    counts = np.empty(n_fields, dtype=np.int64)
    for i in range(keys.shape[0]):
        g = ids[i]
        for e in range(n_fields):
            counts[e] = np.int64((keys[i, field_word[e]] >> field_shift[e]) & field_mask)
        for p in range(n_primes):
            residues[p] = vals[i] % primes[p]
        k = size_of[g]
        for b in range(table.shape[1]):
            if not weights[g, b, n_primes]:
                continue
            net = offset
            for e in range(n_fields):
                net += counts[e] * table[e, b]
            for p in range(n_primes):
                acc[k, net, p] = (acc[k, net, p] + residues[p] * weights[g, b, p]) % primes[p]


def _net_groups(
    keys: Words,
    step_keys: Words,
    key_rows: Counts,
    step_rows: Counts,
    key_runs: tuple[Index, Index, Index],
    step_runs: tuple[Index, Index, Index],
    guard: Words,
    mask: Words,
    cap: int,
    limit: int,
) -> tuple[Words, Index, bool]:
    """`deal_nets`' first pass, compiled: per run of keys met with a run of steps (part after part, runs in
    order; `_run_bounds`), the group of their sum, -1 if it meets `guard`; and the groups' rows in the order
    first met. A table of `cap` slots to start with, its groups never more than `limit` (then the third value
    returned is False and the rest empty)."""
    nw = keys.shape[1]
    k_first, s_first = key_runs[2], step_runs[2]
    total = 0
    for p in range(k_first.shape[0] - 1):
        total += (k_first[p + 1] - k_first[p]) * (s_first[p + 1] - s_first[p])
    ids = np.empty(total, dtype=np.int64)
    table = np.zeros(cap, dtype=np.uint64)
    store = np.empty((cap // 2 + 1, nw), dtype=np.uint64)
    row = np.empty(nw, dtype=np.uint64)
    count, r, p, ka, sb = 0, 0, 0, k_first[0], s_first[0]
    while True:
        count, r, p, ka, sb, stop = _net_span(
            keys,
            step_keys,
            key_rows,
            step_rows,
            key_runs,
            step_runs,
            guard,
            mask,
            table,
            store,
            row,
            ids,
            limit,
            count,
            r,
            p,
            ka,
            sb,
        )
        if stop == 0:
            break
        if stop == 2:
            return store[:0].copy(), ids[:0].copy(), False
        table, store = _grown(table, store, count, nw)
    return store[:count].copy(), ids, True


def _net_span(
    keys: Words,
    step_keys: Words,
    key_rows: Counts,
    step_rows: Counts,
    key_runs: tuple[Index, Index, Index],
    step_runs: tuple[Index, Index, Index],
    guard: Words,
    mask: Words,
    table: Words,
    store: Words,
    row: Words,
    ids: Index,
    limit: int,
    count: int,
    r: int,
    p0: int,
    ka0: int,
    sb0: int,
) -> tuple[int, int, int, int, int, int]:
    """`_net_groups`' run pairs from part p0, key run ka0, step run sb0 on: (groups, run pairs done, where to go on,
    and 0 when done, 1 when the table is half full, 2 when the groups would pass `limit`)."""
    k_start, k_first = key_runs[0], key_runs[2]
    s_start, s_first = step_runs[0], step_runs[2]
    half = table.shape[0] // 2
    for p in range(p0, k_first.shape[0] - 1):
        for ka in range(ka0 if p == p0 else k_first[p], k_first[p + 1]):  # a run of keys with one id
            i0 = key_rows[k_start[ka]]
            for sb in range(sb0 if p == p0 and ka == ka0 else s_first[p], s_first[p + 1]):  # one group
                g: np.int64 | int = -1  # a local's annotation is never evaluated: numba sees `g = -1`
                if _add_guarded(keys, i0, step_keys, step_rows[s_start[sb]], guard, mask, row):
                    g, grew = _put(table, store, row, _hash(row), count, limit)
                    if g < 0:
                        return count, r, p, ka, sb, 2
                    if grew != count:
                        count = grew
                        if count > half:
                            ids[r] = g
                            return count, r + 1, p, ka, sb + 1, 1
                ids[r] = g
                r += 1
    return count, r, k_first.shape[0] - 1, 0, 0, 0


def _net_tables(
    vals: Words,
    key_nets: Counts,
    key_tops: Counts,
    step_w: Words,
    step_nets: Counts,
    step_tops: Counts,
    key_rows: Counts,
    step_rows: Counts,
    key_runs: tuple[Index, Index, Index],
    step_runs: tuple[Index, Index, Index],
    ids: Index,
    count: int,
    width: int,
) -> tuple[Words, Index]:
    """`deal_nets`' second pass, compiled: the runs met in the first pass's order.

    Each pair of a key and a step adds its weight into its group's table of nets (group from `ids`), and each
    group's top is taken. A run of keys is first folded, column by column, into its distinct nets and their
    summed weights. (A union's states, whatever their classes, share a few nets against one banker result.) So
    a step adds one product per distinct net, not one per key. The sums are the same, in 60% of the time on 2s
    against a 7 at 6 packs (docs/blackjack.md). The steps' runs have their tops taken once."""
    columns = key_nets.shape[1]
    k_start, k_end, k_first = key_runs
    s_start, s_end, s_first = step_runs
    nets = np.zeros((count, columns, width), dtype=np.uint64)
    tops = np.zeros(count, dtype=np.int64)
    step_top = np.zeros(s_start.shape[0], dtype=np.int64)
    for sb in range(s_start.shape[0]):
        for bb in range(s_start[sb], s_end[sb]):
            step_top[sb] = max(step_top[sb], step_tops[step_rows[bb]])
    acc = np.zeros((columns, width), dtype=np.uint64)  # a run's weights by column and net
    at = np.zeros((columns, width), dtype=np.int64)  # its distinct nets per column,
    weight = np.zeros((columns, width), dtype=np.uint64)  # their summed weights,
    distinct = np.zeros(columns, dtype=np.int64)  # and how many
    r = 0
    for p in range(k_first.shape[0] - 1):
        for ka in range(k_first[p], k_first[p + 1]):
            top_a = 0
            for a in range(k_start[ka], k_end[ka]):
                i = key_rows[a]
                top_a = max(top_a, key_tops[i])
                for c in range(columns):
                    acc[c, key_nets[i, c]] += vals[i]
            for c in range(columns):
                m = 0
                for n in range(width):
                    if acc[c, n]:  # weights are positive and their sums stay below 2^64
                        at[c, m] = n
                        weight[c, m] = acc[c, n]
                        acc[c, n] = 0
                        m += 1
                distinct[c] = m
            for sb in range(s_first[p], s_first[p + 1]):
                g = ids[r]
                r += 1
                if g < 0:
                    continue
                for bb in range(s_start[sb], s_end[sb]):
                    j = step_rows[bb]
                    w = step_w[j]
                    for c in range(columns):
                        shift = step_nets[j, c]
                        for k in range(distinct[c]):
                            nets[g, c, at[c, k] + shift] += weight[c, k] * w
                top = max(top_a, step_top[sb])
                if top > tops[g]:
                    tops[g] = top
    return nets, tops


def _reduce(t: np.uint64, q: np.uint64, qinv: np.float64) -> np.uint64:
    """t mod q for unsigned 64-bit t and q below 2^30, without a division.

    The quotient is estimated in double precision (t rounded to 53 bits: off by less than one once divided by
    q). So it is off by at most one, and the wrapped difference says which way."""
    r = t - np.uint64(np.float64(t) * qinv) * q
    if r >= np.uint64(1) << np.uint64(63):  # the estimate one too high: r wrapped below zero
        r += q
    elif r >= q:
        r -= q
    return r


def _fold_nets(table: Words, weights: Words, size_of: Counts, primes: Words, acc: Words) -> None:
    """`fold_nets` compiled: per union and net, the flagged columns' products summed unreduced (seven of them,
    each below 2^60, stay below 2^63), then reduced once and added."""
    n_primes = primes.shape[0]
    columns = table.shape[1]
    qinv = np.empty(n_primes, dtype=np.float64)
    for p in range(n_primes):
        qinv[p] = 1.0 / np.float64(primes[p])
    live = np.empty(columns, dtype=np.int64)
    for g in range(table.shape[0]):
        k = size_of[g]
        for n in range(table.shape[2]):
            m = 0
            for b in range(columns):
                if weights[g, b, n_primes] and table[g, b, n]:
                    live[m] = b
                    m += 1
            if m == 0:
                continue
            for p in range(n_primes):
                q = primes[p]
                s = np.uint64(0)
                for x in range(m):
                    b = live[x]
                    s += _reduce(table[g, b, n], q, qinv[p]) * weights[g, b, p]
                acc[k, n, p] = _reduce(acc[k, n, p] + _reduce(s, q, qinv[p]), q, qinv[p])
