"""A rule set in plain English, for headings people read: "6 packs, dealer stands on soft 17, double on 9-11".

Each rule value has its phrase here (a value without one is written "name value"); the order is the rule
set's own.

>>> rules_in_words((("decks", "6"), ("soft17", "stand"), ("double", "9-11"), ("das", "yes")))
'6 packs, dealer stands on soft 17, double on 9-11, double after splitting'
>>> rules_in_words((("decks", "1"), ("mystery", "on")))
'1 pack, mystery on'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["rules_in_words"]


def _packs(value: str) -> str:
    if value == "infinite":
        return "an infinite shoe (cards dealt with replacement)"
    return f"{value} pack{'' if value == '1' else 's'}"


def _removed(value: str) -> str:
    return "a full shoe" if value in ("", "none") else f"{value} removed"


#: Phrases by rule name: a function of the value, or a phrase per value.
_PHRASES: dict[str, Callable[[str], str] | dict[str, str]] = {
    "decks": _packs,
    "removed": _removed,
    "soft17": {"stand": "dealer stands on soft 17", "hit": "dealer hits soft 17"},
    "hole_card": {"none": "no hole card", "peek": "hole card with peek"},
    "double": {"9-11": "double on 9-11", "10-11": "double on 10-11", "any": "double on any two cards"},
    "das": {"yes": "double after splitting", "no": "no double after splitting"},
    "split": {
        "no-4-5-10": "split any pair but 4s, 5s and 10s",
        "no-5-10": "split any pair but 5s and 10s",
        "no-10": "split any pair but 10s",
        "same-rank": "split pairs of the same rank",
        "same-value": "split pairs of the same value",
    },
    "max_hands": lambda v: "no limit on split hands" if v == "max" else f"up to {v} hands from a split",
    "resplit_aces": {"yes": "Aces resplit", "no": "Aces not resplit"},
    "blackjack_pays": lambda v: f"blackjack pays {v.replace(':', ' to ')}",
    "strategy": {"optimal": "optimal play", "basic": "basic strategy"},
    "post_split": lambda v: f"split hands played {v.upper()}",
    "banker-tie": {"void": "a tie voids the banker wager", "lose": "a tie loses the banker wager"},
    "commission": lambda v: "no commission" if v == "0" else f"{v}% commission on the bank's wins",
    "player5": {
        "optimal": "player plays 5 at the equilibrium",
        "draw": "player draws on 5",
        "stand": "player stands on 5",
    },
    "banker": {
        "classical": "banker follows the classical tableau",
        "free": "banker free in every cell",
        "best-response": "banker plays the best response",
        "draw-0-5": "banker draws on 0-5",
    },
    "player-info": {"total": "player knows his total", "composition": "player knows his two cards"},
    "hand5": {"draw": "hands draw on 5", "stand": "hands stand on 5"},
    "bank-play": {"best": "player-banker draws at his best", "house-rule": "player-banker follows the House rule"},
    "bank-sees": {"draws": "player-banker sees which hands drew", "own-cards": "player-banker sees his cards only"},
    "house-wager": lambda v: "no House wager" if v == "0" else f"House wager of {v} units",
    "house-hand": {"own": "House wager on a hand of its own", "shared": "House wager on a shared hand"},
    "model": {"auto": "finite shoe where feasible", "finite": "finite shoe", "infinite": "infinite shoe"},
    "meter": lambda v: f"jackpot meter at {v} units",
    "jackpot-stake": {"forfeited": "winning jackpot stake forfeited", "returned": "winning jackpot stake returned"},
    "contribution": lambda v: f"{v} of jackpot stakes to the meter",
    "reseed": lambda v: "no reseed" if v == "0" else f"reseed of {v} units",
    "shortfall": {"carried": "a prize beyond the meter carried", "added": "a prize beyond the meter added"},
    "hands": lambda v: f"{v} opposing hand{'' if v == '1' else 's'}",
}


def _phrase(name: str, value: str) -> str:
    phrase = _PHRASES.get(name)
    if callable(phrase):
        return phrase(value)
    if phrase and value in phrase:
        return phrase[value]
    return f"{name.replace('_', ' ')} {value}"


def rules_in_words(rules: Sequence[tuple[str, str]]) -> str:
    """The rule set as a plain-English list, in its own order ("as the law states" when it has no options)."""
    return ", ".join(_phrase(k, v) for k, v in rules) or "as the law states"
