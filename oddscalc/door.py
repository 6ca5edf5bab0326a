"""The functions a Python user starts from, exported by the `oddscalc` package: versions, games, wagers, analyses.

Each takes the user's words (a game, a version, rule options, numbers in any common spelling), resolves them
once here and asks `oddscalc.api` with the resolved objects; everything else lives in task-named modules
(`oddscalc.api` for the engines' own questions, `oddscalc.sim`, `oddscalc.verify`, `oddscalc.protect`,
`oddscalc.report`). Errors are one line and name the parameter (never a command-line flag); every one is an
`oddscalc.OddscalcError`.

Numbers (`alpha`, `shift`, a count's key, ...) may be an int, a `Fraction`, a `Decimal`, text such as "1%",
"19/20" or "0.01", or a float, which is taken at its exact binary value (`oddscalc.core.numbers.as_fraction`):
`0.01` is a hair above 1/100, so give "0.01" or `Fraction(1, 100)` where exactly 1/100 matters.

>>> import oddscalc
>>> oddscalc.edge("roulette", "straight", version="1994")
Fraction(1, 37)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from oddscalc import api
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
    from oddscalc.api import HandQuery

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
    """A game under one version of the law, checked once (`resolve`): what the door's functions pass down.

    Attributes:
        name: the game's name (`oddscalc.game_names()`), e.g. "roulette".
        version: the version of the law it is played under.
    """

    name: str
    version: Version


def versions() -> tuple[Version, ...]:
    """The versions of the law, oldest first, each with its date in force, instruments and the games it permits.

    Returns:
        Every `Version`, oldest first.

    >>> [(v.id, str(v.in_force)) for v in versions()]
    [('1994', '1995-01-01'), ('2002', '2002-05-13'), ('2007', '2007-09-01')]
    """
    return tuple(VERSIONS.values())


def game_names(version: str | Version | None = None) -> tuple[str, ...]:
    """The games a version of the law permits (every game oddscalc knows without one), in the tables' order.

    Args:
        version: a version's id ("1994") or a `Version`; None for every game of any version.

    Returns:
        The games' names.

    Raises:
        VersionError: an unknown version.

    >>> game_names("1994")[:3], len(game_names())
    (('roulette', 'dice', 'punto-banco'), 11)
    """
    if version is None:
        return tuple(api.GAMES)
    permitted = _version(version).games
    return tuple(g for g in api.GAMES if g in permitted)


def resolve(game: str, version: str | Version | None = None) -> Game:
    """A game under a version, checked once: known, computed, and permitted by that version.

    Args:
        game: the game's name, e.g. "punto-banco".
        version: a version's id or a `Version`; None for the newest version that permits the game.

    Returns:
        The `Game` the other functions take in place of the two words.

    Raises:
        GameError: an unknown game, or one the version does not permit.
        VersionError: an unknown version.

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
    """The wagers a version permits for a game: odds as the law writes them, and where it says so.

    Args:
        game: a game's name or a resolved `Game`.
        version: a version's id or a `Version` (None: the newest that permits the game).
        pay: payouts overridden, {wager or "wager:payout": odds} (e.g. {"A": "45:1"}); marked custom.

    Returns:
        The game's `Wager`s, in the law's order.

    Raises:
        GameError, VersionError, OverrideError: an unknown game or version, a bad override.

    >>> [(w.key, w.payouts[0].label) for w in wagers("punto-banco", version="1994")][:2]
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
    """The exact analysis of one wager of a game, or all: each wager's law of a round, edges and events.

    Args:
        game: a game's name or a resolved `Game`.
        wager: a wager's key (`wagers`), or None for every wager.
        version: a version's id or a `Version` (None: the newest that permits the game).
        rules: rule options, {option: value} as text (e.g. {"decks": "8"}); unset options take their default.
        pay: payouts overridden (see `wagers`); the analysis is then marked custom.
        custom: allow rule values the version does not permit (the analysis is marked custom).
        exact_law: blackjack's law of every round with nothing lumped, however long it takes.
        progress: called as progress(done, total, label) during long work.
        law: False for blackjack's edge without the law of a round unless that is shipped or cached (seconds
            instead of minutes for a rule set not shipped; the result's `not_a_law` names what is left out).

    Returns:
        A `GameAnalysis`: `.results` holds one `WagerResult` per wager (`.distribution`, `.edge()`, ...).

    Raises:
        GameError, VersionError, WagerError, RuleError, OverrideError: a word that names nothing allowed.

    >>> even = analyse("roulette", "even-chance", version="1994").result("even-chance")
    >>> even.edge(), even.distribution.p_win  # half the stake back on zero: 1/37 x 1/2
    (Fraction(1, 74), Fraction(18, 37))
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
    """The house edge of one wager: the house's exact expected gain per unit initially staked.

    Args:
        game: a game's name or a resolved `Game`.
        wager: the wager's key.
        version: a version's id or a `Version` (None: the newest that permits the game).
        rules: rule options, {option: value} as text, as for `analyse`.
        pay: payouts overridden, as for `wagers`.
        custom: allow rule values the version does not permit, as for `analyse`.

    Returns:
        The edge, exactly (blackjack's from the game alone: no law of a round is computed for it).

    Raises:
        GameError, VersionError, WagerError, RuleError, OverrideError: as for `analyse`.

    A straight bet at roulette pays 35 to 1 on one number of 37: the house keeps 1 - 36/37. Punto banco's
    banker bet (paid 19 to 20) on 6 and 8 packs: 1.0558% and 1.0579%, as published (Wizard of Odds, "Baccarat"):

    >>> edge("roulette", "straight", version="1994")
    Fraction(1, 37)
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
    """The math report of one wager: chances, RTP, exact variance, volatility index, bands, element of risk.

    Args:
        game: a game's name or a resolved `Game`.
        wager: the wager's key.
        version: a version's id or a `Version` (None: the newest that permits the game).
        rules: rule options, {option: value} as text, as for `analyse`.
        pay: payouts overridden, as for `wagers`.
        custom: allow rule values the version does not permit, as for `analyse`.

    Returns:
        The wager's `MathReport` (docs/mathreport.md defines each figure).

    Raises:
        GameError, VersionError, WagerError, RuleError, OverrideError: as for `analyse`.

    A straight bet: variance 35^2 x 1/37 + 1 x 36/37 - (1/37)^2 = (216/37)^2:

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
    """Plan a test of one wager's RTP: the rounds that detect a shift, or the band after some rounds.

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
        A `Plan` (`.rounds_needed`, `.band`, `.detectable`).

    Raises:
        NumberError: a number that cannot be read or lies out of range (the message names the parameter).
        PlanError: a question with no answer (nothing asked; rounds and a turnover both given).
        GameError, VersionError, WagerError, RuleError, OverrideError: as for `analyse`.

    A straight bet, a shift of one point of RTP at 1% significance with 80% power: about
    ((2.5758 + 0.8416) x 216/37 / 0.01)^2 rounds, however the numbers are written:

    >>> plan("roulette", "straight", version="1994", shift="1%", alpha=0.01, power="80%").rounds_needed
    3980234
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
    """Test observed counts of each net return against a wager's exact law (chi-square and z-test).

    Args:
        law: a wager's `WagerResult` (from `analyse`), or a `Distribution` or `PartialLaw`.
        counts: {net return per unit staked: rounds observed}; a return may be written as any number
            (2, "35", "-1/2", 0.5: a float at its exact binary value); each count a whole number, 0 or more.
        alpha: the chance of failing a right simulator, in (0, 1).

    Returns:
        A `CheckResult`: `.passed`, `.verdict`, the statistics and p-values.

    Raises:
        NumberError: a return, a count or `alpha` that cannot be read or is out of range.
        CheckError: a return the wager cannot have, a negative count, too few rounds.
        PlanError: a law that is not the law of a round.

    37,000 straight bets, the number hitting exactly 1,000 times (its expectation):

    >>> straight = analyse("roulette", "straight", version="1994").result("straight")
    >>> result = check_counts(straight, {"-1": 36000, 35: 1000}, alpha="1%")
    >>> result.passed, result.rounds, result.observed_mean == result.expected_mean == Fraction(-1, 37)
    (True, 37000, True)
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
    """Each action's exact expectation for a blackjack hand against the banker's up-card, and the best one.

    Args:
        hand: the player's cards, e.g. "8,8" (A, 2-10 or T, J, Q, K).
        up: the banker's up-card, e.g. "10".
        version: as for `analyse` (None: the newest).
        rules: blackjack's rule options (e.g. {"decks": "6", "soft17": "hit"}).
        removed: cards known to be gone from the shoe, e.g. "5,5,6".
        pay: payouts overridden, as for `wagers`.
        custom: allow rule values the version does not permit, as for `analyse`.

    Returns:
        A `HandQuery`: `.best`, `.actions` [(action, exact expectation)], `.p_banker_bj`.

    Raises:
        CardError: a card that cannot be read, or not in the shoe.
        VersionError, RuleError, OverrideError: as for `analyse`.

    With no hole card (1994) a split pair loses both stakes to a banker's blackjack, so 8,8 against a 10 is
    hit; the banker has blackjack with an Ace among the 309 cards left, 24/309:

    >>> q = blackjack_hand("8,8", "10", version="1994")
    >>> q.best, q.p_banker_bj
    ('hit', Fraction(8, 103))
    """
    g = _game("blackjack", version)
    found = api.wagers(g.name, g.version, _pairs(pay, "pay"))
    resolved, _ = api.resolved_rules(g.name, g.version, _pairs(rules, "rules"), custom)
    for text, name in ((hand, "hand"), (up, "up"), (removed, "removed")):
        if not isinstance(text, str):
            raise CardError(f"{name} {shorten(text)} is not cards written as text, e.g. '8,8'")
    return api.blackjack_hand(resolved, hand, up, removed, found)


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
        pay: payouts overridden (see `wagers`).

    Returns:
        The game's hand decision: `.decision`, and the exact expectations and banker hands counted.

    Raises:
        CardError: a card that cannot be read, repeated, or the wrong number of cards.
        GameError: another game, an up-card missing in casino stud or given in Three Card Poker.

    Q-6-4 is the weakest Three Card Poker hand worth playing:

    >>> [poker_hand("three-card-poker", c).decision for c in ("Qs 6d 4c", "Qs 6d 3c")]
    ['play', 'fold']
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
