"""What every game module returns, the contract between the engines and all that reads them: per-wager results
with named edge conventions, further tables, and the rule options a game takes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from oddscalc.core.distribution import Distribution
from oddscalc.core.errors import LimitError
from oddscalc.core.math_report import MathReport, report_of
from oddscalc.core.numbers import shorten
from oddscalc.core.partial_law import PartialLaw
from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import RuleError

__all__ = [
    "INITIAL",
    "PER_ROLL",
    "PER_STAKE",
    "RESOLVED",
    "TOTAL_STAKED",
    "CompositionLaws",
    "Edge",
    "Extra",
    "Figure",
    "GameAnalysis",
    "RuleError",
    "RuleOption",
    "ShoeRunsOut",
    "WagerResult",
    "edges_for",
    "resolve_rules",
]

INITIAL = "per unit initially staked"
RESOLVED = "per resolved wager (voids excluded)"
PER_ROLL = "per roll (edge / expected rolls to resolution)"
TOTAL_STAKED = "on total staked, with the maximum behind wager"
#: Edge keys that are an element of risk (expected loss over expected total staked), where a game states one.
RISK_EDGES = ("element-of-risk", "total-staked")
#: The unit of a Figure that is a return per unit initially staked (rendered as a percentage of the stake).
PER_STAKE = "per unit initially staked"


@dataclass(frozen=True)
class Edge:
    """A house edge under a named convention (what it is divided by)."""

    key: str
    convention: str
    value: Fraction


@dataclass(frozen=True)
class Figure:
    """A named exact figure that is not a probability: an expectation per unit stake (unit PER_STAKE), an
    expected count (unit "throws"). `WagerResult.events` holds probabilities only."""

    name: str
    value: Fraction
    unit: str


@dataclass(frozen=True)
class WagerResult:
    """One wager's exact law of a round's net return, its edges, and the named chances of notable outcomes.

    `not_a_law`, when set, says why the distribution is not the full law of one round's net return. Some
    outcomes then stand for a group of rounds at their exact conditional mean, and `check` refuses it.

    `stake` is the exact expected total staked per unit initially staked, where stakes can grow in play. That is
    blackjack's doubles and splits, the casino stud raise, Three Card Poker's play wager and dice's behind wagers,
    under the strategy the figures assume. It is None where the stake never grows (it is then 1).

    `events` are named probabilities; `figures` are named exact figures of any other kind (see Figure). `partial`
    is the law as far as it is known where `not_a_law` is set (see PartialLaw).

    Examples:
        A straight bet at single-zero roulette nets +35 on one number of 37 and -1 on the other 36. Its mean is
        (35 - 36)/37 = -1/37, so the house's edge is 1/37, and the stake never grows:

        >>> from oddscalc import analyse
        >>> straight = analyse("roulette", "straight", version="1994").result("straight")
        >>> straight.distribution.outcomes
        ((Fraction(-1, 1), Fraction(36, 37)), (Fraction(35, 1), Fraction(1, 37)))
        >>> straight.edge(), straight.events, straight.stake
        (Fraction(1, 37), (('win', Fraction(1, 37)),), None)
    """

    wager: Wager
    distribution: Distribution
    edges: tuple[Edge, ...]
    events: tuple[tuple[str, Fraction], ...] = ()
    notes: tuple[str, ...] = ()
    not_a_law: str = ""  # when set: why `distribution` is not the law of per-round returns (its mean is exact)
    stake: Fraction | None = None  # expected total staked per unit initial stake, where stakes grow in play
    figures: tuple[Figure, ...] = ()  # named exact figures that are not probabilities
    #: When `not_a_law` is set and the rounds it names have a known chance, mean and range: the law as far as it
    #: is known (core.partial_law), which bounds every figure exactly and lets `check` test conservatively.
    partial: PartialLaw | None = None

    def edge(self, key: str = "initial") -> Fraction:
        return next(e.value for e in self.edges if e.key == key)

    def figure(self, name: str) -> Fraction:
        """The value of the named non-probability figure."""
        return next(f.value for f in self.figures if f.name == name)

    def math_report(self) -> MathReport:
        """This wager's math report (core.math_report), with the game's own element of risk where it states one."""
        return self._math_report

    @cached_property
    def _math_report(self) -> MathReport:
        """Computed once per result (its 40-digit bands and exact moments are asked for by every table writer)."""
        own = next(((e.value, e.convention) for e in self.edges if e.key in RISK_EDGES), None)
        return report_of(
            self.distribution, stake=self.stake, not_a_law=self.not_a_law, own_risk=own, partial=self.partial
        )


@dataclass(frozen=True)
class Extra:
    """A further table a game reports (a strategy chart, a composition breakdown), cells as text or Fraction."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class GameAnalysis:
    """Everything computed for one game under one version and one rule set: a `WagerResult` per wager.

    Examples:
        Every roulette wager but one pays as if the wheel had 36 numbers, so each keeps 1/37. A dozen, say, wins
        2 on 12 numbers of 37: 3 x 12/37 - 1 = -1/37. The even chances lose only half the stake on zero, so they
        keep half as much, 1/74:

        >>> from fractions import Fraction
        >>> from oddscalc import analyse
        >>> wheel = analyse("roulette", version="1994")
        >>> wheel.game, wheel.version, len(wheel.results)
        ('roulette', '1994', 8)
        >>> {r.wager.key: r.edge() for r in wheel.results if r.edge() != Fraction(1, 37)}
        {'even-chance': Fraction(1, 74)}
    """

    game: str
    version: str
    rules: tuple[tuple[str, str], ...]
    results: tuple[WagerResult, ...]
    assumptions: tuple[str, ...] = ()
    extras: tuple[Extra, ...] = ()
    custom: bool = False

    def result(self, wager_key: str) -> WagerResult:
        for r in self.results:
            if r.wager.key.lower() == wager_key.lower():
                return r
        raise KeyError(wager_key)


@dataclass(frozen=True)
class RuleOption:
    """A rule a house (or a custom rule set) may choose: its allowed values and the default.

    Empty `choices` means free text (a list of removed cards, say) that the game itself validates. `wagers`: the
    keys of the wagers the option concerns, where it concerns only some; a version with none of them has no such
    rule (`api.resolved_rules` leaves it out, and refuses it when given).
    """

    name: str
    doc: str
    choices: tuple[str, ...]
    default: str
    wagers: tuple[str, ...] = ()


@dataclass(frozen=True)
class CompositionLaws:
    """The exact laws of the next round from many shoe compositions at once (a game's `composition_laws` hook).

    It holds the round's outcomes and each wager's net per unit staked on each outcome. For each composition it
    counts the ordered deals ending in each outcome (`weights`, an int64 array compositions x outcomes) out of
    `totals` (int64, one per composition). Where the counts pass int64, as on Super Pan 9's full shoe, both are
    object arrays of Python ints. Outcome o of composition r has probability weights[r, o] / totals[r], exactly."""

    outcomes: tuple[str, ...]
    nets: dict[str, tuple[Fraction, ...]]
    weights: Any
    totals: Any


class ShoeRunsOut(LimitError):
    """A shoe so small that a hand (the banker's) could run out of cards: the game is not defined there."""


def resolve_rules(
    options: Sequence[RuleOption],
    permitted: Mapping[str, tuple[str, ...]],
    defaults: Mapping[str, str],
    given: Mapping[str, str],
    version: str,
    custom: bool,
    check: Callable[[dict[str, str]], None] | None = None,
) -> tuple[dict[str, str], bool]:
    """The full rule set from the user's choices; refuses values the version does not permit unless custom,
    and (`check`, the game's hook raising RuleError) values that are each allowed but not together.

    Returns (rules, is_custom) where is_custom is true when any value lies outside what the law permits.
    """
    by_name = {o.name: o for o in options}
    rules: dict[str, str] = {}
    for name, value in given.items():
        if name not in by_name:
            known = ", ".join(by_name) or "none for this game"
            raise RuleError(f"unknown rule option {shorten(name)}; allowed: {known}")
        if by_name[name].choices and value not in by_name[name].choices:
            raise RuleError(
                f"rule {name}={shorten(value)} is not allowed; choose from: {', '.join(by_name[name].choices)}"
            )
    outside = False
    for o in options:
        value = given.get(o.name, defaults.get(o.name, o.default))
        allowed = permitted.get(o.name, o.choices)
        if allowed and value not in allowed:
            if not custom:
                raise RuleError(
                    f"rule {o.name}={value} is not permitted by version {version} (it allows: {', '.join(allowed)}); "
                    "give custom=True to evaluate a custom rule set"
                )
            outside = True
        rules[o.name] = value
    if check is not None:
        check(rules)
    return rules, outside


def edges_for(
    dist: Distribution,
    expected_rolls: Fraction | None = None,
    total_staked: tuple[Fraction, Fraction] | None = None,
) -> tuple[Edge, ...]:
    """The edge conventions that apply: always per unit staked; per resolved wager when voids occur;
    per roll for multi-roll wagers; on the total staked when (expected loss, expected total stake) is given.
    A wager that always pushes (a shoe left holding one kind of card) is never resolved: it has no edge per
    resolved wager."""
    edges = [Edge("initial", INITIAL, dist.house_edge)]
    if 0 < dist.p_push < 1:
        edges.append(Edge("resolved", RESOLVED, dist.edge_per_resolved))
    if expected_rolls is not None and expected_rolls != 1:
        edges.append(Edge("per-roll", PER_ROLL, dist.house_edge / expected_rolls))
    if total_staked is not None:
        loss, staked = total_staked
        edges.append(Edge("total-staked", TOTAL_STAKED, loss / staked))
    return tuple(edges)
