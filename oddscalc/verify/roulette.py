"""The roulette judge (reg 4): each wager settled again from the law's words and its odds (regulations data),
and the numbers tested for randomness."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.verify.context import Context, Judge, payout_citation
from oddscalc.verify.findings import ILLEGAL
from oddscalc.verify.randomness import Runs, assess, chi_square_test, runs_test
from oddscalc.verify.reader import LogError, check_keys, require, wager_list, whole

__all__ = ["RouletteJudge"]


_ROUND = frozenset({"number", "wagers"})


class RouletteJudge(Judge):
    """Roulette: {"number": 0-36, "wagers": [{"on": "split", "numbers": [17, 20], "stake": "10", "net": "170"}]}.

    A wager covers the numbers it lists: as many as its kind names (reg 4(5)(a)-(h)), an even chance none of
    them 0. It wins at its odds if the score is one of them. An even chance loses half its stake on 0 (reg 4(6)).
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.counts = [0] * 37
        self.runs = Runs()

    def __call__(self, line: int, rec: dict) -> None:
        ctx = self.ctx
        if len(rec) != 2:
            check_keys(rec, _ROUND, line)
        number = whole(require(rec, "number", line), line, '"number"', 0, 36)
        self.counts[number] += 1
        self.runs.add(number >= 19)
        for i, wrec in enumerate(wager_list(rec, line)):
            key, staked, net = ctx.wager_record(wrec, line, i, frozenset({"numbers"}))
            numbers = require(wrec, "numbers", line, f"wager {i + 1}: ")
            if (
                type(numbers) is not list
                or any(type(n) is not int or not 0 <= n <= 36 for n in numbers)
                or len(set(numbers)) != len(numbers)
            ):
                raise LogError(line, f'wager {i + 1}: "numbers" must list distinct numbers 0-36')
            w = ctx.permitted(key, line)
            if w is None:
                continue
            need = w.param("numbers")
            cite = payout_citation(w)
            if len(numbers) != need or (w.param("half_back_on_zero") and 0 in numbers):
                ctx.report.fault(
                    ILLEGAL,
                    line,
                    rule=f"{key}: numbers covered",
                    did=f"took a {key} wager on {len(numbers)} number(s) {sorted(numbers)}",
                    law=f"a {key} wager is on {need} specific number(s)"
                    + (" not including 0" if w.param("half_back_on_zero") else ""),
                    citation=cite,
                )
                continue
            if number in numbers:
                ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    staked * w.pay(),
                    f"score {number} covered: wins at {w.payouts[0].odds.text}",
                    cite,
                )
            elif number == 0 and w.param("half_back_on_zero"):
                ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    -Fraction(staked) / 2,
                    "score 0 on an even chance: the stake is divided equally between the bank and the player",
                    cite,
                )
            else:
                ctx.settle(line, key, staked, net, -staked, f"score {number} not covered: the stake is lost", cite)

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        if not randomness:
            return
        n = sum(self.counts)
        tests = [
            chi_square_test(
                "wheel numbers (37 compartments)", self.counts, [Fraction(n, 37)] * 37, [str(k) for k in range(37)]
            ),
            runs_test("serial independence (runs of scores 19-36 against 0-18)", self.runs),
        ]
        assess(
            self.ctx.report,
            tests,
            alpha,
            "wheel",
            "SI 1994/2899 reg 4(4)",
            "a wheel of 37 equal compartments: every number equally likely, spin by spin independently",
        )
