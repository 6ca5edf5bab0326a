"""The player's decisions on the full shoe and on the shoe less one card of each kind, exact.

From them come the effects of removal of a decision's gain. So do a count's playing efficiency, insurance
correlation and index numbers (`protect/correlations.py`, `protect/indices.py`).

`later_decision_shoes` does the same for the hit/stand decisions on three cards or more, reached by the full
shoe's play: the rest of "every decision" (Griffin's playing efficiency).

Each composition is one exact engine evaluation (`api.composition_decisions`: every starting hand against every
up-card and insurance), on `core.parallel` processes. Blackjack's are stored (`core.store`) on the resolved rules
and the engines' versions, as the effects of removal are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from oddscalc import api
from oddscalc.core.errors import DataError
from oddscalc.core.parallel import map_parts
from oddscalc.core.store import Engine, stored

__all__ = [
    "ENGINE",
    "LATER_ENGINE",
    "Decision",
    "DecisionShoes",
    "decision_params",
    "decision_shoes",
    "later_decision_shoes",
]

#: This module's version (what it stores besides the game's values, and how): bump it when the stored decisions
#: may change for a reason outside the game's engine.
ENGINE = Engine("decisions", 1)
#: The same for `later_decision_shoes`.
LATER_ENGINE = Engine("later-decisions", 1)


@dataclass(frozen=True)
class Decision:
    """One decision on one shoe: its group (`hard 16 v T`), its chance of being met in a round, and the exact
    value of each action (per unit staked on the hand; insurance per unit insurance stake)."""

    group: str
    chance: Fraction
    actions: dict[str, Fraction]


Values = dict[str, Decision]


@dataclass(frozen=True)
class DecisionShoes:
    """The decisions on the shoe `base` (`full`) and on it less one card of each kind (`less[k]`, None when the
    shoe holds no card of kind k)."""

    game: str
    kinds: tuple[tuple[str, int], ...]
    base: tuple[int, ...]
    full: Values
    less: tuple[Values | None, ...]

    def effects(self, quantity: Callable[[Values], Fraction]) -> tuple[Fraction, tuple[Fraction | None, ...]]:
        """`quantity` on the shoe, and its effect of removal for each kind: quantity(S - k) - quantity(S)."""
        here = quantity(self.full)
        return here, tuple(None if v is None else quantity(v) - here for v in self.less)


def _value(job: tuple[str, str, dict[str, str], dict[str, str], bool, tuple[int, ...]]) -> Values:
    game, version, rules, pay, custom, counts = job
    return {
        label: Decision(group, chance, actions)
        for label, (group, chance, actions) in api.composition_decisions(
            game, version, counts, rules, pay, custom
        ).items()
    }


def _encode(rows: list[Values | None]) -> list:
    return [
        None
        if r is None
        else [[label, d.group, str(d.chance), [[a, str(v)] for a, v in d.actions.items()]] for label, d in r.items()]
        for r in rows
    ]


def _decode(rows: list) -> list[Values | None]:
    return [
        None
        if r is None
        else {
            label: Decision(group, Fraction(chance), {a: Fraction(v) for a, v in actions})
            for label, group, chance, actions in r
        }
        for r in rows
    ]


def _encode_ints(rows: list[Values | None]) -> list:
    """`_encode` with each Fraction as [numerator, denominator]: the later decisions are many, and integers read
    back faster than fraction text."""
    return [
        None
        if r is None
        else [
            [
                label,
                d.group,
                [d.chance.numerator, d.chance.denominator],
                [[a, v.numerator, v.denominator] for a, v in d.actions.items()],
            ]
            for label, d in r.items()
        ]
        for r in rows
    ]


def _decode_ints(rows: list) -> list[Values | None]:
    return [
        None
        if r is None
        else {
            label: Decision(group, Fraction(*chance), {a: Fraction(n, m) for a, n, m in actions})
            for label, group, chance, actions in r
        }
        for r in rows
    ]


def _less_one(base: tuple[int, ...]) -> list[tuple[int, ...]]:
    """`base` less one card of each kind it holds, in kind order."""
    return [tuple(n - (i == k) for i, n in enumerate(base)) for k in range(len(base)) if base[k]]


def decision_shoes(
    game: str,
    version: str,
    rules: dict[str, str] | None = None,
    pay: dict[str, str] | None = None,
    custom: bool = False,
    base: tuple[int, ...] | None = None,
    progress=None,
    use_cache: bool = True,
) -> DecisionShoes:
    """The decisions of `game` on `base` (default: the full shoe) and on it less one card of each kind."""
    rules, pay = dict(rules or {}), dict(pay or {})
    kinds = api.composition_kinds(game, version, rules, custom)
    base = tuple(n for _, n in kinds) if base is None else tuple(base)
    shoes = [base, *_less_one(base)]

    def compute() -> list[Values | None]:
        found = iter(
            map_parts(
                _value,
                [(game, version, rules, pay, custom, s) for s in shoes],
                progress,
                f"{game}: decisions on {len(shoes)} shoes",
            )
        )
        full = next(found)
        return [full] + [next(found) if n else None for n in base]

    rows = stored(
        f"{game}-decisions",
        decision_params(game, version, rules, pay, custom, base),
        (ENGINE, *api.decision_engines(game)),
        compute,
        _encode,
        _decode,
        use_cache=use_cache,
    )
    full = rows[0]
    if full is None:  # `compute` always values the full shoe: a stored entry without it is damaged
        raise DataError(f"{game}: the stored decisions lack the full shoe's (a damaged cache entry)")
    return DecisionShoes(game, kinds, base, full, tuple(rows[1:]))


def decision_params(
    game: str, version: str, rules: dict[str, str], pay: dict[str, str], custom: bool, base: tuple[int, ...]
) -> dict:
    """The parameters stored decisions are keyed on: the game, its resolved rules, the pay and the shoe."""
    resolved = api.resolved_rules(game, version, rules, custom)[0]
    return {"game": game, "rules": sorted(resolved.items()), "pay": sorted(pay.items()), "base": list(base)}


def _later_values(job: tuple[str, str, dict[str, str], dict[str, str], bool, tuple[int, ...], tuple[str, ...]]) -> dict:
    game, version, rules, pay, custom, counts, hands = job
    return api.composition_later_values(game, version, counts, hands, rules, pay, custom)


def later_decision_shoes(
    game: str,
    version: str,
    rules: dict[str, str] | None = None,
    pay: dict[str, str] | None = None,
    custom: bool = False,
    base: tuple[int, ...] | None = None,
    progress=None,
    use_cache: bool = True,
) -> DecisionShoes:
    """The decisions after the first (`api.composition_later_decisions`) reached on `base` (default: the full
    shoe) by its play, valued there and on it less one card of each kind.

    A decision a shoe less one card cannot deal is missing from that shoe's. Chances are taken on `base`
    alone: each shoe's decisions carry base's."""
    rules, pay = dict(rules or {}), dict(pay or {})
    kinds = api.composition_kinds(game, version, rules, custom)
    base = tuple(n for _, n in kinds) if base is None else tuple(base)

    def compute() -> list[Values | None]:
        found = api.composition_later_decisions(game, version, base, rules, pay, custom)
        full = {label: Decision(group, chance, actions) for label, (group, chance, actions) in found.items()}
        hands = tuple(full)
        shoes = _less_one(base)
        less = iter(
            map_parts(
                _later_values,
                [(game, version, rules, pay, custom, s, hands) for s in shoes],
                progress,
                f"{game}: later decisions on {len(shoes)} shoes",
            )
        )
        rows: list[Values | None] = [full]
        for n in base:
            if not n:
                rows.append(None)
                continue
            values = next(less)
            rows.append(
                {label: Decision(group, full[label].chance, actions) for label, (group, actions) in values.items()}
            )
        return rows

    rows = stored(
        f"{game}-later-decisions",
        decision_params(game, version, rules, pay, custom, base),
        (LATER_ENGINE, *api.decision_engines(game)),
        compute,
        _encode_ints,
        _decode_ints,
        use_cache=use_cache,
    )
    full = rows[0]
    if full is None:
        raise DataError(f"{game}: the stored later decisions lack the full shoe's (a damaged cache entry)")
    return DecisionShoes(game, kinds, base, full, tuple(rows[1:]))
