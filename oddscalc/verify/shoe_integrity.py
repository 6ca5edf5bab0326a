"""Shoe integrity and the record of which card came out at which position of each shoe.

A shoe starts when a round's shoe marker differs from the previous round's (a new shuffle). Within a shoe no
rank may come out more often than the packs hold it. Nor, where suits are written, may any one card come out more
often than there are packs. When the log marks the cut card, no round may begin after it has come out.

For the randomness tests the tracker counts, per position in the shoe, the cards seen of each rank, and what a
fair shuffle makes them expect. Given the cards already dealt, the next card of a fairly shuffled shoe is equally
likely to be any card left. So the expected count of rank r at position k is the sum over shoes reaching k of
(cards of rank r left) / (cards left). Cards left = packs' count less those dealt before k. So it is enough to
count, per position, how many shoes reach it and how many cards of each rank were dealt before it. A running
difference array makes that one addition per card, and the exact expectation is formed once, at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from oddscalc.verify.card_codes import NO_SUIT, RANK_NAMES, RANK_OF, SUIT_OF, label
from oddscalc.verify.findings import SHOE, Report
from oddscalc.verify.reader import LogError

__all__ = ["INFINITE_POSITIONS", "Shoe"]

#: Positions recorded when cards are dealt with replacement (the infinite-shoe model): a coup uses at most nine.
INFINITE_POSITIONS = 16
_R = 13


class _Quiet:
    """A report that files nothing (a resumed shoe counts its cards again without their faults)."""

    def fault(self, *args: Any, **kwargs: Any) -> None:
        pass


class Shoe:
    """Integrity checks and position counts for one game's shoes.

    `counts`: cards of each rank in a full shoe (index 0 = Ace .. 12 = King); `packs`: how many of each
    individual card (rank and suit) it holds; None when cards are dealt with replacement (no integrity check).
    """

    def __init__(self, report: Report, counts: Sequence[int], packs: int | None, citation: str, what: str) -> None:
        self.report = report
        self.counts = tuple(counts)
        self.size = sum(counts)
        self.packs = packs
        self.citation = citation
        self.what = what
        self.infinite = packs is None
        positions = INFINITE_POSITIONS if self.infinite else self.size
        self.positions = positions
        self.observed = [0] * (positions * _R)
        self.before = [0] * ((positions + 1) * _R)  # difference array: rank-r cards dealt before each position
        self.ends = [0] * (positions + 2)  # shoes by number of cards dealt (positions reached)
        self.marker: Any = object()
        self.dealt = [0] * _R
        self.suited = [0] * (_R * 5)
        self.pos = 0
        self.cut: int | None = None
        self.cut_line = 0
        self.shoes = 0
        self.open = False
        self.seq: list[int] = []  # cards (codes) dealt from the current shoe
        self.suits_seen = False
        self.limit = positions  # positions recorded for the current shoe (0: a shoe reshuffled in mid-round)
        #: Called with each shoe's cards (codes, in dealing order) and whether it began full, when it ends.
        self.observer: Callable[[list[int], bool], None] | None = None
        #: Set while the current shoe's order is declared or a reshuffle is due in mid-round (`verify.shoe_order`):
        #: the cards dealt go through its `deal`, which counts them here with `count`.
        self.watch: Any = None

    # -- one round ---------------------------------------------------------------------------------------------
    def begin(self, line: int, marker: Any, cut: Any = None) -> bool:
        """Start a round; a marker different from the last one starts a new shoe (returned True)."""
        new = marker != self.marker or marker is None
        if new:
            self.finish()
            self.marker = marker
            self.shoes += 1
            self.open = True
            self.cut = None
        if cut is not None:
            if type(cut) is not int or cut < 1:
                raise LogError(line, f"cut must be a whole number of cards above 0, not {cut!r}")
            if self.cut is None:
                self.cut, self.cut_line = cut, line
            elif cut != self.cut:
                raise LogError(line, f"cut {cut} differs from this shoe's cut {self.cut} (line {self.cut_line})")
        if self.cut is not None and self.pos >= self.cut:
            self.report.fault(
                SHOE,
                line,
                rule="cut card",
                did=f"began a round after {self.pos} cards with the cut card placed after card {self.cut}",
                law="no round begins once the cut card has come out; the shoe is reshuffled",
                citation="house procedure (the log's cut mark)",
            )
        return new

    def deal(self, line: int, codes: Sequence[int]) -> None:
        """Cards leaving the shoe, in dealing order."""
        if self.watch is None:
            self.count(line, codes)
        else:
            self.watch.deal(line, codes)

    def count(self, line: int, codes: Sequence[int]) -> None:
        """Cards leaving the shoe, in dealing order: the integrity checks and the position record."""
        pos, dealt, counts, observed, before, seq = (
            self.pos,
            self.dealt,
            self.counts,
            self.observed,
            self.before,
            self.seq,
        )
        limit = self.limit
        check = not self.infinite
        for code in codes:
            r = RANK_OF[code]
            n = dealt[r] + 1
            dealt[r] = n
            if check:
                if n > counts[r]:
                    self._too_many(line, code, n, counts[r])
                if SUIT_OF[code] != NO_SUIT:
                    self._suited(line, code)
            if pos < limit:
                i = pos * _R + r
                observed[i] += 1
                before[i + _R] += 1
            seq.append(code)
            pos += 1
        self.pos = pos

    def _suited(self, line: int, code: int) -> None:
        self.suits_seen = True
        k = self.suited[code] + 1
        self.suited[code] = k
        if self.packs is not None and k > self.packs:  # `count` checks suits only in a shoe of known packs
            self._too_many_card(line, code, k)

    def finish(self) -> None:
        """End the current shoe (at a new shuffle, and at the end of the log)."""
        if not self.open:
            return
        self.open = False
        if self.observer is not None:
            self.observer(self.seq, self.limit > 0)
        reached = min(self.pos, self.limit)
        self.ends[reached] += 1
        base = reached * _R
        before, dealt, rank_of = self.before, self.dealt, RANK_OF
        if self.limit:
            for code in self.seq:  # (cards past the recorded positions only touch entries beyond the last one read)
                r = rank_of[code]
                before[base + r] -= 1
                dealt[r] = 0
        else:
            self.dealt = [0] * _R
        self.seq = []
        self.limit = self.positions
        if self.suits_seen:
            self.suited = [0] * (_R * 5)
            self.suits_seen = False
        self.pos = 0

    def reshuffle(self, marker: Any, table: Sequence[int]) -> None:
        """A reshuffle in mid-round: the shoe ends and a new one (`marker`) holds the packs less `table`, the cards
        of the round already dealt. They count as out of it (integrity); its positions are not recorded for the
        randomness tests, whose expectations start from a full shoe."""
        self.finish()
        self.marker = marker
        self.shoes += 1
        self.open = True
        self.cut = None
        self.limit = 0
        for code in table:
            self.dealt[RANK_OF[code]] += 1
            if SUIT_OF[code] != NO_SUIT:
                self.suits_seen = True
                self.suited[code] += 1

    def _too_many(self, line: int, code: int, n: int, held: int) -> None:
        name = RANK_NAMES[RANK_OF[code]]
        law = (
            f"the shoe ({self.what}) holds {held} card(s) of rank {name}"
            if held
            else f"the shoe ({self.what}) holds no {name}"
        )
        self.report.fault(
            SHOE,
            line,
            rule="cards of a rank",
            did=f"dealt {name} number {n} in one shoe",
            law=law,
            citation=self.citation,
        )

    def _too_many_card(self, line: int, code: int, n: int) -> None:
        self.report.fault(
            SHOE,
            line,
            rule="one card",
            did=f"dealt {label(code)} {n} times in one shoe",
            law=f"the shoe ({self.what}) holds {self.packs} of each card",
            citation=self.citation,
        )

    # -- kept across a restart (the monitor's state file) ----------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The current shoe as plain data (JSON): its marker, the cards dealt from it and its cut, so that a
        process resumed with `resume` judges the rest of the shoe as one that never stopped would. The position
        record of the randomness tests is not kept."""
        started = self.shoes > 0
        return {
            "marker": self.marker if started else None,
            "started": started,
            "open": self.open,
            "shoes": self.shoes,
            "pos": self.pos,
            "cut": self.cut,
            "cut_line": self.cut_line,
            "seq": list(self.seq),
            "limit": self.limit,
        }

    def resume(self, state: dict[str, Any]) -> None:
        """Take up the shoe a `snapshot` describes (on a fresh Shoe of the same packs)."""
        if state["started"]:
            self.marker = state["marker"]
        self.open, self.shoes, self.cut, self.cut_line = state["open"], state["shoes"], state["cut"], state["cut_line"]
        self.limit = min(state["limit"], self.positions)
        self.seq = []
        self.pos = 0
        report, self.report = self.report, _Quiet()  # type: ignore[assignment]
        try:
            self.count(0, state["seq"])  # the same counts again; their faults were filed when the cards came out
        finally:
            self.report = report
        self.pos = state["pos"]

    # -- the randomness record -----------------------------------------------------------------------------------
    def position_tables(self) -> list[tuple[int, int, list[int], list[Fraction]]]:
        """Per position reached by any shoe: (position from 1, shoes reaching it, observed per rank, exact
        expected per rank under a fair shuffle)."""
        self.finish()
        out = []
        reaching = sum(self.ends[1:])
        running = [0] * _R
        for k in range(self.positions):
            if k:
                reaching -= self.ends[k]
            for r in range(_R):
                running[r] += self.before[k * _R + r]
            if reaching <= 0:
                break
            obs = self.observed[k * _R : (k + 1) * _R]
            if self.infinite:
                exp = [Fraction(reaching * c, self.size) for c in self.counts]
            else:
                left = self.size - k
                exp = [Fraction(reaching * c - running[r], left) for r, c in enumerate(self.counts)]
            out.append((k + 1, reaching, obs, exp))
        return out
