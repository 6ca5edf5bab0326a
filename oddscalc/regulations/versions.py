"""The regulation versions: the body of rules in force on a date, and which games each permits."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import shorten

__all__ = ["VERSIONS", "Version", "VersionError", "get_version"]


class VersionError(InputError):
    """An unknown version id.

    Examples:
        The Gambling Act 2005 came into force on 1 September 2007, so its regime is version "2007", not "2005":

        >>> import oddscalc
        >>> try:
        ...     oddscalc.game_names("2005")
        ... except oddscalc.VersionError as exc:
        ...     print(exc)
        unknown version '2005'; allowed: 1994, 2002, 2007
    """


@dataclass(frozen=True)
class Version:
    """A version of the law: the rules in force from a date, and the games they permit (`oddscalc.versions()`).

    Attributes:
        id: the version's id, as the functions' `version` takes it, e.g. "1994".
        in_force: the date it came into force.
        title: its title.
        instruments: the statutory instruments or the regime it is made of, e.g. "SI 1994/2899".
        games: the games it permits, by name.
        summary: what it permits, in a sentence or two.

    Examples:
        The 2002 amendment, SI 2002/1130, came into force on 13 May 2002 (its reg 1). It adds Big Six, Three Card
        Poker and the three-dice game to the 1994 regulations' eight games:

        >>> v = get_version("2002")
        >>> v.instruments, str(v.in_force), len(v.games)
        ('SI 1994/2899; SI 2002/1130', '2002-05-13', 11)
    """

    id: str
    in_force: date
    title: str
    instruments: str
    games: tuple[str, ...]
    summary: str


_1994_GAMES = (
    "roulette",
    "dice",
    "punto-banco",
    "chemin-de-fer",
    "baccarat-banque",
    "blackjack",
    "casino-stud-poker",
    "super-pan-9",
)
_2002_GAMES = _1994_GAMES + ("big-six", "three-card-poker", "sic-bo")

VERSIONS: dict[str, Version] = {
    v.id: v
    for v in (
        Version(
            "1994",
            date(1995, 1, 1),
            "The Gaming Clubs (Bankers' Games) Regulations 1994, as made",
            "SI 1994/2899",
            _1994_GAMES,
            "Roulette, dice (Sch 1), baccarat, blackjack (4 or 6 packs, banker stands on all 17s, "
            "Under/Over 13), casino stud poker (Sch 2), Super Pan 9.",
        ),
        Version(
            "2002",
            date(2002, 5, 13),
            "SI 1994/2899 as amended by the Gaming Clubs (Bankers' Games) (Amendment) Regulations 2002",
            "SI 1994/2899; SI 2002/1130",
            _2002_GAMES,
            "Banker may draw on soft 17; casino stud poker progressive jackpot; Big Six, Three Card Poker "
            "and the three-dice game (Sch 4); dice hopping bets; roulette need not offer every wager.",
        ),
        Version(
            "2007",
            date(2007, 9, 1),
            "Gambling Act 2005 regime: the Gambling Commission's approved games of August 2007",
            "Gambling Act 2005 regime: SI 1994/2899 as amended in 2002 kept for every game but blackjack, "
            "which follows Blackjack Rules UK (basic game)",
            (
                "roulette",
                "dice",
                "big-six",
                "sic-bo",
                "punto-banco",
                "blackjack",
                "casino-stud-poker",
                "three-card-poker",
            ),
            "Baccarat banque, chemin de fer and Super Pan 9 dropped; blackjack per the industry's basic-game "
            "rules (double any two cards, split any pair of one rank, single deck allowed); other games keep "
            "their 2002 rules.",
        ),
    )
}


def get_version(version_id: str) -> Version:
    """The version called `version_id`; a one-line `VersionError` naming the versions for any other.

    >>> v = get_version("2002")
    >>> v.in_force, v.instruments
    (datetime.date(2002, 5, 13), 'SI 1994/2899; SI 2002/1130')
    >>> [g for g in v.games if g not in get_version("1994").games]
    ['big-six', 'three-card-poker', 'sic-bo']
    """
    try:
        return VERSIONS[str(version_id)]
    except KeyError:
        raise VersionError(f"unknown version {shorten(version_id)}; allowed: {', '.join(VERSIONS)}") from None


def in_force(version_id: str, since: str) -> bool:
    """True when `version_id` is the version `since` or a later one (a rule added in `since` applies to it).

    >>> in_force("2007", "2002"), in_force("2002", "2002"), in_force("1994", "2002")
    (True, True, False)
    """
    order = list(VERSIONS)
    return order.index(get_version(version_id).id) >= order.index(get_version(since).id)
