"""Baccarat banque, SI 1994/2899 reg 6: one banker's hand against two opposing hands.

Reg 6(1) allows a banker's hand against each of two opposing hands. Every wager is made with the banker at
1 to 1 (reg 6(3)) that a specific opposing hand, or both, will win (reg 6(4)). A wager on one hand is void on
a draw with the banker's hand (reg 6(4)(a)). A wager on both is void if the banker's hand draws with one or
both of them, or beats one and loses to the other (reg 6(4)(b)). The bank is held by the House (reg 6(5)).
The hands are called right and left here (the two tableaux). Reg 6 names no number of packs:
`decks` 1-8, default 6; the infinite shoe (cards with replacement) is a custom model. Reg 6(7)'s 19 to 20
and 8 to 1 wagers need a single opposing hand, so baccarat banque has neither. Permitted in versions 1994
and 2002.
"""

from __future__ import annotations

from oddscalc.regulations.model import Wager, wager

_REG = "SI 1994/2899 reg 6"
DECKS = tuple(str(n) for n in range(1, 9))


def wagers(version: str) -> tuple[Wager, ...]:
    """A wager on the right-hand or the left-hand opposing hand, or on both (reg 6(4)), each at 1 to 1.

    >>> [(w.key, w.param("hands"), w.payouts[0].label) for w in wagers("1994")]
    [('right', ('right',), '1 to 1'), ('left', ('left',), '1 to 1'), ('both', ('right', 'left'), '1 to 1')]
    """
    one = (
        "a wager, made with the banker, that the {} opposing hand will win the game, payable at 1 to 1 and "
        "void on a draw between the banker's hand and that hand"
    )
    return (
        wager(
            "baccarat-banque",
            "right",
            "Right-hand opposing hand wins",
            one.format("right"),
            f"{_REG}(3),(4)(a)",
            "1 to 1",
            params={"hands": ("right",)},
        ),
        wager(
            "baccarat-banque",
            "left",
            "Left-hand opposing hand wins",
            one.format("left"),
            f"{_REG}(3),(4)(a)",
            "1 to 1",
            params={"hands": ("left",)},
        ),
        wager(
            "baccarat-banque",
            "both",
            "Both opposing hands win",
            "a wager that both opposing hands will win, payable at 1 to 1; void on a draw between the banker's "
            "hand and one or both of them, or if the banker's hand wins against one and loses against the other",
            f"{_REG}(3),(4)(b)",
            "1 to 1",
            params={"hands": ("right", "left")},
        ),
    )


def permitted_rules(version: str) -> dict[str, tuple[str, ...]]:
    """Any number of packs from 1 to 8 (reg 6 names none); the infinite shoe is a model, a custom rule set.

    >>> permitted_rules("2002")
    {'decks': ('1', '2', '3', '4', '5', '6', '7', '8')}
    """
    return {"decks": DECKS}


def default_rules(version: str) -> dict[str, str]:
    """Six packs; the opposing hands drawing on 5; the banker's best response to them.

    >>> default_rules("1994")
    {'decks': '6', 'hand5': 'draw', 'banker': 'best-response'}
    """
    return {"decks": "6", "hand5": "draw", "banker": "best-response"}


def table_rule_sets(version: str) -> tuple[dict[str, str], ...]:
    """Six packs; the opposing hands drawing, then standing, on 5; the banker's best response to them.

    >>> [rules["hand5"] for rules in table_rule_sets("1994")]
    ['draw', 'stand']
    """
    return (
        {"decks": "6", "hand5": "draw", "banker": "best-response"},
        {"decks": "6", "hand5": "stand", "banker": "best-response"},
    )
