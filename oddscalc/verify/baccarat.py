"""Judges for the baccarat family (reg 6) and Super Pan 9 (regs 9, 10): every card drawn or withheld against
the rules, every wager settled again, the shoe checked, and the cards recorded for the randomness tests.

The drawing rules are the law's data: the punto banco tableau (`games.baccarat.tableau`, a game with no option
to draw, reg 6(7)(c)), chemin de fer's optional cells (`games.chemin_de_fer.tableau`), the Super Pan 9 House
rule of reg 9(2)(g). A card's presence records the decision: a hand with a third (fourth) card drew.

Dealing order (what the shoe-position tests assume): punto banco and chemin de fer player, banker, player,
banker, then the player's third card and the banker's; baccarat banque the banker's two cards, the right hand's
two, the left hand's two, then the third cards right, left, banker; Super Pan 9 the player's three cards, the
banker's three, then the fourth cards player, banker. Burnt cards ("burn") come out before the round's cards.
"""

from __future__ import annotations

from typing import Any

from oddscalc.games.baccarat.rules import removed_cards
from oddscalc.games.baccarat.tableau import NATURALS, PUNTO_BANCO_TABLEAU, STOOD
from oddscalc.games.chemin_de_fer.analysis import parse_commission
from oddscalc.games.chemin_de_fer.tableau import OPTIONAL_CELLS
from oddscalc.verify.cardgame import CardJudge
from oddscalc.verify.cards import BACCARAT_POINT, CARD_CODES as CODES, pack
from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.reader import LogError, amount, check_keys, stake, wager_list
from oddscalc.verify.report import ILLEGAL
from oddscalc.verify.shoe import Shoe

__all__ = ["PuntoBancoJudge", "CheminJudge", "BanqueJudge", "SuperPan9Judge", "shoe_for"]

_CARD_GAME_KEYS = frozenset({"shoe", "cut", "burn", "wagers", "order", "order_sha256", "reshuffle"})
NO_OPTION = "SI 1994/2899 reg 6(7)(c) (no option to draw: the punto banco tableau)"
CHEMIN_RULES = "SI 1994/2899 reg 6(1) (chemin de fer as played: the player's row and the banker's tableau)"
BANQUE_RULES = "SI 1994/2899 reg 6(1) (baccarat banque as played: each opposing hand's row)"
PLAYER_ROW = "the player draws on 0-5 and stands on 6 and 7"
_REMOVED_RANKS = {"A": 0, "1": 0, **{str(v): v - 1 for v in range(2, 10)}, "10": 9, "T": 9, "J": 10, "Q": 11, "K": 12}


def shoe_for(ctx: Context, citation: str) -> Shoe:
    """The game's shoe from the rule set: `decks` packs (or one pack dealt with replacement for `infinite`)
    less the `removed` cards (a ten-value written 0 counts as a 10; in Super Pan 9 as a Jack)."""
    decks_text = ctx.rules.get("decks", "6")
    infinite = decks_text == "infinite"
    decks = 1 if infinite else int(decks_text)
    counts = list(pack(ctx.game, decks))
    removed = ctx.rules.get("removed", "none").strip()
    for label in removed_cards(ctx.rules):
        key = label.upper()
        r = (10 if ctx.game == "super-pan-9" else 9) if key == "0" else _REMOVED_RANKS.get(key)
        if r is None or counts[r] == 0:
            raise ValueError(f"rule removed: cannot remove {label!r} from the shoe")
        counts[r] -= 1
    what = "one pack dealt with replacement" if infinite else f"{decks} pack(s)" + (
        " less 7s-10s" if ctx.game == "super-pan-9" else "") + (f" less {removed}" if removed.lower() not in (
            "", "none") else "")
    return Shoe(ctx.report, counts, None if infinite else decks, citation, what)


class _CardJudge(CardJudge):
    """The baccarat family: the shoe from the rule set; the wager records one by one."""

    def __init__(self, ctx: Context, shoe_citation: str, random_citation: str) -> None:
        super().__init__(ctx, shoe_for(ctx, shoe_citation), random_citation)

    def _each(self, rec: dict, line: int):
        """(key, stake, net, wager, citation) of each permitted wager of the round (others filed as illegal)."""
        for i, w in enumerate(wager_list(rec, line)):
            key, staked, net = self.ctx.wager_record(w, line, i)
            wager = self.ctx.permitted(key, line)
            if wager is not None:
                yield key, staked, net, wager, payout_citation(wager)


def _points(codes: list[int], pt=BACCARAT_POINT) -> int:
    s = 0
    for c in codes:
        s += pt[c]
    return s % 10


def _column_text(column: int) -> str:
    return "when the player stood" if column == STOOD else f"against a player's third card {column}"


class PuntoBancoJudge(_CardJudge):
    """Punto banco: {"shoe": 1, "player": ["9", "K"], "banker": ["3", "4", "8"], "wagers": [...]}."""

    KEYS = _CARD_GAME_KEYS | {"player", "banker"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, f"the shoe of {ctx.rules.get('decks', '6')} packs (rule decks; SI 1994/2899 reg 6 "
                              "names no number)", "SI 1994/2899 reg 6(1) (a card-game dealt from a shuffled shoe)")
        self.player_draws = PUNTO_BANCO_TABLEAU.player_draws
        self.banker_draws = PUNTO_BANCO_TABLEAU.banker_draws
        self.expect: dict[tuple[Any, int, Any], Any] = {}
        self.outcomes: dict[str, tuple] = {}
        # the rule banker-tie (issue 15; absent: void) reads reg 6(7)'s "notwithstanding" 6(4) as a loss on a tie
        banker_tie_loses = ctx.rules.get("banker-tie", "void") == "lose"
        for key, w in ctx.wagers.items():
            on, void, win, odds = w.param("bets_on"), w.param("void_on_tie"), w.pay(), w.payouts[0].odds.text
            if on == "banker" and banker_tie_loses:
                void = False
            rows = []
            for who_key, who in (("player", "the player wins"), ("banker", "the banker wins"), ("tie", "a tie")):
                if on == who_key:
                    rows.append((win, f"{who}: paid at {odds}"))
                elif who_key == "tie" and void:
                    rows.append((0, f"{who}: void, the stake returned"))
                else:
                    rows.append((-1, f"{who}: the stake is lost" + (" (rule banker-tie=lose)" if who_key == "tie"
                                                                     else "")))
            self.outcomes[key] = tuple((f, law, payout_citation(w)) for f, law in rows)

    def __call__(self, line: int, rec: dict) -> None:
        shoe = self.shoe
        if len(rec) == 4 and rec.get("shoe", shoe) == shoe.marker and shoe.cut is None:
            new = False  # the common case: the same shoe, no cut mark, no burnt cards (as `_begin` would find)
        else:
            if len(rec) != 4:
                check_keys(rec, self.KEYS, line)
            new = self._begin(line, rec)
        try:
            P = [CODES[c] for c in rec["player"]]
            B = [CODES[c] for c in rec["banker"]]
            if type(rec["player"]) is not list or type(rec["banker"]) is not list:
                raise TypeError
        except (KeyError, TypeError):
            P = self._cards(rec, "player", line)
            B = self._cards(rec, "banker", line)
        np_, nb = len(P), len(B)
        if not (2 <= np_ <= 3 and 2 <= nb <= 3):
            raise LogError(line, f"a punto banco hand holds 2 or 3 cards (player {np_}, banker {nb})")
        pt = BACCARAT_POINT
        p = (pt[P[0]] + pt[P[1]]) % 10
        b = (pt[B[0]] + pt[B[1]]) % 10
        order = [P[0], B[0], P[1], B[1]]
        if np_ == 3:
            order.append(P[2])
        if nb == 3:
            order.append(B[2])
        shoe.deal(line, order)
        if p >= 8 or b >= 8:
            if np_ == 3 or nb == 3:
                self._natural(line, p, b, np_, nb)
        else:
            should = self.player_draws[p]
            if (np_ == 3) != should:
                self.report.fault(ILLEGAL, line, "player's third card",
                                  f"{'drew' if np_ == 3 else 'stood'} for the player on {p}",
                                  f"{PLAYER_ROW}: on {p} the player {'draws' if should else 'stands'}", NO_OPTION)
            column = pt[P[2]] if np_ == 3 else STOOD
            should = self.banker_draws[b][column]
            if (nb == 3) != should:
                self.report.fault(ILLEGAL, line, "banker's third card",
                                  f"{'drew' if nb == 3 else 'stood'} for the banker on {b} {_column_text(column)}",
                                  f"the banker on {b} {'draws' if should else 'stands'} {_column_text(column)}",
                                  NO_OPTION)
        fp = _points(P) if np_ == 3 else p
        fb = _points(B) if nb == 3 else b
        outcome = 0 if fp > fb else 1 if fb > fp else 2
        if new:
            self.runs.add(outcome == 1)
        self._settle(line, rec, outcome)

    def _natural(self, line: int, p: int, b: int, np_: int, nb: int) -> None:
        hands = " and ".join(h for h, n in (("the player", np_), ("the banker", nb)) if n == 3)
        self.report.fault(ILLEGAL, line, "naturals", f"gave a third card to {hands} with a natural on the table "
                          f"(player {p}, banker {b})", f"a natural ({' or '.join(map(str, NATURALS))}) in either hand "
                          "ends the coup: no third card", NO_OPTION)

    def _settle(self, line: int, rec: dict, outcome: int) -> None:
        expect = self.expect
        for i, w in enumerate(wager_list(rec, line)):
            key = None
            if type(w) is dict and len(w) == 3:
                try:
                    key, st, nt = w["on"], w["stake"], w["net"]
                except KeyError:
                    key = None
            if key is None:
                self.ctx.wager_record(w, line, i)  # a LogError naming what is wrong, if anything
                key, st, nt = w["on"], w["stake"], w["net"]
            try:
                exp = expect.get((key, outcome, st))
            except TypeError:
                exp = None
            if exp is None:
                exp = self._expected(line, i, key, st, outcome)
                if exp is None:
                    continue
            net = amount(nt, line, f"wager {i + 1}: net")
            if net != exp[0]:
                self.ctx.settle(line, key, exp[2], net, exp[0], exp[1], exp[3])

    def _expected(self, line: int, i: int, key: Any, st: Any, outcome: int):
        """(expected net, law, stake, citation) for a wager, cached on (name, outcome, stake text)."""
        if type(key) is not str:
            raise LogError(line, f"wager {i + 1}: \"on\" must be a string, not {key!r}")
        staked = stake(st, line, f"wager {i + 1}: stake")
        if key not in self.outcomes:
            self.ctx.permitted(key, line)
            return None
        factor, law, cite = self.outcomes[key][outcome]
        exp = (staked * factor, law, staked, cite)
        if len(self.expect) > 50_000:
            self.expect.clear()
        if type(st) is str or type(st) is int:
            self.expect[(key, outcome, st)] = exp
        return exp


class CheminJudge(_CardJudge):
    """Chemin de fer: {"shoe": 1, "player": [...], "banker": [...], "wagers": [...]}. The player must draw on
    0-4 and stand on 6-7 and may choose on 5; the banker follows the tableau except in its optional cells (in
    every cell under the model rule banker=free); a natural ends the coup."""

    KEYS = _CARD_GAME_KEYS | {"player", "banker"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, f"the shoe of {ctx.rules.get('decks', '6')} packs (rule decks; SI 1994/2899 reg 6 "
                              "names no number)", "SI 1994/2899 reg 6(1) (a card-game dealt from a shuffled shoe)")
        self.free = ctx.rules.get("banker", "classical") == "free"
        self.commission = parse_commission(ctx.rules.get("commission", "0"))

    def __call__(self, line: int, rec: dict) -> None:
        if len(rec) != 4:
            check_keys(rec, self.KEYS, line)
        new = self._begin(line, rec)
        P, B = self._cards(rec, "player", line), self._cards(rec, "banker", line)
        if not (2 <= len(P) <= 3 and 2 <= len(B) <= 3):
            raise LogError(line, f"a chemin de fer hand holds 2 or 3 cards (player {len(P)}, banker {len(B)})")
        self.shoe.deal(line, [P[0], B[0], P[1], B[1], *P[2:], *B[2:]])
        p, b = _points(P[:2]), _points(B[:2])
        report = self.report
        if p in NATURALS or b in NATURALS:
            if len(P) == 3 or len(B) == 3:
                report.fault(ILLEGAL, line, "naturals", f"drew a third card with a natural on the table (player {p}, "
                             f"banker {b})", "a natural (8 or 9) in either hand ends the coup", CHEMIN_RULES)
        else:
            drew = len(P) == 3
            if (p <= 4 and not drew) or (p >= 6 and drew):
                report.fault(ILLEGAL, line, "player's third card", f"{'drew' if drew else 'stood'} for the player "
                             f"on {p}", "the player must draw on 0-4 and stand on 6 and 7 (5 is his option)",
                             CHEMIN_RULES)
            column = BACCARAT_POINT[P[2]] if drew else STOOD
            if not self.free and (b, column) not in OPTIONAL_CELLS:
                should = PUNTO_BANCO_TABLEAU.banker_draws[b][column]
                if (len(B) == 3) != should:
                    report.fault(ILLEGAL, line, "banker's third card", f"{'drew' if len(B) == 3 else 'stood'} for the "
                                 f"banker on {b} {_column_text(column)}", f"the banker on {b} "
                                 f"{'draws' if should else 'stands'} {_column_text(column)} (not one of his optional "
                                 "cells)", CHEMIN_RULES)
        fp, fb = _points(P), _points(B)
        if new:
            self.runs.add(fb > fp)
        for key, staked, net, wager, cite in self._each(rec, line):
            if fp == fb:
                self.ctx.settle(line, key, staked, net, 0, f"equal points {fp}: void, the stake returned", cite)
            elif wager.param("side") == "bank":
                if fb > fp:
                    factor = wager.pay() * (1 - self.commission)
                    self.ctx.settle(line, key, staked, net, staked * factor, f"the bank wins {fb} to {fp}: paid at "
                                    f"{wager.payouts[0].odds.text}" + (f" less {self.commission * 100}% commission"
                                                                       if self.commission else ""), cite)
                else:
                    self.ctx.settle(line, key, staked, net, -staked, f"the player wins {fp} to {fb}: the bank pays",
                                    cite)
            elif fp > fb:
                self.ctx.settle(line, key, staked, net, staked * wager.pay(), f"the player wins {fp} to {fb}: paid at "
                                f"{wager.payouts[0].odds.text}", cite)
            else:
                self.ctx.settle(line, key, staked, net, -staked, f"the banker wins {fb} to {fp}: the stake is lost",
                                cite)


class BanqueJudge(_CardJudge):
    """Baccarat banque: {"shoe": 1, "banker": [...], "right": [...], "left": [...], "wagers": [...]}. Each
    opposing hand must draw on 0-4 and stand on 6-7 and may choose on 5; the banker chooses freely; a banker's
    natural ends the coup, an opposing hand's natural does not draw and wins against a banker without one."""

    KEYS = _CARD_GAME_KEYS | {"banker", "right", "left"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, f"the shoe of {ctx.rules.get('decks', '6')} packs (rule decks; SI 1994/2899 reg 6 "
                              "names no number)", "SI 1994/2899 reg 6(1) (a card-game dealt from a shuffled shoe)")

    runs_name = "serial independence (runs of the banker beating the right hand, first round of each shoe)"

    def __call__(self, line: int, rec: dict) -> None:
        if len(rec) != 5:
            check_keys(rec, self.KEYS, line)
        new = self._begin(line, rec)
        B = self._cards(rec, "banker", line)
        hands = {"right": self._cards(rec, "right", line), "left": self._cards(rec, "left", line)}
        if not all(2 <= len(h) <= 3 for h in (B, *hands.values())):
            raise LogError(line, "a baccarat banque hand holds 2 or 3 cards")
        R, L = hands["right"], hands["left"]
        self.shoe.deal(line, [*B[:2], *R[:2], *L[:2], *R[2:], *L[2:], *B[2:]])
        b = _points(B[:2])
        report = self.report
        natural = {}
        for name, h in hands.items():
            t = _points(h[:2])
            natural[name] = t in NATURALS
            drew = len(h) == 3
            if b in NATURALS or t in NATURALS:
                if drew:
                    report.fault(ILLEGAL, line, f"{name} hand's third card", f"drew for the {name} hand with a "
                                 f"natural on the table (banker {b}, {name} {t})", "a banker's natural ends the coup; "
                                 "a hand with a natural does not draw", BANQUE_RULES)
            elif (t <= 4 and not drew) or (t >= 6 and drew):
                report.fault(ILLEGAL, line, f"{name} hand's third card", f"{'drew' if drew else 'stood'} for the "
                             f"{name} hand on {t}", "an opposing hand must draw on 0-4 and stand on 6 and 7 (5 is its "
                             "option)", BANQUE_RULES)
        if b in NATURALS and len(B) == 3:
            report.fault(ILLEGAL, line, "banker's third card", f"drew for the banker on a natural {b}",
                         "a banker's natural ends the coup", BANQUE_RULES)
        fb = _points(B)
        results = {}
        for name, h in hands.items():
            fh = _points(h)
            if natural[name] and b not in NATURALS:
                results[name] = 1, f"the {name} hand's natural {fh} wins"
            else:
                c = (fh > fb) - (fh < fb)
                results[name] = c, (f"the {name} hand {fh} against the banker's {fb}")
        if new:
            self.runs.add(results["right"][0] < 0)
        for key, staked, net, wager, cite in self._each(rec, line):
            on = wager.param("hands")
            outcome = [results[h][0] for h in on]
            told = "; ".join(results[h][1] for h in on)
            if all(o > 0 for o in outcome):
                self.ctx.settle(line, key, staked, net, staked * wager.pay(), f"{told}: won, paid at "
                                f"{wager.payouts[0].odds.text}", cite)
            elif all(o < 0 for o in outcome):
                self.ctx.settle(line, key, staked, net, -staked, f"{told}: lost", cite)
            else:
                self.ctx.settle(line, key, staked, net, 0, f"{told}: void (a draw"
                                + (", or one hand won and the other lost" if len(on) == 2 else "") + ")", cite)


class SuperPan9Judge(_CardJudge):
    """Super Pan 9: {"shoe": 1, "bank": "house", "player": [3 or 4 cards], "banker": [3 or 4], "wagers": [...]}
    for one opposing hand, or {"shoe": 1, "bank": "player", "hands": [...], "banker": [...], "levy": "0.5",
    "wagers": [...]} for a bank against several (`verify.super_pan_9_hands`).

    Three cards each (reg 9(2)(e)); the player may take a fourth (9(2)(f)); the House as banker must draw on 0-5
    and stand on 6-9 (9(2)(g)), a player holding the bank chooses (9(2)(h)), and holds it only against two or more
    opposing players (9(5)). Initial wagers win on the higher point, void on equal points (9(8)), at 19 to 20
    against the House's bank and 1 to 1 against a player's (9(9)); the tie wager pays 7 to 1 against the House
    (9(10)); a player holding the bank may be charged a levy of 5% on his net winnings (reg 10(1)).
    """

    KEYS = _CARD_GAME_KEYS | {"player", "banker", "bank"}
    HOUSE_RULE = "SI 1994/2899 reg 9(2)(g)"
    ONE_PLAYER = "SI 1994/2899 reg 9(5)"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, "SI 1994/2899 reg 9(2)(b)", "SI 1994/2899 reg 9(2)(b) (a shoe of 288 cards)")
        from oddscalc.verify.super_pan_9_hands import HandsJudge
        self.hands = HandsJudge(self)

    def use_strategy(self, name: str) -> None:
        from oddscalc.verify.strategy import SuperPan9Strategy
        self.strategy = SuperPan9Strategy(self.ctx, name)

    def bank_of(self, rec: dict, line: int) -> str:
        bank = rec.get("bank", "house")
        if bank not in ("house", "player"):
            raise LogError(line, f"\"bank\" must be \"house\" or \"player\", not {bank!r}")
        return bank

    def __call__(self, line: int, rec: dict) -> None:
        if "hands" in rec:
            self.hands(line, rec)
            return
        if len(rec) != 5:
            check_keys(rec, self.KEYS, line)
        new = self._begin(line, rec)
        bank = self.bank_of(rec, line)
        P, B = self._cards(rec, "player", line), self._cards(rec, "banker", line)
        if not (3 <= len(P) <= 4 and 3 <= len(B) <= 4):
            raise LogError(line, f"a Super Pan 9 hand holds 3 or 4 cards (player {len(P)}, banker {len(B)})")
        self.shoe.deal(line, [*P[:3], *B[:3], *P[3:], *B[3:]])
        if bank == "house":
            self.house_rule(line, B)
        else:
            self.one_player(line, 1)
        fp, fb = _points(P), _points(B)
        if new:
            self.runs.add(fb > fp)
        initial = 1
        for key, staked, net, wager, _ in self._each(rec, line):
            if key.startswith("initial"):
                initial = staked
            self.settle(line, key, wager, bank, staked, net, fp, fb)
        if self.strategy is not None:
            self.strategy.judge(line, P, bank, initial)

    def house_rule(self, line: int, B: list[int]) -> None:
        """The House as banker draws on 0-5 and stands on 6-9 (reg 9(2)(g))."""
        b3 = _points(B[:3])
        if (len(B) == 4) != (b3 <= 5):
            self.report.fault(ILLEGAL, line, "the House's fourth card", f"{'drew' if len(B) == 4 else 'stood'} for "
                              f"the House on {b3}", f"the House, if banker, must draw a fourth card on 5 or less and "
                              f"stand on 6 or more: on {b3} it {'draws' if b3 <= 5 else 'stands'}", self.HOUSE_RULE)

    def one_player(self, line: int, players: int) -> None:
        """A player's bank against fewer than two opposing players: reg 9(5) gives that bank to the House (unless
        the rule set is the custom hands=1). The round is then judged as written."""
        if players >= 2:
            return
        if self.ctx.rules.get("hands") == "1":
            self.report.note("a player's bank against one opposing player: the custom rule set hands=1 (reg 9(5) "
                             "gives such a bank to the House)")
            return
        self.report.fault(ILLEGAL, line, "the bank (one opposing player)", "gave the bank to a player with "
                          f"{'one opposing player' if players == 1 else 'no opposing player'} wagering against it",
                          "where only one opposing player has placed a wager the bank is always held by the House",
                          self.ONE_PLAYER)

    def bank_matches(self, line: int, key: str, wager, bank: str) -> bool:
        """Is the wager one made against this bank? (An illegal-play fault when not; the tie is against the House
        whoever holds the bank, reg 9(10).)"""
        against = wager.param("bank")
        if key == "tie" or against == bank:
            return True
        self.report.fault(ILLEGAL, line, f"{key}: the bank", f"took a {key} wager with the bank held by the "
                          f"{bank}", f"the {key} wager is against a bank held by the "
                          f"{'House' if against == 'house' else 'player'}", wager.citation)
        return False

    def settle(self, line: int, key: str, wager, bank: str, staked, net, fp: int, fb: int, who: str = "",
               also: str = "") -> None:
        """One wager settled again: `who` names the hand ("hand 2: "), `also` adds to the citation."""
        ctx, cite = self.ctx, payout_citation(wager) + also
        if not self.bank_matches(line, key, wager, bank):
            return
        if key == "tie":
            if fp == fb:
                ctx.settle(line, key, staked, net, staked * wager.pay(), f"{who}equal points {fp}: paid at "
                           f"{wager.payouts[0].odds.text}", cite)
            else:
                ctx.settle(line, key, staked, net, -staked, f"{who}points {fp} and {fb}: the stake is lost", cite)
        elif fp == fb:
            ctx.settle(line, key, staked, net, 0, f"{who}equal points {fp}: void, the stake returned", cite)
        elif key == "player-banker":  # the bank's side of the one opposing hand's wager (a custom rule set)
            if fb > fp:
                levied = staked * wager.pay() * (1 - wager.pay("levy"))
                if net == staked * wager.pay():
                    ctx.report.note("the House charged no levy on a player-banker's winnings (reg 10(1): it may)")
                else:
                    ctx.settle(line, key, staked, net, levied, f"the bank wins {fb} to {fp}: the wager won, less the "
                               "House's levy of 5% of the bank's net winnings", cite)
            else:
                ctx.settle(line, key, staked, net, -staked, f"the player wins {fp} to {fb}: the bank pays the wager",
                           cite)
        elif fp > fb:
            ctx.settle(line, key, staked, net, staked * wager.pay(), f"{who}the player wins {fp} to {fb}: paid at "
                       f"{wager.payouts[0].odds.text}", cite)
        else:
            ctx.settle(line, key, staked, net, -staked, f"{who}the banker wins {fb} to {fp}: the stake is lost", cite)
