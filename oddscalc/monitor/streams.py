"""The tests the monitor runs on each game's table, and the families of alternatives each one watches for.

- result-law: the pockets, symbols or dice against their exact law (a pocket, symbol or total likelier, a
  loaded die);
- sectors (roulette): an arc of 9 neighbouring pockets likelier, on the table's own pocket order;
- signature (roulette, per dealer): the clockwise pocket distance from the previous result to this one, uniform
  on 0-36 under the law whatever the previous pocket (laws.distance_law), against an arc of 9 distances likelier;
- exposure: whether the round's largest stake won, against that wager's exact chance of winning;
- hold: the house's result of the round against its exact expectation given the wagers (hold.py);
- settlement: every wager settled as the law says (verify's judges): a wrong payout is an alarm at its round;
- shuffle (card tables, per dealer): each shoe against the previous one and the packs' factory order (verify's
  shuffle tests, card_table.py), attributed to the dealer who shuffled it;
- stakes (punto banco, per player): whether a player's stakes follow what the shoe's composition makes each
  round worth, by an exact randomization test per shoe (player_stakes.py).

>>> [(t, families("roulette", "2002", wheel_order(None))[t].size) for t in ("result-law", "sectors", "signature")]
[('result-law', 148), ('sectors', 148), ('signature', 148)]
"""

from __future__ import annotations

from fractions import Fraction

from oddscalc.monitor.families import Family, concat, die_family, raise_family
from oddscalc.monitor.result_laws import CARD_GAMES, distance_law, result_law, wheel_order

__all__ = [
    "ARC",
    "CARD_CHECKS",
    "EXPOSURE_DELTAS",
    "HOLD_BETS",
    "POCKET_DELTAS",
    "SECTOR_DELTAS",
    "SETTLEMENT",
    "SIGNATURE_DELTAS",
    "STAKES",
    "families",
    "part_fields",
    "part_name",
    "statistical_tests",
    "tests_of",
]

SETTLEMENT = "settlement"
#: The players' stakes test (punto banco), one stream per player.
STAKES = "stakes"
#: Pockets in a sector, and distances in a signature's arc.
ARC = 9
POCKET_DELTAS = (Fraction(1, 8), Fraction(1, 2), Fraction(1), Fraction(2))
SECTOR_DELTAS = (Fraction(1, 20), Fraction(1, 10), Fraction(1, 5), Fraction(2, 5))
SIGNATURE_DELTAS = (Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(1))
EXPOSURE_DELTAS = (Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(2))
#: Bennett bets on the standardised hold, both signs (the house winning too much or too little).
HOLD_BETS = tuple(s * Fraction(1, 2**j) for j in range(1, 6) for s in (1, -1))


#: A card table's exact checks, by the kind of fault verify's judge files: a wager settled against the law, a card
#: drawn or withheld against the tableau (or a wager the version does not permit), a shoe giving a card more often
#: than it holds (or a round begun after the cut card).
CARD_CHECKS = {"mis-settlement": SETTLEMENT, "illegal play": "rules", "shoe integrity": "shoe"}


def statistical_tests(game: str) -> tuple[str, ...]:
    """The tests that spend false-alarm budget on a table of `game` (settlement spends none: it is exact)."""
    if game == "punto-banco":
        return ("hold", "shuffle", STAKES)
    if game in CARD_GAMES:  # Super Pan 9, blackjack: their rounds depend on the player's play, so no stakes test
        return ("hold", "shuffle")
    return (
        ("result-law", "sectors", "signature", "exposure", "hold")
        if game == "roulette"
        else (
            "result-law",
            "exposure",
            "hold",
        )
    )


def tests_of(game: str) -> tuple[str, ...]:
    if game in CARD_GAMES:
        return (*dict.fromkeys(CARD_CHECKS.values()), *statistical_tests(game))
    return (SETTLEMENT, *statistical_tests(game))


def _arcs(order: tuple[int, ...]) -> list[tuple[int, ...]]:
    n = len(order)
    return [tuple(order[(i + j) % n] for j in range(ARC)) for i in range(n)]


def families(game: str, version: str, wheel: tuple[int, ...] = ()) -> dict[str, Family]:
    """Each categorical test's family of alternatives for a table (exposure and hold are computed per round)."""
    law = result_law(game, version)
    if game == "roulette":
        wheel = wheel or wheel_order(None)
        out = {
            "result-law": raise_family(
                "result-law", law.p, [(c,) for c in range(37)], POCKET_DELTAS, lambda g: f"pocket {g[0]}"
            ),
            "sectors": raise_family("sectors", law.p, _arcs(wheel), SECTOR_DELTAS, lambda g: f"sector {g[0]}..{g[-1]}"),
            "signature": raise_family(
                "signature",
                distance_law(wheel, wheel[0]),
                [tuple((i + j) % 37 for j in range(ARC)) for i in range(37)],
                SIGNATURE_DELTAS,
                lambda g: f"distances {g[0]}-{g[-1]}",
            ),
        }
        return out
    if game == "big-six":
        return {
            "result-law": raise_family(
                "result-law", law.p, [(c,) for c in range(len(law.p))], POCKET_DELTAS[:3], lambda g: law.labels[g[0]]
            )
        }
    dice = 2 if game == "dice" else 3
    totals: dict[int, list[int]] = {}
    for code, label in enumerate(law.labels):
        totals.setdefault(sum(int(x) for x in label.split("-")), []).append(code)
    by_total = raise_family(
        "totals",
        law.p,
        [tuple(v) for _, v in sorted(totals.items())],
        POCKET_DELTAS[:3],
        lambda g: f"total {sum(int(x) for x in law.labels[g[0]].split('-'))}",
    )
    return {"result-law": concat("result-law", by_total, die_family("faces", dice, POCKET_DELTAS[:3]))}


def part_name(test: str, part: str) -> str:
    """How a stream's or alarm's part is named in alarms and pages: a hold stream's stake level, a stakes stream's
    player, else a dealer.

    >>> part_name("signature", "d7"), part_name("hold", "stakes 100 and over"), part_name("stakes", "p1")
    ('dealer d7', 'stakes 100 and over', 'player p1')
    """
    if not part:
        return ""
    if test == STAKES:
        return f"player {part}"
    return part if _by_stake_level(test) else f"dealer {part}"


def part_fields(test: str, part: str) -> dict[str, str]:
    """A stream's or alarm's part as the JSON outputs give it: its dealer, its stake level or its player (a stakes
    stream's), the other two empty.

    >>> part_fields("signature", "d7")
    {'dealer': 'd7', 'stake_level': '', 'player': ''}
    >>> part_fields("hold", "stakes 100 and over")["stake_level"], part_fields("stakes", "p1")["player"]
    ('stakes 100 and over', 'p1')
    """
    fields = {"dealer": "", "stake_level": "", "player": ""}
    fields["player" if test == STAKES else "stake_level" if _by_stake_level(test) else "dealer"] = part
    return fields


def _by_stake_level(test: str) -> bool:
    """Whether a test's streams are parts of a table's stakes (hold) rather than its dealers."""
    return test == "hold"
