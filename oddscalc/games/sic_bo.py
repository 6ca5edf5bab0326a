"""The three-dice game (Sch 4): each wager settled on every one of the 216 ordered throws, counted exactly."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from oddscalc.core.dice import throws
from oddscalc.core.distribution import Distribution
from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import int_param, ints_param, str_param
from oddscalc.wager_results import GameAnalysis, WagerResult, edges_for

TITLE = "Three-dice game (sic bo)"
RULES = ()
LOSE = None


def settle(w: Wager, dice: tuple[int, int, int]) -> str | None:
    """The payout key a throw wins for wager `w`, or None if the wager loses: Schedule 4 in one place."""
    kind = str_param(w, "kind")
    total = sum(dice)
    triple = dice[0] == dice[1] == dice[2]
    if kind in ("small", "big", "odd", "even"):  # paras 2-5: any triple loses
        wins = {"small": 4 <= total <= 10, "big": 11 <= total <= 17, "odd": total % 2 == 1, "even": total % 2 == 0}[
            kind
        ]
        return "win" if wins and not triple else LOSE
    number = w.param("number")
    if kind == "triple":
        return "win" if triple and dice[0] == number else LOSE
    if kind == "double":
        return "win" if dice.count(number) >= 2 else LOSE
    if kind == "any-triple":
        return "win" if triple else LOSE
    if kind == "total":
        return "win" if total == int_param(w, "total") else LOSE
    if kind == "pair":
        a, b = ints_param(w, "numbers")
        return "win" if a in dice and b in dice else LOSE
    if kind == "single":
        return {0: LOSE, 1: "one", 2: "two", 3: "three"}[dice.count(number)]
    if kind == "set":  # four- and three-number combinations: three different numbers, all in the set
        return "win" if len(set(dice)) == 3 and set(dice) <= set(ints_param(w, "numbers")) else LOSE
    raise ValueError(f"unknown three-dice wager kind {kind!r}")


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    all_throws = [(a, b, c) for a, b, c in throws(3)]
    results = []
    for w in wagers:
        counts = Counter(settle(w, t) for t in all_throws)
        dist = Distribution.from_weights([(w.pay(k) if k else -1, n) for k, n in counts.items()])
        order = [p.key for p in w.payouts]  # the law's order of the payouts (one, two, three dice)
        events = tuple(
            (f"win ({k})" if k != "win" else "win", Fraction(n, len(all_throws)))
            for k, n in sorted(counts.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
            if k
        )
        results.append(WagerResult(w, dist, edges_for(dist), events))
    return GameAnalysis(
        "sic-bo",
        "",
        (),
        tuple(results),
        assumptions=("three fair dice, each of the 216 ordered throws equally likely",),
    )
