"""The one door to the games: look up versions and wagers, resolve rules, and analyse.

The command line and the table writers call only this; each game keeps its law in
`oddscalc.regulations.<game>` and its mathematics in `oddscalc.games.<game>`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from inspect import signature
from types import ModuleType

from oddscalc.core import planning
from oddscalc.core.mathreport import MathReport
from oddscalc.core.numbers import shorten
from oddscalc.core.planning import Plan, PlanError
from oddscalc.core.progress import Progress
from oddscalc.games.base import GameAnalysis, RuleError, WagerResult, resolve_rules
from oddscalc.regulations.model import Wager, apply_overrides
from oddscalc.regulations.versions import VERSIONS, get_version

__all__ = ["GAMES", "GameError", "WagerError", "implemented", "wagers", "analyse", "rule_options",
           "table_rule_sets", "check_game", "math_report", "plan", "plan_of", "MathReport", "Plan", "PlanError",
           "resolved_rules", "composition_kinds", "composition_values", "has_compositions", "composition_sources",
           "has_estimates", "composition_estimates"]

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


class GameError(ValueError):
    """An unknown game, or one the version does not permit, or one not yet computed."""


class WagerError(ValueError):
    """A wager the game does not have under this version."""


def _module(package: str, game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"oddscalc.{package}.{GAMES[game]}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(GAMES[game]):
            return None
        raise


def implemented(game: str) -> bool:
    return _module("regulations", game) is not None and _module("games", game) is not None


def check_game(game: str, version: str | None = None) -> None:
    """Raise a one-line error unless `game` is known, computed, and (given a version) permitted by it."""
    if game not in GAMES:
        raise GameError(f"unknown game {shorten(game)}; allowed: {', '.join(GAMES)}")
    if not implemented(game):
        ready = ", ".join(g for g in GAMES if implemented(g))
        raise GameError(f"game {game!r} is not computed yet; computed: {ready}")
    if version is not None:
        v = get_version(version)
        if game not in v.games:
            raise GameError(f"version {v.id} does not permit {game!r}; it permits: {', '.join(v.games)}")


def wagers(game: str, version: str, pay: Mapping[str, str] | None = None) -> tuple[Wager, ...]:
    """The wagers `version` permits for `game`, with any user pay overrides applied (and marked custom)."""
    check_game(game, version)
    found = _module("regulations", game).wagers(get_version(version).id)
    return apply_overrides(found, pay) if pay else found


def rule_options(game: str):
    check_game(game)
    return getattr(_module("games", game), "RULES", ())


def table_rule_sets(game: str, version: str) -> tuple[dict[str, str], ...]:
    """The rule sets the printed tables show for this game and version (the law's permitted variants)."""
    check_game(game, version)
    fn = getattr(_module("regulations", game), "table_rule_sets", None)
    return tuple(fn(version)) if fn else ({},)


def analyse(
    game: str,
    version: str,
    wager: str | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    progress: Progress | None = None,
    exact_law: bool = False,
) -> GameAnalysis:
    """Exact analysis of one wager (or all) of `game` under `version` and the given rule choices. `exact_law`:
    the law of every round computed exactly however long it takes, for a game whose default law bounds its
    work (blackjack's resplit rounds beyond a work budget: `blackjack game --law-budget none`'s law); other
    games' laws are exact either way."""
    found = wagers(game, version, pay)
    if wager is not None:
        chosen = tuple(w for w in found if w.key.lower() == wager.lower())
        if not chosen:
            raise WagerError(f"{game} has no wager {shorten(wager)} under version {version}; allowed: "
                             + ", ".join(w.key for w in found))
        found = chosen
    game_mod = _module("games", game)
    selected = {w.key for w in found}
    needs = getattr(game_mod, "needs", None)
    if needs:  # wagers the chosen ones read (dice behind odds) are analysed with them, then dropped
        wanted = selected | {k for w in found for k in needs(w)}
        found = tuple(w for w in wagers(game, version, pay) if w.key in wanted)
    resolved, outside = resolved_rules(game, version, rules, custom)
    options = {"exact_law": True} if exact_law and "exact_law" in signature(game_mod.analyse).parameters else {}
    result = game_mod.analyse(found, resolved, progress=progress, **options)
    results = tuple(r for r in result.results if r.wager.key in selected)
    is_custom = outside or any(w.custom for w in found)
    return replace(result, game=game, version=version, rules=tuple(resolved.items()), custom=is_custom,
                   results=results)


def decision_table(game: str, version: str, wager: str, rules: Mapping[str, str] | None = None,
                   pay: Mapping[str, str] | None = None, custom: bool = False) -> object:
    """The exact engine's decision table for a wager (the strategy it assumes), for simulators to follow.

    Its form is the game's own (a mapping, or a lookup object, documented by the game's `decision_table`;
    None for a wager with no decision); the rules are resolved and checked as for `analyse`.
    """
    found = [w for w in wagers(game, version, pay) if w.key.lower() == wager.lower()]
    if not found:
        raise WagerError(f"{game} has no wager {shorten(wager)} under version {version}")
    game_mod = _module("games", game)
    fn = getattr(game_mod, "decision_table", None)
    if fn is None:
        raise GameError(f"{game} has no decisions to tabulate")
    resolved, _ = resolved_rules(game, version, rules, custom)
    return fn(found[0], resolved)


def resolved_rules(game: str, version: str, rules: Mapping[str, str] | None = None,
                   custom: bool = False) -> tuple[dict[str, str], bool]:
    """Every rule option of `game` resolved (defaults filled in, values checked against the version), and
    whether the rule set lies outside what the version permits (allowed only with `custom`)."""
    check_game(game, version)
    reg = _module("regulations", game)
    permitted = reg.permitted_rules(version) if hasattr(reg, "permitted_rules") else {}
    defaults = reg.default_rules(version) if hasattr(reg, "default_rules") else {}
    module = _module("games", game)
    return resolve_rules(getattr(module, "RULES", ()), permitted, defaults, rules or {}, version, custom,
                         getattr(module, "check_rules", None))


def _composition_hooks(game: str) -> ModuleType | None:
    """The module holding a game's composition hooks (`composition_kinds`, `composition_values`): the game
    module itself, or for a game package its `composition` module (DEVELOPING.md)."""
    mod = _module("games", game)
    if hasattr(mod, "composition_values"):
        return mod
    if hasattr(mod, "__path__"):
        try:
            return importlib.import_module(f"{mod.__name__}.composition")
        except ModuleNotFoundError as exc:
            if exc.name != f"{mod.__name__}.composition":
                raise
    return None


def has_compositions(game: str) -> bool:
    """Whether `game` can value an arbitrary shoe composition (the card games with a shoe)."""
    check_game(game)
    return _composition_hooks(game) is not None


def composition_sources(game: str) -> tuple[ModuleType, ...]:
    """The modules a game's composition values are computed by (hook module, then its `SOURCES` when it
    declares them: those whose values are worth caching), for `core.cache` keys; () when not declared."""
    hooks = _composition_hooks(game)
    found = getattr(hooks, "SOURCES", ()) if hooks is not None else ()
    return (hooks, *found) if found else ()


def composition_kinds(game: str, version: str, rules: Mapping[str, str] | None = None,
                      custom: bool = False) -> tuple[tuple[str, int], ...]:
    """The kinds of card the game's shoe distinguishes (label, how many the full shoe holds), in the order
    `composition_values` reads counts in."""
    hooks, resolved = _hooks_and_rules(game, version, rules, custom)
    return tuple(hooks.composition_kinds(resolved))


def _hooks_and_rules(game: str, version: str, rules: Mapping[str, str] | None,
                     custom: bool) -> tuple[ModuleType, dict[str, str]]:
    """The game's composition hooks (refused for a game without a shoe) and its resolved rule set."""
    hooks = _composition_hooks(game)
    if hooks is None:
        raise GameError(f"{game} has no shoe to deplete; games with one: "
                        + ", ".join(g for g in GAMES if implemented(g) and has_compositions(g)))
    return hooks, resolved_rules(game, version, rules, custom)[0]


def composition_values(game: str, version: str, counts: tuple[int, ...], wager_keys: tuple[str, ...] | None = None,
                       rules: Mapping[str, str] | None = None, pay: Mapping[str, str] | None = None,
                       custom: bool = False) -> dict[str, Fraction]:
    """Each wager's exact expectation per unit initially staked on the next round dealt from a shoe holding
    `counts` cards of each kind (`composition_kinds` order): {wager key: Fraction}."""
    hooks, resolved = _hooks_and_rules(game, version, rules, custom)
    _check_counts(game, tuple(hooks.composition_kinds(resolved)), tuple(counts))
    return hooks.composition_values(_chosen_wagers(game, version, pay, wager_keys), resolved, tuple(counts))


def _check_counts(game: str, kinds: tuple[tuple[str, int], ...], counts: tuple[int, ...]) -> None:
    if len(counts) != len(kinds) or any(not 0 <= n <= full for n, (_, full) in zip(counts, kinds)):
        raise ValueError(f"a {game} composition has {len(kinds)} counts, each between 0 and the full shoe's "
                         f"({', '.join(f'{k} {n}' for k, n in kinds)}), not {tuple(counts)}")


def _chosen_wagers(game: str, version: str, pay: Mapping[str, str] | None,
                   wager_keys: tuple[str, ...] | None) -> tuple[Wager, ...]:
    """The game's wagers (every one, or those keyed in `wager_keys`, refusing a key the game lacks)."""
    found = wagers(game, version, pay)
    if wager_keys is None:
        return found
    unknown = set(wager_keys) - {w.key for w in found}
    if unknown:
        raise WagerError(f"{game} has no wager {sorted(unknown)[0]!r} under version {version}; allowed: "
                         + ", ".join(w.key for w in found))
    return tuple(w for w in found if w.key in wager_keys)


def _estimate_hooks(game: str) -> ModuleType | None:
    """The module holding a game's `composition_estimates` hook: the game module itself, or for a game package
    its `estimates` module (apart from `composition`, whose source keys the exact values' cache)."""
    mod = _module("games", game)
    if hasattr(mod, "composition_estimates"):
        return mod
    if hasattr(mod, "__path__"):
        try:
            return importlib.import_module(f"{mod.__name__}.estimates")
        except ModuleNotFoundError as exc:
            if exc.name != f"{mod.__name__}.estimates":
                raise
    return None


def has_estimates(game: str) -> bool:
    """Whether `game` has a double-precision composition evaluator for studies (the `composition_estimates`
    hook, blackjack's): protect uses it, every figure elsewhere stays exact."""
    check_game(game)
    return _estimate_hooks(game) is not None


def composition_estimates(game: str, version: str, counts: tuple[int, ...],
                          groups: Sequence[tuple[tuple[str, ...] | None, Mapping[str, str]]],
                          pay: Mapping[str, str] | None = None, custom: bool = False
                          ) -> tuple[tuple[dict[str, float | Fraction], ...], bool]:
    """`composition_values` for each group (wager keys, rules) of one shoe composition in double precision,
    for a protection study's rounds, never an exact figure: ({wager key: float} per group, and whether the
    exact engine gave them instead, as Fractions, because the double-precision evaluator declined). The game
    may share work between the groups (blackjack: one evaluation for both strategies)."""
    estimates = _estimate_hooks(game) if has_compositions(game) else None
    if estimates is None:
        raise GameError(f"{game} has no double-precision composition evaluator")
    resolved = []
    for keys, rules in groups:
        hooks, found = _hooks_and_rules(game, version, rules, custom)
        _check_counts(game, tuple(hooks.composition_kinds(found)), tuple(counts))
        resolved.append((_chosen_wagers(game, version, pay, keys), found))
    return estimates.composition_estimates(resolved, tuple(counts))


def math_report(game: str, version: str, wager: str, rules: Mapping[str, str] | None = None,
                pay: Mapping[str, str] | None = None, custom: bool = False) -> MathReport:
    """The math report of one wager (core.mathreport: chances, exact variance and standard deviation, volatility
    index, RTP bands, element of risk, average total stake, top award); `analyse(...).result(w).math_report()`
    gives the same from an analysis already made."""
    return analyse(game, version, wager, rules, pay, custom).results[0].math_report()


def plan(game: str, version: str, wager: str, *, shift: Fraction | None = None, rounds: int | Fraction | None = None,
         turnover: Fraction | None = None, alpha: Fraction = Fraction(1, 100), power: Fraction = Fraction(80, 100),
         level: Fraction = Fraction(95, 100), two_sided: bool = True, rules: Mapping[str, str] | None = None,
         pay: Mapping[str, str] | None = None, custom: bool = False) -> Plan:
    """Plan a test of one wager's RTP (core.planning): the rounds needed to detect `shift` (a change of the mean
    net return per unit initially staked, e.g. Fraction(1, 200) for half a percentage point of RTP) at
    significance `alpha` with `power`; and, for `rounds` rounds or a `turnover` (total staked, in units of the
    initial stake), the band the RTP should fall in with probability `level`. Refused (PlanError) for a
    distribution that is not the law of a round, unless the law is known in part (then conservative: `plan_of`)."""
    return plan_of(analyse(game, version, wager, rules, pay, custom).results[0], shift=shift, rounds=rounds,
                   turnover=turnover, alpha=alpha, power=power, level=level, two_sided=two_sided)


def plan_of(result: WagerResult, *, shift: Fraction | None = None, rounds: int | Fraction | None = None,
            turnover: Fraction | None = None, alpha: Fraction = Fraction(1, 100), power: Fraction = Fraction(80, 100),
            level: Fraction = Fraction(95, 100), two_sided: bool = True) -> Plan:
    """`plan` for a wager already analysed (a WagerResult of `analyse`). Where only part of the law is known
    (`result.partial`), the plan uses the largest variance it allows, as `check` does (the exact one when the
    unresolved rounds' second moment is known): the rounds needed and the band are then conservative (never
    fewer rounds, never a narrower band than the true law's), and say so."""
    if result.not_a_law and result.partial is None:
        raise PlanError(f"cannot plan {result.wager.game} {result.wager.key} under these rules: {result.not_a_law}")
    report = result.math_report()
    if result.partial is None:
        variance, third, model = report.variance, report.third_moment, planning.MODEL
    else:
        variance, third = result.partial.variance_bounds()[1], None
        used = ("the variance is exact (their second moment is known), but with no third moment the band has no "
                "Berry-Esseen bound" if result.partial.square_mean is not None else
                "the variance used is the largest the known part allows (conservative: never fewer rounds and "
                "never a narrower band than the true law's)")
        model = (f"{planning.MODEL}, except that {result.partial.what} (chance {result.partial.mass}) have no computed "
                 f"law: {used}")
    found = planning.plan(report.expected_return, variance, stake=report.stake, shift=shift, rounds=rounds,
                          turnover=turnover, alpha=alpha, power=power, level=level, two_sided=two_sided,
                          third=third)
    return replace(found, model=model)


def version_ids() -> tuple[str, ...]:
    return tuple(VERSIONS)


RuleError = RuleError
