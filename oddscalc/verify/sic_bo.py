"""The three-dice game's judge (Sch 4): each wager settled again from the law's words and its odds (regulations
data), and the dice tested for randomness."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.regulations.params import str_param
from oddscalc.verify.context import Context, Judge, payout_citation
from oddscalc.verify.randomness import Runs, assess, chi_square_test, runs_test
from oddscalc.verify.reader import LogError, check_keys, require, wager_list

__all__ = ["SicBoJudge"]


def _sic_bo_wins(kind: str, w, dice: list[int]) -> str | None:
    """The payout a throw earns under Schedule 4, or None if the wager loses (paragraphs as cited)."""
    total = dice[0] + dice[1] + dice[2]
    triple = dice[0] == dice[1] == dice[2]
    if kind == "small":  # para 2: 4-10, any triple excepted
        return "win" if total <= 10 and not triple else None
    if kind == "big":  # para 3: 11-17, any triple excepted
        return "win" if total >= 11 and not triple else None
    if kind == "odd":  # para 4
        return "win" if total % 2 and not triple else None
    if kind == "even":  # para 5
        return "win" if total % 2 == 0 and not triple else None
    if kind == "triple":  # para 6: a specific triple
        return "win" if triple and dice[0] == w.param("number") else None
    if kind == "double":  # para 7: a specific double, two dice showing it (a triple shows it too)
        return "win" if dice.count(w.param("number")) >= 2 else None
    if kind == "any-triple":  # para 8
        return "win" if triple else None
    if kind == "total":  # para 9
        return "win" if total == w.param("total") else None
    if kind == "pair":  # Dice Combinations: both numbers appear
        a, b = w.param("numbers")
        return "win" if a in dice and b in dice else None
    if kind == "single":  # Single number: on one, two or three dice
        return (None, "one", "two", "three")[dice.count(w.param("number"))]
    if kind == "set":  # Four/Three Number Combination: three different numbers, all in the set (reconstructed)
        return "win" if len(set(dice)) == 3 and set(dice) <= set(w.param("numbers")) else None
    raise ValueError(f"no three-dice rule for wager kind {kind!r}")


class SicBoJudge(Judge):
    """The three-dice game: {"dice": [a, b, c], "wagers": [...]}, every wager settled on the one throw."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.faces = [0] * 6
        self.runs = Runs()
        self.keys = frozenset({"dice", "wagers"})

    def __call__(self, line: int, rec: dict) -> None:
        ctx = self.ctx
        if len(rec) != 2:
            check_keys(rec, self.keys, line)
        dice = require(rec, "dice", line)
        if type(dice) is not list or len(dice) != 3 or any(type(d) is not int or not 1 <= d <= 6 for d in dice):
            raise LogError(line, f'"dice" must be three faces 1-6, e.g. [2, 5, 5], not {dice!r}'[:160])
        for d in dice:
            self.faces[d - 1] += 1
        self.runs.add(sum(dice) >= 11)
        for i, wrec in enumerate(wager_list(rec, line)):
            key, staked, net = ctx.wager_record(wrec, line, i)
            w = ctx.permitted(key, line)
            if w is None:
                continue
            won = _sic_bo_wins(str_param(w, "kind"), w, dice)
            if won:
                ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    staked * w.pay(won),
                    f"dice {dice}: wins at {next(p.odds.text for p in w.payouts if p.key == won)}",
                    payout_citation(w, won),
                )
            else:
                ctx.settle(line, key, staked, net, -staked, f"dice {dice}: the stake is lost", w.citation)

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        if not randomness:
            return
        n = sum(self.faces)
        tests = [
            chi_square_test("dice faces", self.faces, [Fraction(n, 6)] * 6, [str(k) for k in range(1, 7)]),
            runs_test("serial independence (runs of totals 11-18 against 3-10)", self.runs),
        ]
        assess(
            self.ctx.report,
            tests,
            alpha,
            "set of dice",
            "SI 1994/2899 Sch 4 (inserted by SI 2002/1130)",
            "three fair dice: every face equally likely, throw by throw independently",
        )
