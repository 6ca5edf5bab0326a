"""Judges for the games of one spin or one throw: roulette (reg 4), the Big Six wheel (reg 11, Sch 3) and the
three-dice game (Sch 4). Each wager is settled again from the law's words and its odds (regulations data)."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.verify.context import Context, Judge, payout_citation
from oddscalc.verify.randomness import Runs, assess, chi_square_test, runs_test
from oddscalc.verify.reader import LogError, check_keys, require, whole, wager_list
from oddscalc.verify.report import ILLEGAL

__all__ = ["RouletteJudge", "BigSixJudge", "SicBoJudge"]

_ROUND = frozenset({"number", "wagers"})


class RouletteJudge(Judge):
    """Roulette: {"number": 0-36, "wagers": [{"on": "split", "numbers": [17, 20], "stake": "10", "net": "170"}]}.

    A wager covers the numbers it lists: as many as its kind names (reg 4(5)(a)-(h)), an even chance none of
    them 0; it wins at its odds if the score is one of them; an even chance loses half its stake on 0 (reg 4(6)).
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.counts = [0] * 37
        self.runs = Runs()

    def __call__(self, line: int, rec: dict) -> None:
        ctx = self.ctx
        if len(rec) != 2:
            check_keys(rec, _ROUND, line)
        number = whole(require(rec, "number", line), line, "\"number\"", 0, 36)
        self.counts[number] += 1
        self.runs.add(number >= 19)
        for i, wrec in enumerate(wager_list(rec, line)):
            key, staked, net = ctx.wager_record(wrec, line, i, frozenset({"numbers"}))
            numbers = require(wrec, "numbers", line, f"wager {i + 1}: ")
            if type(numbers) is not list or any(type(n) is not int or not 0 <= n <= 36 for n in numbers) \
                    or len(set(numbers)) != len(numbers):
                raise LogError(line, f"wager {i + 1}: \"numbers\" must list distinct numbers 0-36")
            w = ctx.permitted(key, line)
            if w is None:
                continue
            need = w.param("numbers")
            cite = payout_citation(w)
            if len(numbers) != need or (w.param("half_back_on_zero") and 0 in numbers):
                ctx.report.fault(ILLEGAL, line, f"{key}: numbers covered", f"took a {key} wager on "
                                 f"{len(numbers)} number(s) {sorted(numbers)}",
                                 f"a {key} wager is on {need} specific number(s)"
                                 + (" not including 0" if w.param("half_back_on_zero") else ""), cite)
                continue
            if number in numbers:
                ctx.settle(line, key, staked, net, staked * w.pay(), f"score {number} covered: wins at "
                           f"{w.payouts[0].odds.text}", cite)
            elif number == 0 and w.param("half_back_on_zero"):
                ctx.settle(line, key, staked, net, -Fraction(staked) / 2, "score 0 on an even chance: the stake is "
                           "divided equally between the bank and the player", cite)
            else:
                ctx.settle(line, key, staked, net, -staked, f"score {number} not covered: the stake is lost", cite)

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        if not randomness:
            return
        n = sum(self.counts)
        tests = [chi_square_test("wheel numbers (37 compartments)", self.counts, [Fraction(n, 37)] * 37,
                                 [str(k) for k in range(37)]),
                 runs_test("serial independence (runs of scores 19-36 against 0-18)", self.runs)]
        assess(self.ctx.report, tests, alpha, "wheel", "SI 1994/2899 reg 4(4)",
               "a wheel of 37 equal compartments: every number equally likely, spin by spin independently")


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
            raise LogError(line, f"\"symbol\" must be one of {', '.join(self.symbols)}, not {symbol!r}")
        self.counts[k] += 1
        self.runs.add(symbol == self.symbols[-1])
        for i, wrec in enumerate(wager_list(rec, line)):
            key, staked, net = ctx.wager_record(wrec, line, i)
            w = ctx.permitted(key, line)
            if w is None:
                continue
            cite = payout_citation(w)
            if key == symbol:
                ctx.settle(line, key, staked, net, staked * w.pay(), f"the selector settled on {symbol}: wins at "
                           f"{w.payouts[0].odds.text}", cite)
            else:
                ctx.settle(line, key, staked, net, -staked, f"the selector settled on {symbol}: the stake is lost",
                           cite)

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        if not randomness:
            return
        weights = [self.ctx.wagers[s].param("compartments") for s in self.symbols]
        n, total = sum(self.counts), sum(weights)
        tests = [chi_square_test(f"symbols ({total} compartments)", self.counts,
                                 [Fraction(n * c, total) for c in weights], self.symbols),
                 runs_test(f"serial independence (runs of {self.symbols[-1]} against the rest)", self.runs)]
        assess(self.ctx.report, tests, alpha, "wheel", "SI 1994/2899 reg 11(4)(c), (5)",
               f"a selector settling at random in one of {total} equal compartments")


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
            raise LogError(line, f"\"dice\" must be three faces 1-6, e.g. [2, 5, 5], not {dice!r}"[:160])
        for d in dice:
            self.faces[d - 1] += 1
        self.runs.add(sum(dice) >= 11)
        for i, wrec in enumerate(wager_list(rec, line)):
            key, staked, net = ctx.wager_record(wrec, line, i)
            w = ctx.permitted(key, line)
            if w is None:
                continue
            won = _sic_bo_wins(w.param("kind"), w, dice)
            if won:
                ctx.settle(line, key, staked, net, staked * w.pay(won), f"dice {dice}: wins at "
                           f"{next(p.odds.text for p in w.payouts if p.key == won)}", payout_citation(w, won))
            else:
                ctx.settle(line, key, staked, net, -staked, f"dice {dice}: the stake is lost", w.citation)

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        if not randomness:
            return
        n = sum(self.faces)
        tests = [chi_square_test("dice faces", self.faces, [Fraction(n, 6)] * 6, [str(k) for k in range(1, 7)]),
                 runs_test("serial independence (runs of totals 11-18 against 3-10)", self.runs)]
        assess(self.ctx.report, tests, alpha, "set of dice", "SI 1994/2899 Sch 4 (inserted by SI 2002/1130)",
               "three fair dice: every face equally likely, throw by throw independently")
