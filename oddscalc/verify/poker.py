"""What the judges of casino stud poker (reg 8, Sch 2) and Three Card Poker (reg 12) share.

Hands are ranked from the law's words by rank bit masks and multiplicities. This is a third evaluator, apart from
the engine's numpy rankers and the simulator's. A hand's value is (category, tie-break ranks), so that equal values
are hands of exactly equal ranking; suits never rank. There is also a card judge for a hand dealt from a freshly
shuffled pack.

A round: {"player": ["As", "Kd", "Jc", "8h", "3s"], "banker": [...], "decision": "raise", "wagers": [{"on":
"ante", ...}, {"on": "raise", ...}]}. Three Card Poker's decision is "play" or "fold" and its wagers "ante",
"play" and "pair-plus". Each hand comes from a freshly shuffled pack (reg 8(1)(b), 12(1)(b)): a "shoe" marker, if
given, must change every round. Dealing order: the player's cards, then the banker's (the up-card last).
"""

from __future__ import annotations

from typing import Any

from oddscalc.verify.card_codes import NO_SUIT, POKER_RANK, SUIT_OF, pack
from oddscalc.verify.cardgame import CardJudge
from oddscalc.verify.context import Context
from oddscalc.verify.findings import ILLEGAL, SHOE
from oddscalc.verify.reader import LogError, check_keys
from oddscalc.verify.shoe_integrity import Shoe

__all__ = ["FIVE", "THREE", "PokerJudge", "five_value", "odds_text", "three_value"]


#: Schedule 2 para 2, lowest first (the royal flush apart).
FIVE = (
    "no pair",
    "one pair",
    "two pairs",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)


#: Reg 12(1)(c), lowest first (a straight above a flush).
THREE = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")


_WHEEL5 = (1 << 14) | 0b111100  # A-2-3-4-5


_WHEEL3 = (1 << 14) | 0b1100  # A-2-3


def _shape(ranks: list[int]) -> tuple[int, tuple[int, ...], int]:
    """(rank bit mask, ranks ordered by multiplicity then rank, largest multiplicity)."""
    mask = 0
    seen: dict[int, int] = {}
    for r in ranks:
        mask |= 1 << r
        seen[r] = seen.get(r, 0) + 1
    order = tuple(sorted(seen, key=lambda r: (seen[r], r), reverse=True))
    return mask, order, seen[order[0]]


def _straight_top(mask: int, n: int, wheel: int) -> int:
    """Top rank of a straight of n distinct ranks (the Ace low in the wheel, which ranks lowest), else 0."""
    if mask == wheel:
        return n
    low = (mask & -mask).bit_length() - 1
    return low + n - 1 if mask >> low == (1 << n) - 1 else 0


def five_value(codes: list[int]) -> tuple[int, tuple[int, ...]]:
    """The Schedule 2 value of five cards: (category index in FIVE, tie-break ranks)."""
    ranks = [POKER_RANK[c] for c in codes]
    flush = len({SUIT_OF[c] for c in codes}) == 1
    mask, order, most = _shape(ranks)
    if len(order) == 5:
        top = _straight_top(mask, 5, _WHEEL5)
        if top:
            return (9 if top == 14 else 8) if flush else 4, (top,)
        return (5 if flush else 0), order
    second = len(order)
    if most == 4:
        return 7, order
    if most == 3:
        return (6 if second == 2 else 3), order
    return (2 if second == 3 else 1), order


def three_value(codes: list[int]) -> tuple[int, tuple[int, ...]]:
    """The reg 12(1) value of three cards: (category index in THREE, tie-break ranks)."""
    ranks = [POKER_RANK[c] for c in codes]
    flush = len({SUIT_OF[c] for c in codes}) == 1
    mask, order, most = _shape(ranks)
    if most == 3:
        return 4, order
    if most == 2:
        return 1, order
    top = _straight_top(mask, 3, _WHEEL3)
    if top:
        return (5 if flush else 3), (top,)
    return (2 if flush else 0), order


class PokerJudge(CardJudge):
    KEYS: frozenset[str] = frozenset()
    size = 5
    decisions = ("raise", "fold")
    bet = "raise"
    runs_name = "serial independence (runs of hands where the player's outranks the banker's)"
    subject = "pack"
    random_law = (
        "a single pack shuffled before each hand: every card equally likely at every position, hands independent"
    )
    shoe_game = False  # a pack per hand (reg 8(1)(b), 12(1)(b)): no series of rounds from one shoe
    log_wagers: tuple[str, ...]  # the wagers a round may give (set by each game's judge)

    def __init__(self, ctx: Context, shoe_citation: str) -> None:
        super().__init__(
            ctx, Shoe(ctx.report, pack(ctx.game, 1), 1, shoe_citation, "a single pack of 52 cards"), shoe_citation
        )
        self.shoe_citation = shoe_citation
        self.last_marker: Any = None

    def _hand(self, rec: dict, key: str, line: int) -> list[int]:
        codes = self._cards(rec, key, line)
        if len(codes) != self.size:
            raise LogError(line, f'"{key}" must hold {self.size} cards, not {len(codes)}')
        if any(SUIT_OF[c] == NO_SUIT for c in codes):
            raise LogError(line, f'"{key}": poker cards need a suit (c, d, h, s), e.g. "As", "Td"')
        return codes

    def _begin(self, line: int, rec: dict) -> bool:
        marker = rec.get("shoe")
        if marker is not None and marker == self.last_marker:
            self.report.fault(
                SHOE,
                line,
                rule="pack shuffled each hand",
                did=f"dealt this hand from pack {marker!r} again, without a new shuffle",
                law="the pack is shuffled before every hand",
                citation=self.shoe_citation,
            )
        self.last_marker = marker
        return self.shoe.begin(line, None)

    def _open(self, line: int, rec: dict, keys: int) -> tuple[dict, list[int], list[int], str | None]:
        """The round's wagers, the player's and banker's cards (the banker's when a game wager needs them), and the
        decision; the cards are dealt from the pack."""
        if len(rec) != keys:
            check_keys(rec, self.KEYS, line)
        self._begin(line, rec)
        wagers = self._wagers(rec, line)
        player = self._hand(rec, "player", line)
        game = "ante" in wagers or self.bet in wagers
        banker = self._hand(rec, "banker", line) if game or "banker" in rec else []
        self.shoe.deal(line, player + banker)
        return wagers, player, banker, self._decision(rec, line, wagers)

    def _wagers(self, rec: dict, line: int) -> dict[str, tuple]:
        return self._wager_map(rec, line, self.log_wagers)

    def _decision(self, rec: dict, line: int, wagers: dict) -> str | None:
        d = rec.get("decision")
        if d is None:
            if "ante" in wagers:
                raise LogError(line, f"missing field 'decision' ({' or '.join(self.decisions)})")
            return None
        if d not in self.decisions:
            raise LogError(line, f'"decision" must be {" or ".join(self.decisions)}, not {d!r}')
        return d

    def _bet_stake(self, line: int, d: str | None, wagers: dict, ratio: int, citation: str) -> bool:
        """Whether the raise/play wager is consistent with the decision; files faults otherwise."""
        ante = wagers.get("ante")
        bet = wagers.get(self.bet)
        if d == "fold" and bet is not None:
            self.report.fault(
                ILLEGAL,
                line,
                rule=f"{self.bet} after folding",
                did=f"took a {self.bet} wager on a folded hand",
                law="a player who folds makes no further wager and surrenders his Ante",
                citation=citation,
            )
            return False
        if d == self.decisions[0]:
            if bet is None:
                self.report.fault(
                    ILLEGAL,
                    line,
                    rule=f"{self.bet} wager",
                    did=f"recorded {d!r} without a {self.bet} wager",
                    law=f"to continue, the player makes a {self.bet} wager",
                    citation=citation,
                )
                return False
            if ante is not None and bet[0] != ante[0] * ratio:
                self.report.fault(
                    ILLEGAL,
                    line,
                    rule=f"{self.bet} stake",
                    did=f"staked {bet[0]} on the {self.bet} against an Ante of {ante[0]}",
                    law=f"the {self.bet} wager is exactly {'twice' if ratio == 2 else 'equal to'} the Ante",
                    citation=citation,
                )
        return True


def odds_text(w, key: str) -> str:
    return next(p.odds.text for p in w.payouts if p.key == key)
