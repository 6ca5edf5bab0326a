"""The one door to the games: look up versions and wagers, resolve rules, and analyse.

The command line and the table writers call only this; each game keeps its law in
`oddscalc.regulations.<game>` and its mathematics in `oddscalc.games.<game>`.

>>> analyse("roulette", "1994", "straight").results[0].edge()
Fraction(1, 37)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from inspect import signature
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, cast, overload

from oddscalc.core import planning
from oddscalc.core.errors import InputError, ShoeError
from oddscalc.core.math_report import MathReport
from oddscalc.core.numbers import shorten
from oddscalc.core.planning import Plan, PlanError
from oddscalc.core.progress import Progress
from oddscalc.core.store import Engine
from oddscalc.regulations.model import Wager, apply_overrides
from oddscalc.regulations.versions import VERSIONS, Version, get_version
from oddscalc.wager_results import CompositionLaws, GameAnalysis, RuleError, RuleOption, WagerResult, resolve_rules

if TYPE_CHECKING:  # the engines' own answers, named for the type checker: an engine loads only when first asked
    from oddscalc.games.casino_stud_poker.queries import HandDecision as StudHand
    from oddscalc.games.super_pan_9.engine import Holding
    from oddscalc.games.three_card_poker.wagers import HandDecision as ThreeCardHand

__all__ = [
    "GAMES",
    "DecisionValues",
    "GameError",
    "MathReport",
    "Plan",
    "PlanError",
    "PokerHand",
    "RuleError",
    "StudRow",
    "Version",
    "WagerError",
    "analyse",
    "check_game",
    "compared_plays",
    "composition_decisions",
    "composition_engines",
    "composition_estimates",
    "composition_hand_laws",
    "composition_kinds",
    "composition_later_decisions",
    "composition_later_values",
    "composition_laws",
    "composition_values",
    "decision_engines",
    "decision_table",
    "deviation_refusals",
    "hand_decision",
    "has_compositions",
    "has_decision_table",
    "has_decisions",
    "has_estimates",
    "implemented",
    "law_seconds",
    "math_report",
    "plan",
    "plan_of",
    "poker_hand",
    "resolved_rules",
    "rule_options",
    "stud_decisions",
    "super_pan_9_holdings",
    "table_rule_sets",
    "version_ids",
    "wagers",
]

#: Every game name, in the order tables list them, with its module name under regulations/ and games/.
GAMES: dict[str, str] = {
    "roulette": "roulette",
    "dice": "dice",
    "big-six": "big_six",
    "sic-bo": "sic_bo",
    "punto-banco": "punto_banco",
    "chemin-de-fer": "chemin_de_fer",
    "baccarat-banque": "baccarat_banque",
    "blackjack": "blackjack",
    "casino-stud-poker": "casino_stud_poker",
    "super-pan-9": "super_pan_9",
    "three-card-poker": "three_card_poker",
}

#: One poker hand's decision (`poker_hand`): casino stud's (raise or fold) or Three Card Poker's (play or fold).
PokerHand: TypeAlias = "StudHand | ThreeCardHand"
#: The player's first decisions on a composition: {decision: (group, chance, {action: exact value})}.
DecisionValues: TypeAlias = dict[str, tuple[str, Fraction, dict[str, Fraction]]]
#: One row of `stud_decisions`: hand, up-card, hands in the class, banker hands that do not qualify, that the
#: player beats, that tie and that win, the exact expectation of raising, and the decision.
StudRow: TypeAlias = tuple[str, str, int, int, int, int, int, Fraction, str]


class GameError(InputError):
    """An unknown game, or one the version does not permit, or one not yet computed.

    Examples:
        Big Six came with the 2002 amendment (SI 2002/1130), so the 1994 regulations refuse it:

        >>> import oddscalc
        >>> try:  # doctest: +ELLIPSIS
        ...     oddscalc.resolve("big-six", "1994")
        ... except oddscalc.GameError as exc:
        ...     print(exc)
        version 1994 does not permit 'big-six'; it permits: roulette, dice, ..., casino-stud-poker, super-pan-9
    """


class WagerError(InputError):
    """A wager the game does not have under this version.

    Examples:
        Red and black are two of roulette's even chances, one wager named "even-chance", so "red" is refused:

        >>> import oddscalc
        >>> try:  # doctest: +ELLIPSIS
        ...     oddscalc.edge("roulette", "red", version="1994")
        ... except oddscalc.WagerError as exc:
        ...     print(exc)
        roulette has no wager 'red' under version 1994; allowed: straight, split, ..., even-chance, two-dozens
    """


class _Law(Protocol):
    """A game's law, `oddscalc/regulations/<module>.py` (DEVELOPING.md, "How a game plugs in"). Its optional
    hooks (`permitted_rules`, `default_rules`, `table_rule_sets`) are looked up by name."""

    def wagers(self, version: str) -> tuple[Wager, ...]: ...


class _Maths(Protocol):
    """A game's mathematics, `oddscalc/games/<module>`. Its optional hooks (`RULES`, `needs`, `check_rules`,
    `decision_table`, the composition hooks) are looked up by name; `options` are `exact_law=True` and
    `law=False`, each given only to an `analyse` that takes it."""

    def analyse(
        self, wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None, **options: bool
    ) -> GameAnalysis: ...


class _Compositions(Protocol):
    """A game's composition hooks (DEVELOPING.md, "Composition hooks")."""

    def composition_kinds(self, rules: dict[str, str]) -> tuple[tuple[str, int], ...]: ...

    def composition_values(
        self, wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...]
    ) -> dict[str, Fraction]: ...


class _Decisions(Protocol):
    """A game's values of its player's decisions on a composition (`games.blackjack.decisions`)."""

    def composition_decisions(
        self, wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...]
    ) -> DecisionValues: ...

    def later_decisions(
        self, wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...]
    ) -> DecisionValues: ...

    def later_values(
        self, wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...], hands: Sequence[str]
    ) -> dict[str, tuple[str, dict[str, Fraction]]]: ...


def _module(package: str, game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"oddscalc.{package}.{GAMES[game]}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(GAMES[game]):
            return None
        raise


def _computed(package: str, game: str) -> ModuleType:
    """The game's module under `package` (regulations, games); refused for a game not computed yet."""
    found = _module(package, game)
    if found is None:
        raise GameError(f"game {game!r} is not computed yet")
    return found


def _law(game: str) -> _Law:
    return cast(_Law, _computed("regulations", game))


def _maths(game: str) -> _Maths:
    return cast(_Maths, _computed("games", game))


def implemented(game: str) -> bool:
    """Whether `game` has both its law and its mathematics (every game of GAMES has).

    >>> all(implemented(game) for game in GAMES)
    True
    """
    return _module("regulations", game) is not None and _module("games", game) is not None


def check_game(game: str, version: str | Version | None = None) -> None:
    """Raise a one-line error unless `game` is known, computed, and (given a version) permitted by it.

    >>> check_game("big-six", "2002")
    >>> check_game("big-six", "1994")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    oddscalc.api.GameError: version 1994 does not permit 'big-six'; it permits: roulette, dice, punto-banco, ...
    """
    _checked(game, version)


def _checked(game: str, version: str | Version | None) -> Version | None:
    """`check_game`, returning the version found: a version's words are looked up once, here (a `Version`
    given, as the door passes it, is not looked up again)."""
    if not isinstance(game, str) or game not in GAMES:
        raise GameError(f"unknown game {shorten(game)}; allowed: {', '.join(GAMES)}")
    if not implemented(game):
        ready = ", ".join(g for g in GAMES if implemented(g))
        raise GameError(f"game {game!r} is not computed yet; computed: {ready}")
    if version is None:
        return None
    v = version if isinstance(version, Version) else get_version(version)
    if game not in v.games:
        raise GameError(f"version {v.id} does not permit {game!r}; it permits: {', '.join(v.games)}")
    return v


def wagers(game: str, version: str | Version, pay: Mapping[str, str] | None = None) -> tuple[Wager, ...]:
    """The wagers `version` permits for `game`, with any user pay overrides applied (and marked custom).

    >>> [w.key for w in wagers("punto-banco", "1994")]
    ['player', 'banker', 'tie']
    >>> wagers("big-six", "2002", {"A": "45:1"})[0].payouts[0].label
    '45 to 1 (custom; law: 50 to 1)'
    """
    v = _checked(game, version)
    assert v is not None
    return _wagers(game, v, pay)


def _wagers(game: str, version: Version, pay: Mapping[str, str] | None) -> tuple[Wager, ...]:
    """`wagers` for a game and version already checked (`_checked`)."""
    found = _law(game).wagers(version.id)
    return apply_overrides(found, pay) if pay else found


def rule_options(game: str) -> tuple[RuleOption, ...]:
    """Every rule option a rule set of `game` may set, with its choices and default.

    Punto banco's house chooses its packs (six unless said), the cards already gone (none), and what a tie
    does to the banker's bet (void, reg 6(4)(a): it is returned). Roulette leaves the house nothing to choose:

    >>> [(o.name, o.default) for o in rule_options("punto-banco")]
    [('decks', '6'), ('removed', 'none'), ('banker-tie', 'void')]
    >>> rule_options("roulette")
    ()
    """
    check_game(game)
    options: tuple[RuleOption, ...] = getattr(_computed("games", game), "RULES", ())
    return options


def table_rule_sets(game: str, version: str) -> tuple[dict[str, str], ...]:
    """The rule sets the printed tables show for this game and version (the law's permitted variants).

    The 1994 law lets a house deal blackjack from 4 or 6 packs (reg 7(1)(b)), and its banker stands on soft 17,
    so 2 x 1 rule sets. Roulette has one table, with nothing to choose:

    >>> table_rule_sets("blackjack", "1994")
    ({'decks': '4', 'soft17': 'stand'}, {'decks': '6', 'soft17': 'stand'})
    >>> table_rule_sets("roulette", "1994")
    ({},)
    """
    check_game(game, version)
    fn: Callable[[str], Iterable[dict[str, str]]] | None = getattr(_law(game), "table_rule_sets", None)
    return tuple(fn(version)) if fn else ({},)


def analyse(
    game: str,
    version: str | Version,
    wager: str | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    progress: Progress | None = None,
    exact_law: bool = False,
    law: bool = True,
) -> GameAnalysis:
    """Exact analysis of one wager (or all) of `game` under `version` and the given rule choices.

    `exact_law`: the law of every round computed exactly however long it takes, for a game whose default law
    bounds its work. That is blackjack's, whose resplit rounds beyond a work budget are lumped (the law of
    `blackjack game --law-budget none`); other games' laws are exact either way.

    `law` False: for a game whose law costs far more than its edge (blackjack), the law only where it is shipped
    or cached. Else it gives the edge and the figures that need no law, and the result's `not_a_law` says which
    are left out. Other games give their law either way.

    The game and version are checked, and the version looked up, once. A `Version` given, as `oddscalc.analyse`
    gives it, is not looked up again; what travels down is resolved.

    The even chances win 1 on 18 numbers of 37 and lose half the stake on zero, so they keep 1/37 x 1/2 = 1/74:

    >>> even = analyse("roulette", "1994", "even-chance").results[0]
    >>> even.edge(), even.distribution.p_win
    (Fraction(1, 74), Fraction(18, 37))
    >>> [(r.wager.key, r.edge()) for r in analyse("blackjack", "1994").results][1:]  # read from the shipped data
    [('insurance', Fraction(8, 103)), ('under-13', Fraction(269, 4043)), ('over-13', Fraction(265, 4043))]
    """
    v = _checked(game, version)
    assert v is not None
    every = found = _wagers(game, v, pay)
    if wager is not None:
        chosen = tuple(w for w in found if w.key.lower() == wager.lower())
        if not chosen:
            raise WagerError(
                f"{game} has no wager {shorten(wager)} under version {v.id}; allowed: "
                + ", ".join(w.key for w in found)
            )
        found = chosen
    maths = _maths(game)
    selected = {w.key for w in found}
    needs: Callable[[Wager], Iterable[str]] | None = getattr(maths, "needs", None)
    if needs:  # wagers the chosen ones read (dice behind odds) are analysed with them, then dropped
        wanted = selected | {k for w in found for k in needs(w)}
        found = tuple(w for w in every if w.key in wanted)
    resolved, outside = _resolved_rules(game, v, rules, custom, every)
    takes = signature(maths.analyse).parameters
    options = {"exact_law": True} if exact_law and "exact_law" in takes else {}
    if not law and not exact_law and "law" in takes:
        options["law"] = False
    result = maths.analyse(found, resolved, progress=progress, **options)
    results = tuple(r for r in result.results if r.wager.key in selected)
    is_custom = outside or any(w.custom for w in found)
    return replace(result, game=game, version=v.id, rules=tuple(resolved.items()), custom=is_custom, results=results)


def law_seconds(
    game: str,
    version: str | Version,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    exact_law: bool = False,
    progress: Progress | None = None,
) -> float | None:
    """About how many seconds `analyse` would spend on the law of a round beyond the edge; an estimate.

    It is for a game whose law costs far more than its edge (blackjack, whose own figures are computed first, in
    seconds, and cached), for a command to say before it starts the work. It is None when the law is shipped or
    cached, or when the game has no such cost.

    >>> law_seconds("blackjack", "1994") is None, law_seconds("roulette", "1994") is None  # shipped; no law cost
    (True, True)
    """
    v = _checked(game, version)
    assert v is not None
    hook: Callable[..., float | None] | None = getattr(_maths(game), "law_seconds", None)
    if hook is None:
        return None
    every = _wagers(game, v, pay)
    resolved, _ = _resolved_rules(game, v, rules, custom, every)
    return hook(every, resolved, exact_law, progress)


#: Games whose figures readers compare under two plays: the rule that chooses the play, and each value's name
#: (the first the figures assume by default). Blackjack: composition-dependent optimal play, and the
#: total-dependent basic strategy, the edge real players face.
_PLAYS: dict[str, tuple[str, dict[str, str]]] = {
    "blackjack": ("strategy", {"optimal": "optimal play", "basic": "basic strategy"}),
}


def compared_plays(game: str, rules: Mapping[str, str]) -> tuple[tuple[str, dict[str, str]], ...]:
    """The plays a reader compares `game`'s figures under, each (name, rules), the default play first.

    The others follow it. It is empty when the game has one play or `rules` already chooses it: blackjack's
    figures compare optimal play with the basic strategy, and roulette has no play to choose.

    >>> [(name, rules["strategy"]) for name, rules in compared_plays("blackjack", {"decks": "6"})]
    [('optimal play', 'optimal'), ('basic strategy', 'basic')]
    >>> compared_plays("blackjack", {"strategy": "basic"}), compared_plays("roulette", {})
    ((), ())
    """
    if game not in _PLAYS or _PLAYS[game][0] in rules:
        return ()
    rule, names = _PLAYS[game]
    return tuple((name, {**rules, rule: value}) for value, name in names.items())


def has_decision_table(game: str) -> bool:
    """Whether the game's engine tabulates the decisions it assumes (`decision_table`) for simulators to follow.

    >>> has_decision_table("super-pan-9"), has_decision_table("roulette")
    (True, False)
    """
    check_game(game)
    return hasattr(_computed("games", game), "decision_table")


def decision_table(
    game: str,
    version: str,
    wager: str,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    deviations: tuple[tuple[str, str, str], ...] = (),
) -> object:
    """The exact engine's decision table for a wager (the strategy it assumes), for simulators to follow.

    Its form is the game's own (a mapping, or a lookup object, documented by the game's `decision_table`;
    None for a wager with no decision); the rules are resolved and checked as for `analyse`. `deviations`
    (blackjack) are index plays (hand, up-card, action) in place of the basic strategy chart's, the chart
    `composition_values` values with them.

    Super Pan 9's table maps three cards' point values to whether the hand draws a fourth. A point is the sum's
    last digit, so 0, 0, 5 and 1, 2, 2 are both 5 and draw, while 0, 0, 6 (6) and 3, 3, 3 (9) stand. Each entry
    is the better of the two expectations `super_pan_9_holdings` gives at the wager's odds, 19 to 20:

    >>> table = decision_table("super-pan-9", "1994", "initial")
    >>> table[(0, 0, 5)], table[(0, 0, 6)], table[(1, 2, 2)], table[(3, 3, 3)]
    ('draw', 'stand', 'draw', 'stand')
    >>> holdings = super_pan_9_holdings(8)
    >>> pays = Fraction(19, 20)
    >>> all((h.ev("draw", pays) > h.ev("stand", pays)) == (table[k] == "draw") for k, h in holdings.items())
    True
    """
    found = [w for w in wagers(game, version, pay) if w.key.lower() == wager.lower()]
    if not found:
        raise WagerError(f"{game} has no wager {shorten(wager)} under version {version}")
    fn: Callable[[Wager, dict[str, str]], object] | None = getattr(_computed("games", game), "decision_table", None)
    if fn is None:
        raise GameError(f"{game} has no decisions to tabulate")
    resolved, _ = resolved_rules(game, version, rules, custom)
    if deviations:
        _check_deviations(game)
        return cast(Callable[..., object], fn)(found[0], resolved, deviations)
    return fn(found[0], resolved)


def resolved_rules(
    game: str, version: str | Version, rules: Mapping[str, str] | None = None, custom: bool = False
) -> tuple[dict[str, str], bool]:
    """Every rule option of `game` resolved, and whether the rule set lies outside what the version permits.

    Defaults are filled in and values checked against the version; a rule set outside it is allowed only with
    `custom`. Eight packs is a punto banco house's choice, and the options not given take their defaults
    (`rule_options`). Chemin de fer's law takes no commission, so asking for one makes the rule set custom:

    >>> resolved_rules("punto-banco", "1994", {"decks": "8"})
    ({'decks': '8', 'removed': 'none', 'banker-tie': 'void'}, False)
    >>> resolved_rules("chemin-de-fer", "1994", {"commission": "5"}, custom=True)[1]  # the law has no commission
    True
    """
    v = _checked(game, version)
    assert v is not None
    return _resolved_rules(game, v, rules, custom, _wagers(game, v, None))


def _resolved_rules(
    game: str, version: Version, rules: Mapping[str, str] | None, custom: bool, found: tuple[Wager, ...]
) -> tuple[dict[str, str], bool]:
    """`resolved_rules` for a game and version already checked, whose wagers `found` are already read."""
    reg = _law(game)
    permitted: Callable[[str], dict[str, tuple[str, ...]]] | None = getattr(reg, "permitted_rules", None)
    defaults: Callable[[str], dict[str, str]] | None = getattr(reg, "default_rules", None)
    return resolve_rules(
        _version_options(game, version.id, rules or {}, found),
        permitted(version.id) if permitted else {},
        defaults(version.id) if defaults else {},
        rules or {},
        version.id,
        custom,
        getattr(_computed("games", game), "check_rules", None),
    )


def _version_options(
    game: str, version: str, given: Mapping[str, str], found_wagers: tuple[Wager, ...]
) -> tuple[RuleOption, ...]:
    """The game's rule options that are rules of `version`, whose wagers are `found_wagers`.

    Those are the options for the whole game, and those for wagers of which the version has one: casino stud's
    jackpot meter is no rule of 1994, which has no jackpot wager. A given option that is not is refused, naming
    its wagers."""
    keys = {w.key for w in found_wagers}
    found = []
    for o in rule_options(game):
        if not o.wagers or keys & set(o.wagers):
            found.append(o)
        elif o.name in given:
            raise RuleError(
                f"rule {o.name} concerns the {' and '.join(o.wagers)} wager, which version {version} "
                f"does not have (its wagers: {', '.join(sorted(keys))})"
            )
    return tuple(found)


def _composition_hooks(game: str) -> _Compositions | None:
    """The module holding a game's composition hooks (`composition_kinds`, `composition_values`): the game
    module itself, or for a game package its `composition` module (DEVELOPING.md)."""
    mod = _computed("games", game)
    hooks = mod if hasattr(mod, "composition_values") else _game_submodule(mod, "composition")
    return cast(_Compositions | None, hooks)


def _game_submodule(mod: ModuleType, name: str) -> ModuleType | None:
    """The module `name` of a game package (None for a plain game module or a package without it)."""
    if not hasattr(mod, "__path__"):
        return None
    try:
        return importlib.import_module(f"{mod.__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{mod.__name__}.{name}":
            raise
    return None


def has_compositions(game: str) -> bool:
    """Whether `game` can value an arbitrary shoe composition (the card games with a shoe).

    >>> has_compositions("punto-banco"), has_compositions("dice")
    (True, False)
    """
    check_game(game)
    return _composition_hooks(game) is not None


def composition_engines(game: str) -> tuple[Engine, ...]:
    """The engines a game's composition values are computed by: its hooks' `ENGINES`, or () when not declared.

    They are declared where the values are worth storing (`core.store`): blackjack's, whose values take
    seconds, and not punto banco's.

    >>> [e.name for e in composition_engines("blackjack")], composition_engines("punto-banco")
    (['blackjack'], ())
    """
    hooks = _composition_hooks(game)
    return tuple(getattr(hooks, "ENGINES", ())) if hooks is not None else ()


def composition_kinds(
    game: str, version: str, rules: Mapping[str, str] | None = None, custom: bool = False
) -> tuple[tuple[str, int], ...]:
    """The kinds of card the game's shoe distinguishes: (label, how many the full shoe holds), in counts' order.

    `composition_values` reads counts in this order. Punto banco counts points: a pack's four tens and twelve
    courts are all 0, so it holds 16 of point 0 and 4 of each of A to 9:

    >>> composition_kinds("punto-banco", "1994", {"decks": "1"})
    (('0', 16), ('A', 4), ('2', 4), ('3', 4), ('4', 4), ('5', 4), ('6', 4), ('7', 4), ('8', 4), ('9', 4))
    """
    hooks, resolved = _hooks_and_rules(game, version, rules, custom)
    return tuple(hooks.composition_kinds(resolved))


def _hooks_and_rules(
    game: str, version: str, rules: Mapping[str, str] | None, custom: bool
) -> tuple[_Compositions, dict[str, str]]:
    """The game's composition hooks (refused for a game without a shoe) and its resolved rule set."""
    hooks = _composition_hooks(game)
    if hooks is None:
        raise GameError(
            f"{game} has no shoe to deplete; games with one: "
            + ", ".join(g for g in GAMES if implemented(g) and has_compositions(g))
        )
    return hooks, resolved_rules(game, version, rules, custom)[0]


def _check_counts(game: str, kinds: tuple[tuple[str, int], ...], counts: tuple[int, ...]) -> None:
    """Refuse counts that are not a composition of the game's full shoe."""
    if len(counts) != len(kinds) or any(not 0 <= n <= full for n, (_, full) in zip(counts, kinds)):
        raise ShoeError(
            f"a {game} composition has {len(kinds)} counts, each between 0 and the full shoe's "
            f"({', '.join(f'{k} {n}' for k, n in kinds)}), not {tuple(counts)}"
        )


def composition_values(
    game: str,
    version: str,
    counts: tuple[int, ...],
    wager_keys: tuple[str, ...] | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    deviations: tuple[tuple[str, str, str], ...] = (),
) -> dict[str, Fraction]:
    """Each wager's exact expectation per unit initially staked on the next round dealt from a shoe composition.

    The shoe holds `counts` cards of each kind, in `composition_kinds` order; the result is {wager key: Fraction}.
    `deviations` (blackjack) are plays (hand, up-card, action) in place of the basic strategy's for this round,
    e.g. ("hard 16", "T", "stand"), ("insurance", "A", "insure"). The last needs the insurance wager among
    `wager_keys`.

    From a full pack the next round is the one-pack game's, so each value is that game's edge negated:

    >>> one_pack = (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)  # point 0 (the tens and courts), then A to 9
    >>> values = composition_values("punto-banco", "1994", one_pack, ("banker", "tie"), {"decks": "1"})
    >>> values
    {'banker': Fraction(-49303, 4873050), 'tie': Fraction(-2003549, 12724075)}
    >>> all(values[k] == -analyse("punto-banco", "1994", k, {"decks": "1"}).results[0].edge() for k in values)
    True
    """
    hooks, resolved = _hooks_and_rules(game, version, rules, custom)
    _check_counts(game, tuple(hooks.composition_kinds(resolved)), tuple(counts))
    chosen = _chosen_wagers(game, version, pay, wager_keys)
    if deviations:
        _check_deviations(game)
        return hooks.composition_values(chosen, resolved, tuple(counts), deviations)  # type: ignore[call-arg]
    return hooks.composition_values(chosen, resolved, tuple(counts))


def _check_deviations(game: str) -> None:
    """Index plays are blackjack's (its basic strategy's chart)."""
    if game != "blackjack":
        raise GameError(f"{game} has no basic strategy chart to play index plays against; games with one: blackjack")


def deviation_refusals(
    game: str,
    version: str,
    deviations: tuple[tuple[str, str, str], ...],
    rules: Mapping[str, str] | None = None,
    custom: bool = False,
) -> tuple[str, ...]:
    """Per play (hand, up-card, action), why the rule set's basic strategy chart has no room for it ("" if it has).

    A play refused is one to refuse, or to leave out of a published set, before any round is valued. Standing on
    hard 16 against a T is a choice the chart can hold. The 1994 law splits no pair of 4s, 5s or tens, so
    splitting T,T against a 5 is refused:

    >>> deviation_refusals("blackjack", "1994", (("hard 16", "T", "stand"), ("pair T", "5", "split")))
    ('', "pair T v 5: split: the rules do not let T,T split (a pair's play)")
    """
    _check_deviations(game)
    rs = _engine("blackjack", "wagers").effective_rules((), resolved_rules(game, version, rules, custom)[0])
    out = []
    for d in deviations:
        try:
            _engine("blackjack", "composition").indexed_chart(rs, (d,))
        except InputError as exc:
            out.append(str(exc))
        else:
            out.append("")
    return tuple(out)


def composition_laws(
    game: str,
    version: str,
    rows: Any,
    wager_keys: tuple[str, ...] | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
) -> CompositionLaws:
    """The exact law of the next round from each of many shoe compositions at once: what a monitor needs.

    `rows` holds one composition a row, in `composition_kinds` order, for a game whose hook gives it (punto banco,
    Super Pan 9). The result (wager_results.CompositionLaws) counts the ordered deals ending in each outcome, and
    gives each wager's net on each outcome.

    A round of punto banco deals at most six cards, so one pack has 52 x 51 x 50 x 49 x 48 x 47 ordered deals. A
    round that ends sooner counts once for each way the rest could fall. The banker's bet nets 19/20 on a win, -1
    on a loss and 0 on a tie, so its value is 19/20 P(banker) - P(player), as `composition_values` finds:

    >>> one_pack = (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    >>> laws = composition_laws("punto-banco", "1994", [one_pack], ("banker",), {"decks": "1"})
    >>> laws.outcomes, laws.nets["banker"], int(laws.totals[0]) == 52 * 51 * 50 * 49 * 48 * 47
    (('banker', 'player', 'tie'), (Fraction(19, 20), Fraction(-1, 1), Fraction(0, 1)), True)
    >>> banker, player, tie = (Fraction(int(w), int(laws.totals[0])) for w in laws.weights[0])
    >>> 19 * banker / 20 - player == composition_values("punto-banco", "1994", one_pack, ("banker",), {"decks": "1"})[
    ...     "banker"]
    True
    """
    hooks, resolved = _hooks_and_rules(game, version, rules, False)
    fn = getattr(hooks, "composition_laws", None)
    if fn is None:
        raise GameError(f"{game} gives no round laws by composition; games that do: punto-banco, super-pan-9")
    kinds = tuple(hooks.composition_kinds(resolved))
    for row in rows:
        _check_counts(game, kinds, tuple(int(n) for n in row))
    return cast(CompositionLaws, fn(_chosen_wagers(game, version, pay, wager_keys), resolved, rows))


def composition_hand_laws(
    game: str,
    version: str,
    rows: Any,
    wager_keys: tuple[str, ...] | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
) -> CompositionLaws:
    """The rest of a round's exact law once the opposing hand's first cards and its decision are seen.

    It is for a game whose hook gives it: Super Pan 9, each row the composition before the round, the hand's three
    point values and 1 if it drew a fourth card. The law then holds whatever the player chose.

    Eight packs hold 96 cards of point 0 (the courts) and 32 of each of A to 6. The hand here holds 0, 0 and 5
    and stood; its win at the House's bank pays 19 to 20, and the ordered deals of the outcomes add up to the
    total:

    >>> laws = composition_hand_laws("super-pan-9", "1994", [(96, 32, 32, 32, 32, 32, 32, 0, 0, 5, 0)], ("initial",))
    >>> laws.outcomes, laws.nets["initial"][0], sum(int(w) for w in laws.weights[0]) == int(laws.totals[0])
    (('player', 'tie', 'banker'), Fraction(19, 20), True)
    """
    hooks, resolved = _hooks_and_rules(game, version, rules, False)
    fn = getattr(hooks, "hand_laws", None)
    if fn is None:
        raise GameError(f"{game} gives no round laws by composition and hand; games that do: super-pan-9")
    kinds = tuple(hooks.composition_kinds(resolved))
    for row in rows:
        row = tuple(int(n) for n in row)
        counts, hand = row[: len(kinds)], row[len(kinds) :]
        _check_counts(game, kinds, counts)
        left = list(counts)
        for v in hand[:3] if len(hand) == 4 else ():
            if 0 <= v < len(left):
                left[v] -= 1
        if len(hand) != 4 or hand[3] not in (0, 1) or min(left) < 0 or not all(0 <= v < len(kinds) for v in hand[:3]):
            raise ShoeError(
                f"a {game} hand row is a composition, three point values the shoe holds and 0 or 1 (drew), not {row}"
            )
    return cast(CompositionLaws, fn(_chosen_wagers(game, version, pay, wager_keys), resolved, rows))


def _chosen_wagers(
    game: str, version: str, pay: Mapping[str, str] | None, wager_keys: tuple[str, ...] | None
) -> tuple[Wager, ...]:
    """The game's wagers (every one, or those keyed in `wager_keys`, refusing a key the game lacks)."""
    found = wagers(game, version, pay)
    if wager_keys is None:
        return found
    unknown = set(wager_keys) - {w.key for w in found}
    if unknown:
        raise WagerError(
            f"{game} has no wager {sorted(unknown)[0]!r} under version {version}; allowed: "
            + ", ".join(w.key for w in found)
        )
    return tuple(w for w in found if w.key in wager_keys)


class _Estimates(Protocol):
    """A game's double-precision composition evaluator for studies (`games.blackjack.estimates`)."""

    def composition_estimates(
        self, groups: list[tuple[tuple[Wager, ...], dict[str, str]]], counts: tuple[int, ...]
    ) -> tuple[tuple[dict[str, float | Fraction], ...], bool]: ...


def _estimate_hooks(game: str) -> _Estimates | None:
    """The module holding a game's `composition_estimates` hook: the game module itself, or for a game package
    its `estimates` module."""
    mod = _computed("games", game)
    hooks = mod if hasattr(mod, "composition_estimates") else _game_submodule(mod, "estimates")
    return cast(_Estimates | None, hooks)


def has_estimates(game: str) -> bool:
    """Whether `game` has a double-precision composition evaluator for studies (`composition_estimates`).

    Blackjack has one: protect uses it, and every figure elsewhere stays exact. Punto banco has none.

    >>> has_estimates("blackjack"), has_estimates("punto-banco")
    (True, False)
    """
    check_game(game)
    return _estimate_hooks(game) is not None


def composition_estimates(
    game: str,
    version: str,
    counts: tuple[int, ...],
    groups: Sequence[tuple[tuple[str, ...] | None, Mapping[str, str]]],
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    deviations: tuple[tuple[str, str, str], ...] = (),
) -> tuple[tuple[dict[str, float | Fraction], ...], bool]:
    """`composition_values` in double precision, for a protection study's rounds: never an exact figure.

    It values each group (wager keys, rules) of one shoe composition, with its `deviations`. It returns a
    {wager key: float} per group, and whether the exact engine gave them instead, as Fractions, because the
    double-precision evaluator declined. The game may share work between the groups (blackjack: one evaluation
    for both strategies).

    Six packs less 15 cards (the 1994 game, whose full-shoe chart is shipped), both strategies in one evaluation.
    Composition-dependent optimal play loses a little less than the basic strategy:

    >>> shoe = (22, 23, 21, 24, 23, 24, 22, 23, 24, 91)
    >>> 6 * 52 - sum(shoe)
    15
    >>> (basic, optimal), exact = composition_estimates("blackjack", "1994", shoe, [(("initial",),
    ...     {"strategy": "basic"}), (("initial",), {"strategy": "optimal"})])
    >>> round(float(basic["initial"]), 5), round(float(optimal["initial"]), 5), exact
    (-0.00675, -0.00671, False)
    """
    estimates = _estimate_hooks(game) if has_compositions(game) else None
    if estimates is None:
        raise GameError(f"{game} has no double-precision composition evaluator")
    resolved = []
    for keys, rules in groups:
        hooks, found = _hooks_and_rules(game, version, rules, custom)
        _check_counts(game, tuple(hooks.composition_kinds(found)), tuple(counts))
        resolved.append((_chosen_wagers(game, version, pay, keys), found))
    if deviations:
        _check_deviations(game)
        return estimates.composition_estimates(resolved, tuple(counts), deviations)  # type: ignore[call-arg]
    return estimates.composition_estimates(resolved, tuple(counts))


def _decision_module(game: str) -> _Decisions | None:
    """A game package's `decisions` module (`composition_decisions`: the player's decisions on a composition)."""
    check_game(game)
    return cast(_Decisions | None, _game_submodule(_computed("games", game), "decisions"))


def has_decisions(game: str) -> bool:
    """Whether `game` values its player's decisions on any shoe composition (blackjack).

    >>> has_decisions("blackjack"), has_decisions("punto-banco")
    (True, False)
    """
    return _decision_module(game) is not None


def _decision_hooks(game: str) -> _Decisions:
    """The decisions module, refused for a game without one."""
    found = _decision_module(game)
    if found is None:
        raise GameError(
            f"{game} has no playing decisions valued per composition; games with them: "
            + ", ".join(g for g in GAMES if implemented(g) and has_decisions(g))
        )
    return found


def decision_engines(game: str) -> tuple[Engine, ...]:
    """The engines a game's decision values are computed by: its composition hooks' `ENGINES`.

    They make part of the keys of stored results (`core.store`). Blackjack is the game with decisions to value:

    >>> [e.name for e in decision_engines("blackjack")]
    ['blackjack']
    """
    _decision_hooks(game)
    return composition_engines(game)


def _decision_hooks_and_rules(
    game: str, version: str, counts: tuple[int, ...], rules: Mapping[str, str] | None, custom: bool
) -> tuple[_Decisions, dict[str, str]]:
    """The game's decision hooks and its resolved rules, once `counts` is checked against its kinds of card."""
    hooks = _decision_hooks(game)
    _check_counts(game, composition_kinds(game, version, rules, custom), counts)
    return hooks, resolved_rules(game, version, rules, custom)[0]


def composition_decisions(
    game: str,
    version: str,
    counts: tuple[int, ...],
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> DecisionValues:
    """The player's first decisions on the next round dealt from a shoe holding `counts` cards of each kind.

    The counts are in `composition_kinds` order. The result is {decision: (group, chance, {action: exact
    value})}: for blackjack, every starting hand against every up-card, and insurance
    (`games.blackjack.decisions`).

    A shoe of two 8s and four ten-values: T,T against an 8 comes with chance 4/6 x 3/5 x 2/4 = 1/5, and standing
    wins (the banker's 8 draws to 18 or busts) where hitting busts.

    >>> shoe = (0, 0, 0, 0, 0, 0, 0, 2, 0, 4)  # A, 2-9, T
    >>> composition_decisions("blackjack", "1994", shoe, {"decks": "1"}, custom=True)["T,T v 8"]
    ('hard 20 v 8', Fraction(1, 5), {'stand': Fraction(1, 1), 'hit': Fraction(-1, 1)})
    """
    hooks, resolved = _decision_hooks_and_rules(game, version, counts, rules, custom)
    return hooks.composition_decisions(wagers(game, version, pay), resolved, tuple(counts))


def composition_later_decisions(
    game: str,
    version: str,
    counts: tuple[int, ...],
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> DecisionValues:
    """The player's decisions after his first, each with its chance and its actions' exact values.

    For blackjack they are every hit or stand on three cards or more (no split hand) that the shoe's own play
    reaches, as {decision: (group, chance, {action: exact value})}.

    The play is `composition_decisions`' best action, then the better of standing and hitting. Three 2s and six
    tens: against a ten T,2 stands and 2,2 hits, so T,2,2 comes only as 2,2 then a ten, 6/9 x 3/8 x 2/7 x 5/6:

    >>> shoe = (0, 3, 0, 0, 0, 0, 0, 0, 0, 6)  # A, 2-9, T
    >>> composition_later_decisions("blackjack", "1994", shoe, {"decks": "1"}, custom=True)["T,2,2 v T"][:2]
    ('hard 14 v T', Fraction(5, 84))
    """
    hooks, resolved = _decision_hooks_and_rules(game, version, counts, rules, custom)
    return hooks.later_decisions(wagers(game, version, pay), resolved, tuple(counts))


def composition_later_values(
    game: str,
    version: str,
    counts: tuple[int, ...],
    hands: Sequence[str],
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> dict[str, tuple[str, dict[str, Fraction]]]:
    """The decisions `hands` of `composition_later_decisions`, valued on another shoe.

    It gives {decision: (group, {action: exact value})} on the shoe `counts` for each of them it can deal.

    >>> shoe = (0, 3, 0, 0, 0, 0, 0, 0, 0, 5)
    >>> composition_later_values("blackjack", "1994", shoe, ["T,2,2 v T"], {"decks": "1"}, custom=True)
    {'T,2,2 v T': ('hard 14 v T', {'stand': Fraction(-1, 2), 'hit': Fraction(-1, 1)})}
    """
    hooks, resolved = _decision_hooks_and_rules(game, version, counts, rules, custom)
    return hooks.later_values(wagers(game, version, pay), resolved, tuple(counts), tuple(hands))


def math_report(
    game: str,
    version: str,
    wager: str,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> MathReport:
    """The math report of one wager: RTP, chances, exact variance, volatility index, bands, element of risk.

    The report (core.math_report) also gives the standard deviation, the average total stake and the top award.
    `analyse(...).result(w).math_report()` gives the same from an analysis already made.

    A straight bet pays 35 to 1 on one number of 37, so it returns 36/37 of its stake. Its variance is
    35^2 x 1/37 + 1 x 36/37 - (1/37)^2 = 46656/1369 = (216/37)^2:

    >>> m = math_report("roulette", "1994", "straight")
    >>> m.rtp, m.variance, m.standard_deviation.exact
    (Fraction(36, 37), Fraction(46656, 1369), '216/37')
    """
    return analyse(game, version, wager, rules, pay, custom).results[0].math_report()


def plan(
    game: str,
    version: str,
    wager: str,
    *,
    shift: Fraction | None = None,
    rounds: int | Fraction | None = None,
    turnover: Fraction | None = None,
    alpha: Fraction = Fraction(1, 100),
    power: Fraction = Fraction(80, 100),
    level: Fraction = Fraction(95, 100),
    two_sided: bool = True,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
) -> Plan:
    """Plan a test of one wager's RTP (core.planning): the rounds to detect a shift, or the band after some rounds.

    `shift` is a change of the mean net return per unit initially staked to detect at significance `alpha` with
    `power`, e.g. Fraction(1, 200) for half a percentage point of RTP. For `rounds` rounds or a `turnover` (total
    staked, in units of the initial stake), the plan gives the band the RTP should fall in with probability
    `level`. A distribution that is not the law of a round is refused (PlanError), unless the law is known in
    part (the plan is then conservative: `plan_of`).

    A roulette straight bet (standard deviation 216/37) needs about ((2.5758 + 0.8416) x 216/37 / 0.01)^2 rounds
    for a shift of one percentage point at 1% significance with 80% power:

    >>> plan("roulette", "1994", "straight", shift=Fraction(1, 100)).rounds_needed
    3980234
    """
    return plan_of(
        analyse(game, version, wager, rules, pay, custom).results[0],
        shift=shift,
        rounds=rounds,
        turnover=turnover,
        alpha=alpha,
        power=power,
        level=level,
        two_sided=two_sided,
    )


def plan_of(
    result: WagerResult,
    *,
    shift: Fraction | None = None,
    rounds: int | Fraction | None = None,
    turnover: Fraction | None = None,
    alpha: Fraction = Fraction(1, 100),
    power: Fraction = Fraction(80, 100),
    level: Fraction = Fraction(95, 100),
    two_sided: bool = True,
) -> Plan:
    """`plan` for a wager already analysed (a WagerResult of `analyse`).

    Where only part of the law is known (`result.partial`), the plan uses the largest variance it allows, as
    `check` does, or the exact one when the unresolved rounds' second moment is known. The rounds needed and the
    band are then conservative, and say so: never fewer rounds, never a narrower band than the true law's.

    The even chances' net return has mean -1/74 and second moment 36/37 + 1/4 x 1/37 = 145/148, so its variance
    is 145/148 - 1/5476 = 5364/5476. After a million rounds the RTP lies within 1.96 x sqrt(5364/5476) / 1000 of
    73/74 with chance 95%:

    >>> even = analyse("roulette", "1994", "even-chance").results[0]
    >>> band = plan_of(even, rounds=10**6).band  # RTP 73/74 +- 1.96 x sqrt(5364/5476) / sqrt(10^6)
    >>> band.rtp, round(band.low, 6), round(band.high, 6)
    (Fraction(73, 74), Decimal('0.984547'), Decimal('0.988426'))
    """
    if result.not_a_law and result.partial is None:
        raise PlanError(f"cannot plan {result.wager.game} {result.wager.key} under these rules: {result.not_a_law}")
    report = result.math_report()
    if result.partial is None:
        # the law of a round: report_of gives its variance exactly
        assert report.variance is not None, "the law of a round has a variance"
        variance, third, model = report.variance, report.third_moment, planning.MODEL
    else:
        variance, third = result.partial.variance_bounds()[1], None
        used = (
            "the variance is exact (their second moment is known), but with no third moment the band has no "
            "Berry-Esseen bound"
            if result.partial.square_mean is not None
            else "the variance used is the largest the known part allows (conservative: never fewer rounds and "
            "never a narrower band than the true law's)"
        )
        model = (
            f"{planning.MODEL}, except that {result.partial.what} (chance {result.partial.mass}) have no computed "
            f"law: {used}"
        )
    found = planning.plan(
        report.expected_return,
        variance,
        stake=report.stake,
        shift=shift,
        rounds=rounds,
        turnover=turnover,
        alpha=alpha,
        power=power,
        level=level,
        two_sided=two_sided,
        third=third,
    )
    return replace(found, model=model)


# Questions one game answers beyond its wagers' laws (the game-specific commands ask them here, never the engines);
# blackjack's have a module of their own, `oddscalc.blackjack_queries`.
# The engines' modules are loaded by name when first asked for, as the games themselves are, so that a command
# pays only for the game it uses.


def _engine(game: str, part: str) -> ModuleType:
    """The module `part` of a game's engine package (`games/<module>/<part>.py`)."""
    return importlib.import_module(f"oddscalc.games.{GAMES[game]}.{part}")


def poker_hand(
    game: str, version: str, cards: str, up: str | None = None, pay: Mapping[str, str] | None = None
) -> PokerHand:
    """One player hand's exact decision, every banker hand counted: casino stud's raise or Three Card Poker's play.

    Casino stud poker takes five cards against the banker's up-card (raise or fold); Three Card Poker three
    cards (play or fold). Q-6-4 is the weakest Three Card Poker hand worth playing (Wizard of Odds, "Three Card
    Poker"), so Q-6-3 folds:

    >>> [poker_hand("three-card-poker", "2002", cards).decision for cards in ("Qs 6d 4c", "Qs 6d 3c")]
    ['play', 'fold']
    """
    if game not in ("casino-stud-poker", "three-card-poker"):
        raise GameError(
            f"game {shorten(game)} has no poker hand to decide; allowed: casino-stud-poker, three-card-poker"
        )
    found = {w.key: w for w in wagers(game, version, pay)}
    return hand_decision(found["ante"] if game == "casino-stud-poker" else found["ante-play"], cards, up)


@overload
def hand_decision(wager: Wager, cards: str, up: str) -> StudHand: ...
@overload
def hand_decision(wager: Wager, cards: str, up: None = None) -> ThreeCardHand: ...
@overload
def hand_decision(wager: Wager, cards: str, up: str | None = None) -> StudHand | ThreeCardHand: ...
def hand_decision(wager: Wager, cards: str, up: str | None = None) -> StudHand | ThreeCardHand:
    """The exact decision of a poker wager's player hand: casino stud's raise or fold, Three Card Poker's play.

    Casino stud's `ante` takes five cards against the banker's up-card (raise or fold); Three Card Poker's
    `ante-play` three cards (play or fold).

    The banker holds three of the 49 cards left, C(49, 3) = 18424 hands. Playing stakes a second unit: a banker
    who does not qualify pays the ante and pushes the play (+1), a player's win pays both (+2), a banker's win
    takes both (-2), a tie pushes (0). Folding loses the ante (-1), so Q-6-4 plays:

    >>> import math
    >>> d = hand_decision(wagers("three-card-poker", "2002")[0], "Qs 6d 4c")
    >>> d.player_wins + d.void + d.banker_wins + d.no_qualify == math.comb(49, 3)
    True
    >>> d.play_ev == Fraction(d.no_qualify + 2 * d.player_wins - 2 * d.banker_wins, 18424), d.play_ev > d.fold_ev
    (True, True)
    >>> d.decision, d.fold_ev
    ('play', Fraction(-1, 1))
    """
    if wager.game == "casino-stud-poker":
        if not up:
            raise GameError("casino-stud-poker needs the banker's up-card: give up='7h' or another card")
        stud: StudHand = _engine("casino-stud-poker", "queries").hand_decision(wager, cards, up)
        return stud
    if up:
        raise GameError("three-card-poker has no up-card; give up=None")
    three: ThreeCardHand = _engine("three-card-poker", "wagers").hand_decision(wager, cards)
    return three


def super_pan_9_holdings(decks: int, removed: tuple[str, ...] = ()) -> dict[tuple[int, int, int], Holding]:
    """Every three-card holding of Super Pan 9, with its exact expectations standing and drawing.

    A holding is its point values, sorted, on `decks` reduced packs less `removed`. Its expectations are against
    the House's bank (`holding.ev(action, pays)`).

    Point values run 0 to 6 (the shoe has no 7s to 10s), so there are C(7 + 2, 3) = 84 sorted holdings. A point
    of 5 paid 19 to 20 loses less by drawing (about -0.10 a unit) than by standing (about -0.30):

    >>> import math
    >>> holdings = super_pan_9_holdings(8)
    >>> len(holdings) == math.comb(7 + 2, 3)
    True
    >>> five = holdings[(0, 0, 5)]
    >>> five.ev("stand", Fraction(19, 20)), five.ev("draw", Fraction(19, 20))
    (Fraction(-17019667, 56662260), Fraction(-138742969, 1345728675))
    """
    return {h.cards: h for h in _engine("super-pan-9", "wagers").solution_for(decks, removed).holdings}


def stud_decisions(
    version: str, hands: str = "ace-king", pay: Mapping[str, str] | None = None, progress: Progress | None = None
) -> Iterator[StudRow]:
    """Casino stud's exact expectation of raising, and the decision, for every player hand class (`hands`:
    'ace-king', the only ones whose decision varies, or 'all') against every up-card, as rows (`StudRow`). The
    rows come as they are computed, after counting every deal (about half a minute); `hands` is checked at once:

    >>> stud_decisions("1994", hands="pairs")
    Traceback (most recent call last):
      ...
    oddscalc.api.GameError: hands 'pairs': allowed: ace-king, all
    """
    if hands not in ("ace-king", "all"):
        raise GameError(f"hands {shorten(hands)}: allowed: ace-king, all")
    w = next(w for w in wagers("casino-stud-poker", version, pay) if w.key == "ante")
    rows: Iterator[StudRow] = _engine("casino-stud-poker", "queries").decisions(w, hands, progress)
    return rows


def version_ids() -> tuple[str, ...]:
    """The regulation versions, oldest first.

    SI 1994/2899, its amendment SI 2002/1130, and the Gambling Act 2005's regime from 1 September 2007:

    >>> version_ids()
    ('1994', '2002', '2007')
    """
    return tuple(VERSIONS)


RuleError = RuleError
