"""The Big Six judge (reg 11, Sch 3): each wager settled again from the law's words and its odds (regulations
data), and the symbols tested for randomness."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.regulations.params import int_param
from oddscalc.verify.context import Context, Judge, payout_citation
from oddscalc.verify.randomness import Runs, assess, chi_square_test, runs_test
from oddscalc.verify.reader import LogError, check_keys, require, wager_list

__all__ = ["BigSixJudge"]


class BigSixJudge(Judge):
    """The Big Six wheel: {"symbol": "A"-"G", "wagers": [{"on": "G", "stake": "10", "net": "10"}]}; a wager on a
    symbol wins at its Schedule 3 odds when the selector settles on that symbol (reg 11(6))."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.symbols = list(ctx.wagers)
        self.index = {s: i for i, s in enumerate(self.symbols)}
        self.counts = [0] * len(self.symbols)
        self.runs = Runs()
        self.keys = frozenset({"symbol", "wagers"})

    def __call__(self, line: int, rec: dict) -> None:
        ctx = self.ctx
        if len(rec) != 2:
            check_keys(rec, self.keys, line)
        symbol = require(rec, "symbol", line)
        k = self.index.get(symbol) if type(symbol) is str else None
        if k is None:
            raise LogError(line, f'"symbol" must be one of {", ".join(self.symbols)}, not {symbol!r}')
        self.counts[k] += 1
        self.runs.add(symbol == self.symbols[-1])
        for i, wrec in enumerate(wager_list(rec, line)):
            key, staked, net = ctx.wager_record(wrec, line, i)
            w = ctx.permitted(key, line)
            if w is None:
                continue
            cite = payout_citation(w)
            if key == symbol:
                ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    staked * w.pay(),
                    f"the selector settled on {symbol}: wins at {w.payouts[0].odds.text}",
                    cite,
                )
            else:
                ctx.settle(
                    line, key, staked, net, -staked, f"the selector settled on {symbol}: the stake is lost", cite
                )

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        if not randomness:
            return
        weights = [int_param(self.ctx.wagers[s], "compartments") for s in self.symbols]
        n, total = sum(self.counts), sum(weights)
        tests = [
            chi_square_test(
                f"symbols ({total} compartments)", self.counts, [Fraction(n * c, total) for c in weights], self.symbols
            ),
            runs_test(f"serial independence (runs of {self.symbols[-1]} against the rest)", self.runs),
        ]
        assess(
            self.ctx.report,
            tests,
            alpha,
            "wheel",
            "SI 1994/2899 reg 11(4)(c), (5)",
            f"a selector settling at random in one of {total} equal compartments",
        )
