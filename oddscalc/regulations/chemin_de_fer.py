"""Chemin de fer, SI 1994/2899 reg 6: wagers on the opposing hand at 1 to 1, void on equal points.

Reg 6(1) names chemin de fer as a version of baccarat; every wager is made with the banker at 1 to 1
(reg 6(3)) and is that the opposing hand will win, void on a draw (reg 6(4)(a)). Where the banker gives up
the bank as soon as an opposing hand wins, neither the House nor anyone for it may hold the bank or have an
interest in it (reg 6(6)): the bank is a player's. Reg 6(7) allows the 19 to 20 and 8 to 1 wagers only where
no person has an option to draw, so chemin de fer, with its options, has neither.

Rule options:

- `decks`: reg 6 names no number of packs. The default is 6, the shoe of the traditional game; tables show 6
  and 8. `infinite` is the with-replacement model of Kemeny and Snell, a custom rule set.
- `commission`: a percentage of the bank's winnings taken by the House. The law provides for none, so any
  value but 0 is a custom rule set.
- `player5` and `banker`: the strategies the figures assume.

Permitted in versions 1994 and 2002 (the 2007 regime dropped it).
"""

from __future__ import annotations

from oddscalc.regulations.model import Wager, wager

_REG = "SI 1994/2899 reg 6"
DECKS = tuple(str(n) for n in range(1, 9))
INFINITE = "infinite"


def wagers(version: str) -> tuple[Wager, ...]:
    """The opposing-hand wager, and the bank's side of it (what the banker holding the bank stands to gain).

    >>> [(w.key, w.payouts[0].label, w.citations) for w in wagers("1994")]
    [('player', '1 to 1', 'SI 1994/2899 reg 6(3),(4)(a)'), ('bank', '1 to 1', 'SI 1994/2899 reg 6(3),(4)(a),(6)')]
    """
    return (
        wager(
            "chemin-de-fer",
            "player",
            "Opposing hand (punto) wins",
            "a wager, made with the banker, that the opposing hand will win the game, payable at odds of 1 to 1 "
            "and void on a draw between the banker's hand and that hand",
            f"{_REG}(3),(4)(a)",
            "1 to 1",
            params={"side": "player"},
        ),
        wager(
            "chemin-de-fer",
            "bank",
            "Holding the bank (the banker's side of the opposing-hand wagers)",
            "the banker, a player (the House may hold no bank nor interest in it), takes every wager on the "
            "opposing hand at 1 to 1, void on a draw",
            f"{_REG}(3),(4)(a),(6)",
            "1 to 1",
            params={"side": "bank"},
        ),
    )


def permitted_rules(version: str) -> dict[str, tuple[str, ...]]:
    """Any number of packs from 1 to 8 (the law names none); no commission (the law provides for none).

    >>> permitted_rules("1994")["commission"]
    ('0',)
    """
    return {"decks": DECKS, "commission": ("0",)}


def default_rules(version: str) -> dict[str, str]:
    """Six packs, no commission, and the strategies the figures assume where the law leaves a choice: the
    player's optimal play on 5, the banker's classical one.

    >>> default_rules("2002")
    {'decks': '6', 'commission': '0', 'player5': 'optimal', 'banker': 'classical'}
    """
    return {"decks": "6", "commission": "0", "player5": "optimal", "banker": "classical"}


def table_rule_sets(version: str) -> tuple[dict[str, str], ...]:
    """The shoes the tables show: six packs (the traditional game's) and eight.

    >>> table_rule_sets("1994")
    ({'decks': '6'}, {'decks': '8'})
    """
    return ({"decks": "6"}, {"decks": "8"})
