"""What a protection analysis evaluates: a game, its rule set, and the measures.

The measures are wagers, and for blackjack's initial wager the strategy. Their expectation is taken on each shoe
composition, through `oddscalc.api`, exact. With `engine` "double" (a game with a double-precision evaluator) it
is taken in double precision, checked on a sample of rounds against the exact engine (`shoes.deal_shoe`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc import api
from oddscalc.core.errors import InputError

__all__ = ["ENGINES", "INDEXED_MEASURE", "PLAYS", "STRATEGY_MEASURES", "Deviations", "Measure", "Target", "target"]

#: How the values are computed: the exact engine, or the game's double-precision evaluator (a study only).
ENGINES = ("exact", "double")
#: A round's index plays (hand, up-card, play) in place of the basic strategy's (`index_plays`).
Deviations = tuple[tuple[str, str, str], ...]
#: Blackjack's initial wager under each strategy the engine values on any composition.
STRATEGY_MEASURES = {"basic": "initial, basic strategy (fixed)", "optimal": "initial, CD optimal"}
#: The basic strategy's measure where the player makes index plays (the output names the set beside it).
INDEXED_MEASURE = "initial, basic + index plays"


@dataclass(frozen=True)
class Measure:
    """One expectation taken on every composition: `name`, the wager, and rule options set for it."""

    name: str
    wager: str
    rules: tuple[tuple[str, str], ...] = ()
    play: str = "fixed"  # PLAYS: how the play behind the wager depends on the composition


#: "fixed": the play never depends on the composition, so removing an unseen card changes nothing on average;
#: "optimised": re-solved for each composition to maximise this wager, so knowing a removed card helps (>= 0);
#: "follows": played for another wager's sake (Super Pan 9's tie, the player-banker's side): no sign either way.
PLAYS = ("fixed", "optimised", "follows")


@dataclass(frozen=True)
class Target:
    """A game under one rule set (given as the user gave it; resolved by the api) and the measures taken."""

    game: str
    version: str
    rules: tuple[tuple[str, str], ...]
    pay: tuple[tuple[str, str], ...]
    custom: bool
    measures: tuple[Measure, ...]
    engine: str = "exact"

    def kinds(self) -> tuple[tuple[str, int], ...]:
        return api.composition_kinds(self.game, self.version, dict(self.rules), self.custom)

    def resolved(self) -> dict[str, str]:
        return api.resolved_rules(self.game, self.version, dict(self.rules), self.custom)[0]

    def _groups(self) -> list[tuple[tuple[str, ...], dict[str, str], list[Measure]]]:
        """The measures by rule group: (wager keys, rules, members)."""
        groups: dict[tuple[tuple[str, str], ...], list[Measure]] = {}
        for m in self.measures:
            groups.setdefault(m.rules, []).append(m)
        return [
            (tuple(dict.fromkeys(m.wager for m in members)), {**dict(self.rules), **dict(extra)}, members)
            for extra, members in groups.items()
        ]

    def evaluate(self, counts: tuple[int, ...], deviations: Deviations = ()) -> dict[str, Fraction]:
        """{measure name: exact expectation of the next round from `counts`}, one engine call per rule group;
        `deviations`: the round's index plays, for the basic strategy's measure (`index_plays`)."""
        out: dict[str, Fraction] = {}
        for keys, rules, members in self._groups():
            plays = deviations if rules.get("strategy") == "basic" else ()
            values = api.composition_values(
                self.game, self.version, counts, _with_insurance(keys, plays), rules, dict(self.pay), self.custom, plays
            )
            out.update({m.name: values[m.wager] for m in members})
        return {m.name: out[m.name] for m in self.measures}

    def estimate(
        self, counts: tuple[int, ...], deviations: Deviations = ()
    ) -> tuple[dict[str, float | Fraction], bool]:
        """{measure name: expectation of the next round from `counts` in double precision} (one call for every
        rule group: `api.composition_estimates`), and whether the exact engine gave them (then Fractions)."""
        groups = self._groups()
        found, exact = api.composition_estimates(
            self.game,
            self.version,
            counts,
            [(_with_insurance(k, deviations), r) for k, r, _ in groups],
            dict(self.pay),
            self.custom,
            deviations,
        )
        out = {m.name: values[m.wager] for (_, _, members), values in zip(groups, found) for m in members}
        return {m.name: out[m.name] for m in self.measures}, exact


def _with_insurance(keys: tuple[str, ...], deviations: Deviations) -> tuple[str, ...]:
    """The wager keys, with insurance's (its odds) where the round's index plays insure."""
    return (*keys, "insurance") if any(d[0] == "insurance" for d in deviations) else keys


def target(
    game: str,
    version: str,
    rules: dict[str, str] | None = None,
    pay: dict[str, str] | None = None,
    custom: bool = False,
    strategies: tuple[str, ...] = ("basic",),
    side_wagers: bool = False,
    engine: str = "exact",
    indexed: bool = False,
) -> Target:
    """The measures of `game`: blackjack's initial wager under each of `strategies` (and, with `side_wagers`,
    Under 13 and Over 13); every wager of the other games (their play is re-solved per composition where the
    game has a decision, which `play` records). `engine`: one of ENGINES ("double" only for a game with a
    double-precision evaluator, `api.has_estimates`). `indexed`: the basic strategy's measure is played with
    index plays (INDEXED_MEASURE)."""
    if engine not in ENGINES or (engine == "double" and not api.has_estimates(game)):
        raise InputError(
            f"engine {engine!r}: allowed exact"
            + (", double" if api.has_estimates(game) else f" ({game} has no double-precision evaluator)")
        )
    rules = {k: v for k, v in (rules or {}).items() if not (game == "blackjack" and k == "strategy")}
    api.resolved_rules(game, version, rules, custom)  # refuse bad rules before any work
    found = api.wagers(game, version, pay)
    if game == "blackjack":
        unknown = [s for s in strategies if s not in STRATEGY_MEASURES]
        if unknown or not strategies:
            raise InputError(
                f"unknown blackjack strategy {unknown[0] if unknown else ''!r}; allowed: "
                + ", ".join(STRATEGY_MEASURES)
            )
        measures = [
            Measure(
                INDEXED_MEASURE if indexed and s == "basic" else STRATEGY_MEASURES[s],
                "initial",
                (("strategy", s),),
                "fixed" if s == "basic" else "optimised",
            )
            for s in strategies
        ]
        if side_wagers:
            measures += [Measure(w.key, w.key) for w in found if w.key in ("under-13", "over-13")]
    else:
        measures = [Measure(w.key, w.key, (), _play(game, w.key)) for w in found]
    return Target(
        game, version, tuple(sorted(rules.items())), tuple(sorted((pay or {}).items())), custom, tuple(measures), engine
    )


def _play(game: str, wager: str) -> str:
    """Punto banco has no decision; Super Pan 9's player re-solves his fourth card for each shoe for the
    initial wager's odds (House bank, or 1 to 1 against a player's bank), which the tie and the bank follow."""
    if game != "super-pan-9":
        return "fixed"
    return "optimised" if wager in ("initial", "initial-player-bank") else "follows"
