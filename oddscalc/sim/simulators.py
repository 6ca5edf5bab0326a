"""Reference simulators: they spin wheels, throw dice and deal cards, written apart from the exact engines.

Each plays one round of a wager with a `random.Random` and returns the net result per unit staked.
They read only the law's data (the wager's odds and what it is on), never the engines' code, so that
agreement between the two is evidence for both. Card games reshuffle a full shoe every round, which
is the situation the exact full-shoe figures describe.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.sim.roundlog import wager_entry
from oddscalc.sim.rounds import Round, SimulationError

__all__ = ["SIMULATORS", "simulate"]


def _lose() -> Fraction:
    return Fraction(-1)


def roulette_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    """Bet on the numbers 1..n (any n numbers not including 0 are alike); 0 halves the even chances."""
    number = rng.randrange(37)
    covered = int(w.param("numbers"))
    if 1 <= number <= covered:
        result = w.pay()
    elif number == 0 and covered == 18:
        result = Fraction(-1, 2)
    else:
        result = _lose()
    if record is not None:
        record["number"] = number
        record["wagers"] = [wager_entry(w.key, result, numbers=list(range(1, covered + 1)))]
    return result


def _throw(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def dice_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    """Throw two dice until the wager is settled, following Schedule 1's wording."""
    if record is None:
        return _dice_round(w, rng)
    throws: list[list[int]] = []

    def logged(r: random.Random) -> tuple[int, int]:
        a, b = _throw(r)
        throws.append([a, b])
        return a, b

    result = _dice_round(w, rng, logged)
    record["throws"] = throws
    record["wagers"] = [wager_entry(w.key, result)]
    return result


def _dice_round(w: Wager, rng: random.Random, throw=_throw) -> Fraction:
    kind, point, side = w.param("kind"), w.param("point"), w.param("side")
    if kind in ("set", "field", "hop"):
        a, b = throw(rng)
        total = a + b
        if kind == "hop":
            return w.pay() if sorted((a, b)) == sorted(w.param("faces")) else _lose()
        if total not in w.param("totals"):
            return _lose()
        if kind == "field":
            return w.pay("12" if total == 12 else "2" if total == 2 else "other")
        return w.pay()
    if kind == "pass":
        first = sum(throw(rng))
        if first in (7, 11):
            return w.pay()
        if first in (2, 3, 12):
            return _lose()
        while True:
            total = sum(throw(rng))
            if total == first:
                return w.pay()
            if total == 7:
                return _lose()
    if kind == "dont-pass-bar-2":
        first = 2
        while first == 2:
            first = sum(throw(rng))
        if first in (7, 11):
            return _lose()
        if first in (3, 12):
            return w.pay()
        while True:
            total = sum(throw(rng))
            if total == 7:
                return w.pay()
            if total == first:
                return _lose()
    if kind in ("odds", "place"):
        while True:
            total = sum(throw(rng))
            if total in (point, 7):
                won = (total == point) == (side == "do")
                return w.pay() if won else _lose()
    if kind == "hard":
        while True:
            a, b = throw(rng)
            if a + b == 7:
                return _lose()
            if a + b == point:
                return w.pay() if a == b else _lose()
    raise SimulationError(f"no dice simulator for wager {w.key!r}")


BIG_SIX_WHEEL = {"A": 1, "B": 1, "C": 2, "D": 4, "E": 8, "F": 12, "G": 24}  # reg 11(5)


def big_six_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    wheel = [symbol for symbol, n in BIG_SIX_WHEEL.items() for _ in range(n)]
    symbol = rng.choice(wheel)
    result = w.pay() if symbol == w.key else _lose()
    if record is not None:
        record["symbol"] = symbol
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def sic_bo_round(w: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
    dice = [rng.randint(1, 6) for _ in range(3)]
    result = _sic_bo(w, dice)
    if record is not None:
        record["dice"] = dice
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def _sic_bo(w: Wager, dice: list[int]) -> Fraction:
    kind, total = w.param("kind"), sum(dice)
    triple = len(set(dice)) == 1
    if kind in ("small", "big", "odd", "even"):
        ok = {"small": total <= 10, "big": total >= 11, "odd": total % 2, "even": not total % 2}[kind]
        return w.pay() if ok and not triple else _lose()
    if kind == "triple":
        return w.pay() if triple and dice[0] == w.param("number") else _lose()
    if kind == "double":
        return w.pay() if dice.count(w.param("number")) > 1 else _lose()
    if kind == "any-triple":
        return w.pay() if triple else _lose()
    if kind == "total":
        return w.pay() if total == w.param("total") else _lose()
    if kind == "pair":
        return w.pay() if all(n in dice for n in w.param("numbers")) else _lose()
    if kind == "single":
        hits = dice.count(w.param("number"))
        return w.pay(("one", "two", "three")[hits - 1]) if hits else _lose()
    if kind == "set":
        return w.pay() if len(set(dice)) == 3 and set(dice) <= set(w.param("numbers")) else _lose()
    raise SimulationError(f"no three-dice simulator for wager {w.key!r}")


SIMULATORS: dict[str, Round] = {
    "roulette": roulette_round,
    "dice": dice_round,
    "big-six": big_six_round,
    "sic-bo": sic_bo_round,
}


#: Card games' simulators live in their own modules; each defines simulator(wager, rules) -> Round.
CARD_SIMULATORS: dict[str, str] = {
    "punto-banco": "oddscalc.sim.baccarat",
    "super-pan-9": "oddscalc.sim.baccarat",
    "casino-stud-poker": "oddscalc.sim.poker",
    "three-card-poker": "oddscalc.sim.poker",
    "blackjack": "oddscalc.sim.blackjack",
    "chemin-de-fer": "oddscalc.sim.chemin",
    "baccarat-banque": "oddscalc.sim.chemin",
}

#: Card games whose pack is shuffled before every hand by law (reg 8(1)(b), 12(1)(b)): no shoe marker logged.
NO_SHOE = {"casino-stud-poker", "three-card-poker"}

#: Card games whose simulator can deal one shoe in order to its cut card (`simulate --shuffle`: `shoe_simulator`).
SHOE_DEALT = ("punto-banco", "blackjack", "super-pan-9")

#: Games whose simulator follows a decision table taken from the exact engine.
NEEDS_TABLE = {"super-pan-9", "casino-stud-poker", "three-card-poker", "blackjack", "chemin-de-fer", "baccarat-banque"}


def simulate(
    game: str,
    w: Wager,
    rounds: int,
    seed: int,
    progress: Progress | None = None,
    play: Round | None = None,
    rules: dict[str, str] | None = None,
    table: object = None,
    log: Callable[[dict], None] | None = None,
    dealing: object = None,
) -> Counter:
    """Count the net return of `rounds` independent rounds of wager `w`, reproducibly from `seed`.

    Card games' simulators take the rule set (decks and so on) through `rules`, and the strategy the
    exact engine assumes through `table` (its decision table, as data). With `log`, each round's record
    (docs/verify.md) is passed to it; card games reshuffle every round, so each round is its own shoe.
    With `dealing` (`sim.shoe_dealing.Dealing`, from `simulate --shuffle`) the rounds are instead dealt from one
    shoe to its cut card and reshuffled by a model: a tool for testing `verify`, whose rounds are not independent.
    """
    if rounds < 1:
        raise SimulationError(f"--rounds must be at least 1, not {rounds}")
    if dealing is not None and (play is not None or game not in SHOE_DEALT):
        raise SimulationError(f"--shuffle deals the shoes of {', '.join(SHOE_DEALT)}, not {game}")
    if play is None and game in CARD_SIMULATORS:
        try:
            module = importlib.import_module(CARD_SIMULATORS[game])
        except ModuleNotFoundError as exc:
            if exc.name != CARD_SIMULATORS[game]:
                raise
            raise SimulationError(f"no reference simulator for {game!r} yet") from None
        play = (
            module.simulator(w, rules or {}, table)
            if dealing is None
            else module.shoe_simulator(w, rules or {}, table, dealing)
        )
    play = play or SIMULATORS.get(game)
    if play is None:
        ready = ", ".join([*SIMULATORS, *CARD_SIMULATORS])
        raise SimulationError(f"no reference simulator for {game!r} yet; simulated: {ready}")
    rng = random.Random(seed)
    counts: Counter = Counter()
    step = max(1, rounds // 200)
    shoe = game in CARD_SIMULATORS and game not in NO_SHOE
    for i in range(rounds):
        if log is None:
            counts[play(w, rng)] += 1
        else:
            record: dict = {"shoe": i + 1} if shoe else {}
            counts[play(w, rng, record)] += 1
            if dealing is not None and i == rounds - 1:
                play.close(record)  # a shoe order committed and not yet revealed is revealed on the last line
            log(record)
        if progress and (i + 1) % step == 0:
            progress(i + 1, rounds, f"simulating {game} {w.key}")
    if progress:
        progress(rounds, rounds, f"simulating {game} {w.key}")
    return counts
