"""The baccarat banque judge (reg 6(4)): each opposing hand's row and choice on 5, the banker's free choice, the
wagers on one hand or both (void rule of reg 6(4)(b)) settled again, the shoe checked."""

from __future__ import annotations

from oddscalc.verify.baccarat import BANQUE_RULES, CARD_GAME_KEYS, NATURALS, BaccaratJudge, hand_points
from oddscalc.verify.context import Context
from oddscalc.verify.findings import ILLEGAL
from oddscalc.verify.reader import LogError, check_keys

__all__ = ["BanqueJudge"]


class BanqueJudge(BaccaratJudge):
    """Baccarat banque: {"shoe": 1, "banker": [...], "right": [...], "left": [...], "wagers": [...]}. Each
    opposing hand must draw on 0-4 and stand on 6-7 and may choose on 5; the banker chooses freely; a banker's
    natural ends the coup, an opposing hand's natural does not draw and wins against a banker without one."""

    KEYS = CARD_GAME_KEYS | {"banker", "right", "left"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(
            ctx,
            f"the shoe of {ctx.rules.get('decks', '6')} packs (rule decks; SI 1994/2899 reg 6 names no number)",
            "SI 1994/2899 reg 6(1) (a card-game dealt from a shuffled shoe)",
        )

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
        b = hand_points(B[:2])
        report = self.report
        natural = {}
        for name, h in hands.items():
            t = hand_points(h[:2])
            natural[name] = t in NATURALS
            drew = len(h) == 3
            if b in NATURALS or t in NATURALS:
                if drew:
                    report.fault(
                        ILLEGAL,
                        line,
                        rule=f"{name} hand's third card",
                        did=f"drew for the {name} hand with a natural on the table (banker {b}, {name} {t})",
                        law="a banker's natural ends the coup; a hand with a natural does not draw",
                        citation=BANQUE_RULES,
                    )
            elif (t <= 4 and not drew) or (t >= 6 and drew):
                report.fault(
                    ILLEGAL,
                    line,
                    rule=f"{name} hand's third card",
                    did=f"{'drew' if drew else 'stood'} for the {name} hand on {t}",
                    law="an opposing hand must draw on 0-4 and stand on 6 and 7 (5 is its option)",
                    citation=BANQUE_RULES,
                )
        if b in NATURALS and len(B) == 3:
            report.fault(
                ILLEGAL,
                line,
                rule="banker's third card",
                did=f"drew for the banker on a natural {b}",
                law="a banker's natural ends the coup",
                citation=BANQUE_RULES,
            )
        fb = hand_points(B)
        results = {}
        for name, h in hands.items():
            fh = hand_points(h)
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
                self.ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    staked * wager.pay(),
                    f"{told}: won, paid at {wager.payouts[0].odds.text}",
                    cite,
                )
            elif all(o < 0 for o in outcome):
                self.ctx.settle(line, key, staked, net, -staked, f"{told}: lost", cite)
            else:
                self.ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    0,
                    f"{told}: void (a draw" + (", or one hand won and the other lost" if len(on) == 2 else "") + ")",
                    cite,
                )
