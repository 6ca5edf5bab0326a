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
from types import ModuleType

from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.sim import big_six, dice, roulette, sic_bo
from oddscalc.sim.rounds import Round, SimulationError

__all__ = ["SIMULATORS", "simulate"]


#: The dice and wheel games' simulators (`sim/<game>.py`), each defining simulator(wager, rules, table) -> Round.
SIMULATORS: dict[str, ModuleType] = {
    "roulette": roulette,
    "dice": dice,
    "big-six": big_six,
    "sic-bo": sic_bo,
}


#: Card games' simulators live in their own modules; each defines simulator(wager, rules) -> Round.
CARD_SIMULATORS: dict[str, str] = {
    "punto-banco": "oddscalc.sim.punto_banco",
    "super-pan-9": "oddscalc.sim.super_pan_9",
    "casino-stud-poker": "oddscalc.sim.casino_stud_poker",
    "three-card-poker": "oddscalc.sim.three_card_poker",
    "blackjack": "oddscalc.sim.blackjack",
    "chemin-de-fer": "oddscalc.sim.chemin_de_fer",
    "baccarat-banque": "oddscalc.sim.baccarat_banque",
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
    if play is None and game in SIMULATORS:
        play = SIMULATORS[game].simulator(w, rules or {}, table)
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
