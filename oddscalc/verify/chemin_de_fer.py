"""The chemin de fer judge (reg 6): the player's row and choice on 5, the banker's tableau and its optional
cells, a natural ending the coup, every wager settled again (the commission of the rule set), the shoe checked."""

from __future__ import annotations

from oddscalc.regulations.rule_values import parse_commission
from oddscalc.verify.baccarat import (
    BANKER_DRAWS,
    CARD_GAME_KEYS,
    CHEMIN_RULES,
    NATURALS,
    OPTIONAL_CELLS,
    STOOD,
    BaccaratJudge,
    column_text,
    hand_points,
)
from oddscalc.verify.card_codes import BACCARAT_POINT
from oddscalc.verify.context import Context
from oddscalc.verify.findings import ILLEGAL
from oddscalc.verify.reader import LogError, check_keys

__all__ = ["CheminJudge"]


class CheminJudge(BaccaratJudge):
    """Chemin de fer: {"shoe": 1, "player": [...], "banker": [...], "wagers": [...]}. The player must draw on
    0-4 and stand on 6-7 and may choose on 5; the banker follows the tableau except in its optional cells (in
    every cell under the model rule banker=free); a natural ends the coup."""

    KEYS = CARD_GAME_KEYS | {"player", "banker"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(
            ctx,
            f"the shoe of {ctx.rules.get('decks', '6')} packs (rule decks; SI 1994/2899 reg 6 names no number)",
            "SI 1994/2899 reg 6(1) (a card-game dealt from a shuffled shoe)",
        )
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
        p, b = hand_points(P[:2]), hand_points(B[:2])
        report = self.report
        if p in NATURALS or b in NATURALS:
            if len(P) == 3 or len(B) == 3:
                report.fault(
                    ILLEGAL,
                    line,
                    rule="naturals",
                    did=f"drew a third card with a natural on the table (player {p}, banker {b})",
                    law="a natural (8 or 9) in either hand ends the coup",
                    citation=CHEMIN_RULES,
                )
        else:
            drew = len(P) == 3
            if (p <= 4 and not drew) or (p >= 6 and drew):
                report.fault(
                    ILLEGAL,
                    line,
                    rule="player's third card",
                    did=f"{'drew' if drew else 'stood'} for the player on {p}",
                    law="the player must draw on 0-4 and stand on 6 and 7 (5 is his option)",
                    citation=CHEMIN_RULES,
                )
            column = BACCARAT_POINT[P[2]] if drew else STOOD
            if not self.free and (b, column) not in OPTIONAL_CELLS:
                should = BANKER_DRAWS[b][column]
                if (len(B) == 3) != should:
                    report.fault(
                        ILLEGAL,
                        line,
                        rule="banker's third card",
                        did=f"{'drew' if len(B) == 3 else 'stood'} for the banker on {b} {column_text(column)}",
                        law=f"the banker on {b} "
                        f"{'draws' if should else 'stands'} {column_text(column)} (not one of his optional "
                        "cells)",
                        citation=CHEMIN_RULES,
                    )
        fp, fb = hand_points(P), hand_points(B)
        if new:
            self.runs.add(fb > fp)
        for key, staked, net, wager, cite in self._each(rec, line):
            if fp == fb:
                self.ctx.settle(line, key, staked, net, 0, f"equal points {fp}: void, the stake returned", cite)
            elif wager.param("side") == "bank":
                if fb > fp:
                    factor = wager.pay() * (1 - self.commission)
                    self.ctx.settle(
                        line,
                        key,
                        staked,
                        net,
                        staked * factor,
                        f"the bank wins {fb} to {fp}: paid at "
                        f"{wager.payouts[0].odds.text}"
                        + (f" less {self.commission * 100}% commission" if self.commission else ""),
                        cite,
                    )
                else:
                    self.ctx.settle(
                        line, key, staked, net, -staked, f"the player wins {fp} to {fb}: the bank pays", cite
                    )
            elif fp > fb:
                self.ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    staked * wager.pay(),
                    f"the player wins {fp} to {fb}: paid at {wager.payouts[0].odds.text}",
                    cite,
                )
            else:
                self.ctx.settle(
                    line, key, staked, net, -staked, f"the banker wins {fb} to {fp}: the stake is lost", cite
                )
