"""Exact counting for casino stud poker: how the banker's hidden four-card sets fall, per hand and up-card.

For every player hand and banker up-card, it counts how many of the banker's C(N-6, 4) hidden four-card sets
leave the banker unqualified, beaten, tied or winning.

Naively that is 2,598,960 x 47 x 163,185 (about 2 x 10^13) comparisons. The counts are made instead by:

* suit symmetry: one representative player hand per class of hands equal up to relabelling suits
  (134,459 classes), weighted by the class size;
* counting the banker's hands by rank: a hidden set's ranks form a multiset M of four ranks (1,820 of them).
  The number of card sets with those ranks is prod_r C(available_r, M_r), which depends only on the
  player's ranks and the up-card's rank. Every set is first scored as if it were not a flush (its value is
  then fixed by M and the up-card's rank). Cumulative counts by banker value answer "how many are
  below value t" for any threshold t;
* correcting for the banker's flushes exactly: those are the four-card sets of the up-card's suit. They are
  counted once with their no-flush value and once with their flush value. They are keyed by (up rank, ranks
  the player holds in that suit), at most C(12, 4) = 495 sets per key.

numpy is used for integer arrays only (int32/int64 counts and indices); no float enters a count.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

import numpy as np

from oddscalc.core.progress import Progress
from oddscalc.games.poker.cards import Deck, combinations_array
from oddscalc.games.poker.ranking import five_qualifier, rank_five
from oddscalc.games.poker.tables import hand_table, rank_hands, suit_classes, suit_masks

__all__ = ["PairGroup", "StudCounts", "hidden_sets", "pair_outcome", "stud_counts"]


def hidden_sets(deck: Deck) -> int:
    """Number of the banker's hidden four-card sets for one player hand and up-card: C(N-6, 4)."""
    return comb(deck.size - 6, 4)


@dataclass(frozen=True)
class PairGroup:
    """Counts for every (representative player hand, up-card) pair whose up-card has one rank.

    For each pair: `nq` hidden sets leave the banker without Ace/King or better, `lt` qualify and lose to
    the player, `eq` qualify and tie, `gt` qualify and beat the player (the four add up to C(N-6, 4)).
    """

    rep: np.ndarray  # index into StudCounts.rep_* arrays
    up: np.ndarray  # up-card id
    nq: np.ndarray
    lt: np.ndarray
    eq: np.ndarray
    gt: np.ndarray


@dataclass(frozen=True)
class StudCounts:
    """The pay-independent counts of a pack: representative player hands and per-pair outcome counts."""

    deck: Deck
    rep_cards: np.ndarray  # (C, 5) card ids of each representative hand
    rep_value: np.ndarray  # (C,) hand value (raw, comparable)
    rep_weight: np.ndarray  # (C,) number of hands of the pack in the class
    groups: tuple[PairGroup, ...]

    @property
    def hidden(self) -> int:
        return hidden_sets(self.deck)

    def pairs(self) -> Iterator[PairGroup]:
        return iter(self.groups)


def _multisets(ranks: int, suits: int, size: int) -> np.ndarray:
    """Every multiset of `size` rank indices with no rank more than `suits` times, as (m, ranks) counts."""
    rows = []
    for combo in itertools.combinations_with_replacement(range(ranks), size):
        counts = np.bincount(combo, minlength=ranks)
        if counts.max() <= suits:
            rows.append(counts)
    return np.array(rows, dtype=np.int64)


def _expand(counts: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Rank multisets (m, R) as rows of rank values (m, size), descending."""
    return np.array([np.repeat(values, row)[::-1] for row in counts], dtype=np.int64)


def _no_flush_values(rows: np.ndarray) -> np.ndarray:
    """Values of hands with these ranks scored as if not of one suit."""
    fake = np.zeros_like(rows)
    fake[:, 1] = 1
    return rank_five(rows, fake)


def _rank_counts(deck: Deck, cards: np.ndarray) -> np.ndarray:
    """(n, R) how many cards of each rank index every row of card ids holds."""
    counts = np.zeros((len(cards), len(deck.ranks)), dtype=np.int64)
    rank_idx = deck.rank_index()[cards]
    for j in range(cards.shape[1]):
        np.add.at(counts, (np.arange(len(cards)), rank_idx[:, j]), 1)
    return counts


def _codes(counts: np.ndarray, base: int) -> np.ndarray:
    """A rank multiset (counts per rank, each below `base`) as one integer."""
    return counts @ (base ** np.arange(counts.shape[1], dtype=np.int64))


@dataclass(frozen=True)
class _Scores:
    """Banker values as dense integers (indices into the sorted distinct values that can occur) for every rank
    pattern the counting needs: five-rank multisets scored as no flush, five distinct ranks as a flush."""

    domain: np.ndarray  # sorted distinct raw values
    qualify: int  # dense value of the lowest Ace/King-or-better hand
    base: int  # multiset code base (suits + 1)
    ms5_code: np.ndarray  # codes of the five-rank multisets, sorted
    ms5_value: np.ndarray  # their no-flush dense values, same order
    set_mask: np.ndarray  # five distinct ranks as bit masks
    set_nf: np.ndarray  # their dense value as no flush
    set_fl: np.ndarray  # their dense value as a flush (or straight flush, royal flush)

    def dense(self, raw: np.ndarray) -> np.ndarray:
        return np.searchsorted(self.domain, raw)

    def no_flush(self, codes: np.ndarray) -> np.ndarray:
        return self.ms5_value[np.searchsorted(self.ms5_code, codes)]


def _scores(deck: Deck, table_values: np.ndarray) -> _Scores:
    R, S = len(deck.ranks), deck.suits
    values = np.array(deck.ranks, dtype=np.int64)
    ms5 = _multisets(R, S, 5)
    nf5 = _no_flush_values(_expand(ms5, values))
    sets5 = combinations_array(R, 5).astype(np.int64)
    set_vals = values[sets5][:, ::-1]
    set_fl = rank_five(set_vals, np.zeros_like(set_vals))
    domain = np.unique(np.concatenate([table_values, nf5, set_fl]))
    codes = _codes(ms5, S + 1)
    order = np.argsort(codes)
    return _Scores(
        domain,
        int(np.searchsorted(domain, five_qualifier())),
        S + 1,
        codes[order],
        np.searchsorted(domain, nf5)[order],
        (np.int64(1) << sets5).sum(axis=1),
        np.searchsorted(domain, _no_flush_values(set_vals)),
        np.searchsorted(domain, set_fl),
    )


@dataclass(frozen=True)
class _Hidden:
    """The banker's hidden four-rank multisets: counts, and as up to four (rank, count) pairs."""

    counts: np.ndarray
    codes: np.ndarray
    rank: np.ndarray
    count: np.ndarray


def _hidden(deck: Deck) -> _Hidden:
    ms4 = _multisets(len(deck.ranks), deck.suits, 4)
    rank = np.zeros((len(ms4), 4), dtype=np.int64)
    count = np.zeros((len(ms4), 4), dtype=np.int64)
    for i, row in enumerate(ms4):
        nz = np.nonzero(row)[0]
        rank[i, : len(nz)], count[i, : len(nz)] = nz, row[nz]
    return _Hidden(ms4, _codes(ms4, deck.suits + 1), rank, count)


_BINOM = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int32)


def _no_flush_cumulative(
    scores: _Scores, hidden: _Hidden, p_counts: np.ndarray, a: int, suits: int
) -> tuple[np.ndarray, np.ndarray]:
    """For up-card rank a: the banker's no-flush values in ascending order, and per player rank multiset the
    cumulative number of hidden card sets up to each (column 0 is zero), each set scored as no flush."""
    valid = hidden.counts[:, a] < suits
    dval = scores.no_flush(hidden.codes[valid] + scores.base**a)
    avail = np.clip(suits - p_counts - (np.arange(p_counts.shape[1]) == a), 0, None)
    ways = np.ones((len(p_counts), int(valid.sum())), dtype=np.int32)
    for j in range(4):
        ways *= _BINOM[avail[:, hidden.rank[valid, j]], hidden.count[valid, j]]
    order = np.argsort(dval, kind="stable")
    cum = np.zeros((len(p_counts), len(order) + 1), dtype=np.int32)
    np.cumsum(ways[:, order], axis=1, out=cum[:, 1:])
    return dval[order], cum


def _flush_sets(scores: _Scores, a: int, held: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The banker's flushes for up-card rank a, per mask of ranks the player holds in the up-card's suit:
    returns (key index per pair, sorted keyed flush values, sorted keyed no-flush values, key width)."""
    keys, kidx = np.unique(held, return_inverse=True)
    width = len(scores.domain) + 2
    has_a = (scores.set_mask >> a) & 1 == 1
    krow, kcol = np.nonzero(has_a[None, :] & ((scores.set_mask[None, :] & keys[:, None]) == 0))
    return kidx, np.sort(krow * width + scores.set_fl[kcol]), np.sort(krow * width + scores.set_nf[kcol]), width


_MEMO: dict[Deck, StudCounts] = {}


def stud_counts(deck: Deck, progress: Progress | None = None) -> StudCounts:
    """Count every (player hand class, up-card) pair's outcomes exactly (about 25 s for the full pack);
    the last pack counted is kept in memory, as every pay table reuses the same counts."""
    if deck not in _MEMO:
        _MEMO.clear()
        _MEMO[deck] = _count(deck, progress)
    return _MEMO[deck]


def _count(deck: Deck, progress: Progress | None = None) -> StudCounts:
    R, S = len(deck.ranks), deck.suits
    table = hand_table(deck, 5)
    classes = suit_classes(deck, 5)
    rep_cards = table.cards[classes.index].astype(np.int64)
    rep_value = table.values[classes.index]
    scores = _scores(deck, table.values)
    hidden = _hidden(deck)
    rep_counts = _rank_counts(deck, rep_cards)
    _, first, p_index = np.unique(_codes(rep_counts, S + 1), return_index=True, return_inverse=True)
    p_counts = rep_counts[first]
    rep_dense = scores.dense(rep_value)
    rep_masks = suit_masks(deck, rep_cards)
    total = hidden_sets(deck)
    groups = []
    for a in range(R):
        if progress:
            progress(a, R, "casino stud: counting")
        sorted_dval, cum = _no_flush_cumulative(scores, hidden, p_counts, a, S)
        rep = np.repeat(np.arange(len(rep_cards)), S)  # pairs (hand class, up-card of rank a)
        up = np.tile(a * S + np.arange(S), len(rep_cards))
        ok = ~(rep_cards[rep] == up[:, None]).any(axis=1)
        rep, up = rep[ok], up[ok]
        p, v = p_index[rep], rep_dense[rep]
        kidx, fl_sorted, nf_sorted, width = _flush_sets(scores, a, rep_masks[rep, up % S])

        def below(t: np.ndarray) -> np.ndarray:
            """Hidden sets whose banker hand is valued below t, for every pair of the group."""
            nf_part = cum[p, np.searchsorted(sorted_dval, t, side="left")].astype(np.int64)
            q = kidx * width + t
            return nf_part + np.searchsorted(fl_sorted, q) - np.searchsorted(nf_sorted, q)

        nq = below(np.full(len(rep), scores.qualify))
        bv, lv = below(v), below(v + 1)
        playing = v >= scores.qualify
        lt = np.where(playing, bv - nq, 0)
        eq = np.where(playing, lv - bv, 0)
        groups.append(
            PairGroup(
                rep.astype(np.int32),
                up.astype(np.int16),
                nq.astype(np.int32),
                lt.astype(np.int32),
                eq.astype(np.int32),
                (total - nq - lt - eq).astype(np.int32),
            )
        )
    if progress:
        progress(R, R, "casino stud: counting")
    return StudCounts(deck, rep_cards, rep_value, classes.weight, tuple(groups))


def pair_outcome(deck: Deck, hand: tuple[int, ...], up: int) -> tuple[int, int, int, int]:
    """(nq, lt, eq, gt) for one player hand and up-card, by listing the banker's hidden sets outright."""
    rest = np.array([c for c in range(deck.size) if c not in hand and c != up], dtype=np.int64)
    hidden = rest[combinations_array(len(rest), 4).astype(np.int64)]
    banker = rank_hands(deck, np.concatenate([np.full((len(hidden), 1), up), hidden], axis=1))
    player = int(rank_hands(deck, np.array([hand]))[0])
    q = five_qualifier()
    nq = int((banker < q).sum())
    if player < q:
        return nq, 0, 0, len(banker) - nq
    lt = int(((banker >= q) & (banker < player)).sum())
    eq = int((banker == player).sum())
    return nq, lt, eq, len(banker) - nq - lt - eq
