"""Judges for casino stud poker (reg 8, Sch 2; the progressive jackpot of reg 8(11A)) and Three Card Poker
(reg 12 as inserted in 2002): the player's decision and stakes, the banker's qualification, every wager settled.

Hands are ranked here from the law's words by rank bit masks and multiplicities (a third evaluator, apart from
the engine's numpy rankers and the simulator's): a hand's value is (category, tie-break ranks), so that equal
values are hands of exactly equal ranking (suits never rank). A round:
{"player": ["As", "Kd", "Jc", "8h", "3s"], "banker": [...], "decision": "raise", "wagers": [{"on": "ante", ...},
{"on": "raise", ...}]}; Three Card Poker's decision is "play" or "fold" and its wagers "ante", "play" and
"pair-plus". Each hand comes from a freshly shuffled pack (reg 8(1)(b), 12(1)(b)): a "shoe" marker, if given,
must change every round. Dealing order: the player's cards, then the banker's (the up-card last).
"""

from __future__ import annotations

from typing import Any

from oddscalc.verify.cardgame import CardJudge
from oddscalc.verify.cards import NO_SUIT, POKER_RANK, SUIT_OF, pack
from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.reader import LogError, amount, check_keys
from oddscalc.verify.report import ILLEGAL, SHOE
from oddscalc.verify.shoe import Shoe

__all__ = ["StudJudge", "ThreeCardJudge", "five_value", "three_value", "FIVE", "THREE"]

#: Schedule 2 para 2, lowest first (the royal flush apart).
FIVE = ("no pair", "one pair", "two pairs", "three of a kind", "straight", "flush", "full house", "four of a kind",
        "straight flush", "royal flush")
#: Reg 12(1)(c), lowest first (a straight above a flush).
THREE = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")
_WHEEL5 = (1 << 14) | 0b111100  # A-2-3-4-5
_WHEEL3 = (1 << 14) | 0b1100    # A-2-3


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


class _PokerJudge(CardJudge):
    KEYS: frozenset[str] = frozenset()
    size = 5
    decisions = ("raise", "fold")
    bet = "raise"
    runs_name = "serial independence (runs of hands where the player's outranks the banker's)"
    subject = "pack"
    random_law = ("a single pack shuffled before each hand: every card equally likely at every position, hands "
                  "independent")
    shoe_game = False  # a pack per hand (reg 8(1)(b), 12(1)(b)): no series of rounds from one shoe

    def __init__(self, ctx: Context, shoe_citation: str) -> None:
        super().__init__(ctx, Shoe(ctx.report, pack(ctx.game, 1), 1, shoe_citation, "a single pack of 52 cards"),
                         shoe_citation)
        self.shoe_citation = shoe_citation
        self.last_marker: Any = None

    def use_strategy(self, name: str) -> None:
        from oddscalc.verify.strategy import PokerStrategy
        self.strategy = PokerStrategy(self.ctx, name)

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
            self.report.fault(SHOE, line, "pack shuffled each hand", f"dealt this hand from pack {marker!r} again, "
                              "without a new shuffle", "the pack is shuffled before every hand", self.shoe_citation)
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
            raise LogError(line, f"\"decision\" must be {' or '.join(self.decisions)}, not {d!r}")
        return d

    def _bet_stake(self, line: int, d: str | None, wagers: dict, ratio: int, citation: str) -> bool:
        """Whether the raise/play wager is consistent with the decision; files faults otherwise."""
        ante = wagers.get("ante")
        bet = wagers.get(self.bet)
        if d == "fold" and bet is not None:
            self.report.fault(ILLEGAL, line, f"{self.bet} after folding", f"took a {self.bet} wager on a folded hand",
                              "a player who folds makes no further wager and surrenders his Ante", citation)
            return False
        if d == self.decisions[0]:
            if bet is None:
                self.report.fault(ILLEGAL, line, f"{self.bet} wager", f"recorded {d!r} without a {self.bet} wager",
                                  f"to continue, the player makes a {self.bet} wager", citation)
                return False
            if ante is not None and bet[0] != ante[0] * ratio:
                self.report.fault(ILLEGAL, line, f"{self.bet} stake", f"staked {bet[0]} on the {self.bet} against an "
                                  f"Ante of {ante[0]}", f"the {self.bet} wager is exactly "
                                  f"{'twice' if ratio == 2 else 'equal to'} the Ante", citation)
        return True

class StudJudge(_PokerJudge):
    KEYS = frozenset({"shoe", "player", "banker", "decision", "meter", "wagers"})
    REG = "SI 1994/2899 reg 8"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, "SI 1994/2899 reg 8(1)(b)")
        self.log_wagers = ("ante", "raise", *(("progressive-jackpot",) if "progressive-jackpot" in ctx.wagers else ()))
        self.ante_wager = ctx.wagers["ante"]

    def __call__(self, line: int, rec: dict) -> None:
        wagers, player, banker, d = self._open(line, rec, 5)
        game = "ante" in wagers or "raise" in wagers
        mine = five_value(player)
        if banker:
            theirs = five_value(banker)
            self.runs.add(mine > theirs)
        if self.strategy is not None and d is not None and banker:
            self.strategy.judge(line, player, banker[4], d, wagers["ante"][0] if "ante" in wagers else 1)
        if game:
            self._ante_raise(line, d, wagers, mine, theirs)
        if "progressive-jackpot" in wagers:
            self._jackpot(line, rec, wagers["progressive-jackpot"], mine)

    def _ante_raise(self, line: int, d: str | None, wagers: dict, mine, theirs) -> None:
        ctx, w = self.ctx, self.ante_wager
        ante = wagers.get("ante")
        if ante is None:
            raise LogError(line, "a raise wager needs its Ante wager")
        ok = self._bet_stake(line, d, wagers, int(w.param("raise", 2)), f"{self.REG}(6), (7)")
        A = ante[0]
        if d == "fold":
            ctx.settle(line, "ante", A, ante[1], -A, "the player folded: the Ante is surrendered", f"{self.REG}(7)")
            return
        raise_ = wagers.get("raise")
        qualifies = theirs[0] >= 1 or (theirs[1][0] == 14 and 13 in theirs[1])
        cite_ante = payout_citation(w, "ante")
        name = FIVE[mine[0]]
        key = {"no pair": "one-pair-or-less", "one pair": "one-pair-or-less"}.get(name, name.replace(" ", "-"))
        if not qualifies:
            law = f"the banker's {FIVE[theirs[0]]} is not Ace/King or better"
            ctx.settle(line, "ante", A, ante[1], A * w.pay("ante"), f"{law}: the Ante wins at 1 to 1",
                       f"{self.REG}(8)(a), (9)")
            if raise_ and ok:
                ctx.settle(line, "raise", raise_[0], raise_[1], 0, f"{law}: the Raise is a no bet, returned",
                           f"{self.REG}(8)(a)")
        elif mine > theirs:
            ctx.settle(line, "ante", A, ante[1], A * w.pay("ante"), f"the player's {name} outranks the banker's "
                       f"{FIVE[theirs[0]]}: the Ante wins at 1 to 1", cite_ante)
            if raise_ and ok:
                payout = next(p for p in w.payouts if p.key == key)
                ctx.settle(line, "raise", raise_[0], raise_[1], raise_[0] * payout.value, f"the player's {name} "
                           f"outranks the banker's {FIVE[theirs[0]]}: the Raise wins at {payout.odds.text}",
                           payout_citation(w, key))
        elif mine == theirs:
            law = "the hands are of exactly equal ranking: void"
            ctx.settle(line, "ante", A, ante[1], 0, law, f"{self.REG}(11)")
            if raise_ and ok:
                ctx.settle(line, "raise", raise_[0], raise_[1], 0, law, f"{self.REG}(11)")
        else:
            law = f"the banker's {FIVE[theirs[0]]} outranks the player's {name}: lost"
            ctx.settle(line, "ante", A, ante[1], -A, law, f"{self.REG}(10)")
            if raise_ and ok:
                ctx.settle(line, "raise", raise_[0], raise_[1], -raise_[0], law, f"{self.REG}(10)")

    def _jackpot(self, line: int, rec: dict, wager: tuple, mine) -> None:
        ctx = self.ctx
        w = ctx.wagers["progressive-jackpot"]
        staked, net = wager
        meter_text = rec.get("meter", ctx.rules.get("meter"))
        meter = amount(meter_text, line, "\"meter\"")
        if meter < 0:
            raise LogError(line, f"\"meter\" {meter_text!r} is negative")
        returned = ctx.rules.get("jackpot-stake", "forfeited") == "returned"
        name = FIVE[mine[0]]
        key = name.replace(" ", "-")
        payout = next((p for p in w.payouts if p.key == key), None)
        if payout is None:
            ctx.settle(line, "progressive-jackpot", staked, net, -staked, f"the player's {name} wins nothing: lost",
                       w.citation)
            return
        won = payout.value * meter if payout.unit == "meter" else payout.value * staked
        exp = won - (0 if returned else staked)
        ctx.settle(line, "progressive-jackpot", staked, net, exp, f"the player's {name}: paid {payout.odds.text}"
                   + (" of the meter" if payout.unit == "meter" else " times the wager")
                   + ("" if returned else ", the stake kept (rule jackpot-stake=forfeited)"), payout_citation(w, key))


class ThreeCardJudge(_PokerJudge):
    KEYS = frozenset({"shoe", "player", "banker", "decision", "wagers"})
    size = 3
    decisions = ("play", "fold")
    bet = "play"
    REG = "SI 1994/2899 reg 12"
    INSERTED = " (inserted by SI 2002/1130)"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, f"{self.REG}(1)(b){self.INSERTED}")
        self.log_wagers = ("ante", "play", "pair-plus")
        self.ante_wager = ctx.wagers["ante-play"]

    def __call__(self, line: int, rec: dict) -> None:
        wagers, player, banker, d = self._open(line, rec, 4)
        game = "ante" in wagers or "play" in wagers
        mine = three_value(player)
        theirs = three_value(banker) if banker else None
        if banker:
            self.runs.add(mine > theirs)
        if self.strategy is not None and d is not None:
            self.strategy.judge(line, player, None, d, wagers["ante"][0] if "ante" in wagers else 1)
        if game:
            self._ante_play(line, d, wagers, mine, theirs)
        if "pair-plus" in wagers:
            self._pair_plus(line, wagers["pair-plus"], mine)

    def _ante_play(self, line: int, d: str | None, wagers: dict, mine, theirs) -> None:
        ctx, w = self.ctx, self.ante_wager
        ante = wagers.get("ante")
        if ante is None:
            raise LogError(line, "a play wager needs its Ante wager")
        ok = self._bet_stake(line, d, wagers, 1, f"{self.REG}{self.INSERTED}: the Play wager equal to the Ante (its "
                                                  "paragraph is lost from the damaged copy; reconstructed)")
        A = ante[0]
        if d == "fold":
            ctx.settle(line, "ante", A, ante[1], -A, "the player folded: the Ante is lost", f"{self.REG}{self.INSERTED}")
            return
        name = THREE[mine[0]]
        bonus_key = {"straight": "bonus-straight", "three of a kind": "bonus-three-of-a-kind",
                     "straight flush": "bonus-straight-flush"}.get(name)
        bonus = A * w.pay(bonus_key) if bonus_key else 0
        with_bonus = f" plus the Ante Bonus for a {name} at {_odds(w, bonus_key)}" if bonus_key else ""
        play = wagers.get("play")
        qualifies = theirs[0] >= 1 or theirs[1][0] >= 12
        if not qualifies:
            law = f"the banker's {THREE[theirs[0]]} is not Queen-high or better"
            ctx.settle(line, "ante", A, ante[1], A * w.pay("ante-banker-not-qualifying") + bonus,
                       f"{law}: the Ante wins at 1 to 1{with_bonus}", payout_citation(w, "ante-banker-not-qualifying"))
            if play and ok:
                ctx.settle(line, "play", play[0], play[1], 0, f"{law}: the Play wager is returned",
                           payout_citation(w, "ante-banker-not-qualifying"))
        elif mine > theirs:
            law = f"the player's {name} outranks the banker's {THREE[theirs[0]]}"
            ctx.settle(line, "ante", A, ante[1], A * w.pay("ante") + bonus, f"{law}: the Ante wins at 1 to 1"
                       f"{with_bonus}", payout_citation(w, "ante"))
            if play and ok:
                ctx.settle(line, "play", play[0], play[1], play[0] * w.pay("play"), f"{law}: the Play wins at 1 to 1",
                           payout_citation(w, "play"))
        elif mine == theirs:
            law = "the hands are of exactly equal ranking: Ante and Play void"
            ctx.settle(line, "ante", A, ante[1], bonus, law + with_bonus, f"{self.REG}{self.INSERTED} (equal hands "
                       "void, as reg 8(11); the damaged reg 12 shows no rule)")
            if play and ok:
                ctx.settle(line, "play", play[0], play[1], 0, law, f"{self.REG}{self.INSERTED}")
        else:
            law = f"the banker's {THREE[theirs[0]]} outranks the player's {name}: lost"
            ctx.settle(line, "ante", A, ante[1], -A + bonus, law + with_bonus, f"{self.REG}(10){self.INSERTED}")
            if play and ok:
                ctx.settle(line, "play", play[0], play[1], -play[0], law, f"{self.REG}(10){self.INSERTED}")

    def _pair_plus(self, line: int, wager: tuple, mine) -> None:
        ctx = self.ctx
        w = ctx.wagers["pair-plus"]
        staked, net = wager
        name = THREE[mine[0]]
        key = {"pair": "pair", "flush": "flush", "straight": "straight", "three of a kind": "three-of-a-kind",
               "straight flush": "straight-flush"}.get(name)
        if key is None:
            ctx.settle(line, "pair-plus", staked, net, -staked, "no pair or better: the stake is surrendered",
                       f"{self.REG}(13){self.INSERTED}")
        else:
            ctx.settle(line, "pair-plus", staked, net, staked * w.pay(key), f"a {name}: paid at {_odds(w, key)}",
                       payout_citation(w, key))


def _odds(w, key: str) -> str:
    return next(p.odds.text for p in w.payouts if p.key == key)

