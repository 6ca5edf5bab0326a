"""Super Pan 9 wagers, SI 1994/2899 regs 9 and 10: the initial wager, the tie wager, and the bank a player holds.

The initial wager pays 19 to 20 against the House's bank and 1 to 1 against a player's bank. The tie wager
against the House pays 7 to 1. A player holding the bank pays the House a 5% levy on his net winnings.

The shoe is fixed by law: eight packs less the 7s, 8s, 9s and 10s, 288 cards (reg 9(2)(b)). `decks` is a rule
option only so that a reduced shoe can be evaluated as a custom rule set. The 2007 regime dropped the game.
"""

from __future__ import annotations

from oddscalc.regulations.model import Wager, payout, wager

_REG = "SI 1994/2899 reg 9"
_BANK = f"{_REG}(4),(9)(b); reg 10(1)"


def wagers(version: str) -> tuple[Wager, ...]:
    """The same wagers in every version that permits the game (1994, 2002).

    >>> [(w.key, w.payouts[0].label) for w in wagers("1994")]
    [('initial', '19 to 20'), ('tie', '7 to 1'), ('initial-player-bank', '1 to 1'), ('player-banker', '1 to 1')]
    >>> levy = wagers("1994")[-1].payouts[1]
    >>> levy.value, levy.unit
    (Fraction(1, 20), "banker's net winnings")
    """
    banker = Wager(
        "super-pan-9",
        "player-banker",
        "A player holding the bank, per unit wagered against him",
        "a player other than the House holding the bank pays winning initial wagers at 1 to 1 and the House may "
        "charge a levy of 5% of any excess of losing wagers over winning wagers",
        _BANK,
        (payout("win", "1 to 1", _BANK), payout("levy", "5%", _BANK, unit="banker's net winnings")),
        (("bank", "player"),),
    )
    return (
        wager(
            "super-pan-9",
            "initial",
            "Initial wager, the House holding the bank",
            "an initial wager wins if the player's hand is worth more than the banker's, void if equal",
            f"{_REG}(9)(a); reg 9(7),(8)",
            "19 to 20",
            params={"bank": "house"},
        ),
        wager(
            "super-pan-9",
            "tie",
            "Tie wager against the House",
            "a wager against the House that the opposing player's hand will be equal to the banker's hand",
            f"{_REG}(10)",
            "7 to 1",
            params={"bank": "house"},
        ),
        wager(
            "super-pan-9",
            "initial-player-bank",
            "Initial wager, a player holding the bank",
            "an initial wager against a bank held by a player other than the House, void if equal",
            f"{_REG}(9)(b); reg 9(4),(8)",
            "1 to 1",
            params={"bank": "player"},
        ),
        banker,
    )


def permitted_rules(version: str) -> dict[str, tuple[str, ...]]:
    """Only the 288-card shoe of eight reduced packs (reg 9(2)(b)); a player's bank only against two or more
    opposing hands (reg 9(5)), computed up to seven. Others are custom rule sets.

    >>> permitted_rules("1994")
    {'decks': ('8',), 'hands': ('2', '3', '4', '5', '6', '7')}
    """
    return {"decks": ("8",), "hands": tuple(str(n) for n in range(2, 8))}


def default_rules(version: str) -> dict[str, str]:
    """The readings the figures take where the law leaves a choice open (see the README's table of them).

    >>> default_rules("1994")["decks"], default_rules("1994")["bank-play"]
    ('8', 'best')
    """
    return {
        "decks": "8",
        "removed": "none",
        "hands": "2",
        "bank-play": "best",
        "bank-sees": "draws",
        "house-wager": "0",
        "house-hand": "own",
        "model": "auto",
    }


def table_rule_sets(version: str) -> tuple[dict[str, str], ...]:
    """The law's one shoe: eight reduced packs.

    >>> table_rule_sets("2002")
    ({'decks': '8'},)
    """
    return ({"decks": "8"},)
