"""Game protection (issue 16): the exact expectation of one depleted composition per game, the speed-up
of a run of shoes from one local worker to two (target at least 1.8x; ratio of the two "run" rows), and
(issue 47) one blackjack round's value for a study, both strategies together, from the double-precision
evaluator (target at most 150 ms)."""

from fractions import Fraction
from itertools import count

from oddscalc import api
from oddscalc.protect.execute import run
from oddscalc.protect.shoes import Plan
from oddscalc.protect.target import target

#: 6 packs less 40 cards (a composition the engine has not seen: one more card of a kind gone each call).
_BJ = (20, 21, 22, 20, 19, 21, 23, 22, 20, 84)


def _blackjack(strategy: str):
    calls = count()

    def one():
        shoe = list(_BJ)
        shoe[next(calls) % 9 + 1] -= 1
        api.composition_values("blackjack", "1994", tuple(shoe), ("initial",), {"decks": "6", "strategy": strategy})

    return one


def _blackjack_study(version: str, decks: int, full: tuple[int, ...]):
    """Both strategies in one call, as a study asks (`api.composition_estimates`); a new shoe each call."""
    calls = count()
    rules = {"decks": str(decks)}
    groups = [(("initial",), {**rules, "strategy": "basic"}), (("initial",), {**rules, "strategy": "optimal"})]

    def one():
        shoe = list(full)
        shoe[next(calls) % (len(full) - 1) + 1] -= 1
        _found, exact = api.composition_estimates("blackjack", version, tuple(shoe), groups)
        assert not exact  # the evaluator itself, not the exact engine's fallback

    return one


#: 2007 rules, 6 packs (13 kinds: tens by rank) less 40 cards
_BJ_2007 = (20, 21, 22, 20, 19, 21, 23, 22, 20, 21, 20, 22, 21)


def _baccarat(game: str, full: tuple[int, ...], rules: dict[str, str]):
    calls = count(1)

    def one():
        shoe = list(full)
        shoe[0] -= 20 + next(calls) % 10  # court cards gone, a new composition each call
        shoe[5] -= 7
        api.composition_values(game, "1994", tuple(shoe), rules=rules)

    return one


_PLAN = Plan(target("super-pan-9", "1994"), Fraction(3, 4), 1, 8)


def cases():
    return [
        (
            "protect: blackjack, one composition, 6 packs less 40 cards, basic strategy (1994 rules)",
            _blackjack("basic"),
            3,
        ),
        (
            "protect: blackjack, one composition, 6 packs less 40 cards, CD optimal (1994 rules)",
            _blackjack("optimal"),
            3,
        ),
        (
            "protect: blackjack, one round for a study, 6 packs less 40 cards, basic strategy and CD optimal together, "
            "double precision (1994 rules)",
            _blackjack_study("1994", 6, _BJ),
            11,
        ),
        (
            "protect: blackjack, one round for a study, 6 packs less 40 cards, basic strategy and CD optimal together, "
            "double precision (2007 rules: double any, same-rank split)",
            _blackjack_study("2007", 6, _BJ_2007),
            11,
        ),
        (
            "protect: punto banco, one composition, 8 packs less 27+ cards, 3 wagers",
            _baccarat("punto-banco", (128,) + (32,) * 9, {"decks": "8"}),
            11,
        ),
        (
            "protect: Super Pan 9, one composition, 288-card shoe less 27+ cards, 4 wagers",
            _baccarat("super-pan-9", (96,) + (32,) * 6, {}),
            11,
        ),
        (
            "protect: run of 8 Super Pan 9 shoes to 75%, 1 local worker (8 chunks)",
            lambda: run(_PLAN, 1, processes=1),
            3,
        ),
        (
            "protect: run of 8 Super Pan 9 shoes to 75%, 2 local workers (8 chunks)",
            lambda: run(_PLAN, 1, processes=2),
            3,
        ),
    ]
