"""The functions a Python user starts from, exported by the `oddscalc` package: versions, games, wagers, analyses.

Each function takes the user's words: a game, a version, rule options, and numbers in any common spelling. It
resolves them once, here, and asks `oddscalc.api` with the resolved objects. Everything else lives in task-named
modules: `oddscalc.api` for the engines' own questions, `oddscalc.sim`, `oddscalc.verify`, `oddscalc.protect`
and `oddscalc.report`. Errors are one line and name the parameter, never a command-line flag; each is an
`oddscalc.OddscalcError`.

A number (`alpha`, `shift`, a count's key, ...) may be an int, a `Fraction`, a `Decimal` or text such as "1%",
"19/20" or "0.01". A float is taken at its exact binary value (`oddscalc.core.numbers.as_fraction`). So `0.01`
is a hair above 1/100: give "0.01" or `Fraction(1, 100)` where exactly 1/100 matters.

A straight bet at roulette pays 35 to 1 on one number of 37, so the house keeps 1 - 36/37 = 1/37:

>>> import oddscalc
>>> oddscalc.edge("roulette", "straight", version="1994")
Fraction(1, 37)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from oddscalc import api, blackjack_queries
from oddscalc.core.distribution import Distribution
from oddscalc.core.errors import CardError
from oddscalc.core.math_report import MathReport
from oddscalc.core.numbers import Number, NumberError, as_fraction, shorten
from oddscalc.core.partial_law import PartialLaw
from oddscalc.core.planning import Plan, PlanError
from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import RuleError
from oddscalc.regulations.versions import VERSIONS, Version, VersionError, get_version
from oddscalc.sim import check
from oddscalc.wager_results import GameAnalysis, WagerResult

if TYPE_CHECKING:
    from oddscalc.blackjack_queries import HandQuery

__all__ = [
    "Game",
    "analyse",
    "blackjack_hand",
    "check_counts",
    "edge",
    "game_names",
    "math_report",
    "plan",
    "poker_hand",
    "resolve",
    "versions",
    "wagers",
]


@dataclass(frozen=True)
class Game:
    """A game checked under one version of the law: what `resolve` returns and the other functions take.

    Resolve once and pass the `Game` where a game's name is asked for: it is not looked up again.

    Attributes:
        name: the game's name, one of `game_names()`, e.g. "roulette".
        version: the version of the law it is played under.

    Examples:
        A `Game` gives the same answers as the two words it stands for:

        >>> g = resolve("roulette", "1994")
        >>> g.name, g.version.id
        ('roulette', '1994')
        >>> edge(g, "straight") == edge("roulette", "straight", version="1994")
        True
    """

    name: str
    version: Version


def versions() -> tuple[Version, ...]:
    """Every version of the law oddscalc knows, oldest first: the `version` the other functions take.

    Returns:
        Each `Version`, oldest first: its `id`, the date `in_force`, its `instruments` and the `games` it permits.

    Examples:
        SI 1994/2899 came into force on 1 January 1995 and its amendment SI 2002/1130 on 13 May 2002 (reg 1). The
        Gambling Act 2005 regime began on 1 September 2007:

        >>> [(v.id, str(v.in_force)) for v in versions()]
        [('1994', '1995-01-01'), ('2002', '2002-05-13'), ('2007', '2007-09-01')]
    """
    return tuple(VERSIONS.values())


def game_names(version: str | Version | None = None) -> tuple[str, ...]:
    """The games a version of the law permits, in the tables' order: the names the other functions take.

    Args:
        version: a version's id ("1994") or a `Version`; None for every game of any version.

    Returns:
        The games' names.

    Raises:
        VersionError: an unknown version, or one that is neither text nor a `Version`.

    Examples:
        The 1994 regulations permit eight games: roulette, dice, three forms of baccarat, blackjack, casino stud
        poker and Super Pan 9. The 2002 amendment adds Big Six, Three Card Poker and the three-dice game (Sch 4).
        The 2007 regime adds none, so there are 8 + 3 = 11 in all:

        >>> len(game_names("1994")), len(game_names())
        (8, 11)
        >>> sorted(set(game_names("2002")) - set(game_names("1994")))
        ['big-six', 'sic-bo', 'three-card-poker']
    """
    if version is None:
        return tuple(api.GAMES)
    permitted = _version(version).games
    return tuple(g for g in api.GAMES if g in permitted)


def resolve(game: str, version: str | Version | None = None) -> Game:
    """A game and a version checked once, as the `Game` the other functions take in place of the two words.

    Args:
        game: the game's name (`game_names()`), e.g. "punto-banco".
        version: a version's id or a `Version`; None for the newest version that permits the game.

    Returns:
        The `Game`.

    Raises:
        GameError: an unknown game, or one the version does not permit.
        VersionError: an unknown version.

    Examples:
        Three Card Poker came with the 2002 amendment and stayed in 2007, so its newest version is 2007. Big Six
        came in 2002 too, so the 1994 regulations refuse it:

        >>> g = resolve("three-card-poker")
        >>> g.name, g.version.id
        ('three-card-poker', '2007')
        >>> resolve("big-six", "1994")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        oddscalc.api.GameError: version 1994 does not permit 'big-six'; it permits: roulette, dice, punto-banco, ...
    """
    if not isinstance(game, str):
        raise api.GameError(f"game {shorten(game)} is not a game's name; allowed: {', '.join(api.GAMES)}")
    if version is None:
        api.check_game(game)
        found = [v for v in VERSIONS.values() if game in v.games][-1]  # every game is permitted by some version
    else:
        found = _version(version)
        api.check_game(game, found)
    return Game(game, found)


def wagers(
    game: str | Game, *, version: str | Version | None = None, pay: Mapping[str, str] | None = None
) -> tuple[Wager, ...]:
    """The wagers a version permits for a game, with their odds as the law writes them and its citation.

    Args:
        game: a game's name or a resolved `Game`.
        version: a version's id or a `Version`; None for the newest that permits the game.
        pay: payouts overridden, {wager or "wager:payout": odds}, e.g. {"A": "45:1"}; each is marked custom.

    Returns:
        The game's `Wager`s, in the law's order. A wager's `key` names it to the other functions.

    Raises:
        GameError: an unknown game, or one the version does not permit.
        VersionError: an unknown version.
        OverrideError: an override that names no wager or payout, or whose odds cannot be read.
        RuleError: `pay` is not a mapping of text to text.

    Examples:
        Punto banco's player wager pays even money and its banker wager 19 to 20 (SI 1994/2899 reg 6(4), 6(7)):

        >>> [(w.key, w.payouts[0].odds.text) for w in wagers("punto-banco", version="1994")][:2]
        [('player', '1 to 1'), ('banker', '19 to 20')]
    """
    g = _game(game, version)
    return api.wagers(g.name, g.version, _pairs(pay, "pay"))


def analyse(
    game: str | Game,
    wager: str | None = None,
    *,
    version: str | Version | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    exact_law: bool = False,
    progress: Progress | None = None,
    law: bool = True,
) -> GameAnalysis:
    """The exact analysis of one wager of a game, or of all: each wager's law of a round and edge.

    Call it for more than the edge: the whole law of a round, the events behind it, a math report or a test plan.

    Args:
        game: a game's name or a resolved `Game`.
        wager: a wager's key (`wagers`), or None for every wager.
        version: a version's id or a `Version`; None for the newest that permits the game.
        rules: rule options, {option: value} as text, e.g. {"decks": "8"}; unset options take their default.
        pay: payouts overridden (see `wagers`); the analysis is then marked custom.
        custom: allow rule values the version does not permit; the analysis is then marked custom.
        exact_law: blackjack's law of every round with nothing lumped, however long it takes.
        progress: called as progress(done, total, label) during long work.
        law: False for blackjack's edge without the law of a round, unless that is shipped or cached. This takes
            seconds instead of minutes for a rule set not shipped; the result's `not_a_law` says what is left out.

    Returns:
        A `GameAnalysis`. Its `.result(key)` is one wager's `WagerResult` (`.distribution`, `.edge()`, ...).

    Raises:
        GameError: an unknown game, or one the version does not permit.
        VersionError: an unknown version.
        WagerError: a wager the game does not have, or one that is not text.
        RuleError: an unknown rule option, or a value the version does not permit (unless `custom`).
        OverrideError: a bad payout override (see `wagers`).

    Examples:
        Roulette's even chances lose half the stake on zero. Of 37 numbers, 18 win 1 and 18 lose 1, and zero loses
        1/2, so the house keeps 1/37 x 1/2 = 1/74:

        >>> even = analyse("roulette", "even-chance", version="1994").result("even-chance")
        >>> even.distribution.outcomes
        ((Fraction(-1, 1), Fraction(18, 37)), (Fraction(-1, 2), Fraction(1, 37)), (Fraction(1, 1), Fraction(18, 37)))
        >>> even.edge()
        Fraction(1, 74)
    """
    g = _game(game, version)
    if wager is not None and not isinstance(wager, str):
        raise api.WagerError(f"wager {shorten(wager)} is not a wager's key (text such as 'straight')")
    return api.analyse(
        g.name, g.version, wager, _pairs(rules, "rules"), _pairs(pay, "pay"), custom, progress, exact_law, law
    )


def edge(
    game: str | Game,
    wager: str,
    *,
    version: str | Version | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> Fraction:
    """The house edge of one wager, exactly: the house's expected gain per unit initially staked.

    Args:
        game: a game's name or a resolved `Game`.
        wager: the wager's key.
        version: a version's id or a `Version`; None for the newest that permits the game.
        rules: rule options, {option: value} as text, as for `analyse`.
        pay: payouts overridden, as for `wagers`.
        custom: allow rule values the version does not permit, as for `analyse`.

    Returns:
        The edge, a `Fraction`. Blackjack's comes from the game alone: no law of a round is computed for it.

    Raises:
        GameError: an unknown game, or one the version does not permit.
        VersionError: an unknown version.
        WagerError: a wager the game does not have.
        RuleError: a bad rule option or value, as for `analyse`.
        OverrideError: a bad payout override, as for `wagers`.

    Examples:
        A straight bet pays 35 to 1 on one number of 37: the house keeps 1 - 36/37 = 1/37. At 36 to 1 it would
        return 37/37 of the stake, an edge of 0:

        >>> edge("roulette", "straight", version="1994")
        Fraction(1, 37)
        >>> edge("roulette", "straight", version="1994", pay={"straight": "36 to 1"})
        Fraction(0, 1)

        Punto banco's banker bet on 6 and 8 packs: 1.0558% and 1.0579% as published (Wizard of Odds, "Baccarat"):

        >>> [f"{float(edge('punto-banco', 'banker', rules={'decks': d})):.4%}" for d in ("6", "8")]
        ['1.0558%', '1.0579%']
    """
    return analyse(game, wager, version=version, rules=rules, pay=pay, custom=custom, law=False).results[0].edge()


def math_report(
    game: str | Game,
    wager: str,
    *,
    version: str | Version | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> MathReport:
    """The math report of one wager: RTP, exact variance, volatility index, bands and element of risk.

    Args:
        game: a game's name or a resolved `Game`.
        wager: the wager's key.
        version: a version's id or a `Version`; None for the newest that permits the game.
        rules: rule options, {option: value} as text, as for `analyse`.
        pay: payouts overridden, as for `wagers`.
        custom: allow rule values the version does not permit, as for `analyse`.

    Returns:
        The wager's `MathReport`; the guide "The math report" defines each figure.

    Raises:
        GameError: an unknown game, or one the version does not permit.
        VersionError: an unknown version.
        WagerError: a wager the game does not have.
        RuleError: a bad rule option or value, as for `analyse`.
        OverrideError: a bad payout override, as for `wagers`.

    Examples:
        A straight bet returns 36/37 of its stake. Its variance is 35^2 x 1/37 + 1^2 x 36/37 - (1/37)^2 =
        46656/1369 = (216/37)^2:

        >>> m = math_report("roulette", "straight", version="1994")
        >>> m.rtp, m.standard_deviation.exact
        (Fraction(36, 37), '216/37')
    """
    return analyse(game, wager, version=version, rules=rules, pay=pay, custom=custom).results[0].math_report()


def plan(
    game: str | Game,
    wager: str,
    *,
    version: str | Version | None = None,
    shift: Number | None = None,
    rounds: Number | None = None,
    turnover: Number | None = None,
    alpha: Number = Fraction(1, 100),
    power: Number = Fraction(4, 5),
    level: Number = Fraction(19, 20),
    two_sided: bool = True,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> Plan:
    """Plan a test of a wager's RTP: the rounds that detect a shift, or the RTP's band after some rounds.

    Numbers may be ints, Fractions, Decimals, text ("1%", "19/20") or floats (at their exact binary value).

    Args:
        game: a game's name or a resolved `Game`.
        wager: the wager's key.
        version: as for `analyse`.
        shift: a change of the mean net return per unit staked to detect, above 0 ("0.5%": half a point of RTP).
        rounds: a whole number of rounds, for the band the RTP falls in.
        turnover: a total staked in units of the initial stake (instead of `rounds`).
        alpha: the significance, in (0, 1).
        power: the chance of detecting `shift`, in (0, 1).
        level: the band's chance, in (0, 1).
        two_sided: whether the test looks for a shift either way.
        rules: rule options, {option: value} as text, as for `analyse`.
        pay: payouts overridden, as for `wagers`.
        custom: allow rule values the version does not permit, as for `analyse`.

    Returns:
        A `Plan`: `.rounds_needed` for a shift, `.band` for some rounds, `.detectable` the shift they detect.

    Raises:
        NumberError: a number that cannot be read or lies out of range; the message names the parameter.
        PlanError: a question with no answer: nothing asked, or both `rounds` and `turnover` given.
        GameError: an unknown game, or one the version does not permit.
        VersionError: an unknown version.
        WagerError: a wager the game does not have.
        RuleError: a bad rule option or value, as for `analyse`.
        OverrideError: a bad payout override, as for `wagers`.

    Examples:
        A straight bet's standard deviation is 216/37 (`math_report`). To detect a shift of one point of RTP at 1%
        significance with 80% power takes N = ((z(1 - 0.01/2) + z(0.8)) x (216/37) / 0.01)^2 rounds, rounded up,
        however the numbers are written:

        >>> import math
        >>> from statistics import NormalDist
        >>> z = NormalDist().inv_cdf
        >>> math.ceil(((z(1 - 0.01 / 2) + z(0.8)) * (216 / 37) / 0.01) ** 2)
        3980234
        >>> plan("roulette", "straight", version="1994", shift="1%", alpha=0.01, power="80%").rounds_needed
        3980234

        After a million rounds the RTP lies within z(0.975) x (216/37) / 1000 of 36/37 with chance 95%:

        >>> band = plan("roulette", "straight", version="1994", rounds=10**6).band
        >>> band.rtp, f"{band.half_width:.9f}", f"{z(0.975) * (216 / 37) / 1000:.9f}"
        (Fraction(36, 37), '0.011441952', '0.011441952')
    """
    asked_shift = None if shift is None else as_fraction(shift, "shift", minimum=0, min_open=True)
    asked_rounds = None if rounds is None else _whole(rounds, "rounds")
    asked_turnover = None if turnover is None else as_fraction(turnover, "turnover", minimum=0, min_open=True)
    chances = [
        as_fraction(v, n, minimum=0, maximum=1, min_open=True, max_open=True) for v, n in _chances(alpha, power, level)
    ]
    result = analyse(game, wager, version=version, rules=rules, pay=pay, custom=custom).results[0]
    return api.plan_of(
        result,
        shift=asked_shift,
        rounds=asked_rounds,
        turnover=asked_turnover,
        alpha=chances[0],
        power=chances[1],
        level=chances[2],
        two_sided=two_sided,
    )


def check_counts(
    law: WagerResult | Distribution | PartialLaw, counts: Mapping[Number, int], *, alpha: Number = Fraction(1, 100)
) -> check.CheckResult:
    """Test a simulator's counts of each net return against a wager's exact law (chi-square and z-test).

    Args:
        law: a wager's `WagerResult` (from `analyse`), or a `Distribution` or `PartialLaw`.
        counts: {net return per unit staked: rounds observed}. A return may be any number (2, "35", "-1/2", or
            0.5, a float at its exact binary value); each count is a whole number, 0 or more.
        alpha: the chance of failing a right simulator, in (0, 1).

    Returns:
        A `CheckResult`: `.passed`, `.verdict`, the statistics and their p-values.

    Raises:
        NumberError: a return, a count or `alpha` that cannot be read or is out of range (a count below 0).
        CheckError: a return the wager cannot have, or too few rounds for the test to mean anything.
        PlanError: a law that is not the law of a round.

    Examples:
        In 37,000 straight bets, the number hits exactly 1,000 times. Both counts equal their expectations,
        37,000 x 36/37 and 37,000 x 1/37, so chi-square is 0 and the check passes. The mean net return is
        (35 x 1,000 - 36,000) / 37,000 = -1/37, the edge's negative:

        >>> straight = analyse("roulette", "straight", version="1994").result("straight")
        >>> result = check_counts(straight, {"-1": 36000, 35: 1000}, alpha="1%")
        >>> result.passed, result.rounds, result.chi_square, result.observed_mean
        (True, 37000, Fraction(0, 1), Fraction(-1, 37))
    """
    level = as_fraction(alpha, "alpha", minimum=0, maximum=1, min_open=True, max_open=True)
    if isinstance(law, WagerResult):
        if law.not_a_law and law.partial is None:
            raise PlanError(f"cannot check {law.wager.game} {law.wager.key} under these rules: {law.not_a_law}")
        exact: Distribution | PartialLaw = law.partial or law.distribution
    elif isinstance(law, (Distribution, PartialLaw)):
        exact = law
    else:
        raise NumberError(f"law {shorten(law)} is not a WagerResult, Distribution or PartialLaw")
    if not isinstance(counts, Mapping):
        raise NumberError(f"counts {shorten(counts)} is not a mapping of net return to rounds observed")
    observed: dict[Fraction, int] = {}
    for key, n in counts.items():
        ret = as_fraction(key, "counts' net return", percent=False)
        observed[ret] = observed.get(ret, 0) + _whole(n, f"count of net return {ret}", minimum=0, text=False)
    return check.check_counts(exact, observed, level)


def blackjack_hand(
    hand: str,
    up: str,
    *,
    version: str | Version | None = None,
    rules: Mapping[str, str] | None = None,
    removed: str = "",
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> HandQuery:
    """Each action's exact expectation for a blackjack hand against the banker's up-card, and the best action.

    Args:
        hand: the player's cards, e.g. "8,8" (A, 2-10 or T, J, Q, K).
        up: the banker's up-card, e.g. "10".
        version: as for `analyse`; None for the newest.
        rules: blackjack's rule options, e.g. {"decks": "6", "soft17": "hit"}.
        removed: cards known to be gone from the shoe, e.g. "5,5,6".
        pay: payouts overridden, as for `wagers`.
        custom: allow rule values the version does not permit, as for `analyse`.

    Returns:
        A `HandQuery`: `.best`, `.actions` as (action, exact expectation) pairs, `.p_banker_bj`.

    Raises:
        CardError: a card that cannot be read, or one not in the shoe.
        VersionError: an unknown version.
        RuleError: a bad rule option or value, as for `analyse`.
        OverrideError: a bad payout override, as for `wagers`.

    Examples:
        Under the 1994 rules the banker takes no hole card, so split hands lose both stakes to a banker's
        blackjack. Basic strategy for such games (Wizard of Odds, "European no hole card") hits 8,8 against a 10.
        Six packs less the three cards seen leave 309, with 24 Aces, so the banker's blackjack has chance 24/309:

        >>> q = blackjack_hand("8,8", "10", version="1994")
        >>> q.best, q.cards_left, q.p_banker_bj == Fraction(24, 309)
        ('hit', 309, True)
    """
    g = _game("blackjack", version)
    found = api.wagers(g.name, g.version, _pairs(pay, "pay"))
    resolved, _ = api.resolved_rules(g.name, g.version, _pairs(rules, "rules"), custom)
    for text, name in ((hand, "hand"), (up, "up"), (removed, "removed")):
        if not isinstance(text, str):
            raise CardError(f"{name} {shorten(text)} is not cards written as text, e.g. '8,8'")
    return blackjack_queries.hand_query(resolved, hand, up, removed, found)


def poker_hand(
    game: str | Game,
    cards: str,
    up: str | None = None,
    *,
    version: str | Version | None = None,
    pay: Mapping[str, str] | None = None,
) -> api.PokerHand:
    """One poker hand's exact decision: casino stud's raise or fold, Three Card Poker's play or fold.

    Args:
        game: "casino-stud-poker" (five cards and the banker's up-card) or "three-card-poker" (three cards).
        cards: the player's cards, e.g. "Qs 6d 4c" (rank 2-9, T, J, Q, K, A; suit c, d, h, s).
        up: the banker's up-card, casino stud's only, e.g. "7h".
        version: as for `analyse`.
        pay: payouts overridden, as for `wagers`.

    Returns:
        The game's hand decision: `.decision`, the exact expectations and the banker's hands counted.

    Raises:
        CardError: a card that cannot be read or is repeated, or the wrong number of cards.
        GameError: another game, an up-card missing in casino stud or given in Three Card Poker.

    Examples:
        Q-6-4 is the weakest Three Card Poker hand worth playing (Wizard of Odds, "Three Card Poker"):

        >>> [poker_hand("three-card-poker", c).decision for c in ("Qs 6d 4c", "Qs 6d 3c")]
        ['play', 'fold']

        The banker's hands counted are every three of the 49 cards left, C(49, 3):

        >>> import math
        >>> h = poker_hand("three-card-poker", "Qs 6d 4c")
        >>> h.no_qualify + h.player_wins + h.void + h.banker_wins == math.comb(49, 3)
        True
    """
    g = _game(game, version)
    if not isinstance(cards, str) or not (up is None or isinstance(up, str)):
        raise CardError(f"cards {shorten(cards)} and up {shorten(up)} must be text, e.g. 'Qs 6d 4c' and '7h'")
    return api.poker_hand(g.name, g.version.id, cards, up, _pairs(pay, "pay"))


def _version(version: str | Version) -> Version:
    if isinstance(version, Version):
        return version
    if not isinstance(version, str):
        raise VersionError(f"version {shorten(version)} is not a version's id; allowed: {', '.join(VERSIONS)}")
    return get_version(version)


def _game(game: str | Game, version: str | Version | None) -> Game:
    """The resolved game: given resolved, or resolved here (once) from its name and version."""
    if isinstance(game, Game):
        if version is not None and _version(version) != game.version:
            raise VersionError(f"version {shorten(version)} given with a game resolved under {game.version.id}")
        return game
    return resolve(game, version)


def _pairs(pairs: Mapping[str, str] | None, name: str) -> dict[str, str] | None:
    """Rule options or pay overrides as text: {option: value}; a value given as a number is written as text."""
    if pairs is None:
        return None
    if not isinstance(pairs, Mapping):
        raise RuleError(f"{name} {shorten(pairs)} is not a mapping of option to value, e.g. {{'decks': '6'}}")
    found = {}
    for key, value in pairs.items():
        if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, (str, int)):
            raise RuleError(f"{name} {shorten(key)}={shorten(value)}: give the option and its value as text")
        found[key] = str(value)
    return found


def _chances(alpha: Number, power: Number, level: Number) -> tuple[tuple[Number, str], ...]:
    return ((alpha, "alpha"), (power, "power"), (level, "level"))


def _whole(value: object, name: str, *, minimum: int = 1, text: bool = True) -> int:
    """A whole number at least `minimum` (an int, or where `text` any number that is whole, e.g. "1e6")."""
    if isinstance(value, bool) or (not text and not isinstance(value, int)):
        raise NumberError(f"{name} {shorten(value)} is not a whole number")
    found = as_fraction(value, name, minimum=minimum, percent=False)
    if found.denominator != 1:
        raise NumberError(f"{name} {shorten(value)} is not a whole number")
    return int(found)
