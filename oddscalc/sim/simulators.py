"""The registry of the reference simulators and the loop that plays them: wheels spun, dice thrown and cards dealt,
written apart from the exact engines.

Each game's simulator lives in `sim/<game>.py` (named as the game is in every layer) and plays one round of a wager
with a `random.Random`, returning the net result per unit staked. The simulators read only the law's data (the
wager's odds and what it is on) and the engines' decision tables as data, never the engines' code, so that
agreement between the two is evidence for both. Card games reshuffle a full shoe every round, which is the
situation the exact full-shoe figures describe.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from types import ModuleType

from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.sim import (
    baccarat_banque,
    big_six,
    blackjack,
    casino_stud_poker,
    chemin_de_fer,
    dice,
    punto_banco,
    roulette,
    sic_bo,
    super_pan_9,
    three_card_poker,
)
from oddscalc.sim.round_function import Round, SimulationError
from oddscalc.sim.shoe_dealing import Dealing, ShoeRounds

__all__ = ["NEEDS_TABLE", "SHOE_DEALT", "SIMULATORS", "simulate"]


#: Each game's simulator module (`sim/<game>.py`): it defines simulator(wager, rules, table) -> Round, and for the
#: games of SHOE_DEALT shoe_simulator(wager, rules, table, dealing).
SIMULATORS: dict[str, ModuleType] = {
    "roulette": roulette,
    "dice": dice,
    "big-six": big_six,
    "sic-bo": sic_bo,
    "punto-banco": punto_banco,
    "super-pan-9": super_pan_9,
    "casino-stud-poker": casino_stud_poker,
    "three-card-poker": three_card_poker,
    "blackjack": blackjack,
    "chemin-de-fer": chemin_de_fer,
    "baccarat-banque": baccarat_banque,
}

#: Games dealt from a shoe: each round's log record carries the shoe's number. (The pack of casino stud and Three
#: Card Poker is shuffled before every hand by law, reg 8(1)(b), 12(1)(b): no shoe marker is logged.)
SHOE_GAMES = frozenset({"punto-banco", "super-pan-9", "blackjack", "chemin-de-fer", "baccarat-banque"})

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
    dealing: Dealing | None = None,
) -> Counter:
    """Count the net return of `rounds` independent rounds of wager `w`, reproducibly from `seed`.

    Card games' simulators take the rule set (decks and so on) through `rules`, and the strategy the
    exact engine assumes through `table` (its decision table, as data). With `log`, each round's record
    (docs/verify.md) is passed to it; card games reshuffle every round, so each round is its own shoe.
    With `dealing` (`sim.shoe_dealing.Dealing`, from `simulate --shuffle`) the rounds are instead dealt from one
    shoe to its cut card and reshuffled by a model: a tool for testing `verify`, whose rounds are not independent.
    """
    if rounds < 1:
        raise SimulationError(f"rounds must be at least 1, not {rounds}")
    if dealing is not None and (play is not None or game not in SHOE_DEALT):
        raise SimulationError(f"shuffle deals the shoes of {', '.join(SHOE_DEALT)}, not {game}")
    dealt: ShoeRounds | None = None
    if play is None:
        module = SIMULATORS.get(game)
        if module is None:
            raise SimulationError(f"no reference simulator for {game!r} yet; simulated: {', '.join(SIMULATORS)}")
        if dealing is None:
            play = module.simulator(w, rules or {}, table)
        else:
            play = dealt = module.shoe_simulator(w, rules or {}, table, dealing)
    rng = random.Random(seed)
    counts: Counter = Counter()
    step = max(1, rounds // 200)
    shoe = game in SHOE_GAMES
    for i in range(rounds):
        if log is None:
            counts[play(w, rng)] += 1
        else:
            record: dict = {"shoe": i + 1} if shoe else {}
            counts[play(w, rng, record)] += 1
            if dealt is not None and i == rounds - 1:
                dealt.close(record)  # a shoe order committed and not yet revealed is revealed on the last line
            log(record)
        if progress and (i + 1) % step == 0:
            progress(i + 1, rounds, f"simulating {game} {w.key}")
    if progress:
        progress(rounds, rounds, f"simulating {game} {w.key}")
    return counts
