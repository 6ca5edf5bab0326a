"""Shuffle tests between shoes: does each shoe's order depend on the previous shoe's dealt order, or on the packs'
factory order? A fair shuffle makes every order of the shoe equally likely, whatever came before.

Six tests, three against each reference order (the previous shoe's cards in the order dealt; the new packs' factory
order, `sim.shuffle_models.factory_order`: Ace to King in clubs, diamonds, hearts, spades, pack after pack):

* pairs kept: how often the card dealt next is one that followed the previous card in the reference (one-sided).
  Detects strip (overhand) shuffles, which keep most neighbours together, a cut or no shuffle, and a few riffles.
* order kept (rising sequences, Bayer and Diaconis): over every pair of cards dealt from the new shoe whose kinds
  were neighbours in the reference, +1 when they come in the old order and -1 when reversed (two-sided). A riffle
  shuffle keeps the order of each packet, so k riffles leave at most 2^k rising sequences. This finds 7 riffles of
  an 8-pack shoe within 100 shoes, where pairs kept fall to 1% above chance.
* positions kept: the card's centred new position times the centred reference positions of its kind (a Spearman
  correlation without ranks, two-sided). Detects strip shuffles (an even number keep positions, an odd number reverse
  them), a cut, a wash that moves cards only a little.

Kinds are cards (rank and suit) when every card of both shoes is written with its suit and the packs are whole,
else ranks. Eight packs hold 8 of each card but 32 of each rank. So with ranks only the chance matches swamp the
kept pairs, and riffle shuffles go unseen (docs/verify.md gives the power measured both ways); a note says so.

Each test is a sum of martingale differences. Given the cards dealt before, a fairly shuffled shoe's next card is
any card left with equal chance. So every card's expected score and its variance are exact (`shuffle_loops`), and
so are their sums (fractions). `supermartingale.p_value` turns the sum into a p-value valid at any sample size. The
first shoe of a log has no previous shoe; every shoe is tested against the factory order. A shoe reshuffled in
mid-round (its first card not dealt from a full shoe) is not tested, but is the next shoe's previous shoe.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np

from oddscalc.sim.shuffle_models import factory_order
from oddscalc.verify.card_codes import CARD_CODES, RANK_NAMES, RANK_OF, SUIT_OF
from oddscalc.verify.findings import Report
from oddscalc.verify.randomness import Test
from oddscalc.verify.shuffle_loops import BUCKETS, reference, run_batch, workspace
from oddscalc.verify.supermartingale import log_e_float, p_value

__all__ = ["BATCH", "TESTS", "Evidence", "PairScores", "ShuffleTests", "Sums"]


@dataclass(frozen=True)
class Measure:
    """One of the six tests: its name, what it detects, sides (1: only large sums count), reference."""

    name: str
    detects: str
    sides: int
    reference: str


_DETECTS = (
    "strip (overhand) shuffles, a cut or no shuffle, a few riffles: neighbours dealt together again",
    "riffle shuffles (up to 7 of 8 packs): neighbours dealt in their old order (rising sequences)",
    "strip shuffles, a cut, a wash that moves cards a little: cards near their old positions",
)
TESTS = tuple(
    Measure(f"shuffle: {what} kept from {ref}", detects, sides, ref)
    for ref in ("the previous shoe", "the packs' factory order")
    for what, detects, sides in zip(("pairs", "order", "positions"), _DETECTS, (1, 2, 2))
)
#: Cards gathered before the compiled loops run (a few shoes' worth, bounded memory).
BATCH = 1 << 17
_LEVELS = ("cards", "ranks")
_LIMIT = 1 << 58  # flush the integer tables into Python integers before any could pass 2^63


@dataclass(frozen=True)
class Sums:
    """One test's exact sums over the log: the observed score, its expectation under a fair shuffle (the sum of
    each card's conditional mean), and the conditional variances by range bucket (`supermartingale`)."""

    test: Measure
    observed: Fraction
    expected: Fraction
    variance: dict[int, Fraction]
    cards: int
    shoes: tuple[int, int]  # shoes tested by card, by rank

    @property
    def var(self) -> Fraction:
        return sum(self.variance.values(), Fraction(0))


def _kind(code: int, level: int) -> int:
    return RANK_OF[code] * 4 + SUIT_OF[code] if level == 0 else RANK_OF[code]


class ShuffleTests:
    """Collects each shoe's cards (`add`, the shoe's observer) and runs the six tests over them in batches."""

    def __init__(self, report: Report | None, counts: Sequence[int], packs: int) -> None:
        self.report = report
        self.n = n = sum(counts)
        whole = all(c in (0, 4 * packs) for c in counts)
        self.cards_ok = whole
        M = np.zeros((2, 52), np.int64)
        for r, c in enumerate(counts):
            M[1, r] = c
            for s in range(4):
                M[0, r * 4 + s] = c // 4 if whole else 0
        self.M = M
        ranks = tuple(name for name, c in zip(RANK_NAMES, counts) if c)
        order = [CARD_CODES[label] for label in factory_order(packs, ranks)]
        self.factory = len(order) == n  # the packs are whole: the factory order is the shoe's
        self.F = tuple(
            reference([_kind(c, level) for c in order] if self.factory else [], (52, 13)[level], n, M[level])
            for level in (0, 1)
        )
        copies = packs if whole else max(counts)
        #: each test's typical step (the bets' scale in `supermartingale`): fixed by the shoe, not by the log
        self.scales = (Fraction(1), Fraction(copies), Fraction(n * n * copies, 8)) * 2
        self.zsum = np.zeros(6, np.int64)
        self.A1 = np.zeros((6, n + 1), np.int64)
        self.A2 = np.zeros((6, BUCKETS, n + 1), np.int64)
        self.A3 = np.zeros((6, BUCKETS, n + 1), np.int64)
        self.terms = np.zeros((6, 2), np.int64)
        self.shoes = np.zeros((6, 2), np.int64)
        self.clear()
        self.work = workspace(n)

    def clear(self) -> None:
        """Forget every shoe added and every sum formed (the shoe's own tables stay): as new, at no allocation."""
        self.codes: list[int] = []
        self.starts: list[int] = [0]
        self.tested: list[bool] = []
        for a in (self.zsum, self.A1, self.A2, self.A3, self.terms, self.shoes):
            a[...] = 0
        self.totals: list[dict] = [{} for _ in range(6)]  # flushed sums as Python integers: (table, b, R) -> int
        self.z_total = [0] * 6

    def add(self, codes: list[int], full: bool) -> None:
        """A shoe has ended: its cards in dealing order, and whether it began as a full shoe (tested) or not. Only
        the first n cards of a shoe of n count (a shoe dealing more breaks the shoe check)."""
        self.codes.extend(codes if len(codes) <= self.n else codes[: self.n])
        self.starts.append(len(self.codes))
        self.tested.append(full)
        if len(self.codes) >= BATCH:
            self._run(keep_last=True)

    def _run(self, keep_last: bool) -> None:
        if len(self.starts) < 2:
            return
        run_batch(
            np.asarray(self.codes, np.int64),
            np.asarray(self.starts, np.int64),
            np.asarray(self.tested, np.bool_),
            self.cards_ok,
            self.M,
            self.F,
            self.factory,
            self.n,
            self.zsum,
            self.A1,
            self.A2,
            self.A3,
            self.terms,
            self.shoes,
            self.work,
        )
        if keep_last:  # the last shoe is the next batch's previous shoe (already tested)
            last = self.codes[self.starts[-2] :]
            self.codes, self.starts, self.tested = list(last), [0, len(last)], [False]
        else:
            self.codes, self.starts, self.tested = [], [0], []
        if max(int(np.abs(a).max()) for a in (self.A1, self.A2, self.A3, self.zsum)) > _LIMIT:
            self._flush()

    def _flush(self) -> None:
        """Move the integer tables into Python integers (exact whatever their size) and clear them."""
        for k in range(6):
            self.z_total[k] += int(self.zsum[k])
            into = self.totals[k]
            for R in np.nonzero(self.A1[k])[0].tolist():
                into[(1, 0, R)] = into.get((1, 0, R), 0) + int(self.A1[k, R])
            for table, A in ((2, self.A2), (3, self.A3)):
                for b, R in zip(*(v.tolist() for v in np.nonzero(A[k]))):
                    into[(table, b, R)] = into.get((table, b, R), 0) + int(A[k, b, R])
        for a in (self.zsum, self.A1, self.A2, self.A3):
            a[...] = 0

    def sums(self) -> list[Sums | str]:
        """Each test's exact sums over every shoe added, or why it could not run."""
        self._run(keep_last=False)
        self._flush()
        out: list[Sums | str] = []
        n = self.n
        for k, test in enumerate(TESTS):
            cards = int(self.terms[k].sum())
            if k >= 3 and not self.factory:
                out.append(f"{test.name}: not tested (the packs are not whole: no factory order to compare)")
                continue
            if not cards:
                out.append(f"{test.name}: not tested (" + ("no shoe follows another" if k < 3 else "no shoe") + ")")
                continue
            position = k % 3 == 2
            mean = Fraction(0)
            variance: dict[int, Fraction] = {}
            for (table, b, R), value in self.totals[k].items():
                f = n + 1 - 2 * R if position else 1
                if table == 1:
                    mean += Fraction(f * value, R)
                elif table == 2:
                    variance[b] = variance.get(b, Fraction(0)) + Fraction(f * f * value, R)
                else:
                    variance[b] = variance.get(b, Fraction(0)) - Fraction(f * f * value, R * R)
            out.append(
                Sums(
                    test,
                    Fraction(self.z_total[k]),
                    mean,
                    variance,
                    cards,
                    (int(self.shoes[k, 0]), int(self.shoes[k, 1])),
                )
            )
        return out

    def tests(self) -> list[Test | str]:
        """The six tests over every shoe added (or why one could not run)."""
        out: list[Test | str] = []
        for k, s in enumerate(self.sums()):
            if isinstance(s, str):
                out.append(s)
                continue
            var = s.var
            if var <= 0:
                out.append(f"{s.test.name}: not tested (no variation possible in {s.cards:,} cards)")
                continue
            total = s.observed - s.expected
            with mpmath.workdps(30):
                z = (
                    mpmath.mpf(total.numerator)
                    / total.denominator
                    / mpmath.sqrt(mpmath.mpf(var.numerator) / var.denominator)
                )
                z_exact = Fraction(mpmath.nstr(z, 12))
            levels = ", ".join(f"{n:,} by {_LEVELS[lv]}" for lv, n in enumerate(s.shoes) if n)
            detail = (
                f"{sum(s.shoes):,} shoe(s) ({levels}), {s.cards:,} cards: observed {float(s.observed):.6g}, "
                f"expected {float(s.expected):.6g}, variance {float(var):.6g}"
            )
            out.append(
                Test(
                    s.test.name,
                    "z",
                    z_exact,
                    None,
                    p_value(total, s.variance, self.scales[k], s.test.sides),
                    detail,
                    s.test.detects,
                )
            )
        if self.shoes[:, 1].any() and self.report is not None:
            self.report.note(
                "shuffle tests: some shoes were compared by rank only (a card without its suit, or packs "
                "not whole); by rank they find strip shuffles but not riffles: write every card's suit"
            )
        return out


@dataclass(frozen=True)
class Evidence:
    """One test of one shoe: the log of its e-value (the averaged supermartingale of `supermartingale`, in double
    precision) and its p-value, the e-value's reciprocal capped at 1."""

    test: Measure
    log_e: float

    @property
    def p(self) -> float:
        return min(1.0, math.exp(-self.log_e)) if self.log_e < 700 else 0.0


class PairScores:
    """The six tests on one shoe after another (`score`), for a monitor that scores each shoe as it ends."""

    def __init__(self, counts: Sequence[int], packs: int) -> None:
        self.tests = st = ShuffleTests(None, counts, packs)
        R = np.arange(st.n + 1, dtype=np.float64)
        R[0] = 1.0  # (no card is dealt with none left: the tables' entries there are 0)
        f = st.n + 1 - 2 * R
        #: per R, the weight of each table's entry: mean P / R, variance Q / R - P^2 / R^2 (times f, f^2 by position)
        self.weights = {False: (1 / R, 1 / R, 1 / (R * R)), True: (f / R, f * f / R, f * f / (R * R))}

    def score(self, previous: Sequence[int], new: Sequence[int]) -> list[Evidence | str]:
        """The six tests on `new` after `previous`, or why one could not run.

        `new` holds codes in dealing order, dealt from a full shoe. `previous` holds codes in dealing order and is not
        tested itself. The sums are those verify forms for the tests against the previous shoe in a log of these two
        shoes, in double precision. Given `previous`, a fair shuffle makes each e-value's expectation at most 1, so a
        product of them, shoe after shoe, is a test martingale."""
        st = self.tests
        st.clear()
        st.add(list(previous), False)
        st.add(list(new), True)
        st._run(keep_last=False)
        n = st.n
        out: list[Evidence | str] = []
        for k, test in enumerate(TESTS):
            cards = int(st.terms[k].sum())
            if k >= 3 and not st.factory:
                out.append(f"{test.name}: not tested (the packs are not whole: no factory order to compare)")
                continue
            if not cards:
                out.append(f"{test.name}: not tested (no shoe follows another)")
                continue
            w1, w2, w3 = self.weights[k % 3 == 2]
            mean = float(st.A1[k] @ w1)
            var = st.A2[k] @ w2 - st.A3[k] @ w3
            observed = float(st.zsum[k] + st.z_total[k])
            for (table, b, r), value in st.totals[k].items():  # sums flushed out of the integer tables
                g = n + 1 - 2 * r if k % 3 == 2 else 1
                if table == 1:
                    mean += g * value / r
                else:
                    var[b] += g * g * value / (r if table == 2 else r * r)
            if var.sum() <= 0:
                out.append(f"{test.name}: not tested (no variation possible in {cards:,} cards)")
                continue
            log_e = log_e_float(observed - mean, var, float(st.scales[k]), test.sides)
            out.append(Evidence(test, log_e))
        return out
