"""The banker's final total for a shoe composition: exact, from precomputed banker draw multisets.

The banker's draws after the up-card end in one of a fixed list of multisets (per up-card and soft-17
rule); each is reached by a known number of card orders. For a composition n (counts per value) the
chance of ending on multiset D is orders(D) * prod_c (n_c)_{m_c} / (N)_{|D|}, so one composition costs
one pass over that list, in integers. For a player standing on a total, `StandLayers` sums the signed
result by card value, sharing the partial sums between compositions with the same counts of the later values.
"""

from __future__ import annotations

from functools import cache, lru_cache

__all__ = [
    "BJ",
    "BUST",
    "OUTCOMES",
    "ROWS",
    "StandLayers",
    "busting",
    "compiled",
    "dealer_counts",
    "denominator",
    "falling",
    "falling_row",
    "hand_total",
    "longest",
    "outcome_weight",
    "pads",
    "stand_class",
    "stand_layers",
    "stiff_states",
    "terminals",
]

# Outcome indices: 0..4 = final 17..21, 5 = bust, 6 = banker's two-card 21 (blackjack).
OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")
BUST, BJ = 5, 6


def hand_total(hard: int, aces: int) -> tuple[int, bool]:
    """Best total of a hand with hard sum `hard` (Aces as 1) and `aces` Aces, and whether it is soft."""
    if aces and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _stands(hard: int, aces: int, hit_soft17: bool) -> bool:
    total, soft = hand_total(hard, aces)
    if total > 17:
        return True
    if total == 17:
        return not (soft and hit_soft17)
    return False


@cache
def _walk(up: int, hit_soft17: bool) -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], tuple[int, int]]]:
    """Every banker draw multiset after up-card `up` (1..10): the ones where the banker must draw, with
    their number of card orders, and the final ones, with (outcome, number of card orders)."""
    start = (0,) * 10
    ways: dict[tuple[int, ...], int] = {start: 1}
    done: dict[tuple[int, ...], tuple[int, int]] = {}  # multiset -> (outcome, orders)
    frontier: list[tuple[int, ...]] = [start]
    while frontier:
        nxt: dict[tuple[int, ...], int] = {}
        for ms in frontier:
            w = ways[ms]
            drawn = sum(ms)
            hard = up + sum((i + 1) * m for i, m in enumerate(ms))
            aces = (up == 1) + ms[0]
            for c in range(10):
                new = ms[:c] + (ms[c] + 1,) + ms[c + 1 :]
                h, a = hard + c + 1, aces + (c == 0)
                total, _ = hand_total(h, a)
                if drawn == 0 and total == 21:
                    outcome = BJ
                elif total > 21:
                    outcome = BUST
                elif _stands(h, a, hit_soft17):
                    outcome = total - 17
                else:
                    nxt[new] = nxt.get(new, 0) + w
                    continue
                _o, n = done.get(new, (outcome, 0))
                done[new] = (outcome, n + w)
        ways.update(nxt)
        frontier = list(nxt)
    return ways, done


@cache
def terminals(
    up: int, hit_soft17: bool
) -> tuple[tuple[int, tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]], ...]:
    """For up-card value `up` (1..10): per outcome, the banker draw multisets ending there as
    (orders, cards drawn, 0, ((value index, multiplicity), ...))."""
    _, done = _walk(up, hit_soft17)
    groups: list[list[tuple[int, int, int, tuple[tuple[int, int], ...]]]] = [[] for _ in OUTCOMES]
    for ms, (outcome, n) in sorted(done.items()):
        pairs = tuple((i, m) for i, m in enumerate(ms) if m)
        groups[outcome].append((n, sum(ms), 0, pairs))
    return tuple((o, tuple(g)) for o, g in enumerate(groups))


@cache
def stiff_states(up: int, hit_soft17: bool) -> tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]:
    """The draw multisets where the banker holds a hard 12-16 and must draw (one card can bust it), as
    (orders, cards drawn, hard total, ((value index, multiplicity), ...))."""
    ways, _ = _walk(up, hit_soft17)
    out = []
    for ms, n in sorted(ways.items()):
        hard = up + sum((i + 1) * m for i, m in enumerate(ms))
        total, soft = hand_total(hard, (up == 1) + ms[0])
        if not soft and total >= 12:
            out.append((n, sum(ms), total, tuple((i, m) for i, m in enumerate(ms) if m)))
    return tuple(out)


def falling(n: int, k: int) -> int:
    """The falling factorial (n)_k = n (n-1) ... (n-k+1): ordered draws of k cards from n."""
    r = 1
    for i in range(k):
        r *= n - i
    return r


@cache
def longest(up: int, hit_soft17: bool) -> int:
    """The most cards the banker can draw after the up-card."""
    return max(k for _, g in terminals(up, hit_soft17) for _, k, _, _ in g)


@cache
def falling_row(n: int) -> tuple[int, ...]:
    """(n)_m for m = 0..12 (zero once m exceeds n)."""
    row = [1]
    for m in range(12):
        row.append(row[-1] * (n - m) if n - m > 0 else 0)
    return tuple(row)


@lru_cache(maxsize=4096)
def pads(size: int, last: int) -> tuple[int, ...]:
    """(size - k)_(last - k) for k = 0..last, then zeros to 12: brings a k-card draw chance to the
    denominator (size)_last (a draw of more cards than the shoe holds has no chance)."""
    return tuple(falling(size - k, last - k) if k <= last else 0 for k in range(13))


def _source(entries, k_of) -> str:
    """A nested sum over a trie of multisets (Horner form: a shared prefix multiplied once).
    `entries`: (cards drawn, ((value index, multiplicity), ...), leaf expression)."""
    by_k: dict[int, dict] = {}
    for k, pairs, leaf in entries:
        node = by_k.setdefault(k, {})
        for pair in pairs:
            node = node.setdefault(pair, {})
        node.setdefault(None, []).append(leaf)

    def expr(node) -> str:
        terms = list(node.get(None, []))
        for key, child in node.items():
            if key is not None:
                c, m = key
                terms.append(f"F{c}[{m}]*{expr(child)}")
        return "(" + "+".join(terms) + ")" if terms else "0"

    return "+".join(f"P[{k_of(k)}]*{expr(node)}" for k, node in sorted(by_k.items())) or "0"


def _compile(body: str, name: str):
    src = f"def _w(P, B, F0, F1, F2, F3, F4, F5, F6, F7, F8, F9):\n    return {body}\n"
    scope: dict = {}
    exec(compile(src, name, "exec"), scope)
    return scope["_w"]


def _compile_group(group, up: int, hit_soft17: bool, outcome: int):
    """One outcome's weight, sum over its final multisets D of orders(D) prod (n_c)_(m_c) pad(|D|)."""
    entries = [(k, pairs, str(orders)) for orders, k, _, pairs in group]
    return _compile(_source(entries, lambda k: k), f"<banker up={up} h17={hit_soft17} outcome={outcome}>")


def _compile_bust(up: int, hit_soft17: bool):
    """The bust weight through the hard 12-16 states S (about a third of the terms of the list of bust multisets).

    It is orders(S) prod (n_c)_(m_c) times the busting cards left, B[t] - (busting cards in S), padded for
    |S| + 1 cards. B[t - 12] = cards left of the values that bust a hard t."""
    entries = []
    for orders, k, t, pairs in stiff_states(up, hit_soft17):
        inside = sum(m for c, m in pairs if c + 1 >= 22 - t)
        entries.append((k, pairs, f"{orders}*(B[{t - 12}]-{inside})" if inside else f"{orders}*B[{t - 12}]"))
    return _compile(_source(entries, lambda k: k + 1), f"<banker up={up} h17={hit_soft17} bust>")


@cache
def compiled(up: int, hit_soft17: bool) -> tuple:
    """One compiled weight function per outcome for this up-card and soft-17 rule, each taking
    (pads, busting counts, F0..F9) with F_c = falling factorials of the count of value c."""
    return tuple(
        _compile_bust(up, hit_soft17) if o == BUST else _compile_group(g, up, hit_soft17, o)
        for o, g in terminals(up, hit_soft17)
    )


def busting(comp: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """Cards left that bust a banker's hard 12, 13, 14, 15, 16 (values 10+, 9+, 8+, 7+, 6+)."""
    b12 = comp[9]
    b13 = b12 + comp[8]
    b14 = b13 + comp[7]
    b15 = b14 + comp[6]
    return b12, b13, b14, b15, b15 + comp[5]


ROWS: list[tuple[int, ...]] = [falling_row(n) for n in range(8 * 16 + 1)]  # (n)_m for every count in 8 packs


def _rows(comp: tuple[int, ...]):
    return map(ROWS.__getitem__, comp)


def outcome_weight(comp: tuple[int, ...], up: int, hit_soft17: bool, outcome: int, size: int | None = None) -> int:
    """Integer weight of one banker outcome over `denominator(sum(comp), up, hit_soft17)`."""
    if size is None:
        size = sum(comp)
    last = min(size, longest(up, hit_soft17))
    fn = compiled(up, hit_soft17)[outcome]
    return fn(pads(size, last), busting(comp), *_rows(comp))


def denominator(size: int, up: int, hit_soft17: bool) -> int:
    return falling(size, min(size, longest(up, hit_soft17)))


def dealer_counts(comp: tuple[int, ...], up: int, hit_soft17: bool) -> tuple[tuple[int, ...], int]:
    """Integer weights per outcome and their common denominator for the banker drawing from `comp`
    (the up-card already out). Weights sum to the denominator when the shoe cannot run out."""
    size = sum(comp)
    last = min(size, longest(up, hit_soft17))
    P = pads(size, last)
    F = [falling_row(n) for n in comp]
    B = busting(comp)
    return tuple(fn(P, B, *F) for fn in compiled(up, hit_soft17)), falling(size, last)


def stand_class(total: int) -> int:
    """Standing on any total of 16 or less loses to the same banker outcomes: 16 stands for them all."""
    return 16 if total <= 16 else total


def _coef(outcome: int, total: int) -> int:
    """+1 if standing on `total` wins against banker `outcome` (not a blackjack), 0 a push, -1 a loss."""
    if outcome == BUST:
        return 1
    final = 17 + outcome
    return (final < total) - (final > total)


@cache
def _ending_keys(up: int, hit_soft17: bool) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    """`terminals` with each multiset as (orders, (cards drawn, m_0, .., m_9)): built once per up-card."""
    out = []
    for o, group in terminals(up, hit_soft17):
        rows = []
        for orders, k, _, pairs in group:
            m = dict(pairs)
            rows.append((orders, (k,) + tuple(m.get(c, 0) for c in range(10))))
        out.append((o, tuple(rows)))
    return tuple(out)


_SPLIT_AT = 1  # levels (value indices) from here on are memoised by the counts they depend on


class StandLayers:
    """sum over non-blackjack banker endings D of (coefficient(D) - shift) * orders(D) * prod_c (n_c)_(m_c)
    * P[|D|] for a player standing on one total (coefficient: +1 win, 0 push, -1 loss), evaluated by value
    index: level d maps the partial sums over the values d+1.. (one per prefix (|D|, m_0..m_d)) to those
    over d.. using the falling factorials of n_d only. So a level's vector depends only on (n_d, .., n_9).
    It is shared by every composition with those counts (the player's hands differ in few cards). Levels
    0 (Aces) and the pads P are folded into one Horner sum per composition. `shift` (0 or +-1, for the
    fewest endings) is restored by the caller: shift * (all non-blackjack weight)."""

    def __init__(self, up: int, hit_soft17: bool, total: int) -> None:
        self.shift, leaves = self._endings(up, hit_soft17, total)
        prefixes = sorted(leaves)
        self.consts = tuple(leaves[x] for x in prefixes)
        self.levels: list = [None] * 10
        for d in range(9, _SPLIT_AT - 1, -1):
            prefixes, self.levels[d] = self._level(prefixes, d, up, hit_soft17, total)
        self.top = self._top(prefixes, up, hit_soft17, total)

    @staticmethod
    def _endings(up: int, hit_soft17: bool, total: int) -> tuple[int, dict]:
        """The shift with the fewest non-zero endings, and (|D|, m_0..m_9) -> (coefficient - shift) * orders."""
        best: tuple[int, dict] | None = None
        for shift in (0, 1, -1):
            leaves: dict[tuple[int, ...], int] = {}
            for o, group in _ending_keys(up, hit_soft17):
                a = 0 if o == BJ else _coef(o, total) - shift
                for orders, key in group if a else ():
                    leaves[key] = leaves.get(key, 0) + a * orders
            if best is None or len(leaves) < len(best[1]):
                best = (shift, leaves)
        assert best is not None  # three shifts tried
        return best

    @staticmethod
    def _level(children: list, d: int, up: int, hit_soft17: bool, total: int):
        """The prefixes one value shorter and a compiled map (falling row of n_d, child sums) -> their sums."""
        kids: dict[tuple[int, ...], list[str]] = {}
        for i, x in enumerate(children):
            m = x[d + 1]
            kids.setdefault(x[: d + 1], []).append(f"c[{i}]" if m == 0 else f"f{m}*c[{i}]")
        parents = sorted(kids)
        body = ",".join("+".join(kids[x]) for x in parents)
        src = f"def _l(F, c):\n    _, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12 = F\n    return ({body},)\n"
        scope: dict = {}
        exec(compile(src, f"<banker up={up} h17={hit_soft17} stand {total} level {d}>", "exec"), scope)
        return parents, scope["_l"]

    @staticmethod
    def _top(prefixes: list, up: int, hit_soft17: bool, total: int):
        """Horner sum over (|D|, m_0, .., m_(split-1)) of P[|D|] * prod (n_c)_(m_c) * (deeper sum)."""
        entries = [(x[0], tuple((c, m) for c, m in enumerate(x[1:]) if m), f"v[{i}]") for i, x in enumerate(prefixes)]
        src = f"def _t(P, F0, v):\n    return {_source(entries, lambda k: k)}\n"
        scope: dict = {}
        exec(compile(src, f"<banker up={up} h17={hit_soft17} stand {total} top>", "exec"), scope)
        return scope["_t"]


@cache
def stand_layers(up: int, hit_soft17: bool, total: int) -> StandLayers:
    """The compiled banker sums for standing on `total` (16: any total of 16 or less) against value `up`."""
    return StandLayers(up, hit_soft17, stand_class(total))
