"""The exact law of each result a wheel or dice table shows, as Fractions: what the monitor tests against.

A result is coded as a whole number (its category): roulette the score 0-36, Big Six the symbol's index A-G, dice
the ordered pair of faces (6(a-1) + b-1), sic bo the ordered triple (36(a-1) + 6(b-1) + c-1). The wheels' laws
come from the api (each straight bet's or symbol's exact chance of winning, reg 4(4), reg 11(5)); the dice are
the fair cubes of reg 5(4) and Sch 4, every ordered throw equally likely, enumerated here.

>>> law = result_law("roulette", "2002")
>>> len(law.p), law.p[17], sum(law.p)
(37, Fraction(1, 37), Fraction(1, 1))
>>> result_law("big-six", "2002").p[-1]  # symbol G: 24 of the 52 compartments
Fraction(6, 13)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from oddscalc import api
from oddscalc.core.errors import InputError

__all__ = [
    "CARD_GAMES",
    "GAMES",
    "STANDARD_WHEEL",
    "WATCHED",
    "ResultLaw",
    "WheelError",
    "dice_faces",
    "distance_law",
    "result_law",
    "wheel_order",
]

#: The games the monitor watches: single results (a spin, a throw), whose law is fixed by the equipment.
GAMES = ("roulette", "big-six", "dice", "sic-bo")
#: The card tables it watches: rounds dealt from a shoe, each round's law fixed by the cards left in it.
CARD_GAMES = ("punto-banco", "super-pan-9", "blackjack")
#: Every game a floor's table may be.
WATCHED = GAMES + CARD_GAMES

#: The standard single-zero wheel's pocket order, clockwise from 0 (the law allows any order: a table option).
STANDARD_WHEEL = "0-32-15-19-4-21-2-25-17-34-6-27-13-36-11-30-8-23-10-5-24-16-33-1-20-14-31-9-22-18-29-7-28-12-35-3-26"


class WheelError(InputError):
    """A pocket order that is not an order of the 37 pockets 0-36."""


@dataclass(frozen=True)
class ResultLaw:
    """One game's results: the categories' labels and their exact chances (summing to 1)."""

    game: str
    labels: tuple[str, ...]
    p: tuple[Fraction, ...]


def dice_faces(game: str, code: int) -> tuple[int, ...]:
    """The faces of a dice result code: (a, b) for dice, (a, b, c) for sic bo.

    >>> dice_faces("dice", 6 * 2 + 3), dice_faces("sic-bo", 215)
    ((3, 4), (6, 6, 6))
    """
    n = 2 if game == "dice" else 3
    faces = []
    for _ in range(n):
        code, f = divmod(code, 6)
        faces.append(f + 1)
    return tuple(reversed(faces))


@cache
def result_law(game: str, version: str) -> ResultLaw:
    """The exact law of one result of `game` under `version` (see the module's docstring)."""
    if game == "roulette":
        straight = api.analyse(game, version, "straight").results[0].distribution.p_win
        return ResultLaw(game, tuple(str(k) for k in range(37)), (straight,) * 37)
    if game == "big-six":
        results = api.analyse(game, version).results
        return ResultLaw(game, tuple(r.wager.key for r in results), tuple(r.distribution.p_win for r in results))
    if game in ("dice", "sic-bo"):
        n = 2 if game == "dice" else 3
        throws = list(product(range(1, 7), repeat=n))
        return ResultLaw(game, tuple("-".join(map(str, t)) for t in throws), (Fraction(1, 6**n),) * len(throws))
    raise api.GameError(f"the monitor watches {', '.join(GAMES)}; not {game!r}")


def wheel_order(text: str | None) -> tuple[int, ...]:
    """A wheel's pocket order from text such as "0-32-15-..." (None: the standard single-zero order).

    >>> wheel_order(None)[:4]
    (0, 32, 15, 19)
    """
    text = STANDARD_WHEEL if text is None else text
    try:
        order = tuple(int(x) for x in text.replace(",", "-").replace(" ", "").split("-"))
    except ValueError:
        raise WheelError(
            f"wheel order {text[:60]!r} is not numbers joined by '-', e.g. {STANDARD_WHEEL[:20]}..."
        ) from None
    if sorted(order) != list(range(37)):
        raise WheelError(f"wheel order {text[:60]!r} must list each pocket 0-36 exactly once ({len(order)} given)")
    return order


def distance_law(order: tuple[int, ...], previous: int) -> tuple[Fraction, ...]:
    """The exact law of the clockwise pocket distance (0-36) from pocket `previous` to the next result on a wheel
    of pocket order `order`, when the next result follows the pocket law whatever came before.

    >>> set(distance_law(wheel_order(None), 0))
    {Fraction(1, 37)}
    """
    place = {pocket: i for i, pocket in enumerate(order)}
    law = [Fraction(0)] * len(order)
    for pocket, p in zip(range(37), result_law("roulette", "2002").p):
        law[(place[pocket] - place[previous]) % len(order)] += p
    return tuple(law)
