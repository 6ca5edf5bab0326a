"""Blackjack wagers, SI 1994/2899 reg 7 (as amended by SI 2002/1130), and the 2007 industry rules
("Blackjack Rules UK (basic game)", cited by its title and its own headings).

The house rules the law leaves open (packs, soft 17, ...) are rule options of the game; this module
says which values each version permits, the defaults, and the rule sets the printed tables show.
"""

from __future__ import annotations

from oddscalc.regulations.model import Wager, wager

_REG = "SI 1994/2899 reg 7"
_RULES_2007 = "Blackjack Rules UK (basic game)"
_SOFT17_2002 = (
    "SI 2002/1130 reg 2(4) inserting reg 7(11)(aa): the wording is missing from the damaged copy; "
    "the banker may be required by the house rules to draw on soft 17, per the explanatory note "
    "item (d) (regulations README (oddscalc law README), gaps list)"
)
_SIDE_2007 = (
    f'Under 13 / Over 13 kept from SI 1994/2899 reg 7(10): {_RULES_2007}, "Associated Sidebets", lists side bets '
    "separately and that list is not at hand"
)


def _heading(heading: str) -> str:
    """A citation of the 2007 rules under one of their own headings.

    >>> _heading("Insurance")
    'Blackjack Rules UK (basic game), "Insurance"'
    """
    return f'{_RULES_2007}, "{heading}"'


_HANDS = ("2", "3", "4", "5", "6", "8", "max")


def wagers(version: str) -> tuple[Wager, ...]:
    """The initial wager, insurance, and the Under 13 / Over 13 wagers.

    >>> initial = wagers("1994")[0]
    >>> [w.key for w in wagers("1994")], initial.pay("blackjack"), initial.citations
    (['initial', 'insurance', 'under-13', 'over-13'], Fraction(3, 2), 'SI 1994/2899 reg 7(5), 7(6)(b), 7(6)(a)')
    """
    if version == "2007":
        cite_initial, cite_bj, cite_win, cite_ins = (  # the document's own headings
            _heading("Basic Outline Rules / How to Play"),  # the aim, a tie returning the bet
            _heading("Usual odds payable"),  # a blackjack at 3 to 2
            _heading("Basic Outline Rules / How to Play"),
            _heading("Insurance"),  # half the stake, paid at 2 to 1
        )
        side_recon = _SIDE_2007
    else:
        cite_initial, cite_bj, cite_win, cite_ins = f"{_REG}(5)", f"{_REG}(6)(a)", f"{_REG}(6)(b)", f"{_REG}(7)"
        side_recon = None
    initial_recon = _SOFT17_2002 if version == "2002" else None
    return (
        wager(
            "blackjack",
            "initial",
            "Initial wager",
            "a score not exceeding 21 that beats the banker's; equal scores void; a two-card 21 pays 3 to 2",
            cite_initial,
            {"win": "1 to 1", "blackjack": "3 to 2"},
            reconstructed=initial_recon,
            params={"kind": "initial"},
            payout_citations={"win": cite_win, "blackjack": cite_bj},
        ),
        wager(
            "blackjack",
            "insurance",
            "Insurance (player's two-card 21 against a banker's Ace)",
            "half the initial stake that the banker's second card has a value of 10",
            cite_ins,
            "2 to 1",
            params={"kind": "insurance"},
        ),
        wager(
            "blackjack",
            "under-13",
            "Under 13 (first two cards, Aces count 1)",
            "the first two cards total less than 13; a pair of Aces pays 7 to 1; 13 loses",
            f"{_REG}(10)(c),(f)",
            {"win": "1 to 1", "aces": "7 to 1"},
            reconstructed=side_recon,
            params={"kind": "under-13"},
        ),
        wager(
            "blackjack",
            "over-13",
            "Over 13 (first two cards, Aces count 1)",
            "the first two cards total more than 13; 13 loses",
            f"{_REG}(10)(d),(f)",
            "1 to 1",
            reconstructed=side_recon,
            params={"kind": "over-13"},
        ),
    )


def permitted_rules(version: str) -> dict[str, tuple[str, ...]]:
    """Rule values the version's law permits.

    The sources: reg 7(1)(b) packs; 7(1)(g) and 2002 7(11)(aa) soft 17; 7(1)(d) no hole card; 7(8) doubling;
    7(9) splitting. For 2007, "Blackjack Rules UK (basic game)": "Basic Outline Rules / How to Play" (packs),
    "Soft 17", "Doubling", "Splitting Pairs".

    >>> permitted_rules("1994")["soft17"], permitted_rules("2002")["soft17"], permitted_rules("2007")["decks"]
    (('stand',), ('stand', 'hit'), ('1', '4', '6'))
    """
    common = {"max_hands": _HANDS, "resplit_aces": ("yes", "no"), "blackjack_pays": ("3:2",), "das": ("yes",)}
    if version == "1994":
        return {
            "decks": ("4", "6"),
            "soft17": ("stand",),
            "hole_card": ("none",),
            "double": ("9-11",),
            "split": ("no-4-5-10",),
            **common,
        }
    if version == "2002":
        return {
            "decks": ("4", "6"),
            "soft17": ("stand", "hit"),
            "hole_card": ("none",),
            "double": ("9-11",),
            "split": ("no-4-5-10",),
            **common,
        }
    return {
        "decks": ("1", "4", "6"),
        "soft17": ("stand", "hit"),
        "hole_card": ("none", "peek"),
        "double": ("any",),
        "split": ("same-rank", "same-value"),
        **common,
    }


def default_rules(version: str) -> dict[str, str]:
    """Six packs, the banker standing on soft 17, no hole card, four hands from splits; doubling and splitting as
    the version's law has them.

    >>> default_rules("1994")["double"], default_rules("2007")["double"]
    ('9-11', 'any')
    """
    base = {
        "decks": "6",
        "soft17": "stand",
        "hole_card": "none",
        "das": "yes",
        "max_hands": "4",
        "resplit_aces": "yes",
        "blackjack_pays": "3:2",
    }
    if version == "2007":
        return {**base, "double": "any", "split": "same-rank"}
    return {**base, "double": "9-11", "split": "no-4-5-10"}


def table_rule_sets(version: str) -> tuple[dict[str, str], ...]:
    """4 and 6 packs (and 1 pack in 2007) x the soft-17 rules the version permits.

    >>> table_rule_sets("1994")
    ({'decks': '4', 'soft17': 'stand'}, {'decks': '6', 'soft17': 'stand'})
    >>> len(table_rule_sets("2002")), len(table_rule_sets("2007"))
    (4, 6)
    """
    allowed = permitted_rules(version)
    return tuple({"decks": d, "soft17": s} for d in allowed["decks"] for s in allowed["soft17"])
