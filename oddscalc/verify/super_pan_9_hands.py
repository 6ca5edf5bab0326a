"""Judging a Super Pan 9 round of several hands (the round log's `hands` form, docs/verify.md).

One bank, held by the House or by a player, meets 2 to 7 opposing hands, and the House's own hand when it wagers
on one.

The law, and how it is read here (each fault cites its paragraph):

* reg 9(2)(e),(f): three cards to each hand and to the banker. Each opposing player may take a fourth card, so
  any choice is legal (`--strategy optimal` costs each player's choice as for one hand). The House's own hand (its
  reg 9(11) wager on a hand of its own) is played like an opposing hand: reg 9(2)(g) binds the House as banker.
* reg 9(2)(g),(h): the House as banker draws on 0-5 and stands on 6-9; a player holding the bank chooses freely.
* reg 9(5): a player holds the bank only when two or more opposing players have wagered against it.
* reg 9(7): every hand dealt carries an initial wager, made before its cards.
* reg 9(8)-(10): an initial wager against the bank wins on the higher point (19 to 20 against the House, 1 to 1
  against a player), is void on equal points, lost otherwise. The tie wager is against the House at 7 to 1 whoever
  holds the bank.
* reg 9(11): a player holding the bank may ask, when the other players' wagers fall short of his stake. Then the
  House places a wager (one) against that bank. It is settled like the others and counts among the wagers
  against the bank.
* reg 10(1): after the settlement the House may charge the player holding the bank 5% "of any excess of losing
  wagers over winning wagers". That is of the bank's net over every wager against it (tie wagers are the House's),
  nothing when that net is not positive. 5% or nothing is accepted (the House "may"); any other levy is a fault.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oddscalc.core.numbers import shorten
from oddscalc.verify.baccarat import hand_points
from oddscalc.verify.context import payout_citation
from oddscalc.verify.findings import ILLEGAL, MISPAID, amount_text
from oddscalc.verify.reader import LogError, amount, check_keys, require, stake, wager_list

__all__ = ["MAX_PLAYERS", "ROUND_KEYS", "Hand", "HandsJudge"]

#: Fields of a round in the `hands` form.
ROUND_KEYS = frozenset(
    {
        "shoe",
        "cut",
        "burn",
        "bank",
        "hands",
        "banker",
        "levy",
        "bank_stake",
        "wagers",
        "order",
        "order_sha256",
        "reshuffle",
    }
)
HAND_KEYS = frozenset({"cards", "wagers"})
_BY = frozenset({"by"})
#: The most opposing players' hands in one round (the project's tables show 2 to 7; the law names no limit).
MAX_PLAYERS = 7
#: Wagers against the bank (the tie wager is against the House, reg 9(10)).
AGAINST_BANK = ("initial", "initial-player-bank")
INITIAL_FIRST = "SI 1994/2899 reg 9(7)"
HOUSE_WAGER = "SI 1994/2899 reg 9(11)"
LEVY = "SI 1994/2899 reg 10(1)"


@dataclass(frozen=True)
class Hand:
    """One hand as logged: its cards in the order dealt and its wagers (name, "player" or "house", stake, net)."""

    cards: list[int]
    wagers: list[tuple[str, str, Any, Any]]

    @property
    def own(self) -> bool:
        """The House's own hand: every wager on it is the House's."""
        return bool(self.wagers) and all(by == "house" for _, by, _, _ in self.wagers)


def _t(x: Any) -> str:
    return amount_text(Fraction(x))


class HandsJudge:
    """The `hands` form for `SuperPan9Judge` (whose shoe, runs record, strategy and settlement it shares)."""

    def __init__(self, judge: Any) -> None:  # the `SuperPan9Judge` whose rounds these are (it holds this one)
        self.judge = judge
        self.ctx = judge.ctx
        self.report = judge.report
        self.one_hand = self.ctx.rules.get("hands") == "1"  # the custom rule set (resolve needs --custom)
        banker = self.ctx.wagers.get("player-banker")
        self.levy_rate = banker.pay("levy") if banker is not None else Fraction(1, 20)
        against = self.ctx.wagers.get("initial-player-bank")
        pays = against.pay() if against is not None else Fraction(1)
        self.pays = pays.numerator if pays.denominator == 1 else pays  # whole odds keep the sums in integers

    def __call__(self, line: int, rec: dict) -> None:
        judge = self.judge
        if "player" in rec:
            raise LogError(line, 'a round has either "player" (one opposing hand) or "hands", not both')
        check_keys(rec, ROUND_KEYS, line)
        new = judge._begin(line, rec)
        bank = judge.bank_of(rec, line)
        hands = self._hands(line, rec)
        B = judge._cards(rec, "banker", line)
        if not 3 <= len(B) <= 4:
            raise LogError(line, f"the banker's hand holds 3 or 4 cards, not {len(B)}")
        judge.shoe.deal(
            line, [c for h in hands for c in h.cards[:3]] + B[:3] + [c for h in hands for c in h.cards[3:]] + B[3:]
        )
        if bank == "house":
            judge.house_rule(line, B)
        fb = hand_points(B)
        points = [hand_points(h.cards) for h in hands]
        if new:
            judge.runs.add(fb > points[0])
        if bank == "player":
            judge.one_player(
                line, sum(1 for h in hands if any(by == "player" and key in AGAINST_BANK for key, by, _, _ in h.wagers))
            )
        won = paid = players_staked = against = 0
        house: list[Any] = []
        for i, (hand, fp) in enumerate(zip(hands, points)):
            initial, mine = False, None  # an initial wager on the hand; its player's stake (the strategy's unit)
            for key, by, staked, net in hand.wagers:
                if key == "player-banker":
                    raise LogError(
                        line,
                        f"hand {i + 1}: the player-banker's side is a wager of the round, not of "
                        'a hand: write it in the round\'s "wagers"',
                    )
                wager = self.ctx.permitted(key, line)
                if wager is None:
                    continue
                if key in AGAINST_BANK:
                    initial = True
                    if by == "player" and mine is None:
                        mine = staked
                if by == "house":
                    if not self._house_may(line, i, key, bank):
                        continue
                    house.append(staked)
                elif key in AGAINST_BANK:
                    players_staked += staked
                judge.settle(
                    line,
                    key,
                    wager,
                    bank,
                    staked,
                    net,
                    fp,
                    fb,
                    f"hand {i + 1}: ",
                    "; reg 9(11) (the House's wager)" if by == "house" else "",
                )
                if key in AGAINST_BANK and bank == "player":
                    against += staked
                    if fb > fp:
                        won += staked
                    elif fp > fb:
                        paid += staked * self.pays
            if not initial:
                self.report.fault(
                    ILLEGAL,
                    line,
                    rule="initial wager",
                    did=f"dealt hand {i + 1} with no initial wager on it",
                    law="an initial wager is made by an opposing player before any cards are dealt to him",
                    citation=INITIAL_FIRST,
                )
            elif judge.strategy is not None and mine is not None:
                judge.strategy.judge(line, hand.cards, bank, mine)
        if bank == "player":
            self._house_wagers(line, rec, house, players_staked)
            levy = self._levy(line, rec, won, paid)
        else:
            self._no_levy(line, rec)
            levy = 0
        self._bank_side(line, rec, bank, against, won, paid, levy)

    # -- reading -------------------------------------------------------------------------------------------------
    def _hands(self, line: int, rec: dict) -> list[Hand]:
        raw = rec["hands"]
        if type(raw) is not list:
            raise LogError(
                line, f'"hands" must be a list of hands {{"cards": [...], "wagers": [...]}}, not {shorten(raw)}'
            )
        hands = []
        for i, h in enumerate(raw):
            where = f"hand {i + 1}: "
            if type(h) is not dict:
                raise LogError(line, f'{where}must be an object {{"cards": [...], "wagers": [...]}}, not {shorten(h)}')
            check_keys(h, HAND_KEYS, line, where)
            cards = self.judge._codes(require(h, "cards", line, where), line, f'{where}"cards"')
            if not 3 <= len(cards) <= 4:
                raise LogError(line, f"{where}a Super Pan 9 hand holds 3 or 4 cards, not {len(cards)}")
            records = wager_list(h, line, where)
            wagers = []
            for j, w in enumerate(records):
                key, staked, net = self.ctx.wager_record(w, line, j, _BY, f"hand {i + 1}, ")
                by = w.get("by", "player")
                if by not in ("player", "house"):
                    raise LogError(
                        line, f'hand {i + 1}, wager {j + 1}: "by" must be "player" or "house", not {shorten(by)}'
                    )
                wagers.append((key, by, staked, net))
            hands.append(Hand(cards, wagers))
        least = 1 if self.one_hand else 2
        most = MAX_PLAYERS + (1 if any(h.own for h in hands) else 0)
        if not least <= len(hands) <= most:
            message = (
                f'"hands" holds {len(hands)} hand(s); a round holds 2 to {MAX_PLAYERS} opposing hands, and the '
                "House's own hand if it wagers on one"
            )
            if len(hands) == 1:
                message += (
                    '; a round against one opposing hand is written with "player" and "banker" (reg 9(5): '
                    "the House holds that bank)"
                )
            raise LogError(line, message)
        return hands

    # -- the House's wager, the levy, the bank's own side ----------------------------------------------------------
    def _house_may(self, line: int, i: int, key: str, bank: str) -> bool:
        """May the House place this wager? (reg 9(11): at a player-banker's request, against his bank.)"""
        if bank != "player":
            law = "the House wagers only at the request of a player holding the bank, against that bank"
        elif key != "initial-player-bank":
            law = "the House's wager is an initial wager against the player's bank"
        else:
            return True
        self.report.fault(
            ILLEGAL,
            line,
            rule="the House's wager",
            did=f"recorded a {key} wager by the House on hand {i + 1}"
            + (" with the House holding the bank" if bank != "player" else ""),
            law=law,
            citation=HOUSE_WAGER,
        )
        return False

    def _house_wagers(self, line: int, rec: dict, house: list, players_staked: Any) -> None:
        """One House wager at most, and only when the players' wagers fall short of the bank's stake."""
        given = rec.get("bank_stake")
        bank_stake = None if given is None else stake(given, line, '"bank_stake"')
        if len(house) > 1:
            self.report.fault(
                ILLEGAL,
                line,
                rule="the House's wager",
                did=f"recorded {len(house)} wagers by the House",
                law="at the bank's request the House places a wager: one",
                citation=HOUSE_WAGER,
            )
        if not house:
            return
        if bank_stake is None:
            self.report.note(
                "the House's wager (reg 9(11)) was not checked against the bank's stake: the round "
                'gives no "bank_stake"'
            )
        elif players_staked >= bank_stake:
            self.report.fault(
                ILLEGAL,
                line,
                rule="the House's wager",
                did=f"recorded a wager by the House of "
                f"{_t(sum(house))} although the other players' wagers ({_t(players_staked)}) reach the "
                f"bank's stake ({_t(bank_stake)})",
                law="the House wagers only when the wagers placed by "
                "the other players do not amount to the stake the player holding the bank has placed",
                citation=HOUSE_WAGER,
            )

    def _levy(self, line: int, rec: dict, won: Any, paid: Any) -> Any:
        """The levy charged, judged against 5% of the bank's net winnings over the round (or none)."""
        charged = amount(require(rec, "levy", line), line, '"levy"')
        if charged < 0:
            raise LogError(
                line,
                f'"levy" {_t(charged)} is negative; the levy is the amount the House charged the bank, 0 when none',
            )
        net = won - paid
        due = self.levy_rate * net if net > 0 else 0
        if charged == due:
            return charged
        rate = amount_text(self.levy_rate * 100) + "%"
        if charged == 0:
            self.report.note("the House charged no levy on a player's bank with net winnings (reg 10(1): it may)")
        elif net <= 0:
            self.report.fault(
                MISPAID,
                line,
                rule="levy without net winnings",
                did=f"charged the bank a levy of {_t(charged)} "
                f"in a round in which it won {_t(won)} and paid {_t(paid)} (net {_t(net)})",
                law=f"the levy is {rate} of any excess of losing wagers over winning wagers; here there "
                "is none, so no levy",
                citation=LEVY,
            )
        else:
            self.report.fault(
                MISPAID,
                line,
                rule="levy on the net",
                did=(
                    f"charged the bank a levy of {_t(charged)} in a round in which it won {_t(won)} and paid {_t(paid)}"
                ),
                law=f"{rate} of the excess of "
                f"losing wagers over winning wagers over the round, {_t(won)} - {_t(paid)} = "
                f"{_t(net)}: a levy of {_t(due)} (or none: the House may waive it)",
                citation=LEVY,
            )
        return charged

    def _no_levy(self, line: int, rec: dict) -> None:
        given = rec.get("levy")
        if given is None:
            return
        charged = amount(given, line, '"levy"')
        if charged != 0:
            self.report.fault(
                MISPAID,
                line,
                rule="levy on the House's bank",
                did=f"charged a levy of {_t(charged)} with the House holding the bank",
                law="the levy is charged only on a bank held by a player other than the House",
                citation=LEVY,
            )

    def _bank_side(self, line: int, rec: dict, bank: str, against: Any, won: Any, paid: Any, levy: Any) -> None:
        """The player-banker's own record: everything wagered against him, his net after the levy charged."""
        records = rec.get("wagers", [])
        if type(records) is not list:
            raise LogError(line, f'"wagers" must be a list of wager records, not {shorten(records)}')
        if len(records) > 1:
            raise LogError(
                line,
                "the round's \"wagers\" hold one record, the player-banker's side; each hand's wagers go in that hand",
            )
        for i, w in enumerate(records):
            key, staked, net = self.ctx.wager_record(w, line, i)
            if key != "player-banker":
                raise LogError(
                    line,
                    f"wager {i + 1}: {shorten(key)} is a wager on one hand: write it in that "
                    "hand's \"wagers\" (the round's hold the player-banker's side)",
                )
            wager = self.ctx.permitted(key, line)
            if wager is None or not self.judge.bank_matches(line, key, wager, bank):
                continue
            if staked != against:
                raise LogError(
                    line,
                    f"wager {i + 1}: the player-banker's stake is everything wagered against the "
                    f"bank, {_t(against)}, not {_t(staked)}",
                )
            if net != won - paid - levy:
                self.ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    won - paid - levy,
                    f"the bank won {_t(won)} and paid "
                    f"{_t(paid)}: net {_t(won - paid)}, less the levy charged ({_t(levy)})",
                    payout_citation(wager),
                )
