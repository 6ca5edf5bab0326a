"""Declared shoe orders and reshuffles in mid-round: every card dealt checked against the order the log declared.

A round may give `"order"` on the shoe's first round: the shoe's whole order at its shuffle, top card first (the
first card out first, burnt cards included). Or it may give `"order_sha256"` there, the SHA-256 of the order's
canonical text, and `"order"` on a later round of the same shoe (its last, say), revealed. (The text is
`sim.shoe_dealing.order_text`: the cards as `A`, `2`-`10`, `J`, `Q`, `K` with a lower-case suit, separated by
single spaces.) With an order, every card out of the shoe is checked against it, in turn. A card dealt twice, a
card skipped or a card out of its place is a fault at the round it happens, with the card and its place in the
shoe named. After a reveal, the cards dealt since the commitment are checked then, each fault still naming its
own round. A card compares by rank and suit when
both are written with a suit, else by rank.

A round may also give `"reshuffle"`: {"after": K, "shoe": NEW, ...}. The shoe ran out (or was reshuffled) after
the first K of the round's cards (in the dealing order of docs/verify.md, burnt cards aside). A new shoe NEW,
holding the packs less the cards on the table, deals the rest of the round, and later rounds carry its marker. The entry
may give the new shoe's `"cut"`, `"burn"` (burnt before the round goes on), `"order"` and `"order_sha256"`. What the
law says of it depends on the game (`RULINGS`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from oddscalc.core.numbers import shorten
from oddscalc.sim.shoe_dealing import order_sha256
from oddscalc.verify.card_codes import NO_SUIT, RANK_NAMES, RANK_OF, SUIT_OF, label
from oddscalc.verify.findings import SHOE, Report
from oddscalc.verify.reader import LogError, cards, check_keys, require, whole
from oddscalc.verify.shoe_integrity import Shoe

__all__ = ["RESHUFFLE_KEYS", "ShoeOrders", "ruling"]

RESHUFFLE_KEYS = frozenset({"after", "shoe", "cut", "burn", "order", "order_sha256"})
PROCEDURE = "house procedure (the log's declared shoe order)"
_HEX = frozenset("0123456789abcdef")
#: A card found this few places on counts as cards skipped; one out this few cards ago, as dealt twice.
NEAR, NEAR_TWICE = 4, 8

#: What each game's law says of a reshuffle in mid-round: (a fault?, what the law requires, citation).
RULINGS = {
    "blackjack": (
        True,
        "the cards are dealt from a shoe holding four or six standard packs at the commencement of "
        "any series of games; a stack reshuffled while cards are on the table lacks them",
        "SI 1994/2899 reg 7(1)(b)",
    ),
    "blackjack-2007": (
        False,
        "the 2007 rules say nothing of when the shoe is reshuffled: accepted",
        "Blackjack Rules UK (basic game)",
    ),
    "super-pan-9": (
        False,
        "reg 9(2)(b) names the cards used (eight packs less 7s-10s), not when they are reshuffled: accepted",
        "SI 1994/2899 reg 9(2)(b)",
    ),
    "baccarat": (False, "reg 6 says nothing of the shoe or its shuffle: accepted", "SI 1994/2899 reg 6"),
}


def ruling(game: str, version: str) -> tuple[bool, str, str]:
    """The law on a reshuffle in mid-round for the game under `version` (see `RULINGS`)."""
    if game == "blackjack":
        return RULINGS["blackjack-2007" if version == "2007" else "blackjack"]
    return RULINGS["super-pan-9" if game == "super-pan-9" else "baccarat"]


def _place(i: int) -> str:
    return f"card {i + 1} of the shoe"


@dataclass
class Declared:
    """One shoe's declared order (or its commitment, until revealed) and how far the dealing has followed it."""

    marker: Any
    line: int
    #: what the stack holds (codes): the packs, less the cards on the table after a mid-round reshuffle
    held: Counter[int]
    commitment: str | None = None
    order: list[int] | None = None
    taken: bytearray = field(default_factory=bytearray)
    next: int = 0  # the first place not yet dealt, in order
    out: int = 0  # cards out of the shoe so far
    waiting: list[tuple[int, int, int]] = field(default_factory=list)  # (code, line, round) dealt before a reveal
    places: dict[int, list[int]] = field(default_factory=dict)  # code or rank -> places of the order holding it
    #: code or rank -> (its place, when it came out) of the last one dealt
    last: dict[int, tuple[int, int]] = field(default_factory=dict)
    suited: bool = False  # every card of the order written with its suit


class ShoeOrders:
    """A card game judge's declared orders and mid-round reshuffles; it becomes the shoe's `watch` while one is in
    force, so that every card leaving the shoe passes through `deal`."""

    def __init__(self, report: Report, shoe: Shoe, game: str, version: str, citation: str) -> None:
        self.report = report
        self.shoe = shoe
        self.game = game
        self.version = version
        self.citation = citation
        self.current: Declared | None = None
        self.pending: dict | None = None  # a reshuffle entry, due in the round's cards

    def _full(self) -> Counter:
        """The full shoe's cards by rank (codes without a suit), the packs as the rule set has them."""
        return Counter({r * 5 + NO_SUIT: n for r, n in enumerate(self.shoe.counts) if n})

    # -- a round's fields ----------------------------------------------------------------------------------------
    def round(self, line: int, rec: dict, new: bool) -> None:
        """Called at a round's start (before its burnt cards): a new shoe ends the last one's order; the round's
        `order` and `order_sha256` are read."""
        if new:
            self._close()
        if "order" in rec or "order_sha256" in rec:
            self._declare(line, rec, new, self._full())
        self._watch()

    def reshuffle(self, line: int, entry: Any) -> None:
        """A round's `"reshuffle"` entry (read after its burnt cards): due in the round's cards."""
        if type(entry) is not dict:
            raise LogError(line, '"reshuffle" must be an object {"after": K, "shoe": NEW, ...}')
        check_keys(entry, RESHUFFLE_KEYS, line, "reshuffle: ")
        whole(require(entry, "after", line, "reshuffle: "), line, '"reshuffle": "after"', 1)
        marker = require(entry, "shoe", line, "reshuffle: ")
        if type(marker) not in (int, str) or marker == self.shoe.marker:
            raise LogError(
                line,
                '"reshuffle": "shoe" must be a new shoe marker (a number or a string other than this '
                f"shoe's), not {shorten(marker)}",
            )
        self.pending = entry
        self._watch()

    def _watch(self) -> None:
        self.shoe.watch = self if self.current is not None or self.pending is not None else None

    def _declare(self, line: int, rec: dict, new: bool, held: Counter) -> None:
        commitment = rec.get("order_sha256")
        where = '"reshuffle": ' if "after" in rec else ""
        if commitment is not None:
            if type(commitment) is not str or len(commitment) != 64 or not set(commitment) <= _HEX:
                raise LogError(line, f'{where}"order_sha256" must be 64 lower-case hexadecimal digits (a SHA-256)')
            if not new:
                raise LogError(
                    line,
                    f'{where}"order_sha256" commits to a shoe\'s order at its shuffle: give it on the '
                    "shoe's first round",
                )
        order = rec.get("order")
        if new:
            self.current = Declared(self.shoe.marker, line, held, commitment)
        elif self.current is None or self.current.order is not None or self.current.commitment is None:
            raise LogError(
                line,
                f'{where}"order" on a later round of a shoe reveals an order committed to on its '
                'first round ("order_sha256"); give the order itself on the first round',
            )
        if order is not None:
            self._reveal(line, self.current, cards(order, line, f'{where}"order"'))

    def _reveal(self, line: int, d: Declared, order: list[int]) -> None:
        d.order = order
        d.taken = bytearray(len(order))
        d.suited = all(SUIT_OF[c] != NO_SUIT for c in order)
        if d.commitment is not None and order_sha256([label(c) for c in order]) != d.commitment:
            self.report.fault(
                SHOE,
                line,
                rule="declared order: commitment",
                did=f"revealed an order of shoe {d.marker!r} "
                f"whose SHA-256 differs from the one committed to on line {d.line}",
                law="the order revealed is the order committed to at the shuffle",
                citation=PROCEDURE,
            )
        self._composition(line, d, order)
        for i, c in enumerate(order):
            d.places.setdefault(c, []).append(i)
            if SUIT_OF[c] != NO_SUIT:
                d.places.setdefault(RANK_OF[c] * 5 + NO_SUIT, []).append(i)
        waiting, d.waiting, d.out = d.waiting, [], 0
        for code, at, rnd in waiting:
            self._check(d, order, at, code, rnd)

    def _composition(self, line: int, d: Declared, order: list[int]) -> None:
        """The order must hold what the stack holds: a fault naming the first kind of card that differs."""
        ranks = Counter(RANK_OF[c] for c in order)
        held: Counter[int] = Counter()
        for c, n in d.held.items():
            held[RANK_OF[c]] += n
        for r in range(13):
            if ranks[r] != held[r]:
                less = ", less the cards on the table" if d.held != self._full() else ""
                self.report.fault(
                    SHOE,
                    line,
                    rule="declared order: composition",
                    did=f"declared an order of shoe {d.marker!r} holding {ranks[r]} card(s) of rank {RANK_NAMES[r]}",
                    law=f"the shoe ({self.shoe.what}{less}) holds {held[r]}",
                    citation=self.citation,
                )
                return
        if self.shoe.packs is not None and all(SUIT_OF[c] != NO_SUIT for c in order):
            for c, n in Counter(order).items():
                if n > self.shoe.packs:
                    self.report.fault(
                        SHOE,
                        line,
                        rule="declared order: composition",
                        did=f"declared an order of shoe {d.marker!r} holding {label(c)} {n} times",
                        law=f"the shoe ({self.shoe.what}) holds {self.shoe.packs} of each card",
                        citation=self.citation,
                    )
                    return

    # -- the cards dealt -----------------------------------------------------------------------------------------
    def deal(self, line: int, codes: list[int]) -> None:
        """The round's cards (or its burnt cards), checked against the declared order and counted by the shoe; a
        reshuffle due in this round splits them."""
        if self.pending is None:
            self._dealt(line, codes)
            return
        entry = self.pending
        self.pending = None
        after = entry["after"]
        if after >= len(codes):
            raise LogError(
                line,
                f'"reshuffle": "after" {after} must be below the round\'s {len(codes)} cards (the '
                "cards dealt before the reshuffle, burnt cards aside)",
            )
        table, rest = codes[:after], codes[after:]
        self._dealt(line, table)
        self._close()
        fault, law, citation = ruling(self.game, self.version)
        if fault:
            self.report.fault(
                SHOE,
                line,
                rule="reshuffle in mid-round",
                did=(
                    f"reshuffled the shoe after {after} of the round's cards,"
                    " dealing the rest from a stack without them"
                ),
                law=law,
                citation=citation,
            )
        else:
            self.report.note(f"reshuffles in mid-round (the stack less the cards on the table): {law} [{citation}]")
        self.shoe.reshuffle(entry["shoe"], table)
        if "order" in entry or "order_sha256" in entry:
            held = self._full()
            for c in table:
                held[RANK_OF[c] * 5 + NO_SUIT] -= 1
            self._declare(line, entry, True, held)
        cut = entry.get("cut")
        if cut is not None:
            self.shoe.cut, self.shoe.cut_line = whole(cut, line, '"reshuffle": "cut"', 1), line
        burn = entry.get("burn")
        if burn is not None:
            self._dealt(line, cards(burn, line, '"reshuffle": "burn"'))
        self._dealt(line, rest)
        self._watch()

    def _dealt(self, line: int, codes: list[int]) -> None:
        d = self.current
        if d is not None:
            rnd = self.report.rounds
            if d.order is None:
                if len(d.waiting) <= sum(self.shoe.counts):
                    d.waiting.extend((c, line, rnd) for c in codes)
            else:
                for c in codes:
                    self._check(d, d.order, line, c, rnd)
        self.shoe.count(line, codes)

    def _check(self, d: Declared, order: list[int], line: int, code: int, rnd: int) -> None:
        """One card out of the shoe against the declared `order` (`d`'s, revealed). A departure is explained by the
        nearest account: the card's place a few cards on (cards skipped), the same card out a moment ago (dealt
        twice), its place further on, a place passed over before, or none."""
        i = d.out
        d.out += 1
        taken = d.taken
        k = d.next
        suited = SUIT_OF[code] != NO_SUIT
        if k < len(order) and (
            order[k] == code or ((not suited or SUIT_OF[order[k]] == NO_SUIT) and RANK_OF[order[k]] == RANK_OF[code])
        ):
            self._take(d, order, k, code, i)
            self._advance(d)
            return
        key = code if suited and d.suited else RANK_OF[code] * 5 + NO_SUIT
        places = d.places.get(key, ())
        later = next((j for j in places if j > k and not taken[j]), None)
        earlier = next((j for j in places if j < k and not taken[j]), None)
        before = d.last.get(key)
        name = label(code)
        expected = (
            f"the declared order has {label(order[k])} there" if k < len(order) else "the declared order has ended"
        )
        if later is not None and (later - k <= NEAR or before is None or before[1] < i - NEAR_TWICE):
            skipped = [j for j in range(k, later) if not taken[j]]
            shown = ", ".join(label(order[j]) for j in skipped[:5]) + (", ..." if len(skipped) > 5 else "")
            did = (
                f"dealt {name} as {_place(i)}; {expected}: {name} is {_place(later)}, so {len(skipped)} card(s) "
                f"skipped ({shown})"
            )
            self._take(d, order, later, code, i)
            d.next = later
            self._advance(d)
        elif before is not None:
            did = (
                f"dealt {name} as {_place(i)}; {expected}: {name} came out as {_place(before[1])} already, a card "
                "dealt twice"
            )
        elif earlier is not None:
            did = f"dealt {name} as {_place(i)}; {expected}: {name} is {_place(earlier)}, passed over before"
            self._take(d, order, earlier, code, i)
        else:
            did = f"dealt {name} as {_place(i)}; {expected}: the order holds no {name}" + (" left" if places else "")
        self.report.fault(
            SHOE,
            line,
            rule="declared order",
            did=did,
            law="every card comes out of the shoe in the order declared at its shuffle",
            citation=PROCEDURE,
            at_round=rnd,
        )

    @staticmethod
    def _take(d: Declared, order: list[int], place: int, code: int, out: int) -> None:
        d.taken[place] = 1
        for key in {code, RANK_OF[code] * 5 + NO_SUIT, order[place]}:
            d.last[key] = (place, out)

    @staticmethod
    def _advance(d: Declared) -> None:
        k, taken = d.next, d.taken
        while k < len(taken) and taken[k]:
            k += 1
        d.next = k

    def _close(self) -> None:
        """The current shoe is over: a commitment never revealed is noted (its cards could not be checked)."""
        d = self.current
        if d is not None and d.order is None:
            self.report.note(
                'a shoe\'s order committed to ("order_sha256") but never revealed: its cards were not '
                "checked against it"
            )
        self.current = None

    def close(self) -> None:
        """The end of the log."""
        self._close()
        self.pending = None
        self._watch()
