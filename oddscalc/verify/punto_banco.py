"""The punto banco judge (reg 6(7)): every card drawn or withheld against the fixed tableau (no option to draw,
reg 6(7)(c)), every wager settled again, the shoe checked, the cards recorded for the randomness tests."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from oddscalc.verify.baccarat import (
    BANKER_DRAWS,
    CARD_GAME_KEYS,
    NATURALS,
    NO_OPTION,
    PLAYER_DRAWS,
    PLAYER_ROW,
    STOOD,
    BaccaratJudge,
    column_text,
    hand_points,
)
from oddscalc.verify.card_codes import BACCARAT_POINT
from oddscalc.verify.card_codes import CARD_CODES as CODES
from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.findings import ILLEGAL
from oddscalc.verify.reader import LogError, amount, check_keys, stake, wager_list

__all__ = ["PuntoBancoJudge"]


class PuntoBancoJudge(BaccaratJudge):
    """Punto banco: {"shoe": 1, "player": ["9", "K"], "banker": ["3", "4", "8"], "wagers": [...]}."""

    KEYS = CARD_GAME_KEYS | {"player", "banker"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(
            ctx,
            f"the shoe of {ctx.rules.get('decks', '6')} packs (rule decks; SI 1994/2899 reg 6 names no number)",
            "SI 1994/2899 reg 6(1) (a card-game dealt from a shuffled shoe)",
        )
        self.player_draws = PLAYER_DRAWS
        self.banker_draws = BANKER_DRAWS
        self.expect: dict[tuple[Any, int, Any], Any] = {}
        self.outcomes: dict[str, tuple] = {}
        # the rule banker-tie (issue 15; absent: void) reads reg 6(7)'s "notwithstanding" 6(4) as a loss on a tie
        banker_tie_loses = ctx.rules.get("banker-tie", "void") == "lose"
        for key, w in ctx.wagers.items():
            on, void, win, odds = w.param("bets_on"), w.param("void_on_tie"), w.pay(), w.payouts[0].odds.text
            if on == "banker" and banker_tie_loses:
                void = False
            rows: list[tuple[Fraction | int, str]] = []
            for who_key, who in (("player", "the player wins"), ("banker", "the banker wins"), ("tie", "a tie")):
                if on == who_key:
                    rows.append((win, f"{who}: paid at {odds}"))
                elif who_key == "tie" and void:
                    rows.append((0, f"{who}: void, the stake returned"))
                else:
                    rows.append(
                        (-1, f"{who}: the stake is lost" + (" (rule banker-tie=lose)" if who_key == "tie" else ""))
                    )
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
                self.report.fault(
                    ILLEGAL,
                    line,
                    rule="player's third card",
                    did=f"{'drew' if np_ == 3 else 'stood'} for the player on {p}",
                    law=f"{PLAYER_ROW}: on {p} the player {'draws' if should else 'stands'}",
                    citation=NO_OPTION,
                )
            column = pt[P[2]] if np_ == 3 else STOOD
            should = self.banker_draws[b][column]
            if (nb == 3) != should:
                self.report.fault(
                    ILLEGAL,
                    line,
                    rule="banker's third card",
                    did=f"{'drew' if nb == 3 else 'stood'} for the banker on {b} {column_text(column)}",
                    law=f"the banker on {b} {'draws' if should else 'stands'} {column_text(column)}",
                    citation=NO_OPTION,
                )
        fp = hand_points(P) if np_ == 3 else p
        fb = hand_points(B) if nb == 3 else b
        outcome = 0 if fp > fb else 1 if fb > fp else 2
        if new:
            self.runs.add(outcome == 1)
        self._settle(line, rec, outcome)

    def _natural(self, line: int, p: int, b: int, np_: int, nb: int) -> None:
        hands = " and ".join(h for h, n in (("the player", np_), ("the banker", nb)) if n == 3)
        self.report.fault(
            ILLEGAL,
            line,
            rule="naturals",
            did=f"gave a third card to {hands} with a natural on the table (player {p}, banker {b})",
            law=f"a natural ({' or '.join(map(str, NATURALS))}) in either hand ends the coup: no third card",
            citation=NO_OPTION,
        )

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
            raise LogError(line, f'wager {i + 1}: "on" must be a string, not {key!r}')
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
