"""Exact sums keyed by packed integer words, in compiled loops (numba, imported and compiling on first use,
cached on disk after that, so that nothing else pays for it).

A key is a row of unsigned 64-bit words holding fixed-width fields that never carry into each other, so
adding two keys word by word adds every field; a field whose count passes its limit sets a guard bit. These
loops do in machine words what a Python dictionary of big-integer keys does one object at a time: the
blackjack resplit law (`games/blackjack/dealing.py`) forms tens of millions of (key, step) sums. Weights are
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

import numpy as np

__all__ = ["MEMORY_SHARE", "deal", "deal_nets", "distinct", "fold_nets", "free_bytes", "group", "slot_limit", "tally"]

_LOOPS: tuple | None = None


def _loops() -> tuple:
    """(deal, group, tally, the two passes of deal_nets, fold_nets) compiled by numba on first use; their helpers are
    compiled first and bound in this module, where the loops look them up. The loops are plain Python below:
    tables are open-addressing hash tables with linear probing, holding row numbers, doubled when half full."""
    global _LOOPS, _mix, _hash, _slot, _empty, _add_guarded, _rehash, _doubled, _runs, _reduce
    if _LOOPS is None:
        from numba import njit
        _mix = njit(cache=True, inline="always")(_mix)
        _hash = njit(cache=True, inline="always")(_hash)
        _slot = njit(cache=True, inline="always")(_slot)
        _empty = njit(cache=True, inline="always")(_empty)
        _add_guarded = njit(cache=True, inline="always")(_add_guarded)
        _runs = njit(cache=True, inline="always")(_runs)
        _rehash = njit(cache=True)(_rehash)
        _doubled = njit(cache=True)(_doubled)
        _reduce = njit(cache=True, inline="always")(_reduce)
        _LOOPS = tuple(njit(cache=True)(f) for f in (_deal, _group, _tally, _net_groups, _net_tables, _fold_nets))
    return _LOOPS


def _capacity(n: int) -> int:
    """A power-of-two table size with room for 2n keys before it must grow."""
    return 1 << max(10, (2 * max(n, 1)).bit_length())


#: The share of the memory free when a table is made that it may grow to (two processes may deal at once).
MEMORY_SHARE = 0.4


def free_bytes() -> int:
    """Memory the system can still give (Linux MemAvailable; elsewhere the free physical pages)."""
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
    S rows at most. So 12 S bytes of numbers and S rows must fit in `MEMORY_SHARE` of the free memory."""
    return int(free_bytes() * MEMORY_SHARE) // (12 + 8 * (n_words + 1))


def deal(keys: np.ndarray, vals: np.ndarray, step_keys: np.ndarray, step_w: np.ndarray, guard: np.ndarray
         ) -> tuple[np.ndarray, np.ndarray]:
    """Every key plus every step key, weight times step weight, sums whose words meet `guard` dropped and
    equal sums merged: (keys, weights), in the order first met (key by key, step by step). The caller keeps
    every weight below 2^64. MemoryError, before the system runs out, when the table of sums would outgrow
    the memory free: checked on the first table, before anything is dealt, and at every doubling."""
    limit = slot_limit(keys.shape[1])
    cap = _capacity(len(keys))
    if cap > limit:
        raise MemoryError(f"the sums outgrow the memory free: {len(keys):,} keys of {8 * keys.shape[1]} bytes "
                          f"need a first table of {cap:,} slots, and the memory free holds {limit:,}")
    out_k, out_v, done = _loops()[0](keys, vals, step_keys, step_w, guard, cap, limit)
    if not done:
        raise MemoryError(f"the sums outgrow the memory free: more than {limit // 2:,} distinct keys of "
                          f"{8 * keys.shape[1]} bytes")
    return out_k, out_v


def net_group_limit(n_words: int, columns: int, width: int) -> int:
    """The most groups `deal_nets` may hold: each costs 16 bytes of slots (at most half of them used), its
    row of words, its table of `columns` x `width` weights and its top (8 bytes each), all within
    `MEMORY_SHARE` of the memory free."""
    return int(free_bytes() * MEMORY_SHARE) // (16 + 8 * (n_words + columns * width + 1))


def deal_nets(keys: np.ndarray, vals: np.ndarray, key_nets: np.ndarray, key_tops: np.ndarray, key_ids: np.ndarray,
              step_keys: np.ndarray, step_w: np.ndarray, step_nets: np.ndarray, step_tops: np.ndarray,
              step_ids: np.ndarray, parts: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], guard: np.ndarray,
              mask: np.ndarray, width: int, limit: int | None = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Every key of a part plus every step key of that part, sums meeting `guard` dropped, grouped by their
    words under `mask` and never kept themselves: per group (its masked words, in the order first met),
    table[group, c, key_nets[i, c] + step_nets[j, c]] += vals[i] * step_w[j] for every column c, and the
    greatest of key_tops[i] and step_tops[j]. `parts` = (key rows, their starts, step rows, their starts):
    part p pairs the keys key_rows[ks[p]:ks[p + 1]] with the steps step_rows[ss[p]:ss[p + 1]]. Keys with one
    id (`key_ids`) must have the same words under `mask`, and so must steps with one id (`step_ids`): a run of
    keys with one id, met with a run of steps with one id, makes one group, found once (a guard bit is only
    ever set under `mask`), so rows ordered by id (as `group` numbers them) are dealt with the fewest
    searches. Every net index must lie in range(width), and the caller keeps every table entry below 2^64.
    None when the groups would pass `limit` (default `net_group_limit`): the caller deals fewer pairs at once.

    Keys 1 and 2 (weights 1 and 10, net index 1 in their one column, tops 0 and 5) and steps +1 and +0
    (weights 2 and 3, nets +1 and -1, tops 7 and 0) make sums 2 and 1 from the first key, 3 and 2 from the
    second: groups 2 (weight 2 at index 2, 30 at index 0), 1 and 3.

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
    # The fewest slots, grown as the groups need: their count is not known ahead, and sizing the table by the
    # rows dealt (hundreds of thousands, against thousands of groups at 6 packs) zeroed hundreds of MB per call.
    # Two passes: the groups of every run met with every run first (the table and its rows grow as they come),
    # then the tables of nets, made once at their final size. Growing the tables of nets inside the first loop,
    # as one pass did, cost that loop half its speed (2s against a 7, 6 packs: a slice 0.110 s against 0.071).
    rows, ids, done = _loops()[3](keys, key_ids, step_keys, step_ids, parts[0], parts[1], parts[2], parts[3], guard,
                                  mask, _capacity(0), limit)
    if not done:
        return None
    table, tops = _loops()[4](vals, key_nets, key_tops, key_ids, step_w, step_nets, step_tops, step_ids, parts[0],
                              parts[1], parts[2], parts[3], ids, len(rows), width)
    return rows, table, tops


def group(keys: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows grouped by their words under `mask`: (group index of each row, first row of each group).
    MemoryError, before anything is made, when its table (8 bytes a slot), a group number and a first row
    for each row (16 bytes a row) would pass `MEMORY_SHARE` of the memory free, as `deal`'s tables may not."""
    cap = _capacity(len(keys))
    need, room = 8 * cap + 16 * len(keys), int(free_bytes() * MEMORY_SHARE)
    if need > room:
        raise MemoryError(f"grouping {len(keys):,} keys needs {need:,} bytes, and the memory free allows {room:,}")
    return _loops()[1](keys, mask, cap)


def distinct(keys: np.ndarray, mask: np.ndarray) -> int:
    """How many distinct rows `keys` has under `mask`."""
    return len(group(keys, mask)[1])


def tally(keys: np.ndarray, vals: np.ndarray, ids: np.ndarray, size_of: np.ndarray, weights: np.ndarray,
          fields: tuple[np.ndarray, np.ndarray, int], table: np.ndarray, offset: int, primes: np.ndarray,
          acc: np.ndarray) -> None:
    """acc[size_of[g], offset + sum_e count_e table[e, b], p] += weight x weights[g, b, p] (mod primes[p]) for
    every row (group g = ids[row], counts read from its `fields`: words, shifts, one mask) and every column b
    whose flag weights[g, b, len(primes)] is set."""
    words, shifts, field_mask = fields
    _loops()[2](keys, vals, ids, size_of, weights, words, shifts, np.uint64(field_mask), table, offset, primes, acc)


def fold_nets(table: np.ndarray, weights: np.ndarray, size_of: np.ndarray, primes: np.ndarray, acc: np.ndarray) -> None:
    """acc[size_of[g], n, p] += sum_b table[g, b, n] x weights[g, b, p] (mod primes[p]) over the columns b whose
    flag weights[g, b, len(primes)] is set: unions' tables of nets (`deal_nets`) times their banker weights,
    summed by union size. Primes below 2^30; `acc` holds residues."""
    _loops()[5](table, weights, size_of, primes, acc)


def _mix(h: np.uint64, w: np.uint64) -> np.uint64:
    """One word mixed into a running hash (a splitmix64 finaliser)."""
    h ^= w + np.uint64(0x9E3779B97F4A7C15) + (h << np.uint64(6)) + (h >> np.uint64(2))
    h ^= h >> np.uint64(31)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    return h ^ (h >> np.uint64(29))


def _hash(row):
    """A row of words hashed."""
    h = np.uint64(0)
    for t in range(row.shape[0]):
        h = _mix(h, row[t])
    return h


def _slot(table, store, mask, row, h):
    """Where `row` (hash `h`) sits in `table`, whose used slots hold the numbers of rows of `store` (compared
    under `mask`), or, absent, the empty slot (-1) it would take: linear probing from h, the one search for a
    row every loop below makes. Slots hold row numbers, not keys, so a table costs 8 bytes a slot whatever the key."""
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


def _empty(table, h):
    """The first empty slot (-1) of `table` probing linearly from hash `h`: where a row known to be absent
    goes, with nothing to compare."""
    m = np.uint64(table.shape[0] - 1)
    s = h & m
    while table[s] >= 0:
        s = (s + np.uint64(1)) & m
    return s


def _rehash(table, store, count):
    """The table doubled, the first `count` rows of `store` placed again (rows are distinct, so each takes the
    first empty slot from its hash)."""
    nt = np.full(table.shape[0] * 2, -1, dtype=np.int64)
    for i in range(count):
        nt[_empty(nt, _hash(store[i]))] = i
    return nt


def _doubled(a):
    """A per-row array (rows, weights, tables of nets, tops) with room for twice its rows, the old rows kept:
    what a table's store needs when `_rehash` doubles the table."""
    out = np.zeros((2 * a.shape[0],) + a.shape[1:], dtype=a.dtype)
    out[:a.shape[0]] = a
    return out


def _add_guarded(keys, i, step_keys, j, guard, mask, row):
    """row = (keys[i] + step_keys[j]) under `mask`, word by word; False (row unfinished) when a sum meets
    `guard`: a field past its limit."""
    for t in range(row.shape[0]):
        x = keys[i, t] + step_keys[j, t]
        if x & guard[t]:
            return False
        row[t] = x & mask[t]
    return True


def _deal(keys, vals, step_keys, step_w, guard, cap, limit):
    """`deal` compiled: a table of `cap` slots to start with, never grown past `limit` (then the third value
    returned is False and the sums are incomplete). The sums are stored in the order first met."""
    n, nw = keys.shape
    table = np.full(cap, -1, dtype=np.int64)
    store = np.empty((cap // 2 + 1, nw), dtype=np.uint64)
    sv = np.empty(cap // 2 + 1, dtype=np.uint64)
    ones = np.full(nw, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    count = 0
    row = np.empty(nw, dtype=np.uint64)
    for i in range(n):
        for j in range(step_keys.shape[0]):
            if not _add_guarded(keys, i, step_keys, j, guard, ones, row):
                continue
            w = vals[i] * step_w[j]
            s = _slot(table, store, ones, row, _hash(row))
            if table[s] >= 0:
                sv[table[s]] += w
                continue
            table[s] = count
            store[count] = row
            sv[count] = w
            count += 1
            if 2 * count > table.shape[0]:
                if 2 * table.shape[0] > limit:
                    return np.empty((0, nw), dtype=np.uint64), np.empty(0, dtype=np.uint64), False
                table, store, sv = _rehash(table, store, count), _doubled(store), _doubled(sv)
    return store[:count].copy(), sv[:count].copy(), True


def _group(keys, mask, cap):
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


def _tally(keys, vals, ids, size_of, weights, field_word, field_shift, field_mask, table, offset, primes, acc):
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


def _runs(ids, rows, a0, a1):
    """How many runs of one id the rows rows[a0:a1] make."""
    n = 0
    a = a0
    while a < a1:
        e = a + 1
        while e < a1 and ids[rows[e]] == ids[rows[a]]:
            e += 1
        n += 1
        a = e
    return n


def _net_groups(keys, key_ids, step_keys, step_ids, key_rows, key_starts, step_rows, step_starts, guard, mask, cap,
                limit):
    """`deal_nets`' first pass, compiled: per run of keys met with a run of steps (part after part, runs in
    order), the group of their sum, -1 if it meets `guard`; and the groups' rows in the order first met. A
    table of `cap` slots to start with, its groups never more than `limit` (then the third value returned is
    False and the rest empty)."""
    nw = keys.shape[1]
    total = 0
    for p in range(key_starts.shape[0] - 1):
        total += (_runs(key_ids, key_rows, key_starts[p], key_starts[p + 1])
                  * _runs(step_ids, step_rows, step_starts[p], step_starts[p + 1]))
    ids = np.empty(total, dtype=np.int64)
    table = np.full(cap, -1, dtype=np.int64)
    store = np.empty((cap // 2 + 1, nw), dtype=np.uint64)
    ones = np.full(nw, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    row = np.empty(nw, dtype=np.uint64)
    count = 0
    r = 0
    for p in range(key_starts.shape[0] - 1):
        a0, a1, b0, b1 = key_starts[p], key_starts[p + 1], step_starts[p], step_starts[p + 1]
        while a0 < a1:  # a run of keys with one id
            i0 = key_rows[a0]
            ae = a0 + 1
            while ae < a1 and key_ids[key_rows[ae]] == key_ids[i0]:
                ae += 1
            b = b0
            while b < b1:  # a run of steps with one id: one group
                j0 = step_rows[b]
                be = b + 1
                while be < b1 and step_ids[step_rows[be]] == step_ids[j0]:
                    be += 1
                g = -1
                if _add_guarded(keys, i0, step_keys, j0, guard, mask, row):
                    s = _slot(table, store, ones, row, _hash(row))
                    g = table[s]
                    if g < 0:
                        if count + 1 > limit:
                            return store[:0].copy(), ids[:0].copy(), False
                        g = count
                        table[s] = g
                        store[g] = row
                        count += 1
                        if 2 * count > table.shape[0]:
                            table = _rehash(table, store, count)
                            store = _doubled(store)
                ids[r] = g
                r += 1
                b = be
            a0 = ae
    return store[:count].copy(), ids, True


def _net_tables(vals, key_nets, key_tops, key_ids, step_w, step_nets, step_tops, step_ids, key_rows, key_starts,
                step_rows, step_starts, ids, count, width):
    """`deal_nets`' second pass, compiled: the runs met in the first pass's order, each pair of a key and a step
    adding its weight into its group's table of nets (group from `ids`), and each group's top."""
    columns = key_nets.shape[1]
    nets = np.zeros((count, columns, width), dtype=np.uint64)
    tops = np.zeros(count, dtype=np.int64)
    r = 0
    for p in range(key_starts.shape[0] - 1):
        a0, a1, b0, b1 = key_starts[p], key_starts[p + 1], step_starts[p], step_starts[p + 1]
        while a0 < a1:
            i0 = key_rows[a0]
            ae = a0 + 1
            top_a = key_tops[i0]
            while ae < a1 and key_ids[key_rows[ae]] == key_ids[i0]:
                top_a = max(top_a, key_tops[key_rows[ae]])
                ae += 1
            b = b0
            while b < b1:
                j0 = step_rows[b]
                be = b + 1
                top = max(top_a, step_tops[j0])
                while be < b1 and step_ids[step_rows[be]] == step_ids[j0]:
                    top = max(top, step_tops[step_rows[be]])
                    be += 1
                g = ids[r]
                r += 1
                if g >= 0:
                    for a in range(a0, ae):
                        i = key_rows[a]
                        v = vals[i]
                        for bb in range(b, be):
                            j = step_rows[bb]
                            w = v * step_w[j]
                            for c in range(columns):
                                nets[g, c, key_nets[i, c] + step_nets[j, c]] += w
                    if top > tops[g]:
                        tops[g] = top
                b = be
            a0 = ae
    return nets, tops


def _reduce(t, q, qinv):
    """t mod q for unsigned 64-bit t and q below 2^30, without a division: the quotient estimated in double
    precision (t rounded to 53 bits: off by less than one once divided by q) is off by at most one, and the
    wrapped difference says which way."""
    r = t - np.uint64(np.float64(t) * qinv) * q
    if r >= np.uint64(1) << np.uint64(63):  # the estimate one too high: r wrapped below zero
        r += q
    elif r >= q:
        r -= q
    return r


def _fold_nets(table, weights, size_of, primes, acc):
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
