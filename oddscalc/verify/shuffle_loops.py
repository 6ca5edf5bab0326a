"""The shuffle tests' card-by-card loops (`verify.shuffle_tests`), compiled by numba on first use and cached on disk.

For every card of a tested shoe, and each of the six tests, a loop finds what a fair shuffle makes the card's
score expect and how much it may vary. Given the cards dealt before it, the card is any card left with equal
chance. Take a score g(t) of each kind of card t (rem(t) of them left, R cards left in all). The conditional mean
is P / R and the conditional variance Q / R - P^2 / R^2, with P = sum rem(t) g(t), Q = sum rem(t) g(t)^2. Everything
is an integer. The loops add the card's score to `zsum`, and P, Q, P^2 to tables indexed by R. (Also by the bucket b
of the card's range bound B = max g - min g over the kinds left, B <= 2^b.) So `verify.shuffle_tests` forms the
exact sums of means and variances as fractions, one term per R.

The six tests (`TESTS` in `verify.shuffle_tests`) go against a reference order: the previous shoe's dealt cards, or
the packs' factory order. C[s, t] is the times t followed s there. pos(t) is the sum of (2 p - n - 1) over the
positions p of t's copies there (the copies not dealt counted at the middle of the undealt part):

- tests 0, 3, pairs kept: g(t) = C[previous card, t] (from the shoe's second card on).
- tests 1, 4, order kept: g(t) = sum over the cards dealt before of C[s, t] - C[t, s]. An old neighbour dealt in
  its old order counts +1, in the reverse order -1.
- tests 2, 5, positions kept: g(t) = (n + 1 - 2 R) pos(t), the centred new position times the centred old ones.
  Its P and Q are tabled without the factor (n + 1 - 2 R), a function of R that `verify.shuffle_tests` puts back.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from oddscalc.core.compiled import compile_loop

__all__ = ["BUCKETS", "Rows", "Workspace", "reference", "run_batch", "workspace"]

#: Range buckets: a step whose range bound is B goes in bucket bit_length(B) (B < 2^40 for any shoe here).
BUCKETS = 48

_LOOP: Callable[..., None] | None = None

_A = np.ndarray
#: The six arrays of one sparse reference (`reference`, `workspace`).
Rows = tuple[_A, _A, _A, _A, _A, _A]
#: `run_batch`'s scratch arrays (`workspace`): dense, touched, rows, sref, rem, G, y, x.
Workspace = tuple[_A, _A, Rows, _A, _A, _A, _A, _A]


def _bits(v: int) -> int:
    b = 0
    while v > 0:
        v >>= 1
        b += 1
    return b


def _rows(x, w, T, dense, touched, ptr, col, val, antisym, fill):
    """The reference's counts as sparse rows: for each kind s, the kinds t with C[s, t] != 0 (or, `antisym`,
    C[s, t] - C[t, s] != 0) and the value. `dense` is all zero on entry and on return."""
    k = 0
    for j in range(w - 1):
        a = x[j]
        b = x[j + 1]
        if antisym:
            if a == b:
                continue
            if dense[a, b] == 0:
                touched[k, 0] = a
                touched[k, 1] = b
                k += 1
            dense[a, b] += 1
            if dense[b, a] == 0:
                touched[k, 0] = b
                touched[k, 1] = a
                k += 1
            dense[b, a] -= 1
        else:
            if dense[a, b] == 0:
                touched[k, 0] = a
                touched[k, 1] = b
                k += 1
            dense[a, b] += 1
    for t in range(T + 1):
        ptr[t] = 0
    for i in range(k):
        u = touched[i, 0]
        if dense[u, touched[i, 1]] != 0:
            ptr[u + 1] += 1
    for t in range(T):
        ptr[t + 1] += ptr[t]
    for t in range(T):
        fill[t] = ptr[t]
    for i in range(k):
        u = touched[i, 0]
        v = touched[i, 1]
        d = dense[u, v]
        if d != 0:
            col[fill[u]] = v
            val[fill[u]] = d
            fill[u] += 1
        dense[u, v] = 0


def _against(cp, cc, cv, hp, hc, hv, sref, y, m, M, T, n, k0, zsum, A1, A2, A3, terms, rem, G, level):
    """One new shoe (`y[:m]`, kinds) against one reference: C as sparse rows (cp, cc, cv), C - C' likewise (hp, hc,
    hv), the position scores sref; tests k0, k0 + 1, k0 + 2."""
    S1 = 0
    S2 = 0
    SP = 0
    SQ = 0
    hi_s = -(1 << 62)
    lo_s = 1 << 62
    for t in range(T):
        rem[t] = M[t]
        G[t] = 0
        SP += rem[t] * sref[t]
        SQ += rem[t] * sref[t] * sref[t]
        if M[t] > 0:
            hi_s = max(hi_s, sref[t])
            lo_s = min(lo_s, sref[t])
    span_s = hi_s - lo_s if hi_s >= lo_s else 0
    hi_g = 0
    lo_g = 0
    R = n
    prev = -1
    for i in range(m):
        c = y[i]
        if rem[c] <= 0:  # more of a kind than the shoe holds (the shoe check reports it): stop here
            break
        if prev >= 0:
            P = 0
            Q = 0
            top = 0
            z = 0
            for e in range(cp[prev], cp[prev + 1]):
                t = cc[e]
                a = cv[e]
                r = rem[t]
                P += r * a
                Q += r * a * a
                if r > 0 and a > top:
                    top = a
                if t == c:
                    z = a
            b = _bits(top)
            zsum[k0] += z
            A1[k0, R] += P
            A2[k0, b, R] += Q
            A3[k0, b, R] += P * P
            terms[k0, level] += 1
        b = _bits(hi_g - lo_g)
        zsum[k0 + 1] += G[c]
        A1[k0 + 1, R] += S1
        A2[k0 + 1, b, R] += S2
        A3[k0 + 1, b, R] += S1 * S1
        terms[k0 + 1, level] += 1
        f = n + 1 - 2 * R
        b = _bits(abs(f) * span_s)
        zsum[k0 + 2] += f * sref[c]
        A1[k0 + 2, R] += SP
        A2[k0 + 2, b, R] += SQ
        A3[k0 + 2, b, R] += SP * SP
        terms[k0 + 2, level] += 1
        # the card leaves the shoe ...
        rem[c] -= 1
        R -= 1
        g = G[c]
        S1 -= g
        S2 -= g * g
        SP -= sref[c]
        SQ -= sref[c] * sref[c]
        # ... and joins the cards dealt before the next one
        for e in range(hp[c], hp[c + 1]):
            t = hc[e]
            d = hv[e]
            g = G[t]
            S1 += rem[t] * d
            S2 += rem[t] * (2 * g * d + d * d)
            g += d
            G[t] = g
            if g > hi_g:
                hi_g = g
            elif g < lo_g:
                lo_g = g
        prev = c


def _kinds(codes, start, end, level, out):
    """The cards codes[start:end] as kinds: rank * 4 + suit (level 0) or the rank (level 1)."""
    for i in range(start, end):
        code = codes[i]
        out[i - start] = (code // 5) * 4 + code % 5 if level == 0 else code // 5


def _batch(
    codes,
    starts,
    tested,
    cards_ok,
    M,
    F,
    factory,
    n,
    zsum,
    A1,
    A2,
    A3,
    terms,
    shoes,
    dense,
    touched,
    rows,
    sref,
    rem,
    G,
    y,
    x,
):
    """Every tested shoe of the batch against its previous shoe (the one before it in the batch) and, when `F` has
    the packs' factory order (`reference`, one per level), against it. Levels: 0 cards by rank and suit, 1 ranks;
    `M[level]` the full shoe by kind; `rows` room for one sparse reference."""
    S = starts.shape[0] - 1
    kinds = (52, 13)
    suited = np.zeros(S, np.bool_)
    for s in range(S):
        ok = cards_ok
        for i in range(starts[s], starts[s + 1]):
            if codes[i] % 5 == 4:
                ok = False
                break
        suited[s] = ok
    cp, cc, cv, hp, hc, hv = rows
    for s in range(S):
        m = starts[s + 1] - starts[s]
        if not tested[s] or m == 0:
            continue
        level = 0 if suited[s] else 1
        _kinds(codes, starts[s], starts[s + 1], level, y)
        if factory:
            f = F[level]
            _against(
                f[0],
                f[1],
                f[2],
                f[3],
                f[4],
                f[5],
                f[6],
                y,
                m,
                M[level],
                kinds[level],
                n,
                3,
                zsum,
                A1,
                A2,
                A3,
                terms,
                rem,
                G,
                level,
            )
            for k in range(3, 6):
                shoes[k, level] += 1
        if s == 0 or starts[s] == starts[s - 1]:
            continue
        if level == 0 and not suited[s - 1]:
            level = 1
            _kinds(codes, starts[s], starts[s + 1], level, y)
        w = starts[s] - starts[s - 1]
        _kinds(codes, starts[s - 1], starts[s], level, x)
        _reference(x, w, kinds[level], n, M[level], dense, touched, cp, cc, cv, hp, hc, hv, sref, rem, G)
        _against(
            cp, cc, cv, hp, hc, hv, sref, y, m, M[level], kinds[level], n, 0, zsum, A1, A2, A3, terms, rem, G, level
        )
        for k in range(3):
            shoes[k, level] += 1


def _reference(x, w, T, n, M, dense, touched, cp, cc, cv, hp, hc, hv, sref, rem, G):
    """A reference order `x[:w]` (kinds): its sparse rows and position scores (copies not dealt at the middle of
    the undealt part: centred and doubled, w). `G` is scratch here."""
    _rows(x, w, T, dense, touched, cp, cc, cv, False, G)
    _rows(x, w, T, dense, touched, hp, hc, hv, True, G)
    for t in range(T):
        sref[t] = 0
        rem[t] = 0
    for j in range(w):
        t = x[j]
        sref[t] += 2 * (j + 1) - n - 1
        rem[t] += 1
    for t in range(T):
        sref[t] += (M[t] - rem[t]) * w


def _compiled() -> Callable[..., None]:
    """Compile the loops (numba, on first use; cached on disk) and give the batch loop."""
    global _LOOP, _bits, _against, _kinds, _rows, _reference
    if _LOOP is None:
        # numba, slow to import, is imported here (core.compiled): only a log with shoes pays for it
        _bits = compile_loop(_bits, inline=True)
        _kinds = compile_loop(_kinds)
        _rows = compile_loop(_rows)
        _reference = compile_loop(_reference)
        _against = compile_loop(_against)
        _LOOP = compile_loop(_batch)
    return _LOOP


def workspace(n: int) -> Workspace:
    """Scratch arrays for `run_batch` and `reference` with shoes of n cards: (dense, touched, rows, sref, rem, G, y,
    x), rows the six arrays of one sparse reference."""
    z = np.zeros
    rows: Rows = (
        z(53, np.int64),
        z(2 * n + 2, np.int64),
        z(2 * n + 2, np.int64),
        z(53, np.int64),
        z(2 * n + 2, np.int64),
        z(2 * n + 2, np.int64),
    )
    return (
        z((52, 52), np.int64),
        z((2 * n + 2, 2), np.int64),
        rows,
        z(52, np.int64),
        z(52, np.int64),
        z(52, np.int64),
        z(n + 1, np.int64),
        z(n + 1, np.int64),
    )


def reference(kinds: list[int], T: int, n: int, M: np.ndarray) -> tuple[np.ndarray, ...]:
    """A fixed reference order (the packs' factory order) as the loops read it: (its six sparse row arrays, its
    position scores), made once."""
    _compiled()
    dense, touched, rows, sref, rem, G, _, _ = workspace(n)
    _reference(np.asarray(kinds, np.int64), len(kinds), T, n, M, dense, touched, *rows, sref, rem, G)
    return tuple(a.copy() for a in rows) + (sref.copy(),)


def run_batch(codes, starts, tested, cards_ok, M, F, factory, n, zsum, A1, A2, A3, terms, shoes, work) -> None:
    """`_batch` compiled, with the scratch arrays of `workspace(n)`."""
    _compiled()(codes, starts, tested, cards_ok, M, F, factory, n, zsum, A1, A2, A3, terms, shoes, *work)
