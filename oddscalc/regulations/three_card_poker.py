"""Three Card Poker wagers, reg 12 of SI 1994/2899 as inserted by SI 2002/1130 (from version 2002).

The copy of the 2002 text is damaged: the first item of each list is missing. The values used for them come
from the gaps list of the regulations README and are marked reconstructed: the banker not qualifying
(reg 12(8)(a)), the Ante Bonus for a straight (reg 12(9)(a)) and the Pair Plus pair (reg 12(12)(a)).
The Pair Plus paragraph's number is not legible; (12) is inferred from its place between (10) and (13).
"""

from __future__ import annotations

from oddscalc.regulations.model import Wager, payout

REG = "SI 1994/2899 reg 12"
INSERTED = " (inserted by SI 2002/1130)"
_GAPS = "regulations README (oddscalc law README), gaps in the 2002 text"

NOT_QUALIFYING = (
    "reg 12(8)(a) missing from the damaged 2002 text; a banker without Queen-high or better pays "
    f"the Ante 1 to 1 and returns the Play wager ({_GAPS})"
)
BONUS_STRAIGHT = f"reg 12(9)(a) missing from the damaged 2002 text; Ante Bonus for a straight 1 to 1 ({_GAPS})"
PAIR_PLUS_PAIR = (
    f"reg 12(12)(a) missing from the damaged 2002 text; Pair Plus pays a pair 1 to 1 (para (13): "
    f"Pair Plus loses without at least a pair; {_GAPS})"
)

ANTE_BONUS = (
    ("bonus-straight", "1 to 1", "a"),
    ("bonus-three-of-a-kind", "4 to 1", "b"),
    ("bonus-straight-flush", "5 to 1", "c"),
)
PAIR_PLUS = (
    ("pair", "1 to 1", "a"),
    ("flush", "4 to 1", "b"),
    ("straight", "6 to 1", "c"),
    ("three-of-a-kind", "33 to 1", "d"),
    ("straight-flush", "35 to 1", "e"),
)


def _ante_play() -> Wager:
    payouts = (
        payout("ante-banker-not-qualifying", "1 to 1", f"{REG}(8)(a){INSERTED}", NOT_QUALIFYING),
        payout("ante", "1 to 1", f"{REG}(8)(b){INSERTED}"),
        payout("play", "1 to 1", f"{REG}(8)(b){INSERTED}"),
        *(
            payout(key, odds, f"{REG}(9)({item}){INSERTED}", BONUS_STRAIGHT if item == "a" else None)
            for key, odds, item in ANTE_BONUS
        ),
    )
    return Wager(
        "three-card-poker",
        "ante-play",
        "Ante and Play (per unit Ante, optimal play or fold)",
        "Ante before the deal; after seeing three cards the player folds (losing the Ante) or makes a Play "
        "wager equal to the Ante; a banker without Queen-high or better pays the Ante 1 to 1 and returns the "
        "Play; otherwise the better hand wins both at 1 to 1; an Ante Bonus is paid on a straight, three of a "
        "kind or straight flush whatever the banker holds",
        f"{REG}(5)-(10){INSERTED}",
        payouts,
    )


def _pair_plus() -> Wager:
    payouts = tuple(
        payout(key, odds, f"{REG}(12)({item}){INSERTED}", PAIR_PLUS_PAIR if item == "a" else None)
        for key, odds, item in PAIR_PLUS
    )
    return Wager(
        "three-card-poker",
        "pair-plus",
        "Pair Plus",
        "a wager on the player's own three cards: pair 1, flush 4, straight 6, three of a kind 33, straight "
        "flush 35 to 1; loses without at least a pair (para (13))",
        f"{REG}(12), (13){INSERTED}",
        payouts,
    )


def wagers(version: str) -> tuple[Wager, ...]:
    """Three Card Poker exists from version 2002 (the version table says which versions permit it).

    >>> ante_play, pair_plus = wagers("2002")
    >>> ante_play.key, [(p.key, p.label) for p in pair_plus.payouts][:3]
    ('ante-play', [('pair', '1 to 1'), ('flush', '4 to 1'), ('straight', '6 to 1')])
    """
    return (_ante_play(), _pair_plus())
