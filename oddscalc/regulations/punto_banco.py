"""Punto banco wagers, SI 1994/2899 reg 6: the opposing hand at 1 to 1, the banker's hand at 19 to 20,
égalité at 8 to 1.

Reg 6(7) lets the banker accept the banker's-hand and égalité wagers only where the House holds the bank,
there is one opposing hand and nobody has an option to draw (reg 6(7)(a)-(c)): punto banco. Reg 6 names
no number of packs, so `decks` (1-8) is a rule option, default 6; the tables show 6 and 8, what casinos use.
SI 2000/597 restructured reg 6(7) into (7A)/(7B); its text is not at hand, so the 1994 wording is used
(shared regulations README), and the 2002 and 2007 versions keep it.
"""

from __future__ import annotations

from oddscalc.regulations.model import Wager, wager

_REG = "SI 1994/2899 reg 6"
DECKS = tuple(str(n) for n in range(1, 9))


def wagers(version: str) -> tuple[Wager, ...]:
    """The three punto banco wagers, the same in every version that permits the game.

    >>> [(w.key, w.payouts[0].label) for w in wagers("1994")]
    [('player', '1 to 1'), ('banker', '19 to 20'), ('tie', '8 to 1')]
    """
    return (
        wager(
            "punto-banco",
            "player",
            "Opposing (player's) hand wins",
            "a wager that the opposing hand will win the game, void on a draw between the hands",
            f"{_REG}(3),(4)(a)",
            "1 to 1",
            params={"bets_on": "player", "void_on_tie": True},
        ),
        wager(
            "punto-banco",
            "banker",
            "Banker's hand wins",
            "a wager (payable, if won, at odds of 19 to 20) that the banker's hand will win the game; "
            "void on a draw by default, as reg 6(4)(a) voids every wager on a hand that draws (rule banker-tie: "
            "reg 6(7) applies 'notwithstanding' reg 6(4), so it can be read as lost)",
            f"{_REG}(7)(i); reg 6(4)(a)",
            "19 to 20",
            params={"bets_on": "banker", "void_on_tie": True},
        ),
        wager(
            "punto-banco",
            "tie",
            "Égalité (tie)",
            "a wager (payable, if won, at odds of 8 to 1) that the banker's hand and the player's hand shall "
            "be equal at the end of the game",
            f"{_REG}(7)(ii)",
            "8 to 1",
            params={"bets_on": "tie", "void_on_tie": False},
        ),
    )


def permitted_rules(version: str) -> dict[str, tuple[str, ...]]:
    """Any number of packs from 1 to 8: the law names none.

    >>> permitted_rules("2002")
    {'decks': ('1', '2', '3', '4', '5', '6', '7', '8')}
    """
    return {"decks": DECKS}


def default_rules(version: str) -> dict[str, str]:
    """Six packs (the law names none) and the banker's-hand wager void on a tie, as played.

    >>> default_rules("1994")
    {'decks': '6', 'removed': 'none', 'banker-tie': 'void'}
    """
    return {"decks": "6", "removed": "none", "banker-tie": "void"}


def table_rule_sets(version: str) -> tuple[dict[str, str], ...]:
    """The shoes casinos deal: six and eight packs.

    >>> table_rule_sets("1994")
    ({'decks': '6'}, {'decks': '8'})
    """
    return ({"decks": "6"}, {"decks": "8"})
