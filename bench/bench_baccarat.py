"""Benchmarks for the baccarat family: full-shoe analyses and composition queries (target: < 50 ms each query)."""

from itertools import count

from oddscalc import api
from oddscalc.games.baccarat import deals
from oddscalc.games.super_pan_9 import engine as superpan

_DEPLETED_PB = "9,9,8,8,0,0,K,Q,J,T,1,2,3,4,5,6,7,7,7,5"
_DEPLETED_SP9 = "6,6,6,6,6,6,5,5,5,5,K,Q,J,A,2,3,4"


def _cold_punto_banco():
    """The first query in a process: also builds the tableau's 10^6 final-points table."""
    deals.final_points.cache_clear()
    deals._grouping.cache_clear()
    api.analyse("punto-banco", "1994", rules={"decks": "8"})


def _cold_super_pan_9():
    superpan._grouping.cache_clear()
    api.analyse("super-pan-9", "1994")


def _fresh(game: str, base: str, decks: str):
    """A query on a composition not seen before in the process (one more court card gone each call)."""
    calls = count(1)

    def run():
        api.analyse(game, "1994", rules={"decks": decks, "removed": base + ",K" * next(calls)})

    return run


def _bank(hands: int):
    """A player's Super Pan 9 bank against `hands` hands, the finite shoe counted from scratch (no cache)."""
    from fractions import Fraction

    from oddscalc.games.baccarat.cards import SUPER_PAN_9
    from oddscalc.games.super_pan_9.finite_bank import finite_law
    from oddscalc.games.super_pan_9.wagers import solution_for

    plays = solution_for(8).strategy(Fraction(1))
    return lambda: finite_law(SUPER_PAN_9.counts(8), plays, hands)


def cases():
    return [
        ("punto banco, full 8-deck computation, cold (tableau tables built)", _cold_punto_banco, 3),
        (
            "punto banco, full 8-deck computation (api, 3 wagers)",
            lambda: api.analyse("punto-banco", "1994", rules={"decks": "8"}),
            11,
        ),
        (
            "punto banco, composition query, 8 decks less 20+ cards, a new shoe each call (api)",
            _fresh("punto-banco", _DEPLETED_PB, "8"),
            11,
        ),
        ("super pan 9, full 288-card shoe, cold", _cold_super_pan_9, 3),
        (
            "super pan 9, full 288-card shoe (api, 4 wagers, strategy solved)",
            lambda: api.analyse("super-pan-9", "1994"),
            11,
        ),
        (
            "super pan 9, composition query less 17+ cards, a new shoe each call (api)",
            _fresh("super-pan-9", _DEPLETED_SP9, "8"),
            11,
        ),
        ("super pan 9, a player's bank against 2 hands, finite shoe from scratch", _bank(2), 5),
        ("super pan 9, a player's bank against 3 hands, finite shoe from scratch", _bank(3), 3),
    ]
