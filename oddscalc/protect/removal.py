"""Effects of removal, exact: how each measure's expectation moves when one card of each kind leaves a shoe.

Definitions. Take a shoe S (by default the full shoe) holding n_k cards of kind k, N in all. Take a measure v
(a wager's exact expectation per unit initially staked on the next round). The effect of removing one card
of kind k is EoR_k = v(S - k) - v(S). The count-weighted mean of the effects, sum_k n_k EoR_k / N, is what
knowing one unseen card is worth: E[v(S - c)] - v(S) for a card c drawn at random from S. When the play
behind v is fixed, v(S) is an expectation over the shuffles of S and equals E[v(S - c)]. So the mean is
exactly zero. When the play is re-optimised for each composition it is the value of that information, at
least zero. Blackjack's values are stored (`core.store`, keyed on the rules and the engines' versions).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc import api
from oddscalc.core.errors import DataError
from oddscalc.core.parallel import map_parts
from oddscalc.core.store import Engine, stored
from oddscalc.protect.target import Target

__all__ = ["ENGINE", "Removal", "effects_of_removal", "stored_params"]

#: This module's version (what it computes from the game's values, and how rows are encoded): bump it when the
#: stored effects of removal may change for a reason outside the game's engine.
ENGINE = Engine("removal", 1)


@dataclass(frozen=True)
class Removal:
    """A measure's value on the shoe and on the shoe less one card of each kind (None: no card to remove)."""

    target: Target
    kinds: tuple[tuple[str, int], ...]
    base: tuple[int, ...]
    full: dict[str, Fraction]
    less: tuple[dict[str, Fraction] | None, ...]

    def effect(self, measure: str, kind: int) -> Fraction | None:
        """EoR: v(S - one card of kind) - v(S)."""
        less = self.less[kind]
        return None if less is None else less[measure] - self.full[measure]

    def weighted_mean(self, measure: str) -> Fraction:
        """sum_k n_k EoR_k / N: exactly 0 under a fixed play, the value of the information when re-optimised."""
        size = sum(self.base)
        total = Fraction(0)
        for k, n in enumerate(self.base):
            if n:
                effect = self.effect(measure, k)
                if effect is None:  # a kind the shoe holds always has its shoe less one (`_compute`)
                    raise ValueError(f"{self.target.game}: no shoe less one card of kind {self.kinds[k][0]}")
                total += n * effect
        return total / size


def _value(job: tuple[Target, tuple[int, ...]]) -> dict[str, Fraction]:
    target, counts = job
    return target.evaluate(counts)


def _compute(target: Target, base: tuple[int, ...], progress) -> list[dict[str, Fraction] | None]:
    shoes = [base] + [tuple(n - (i == k) for i, n in enumerate(base)) for k in range(len(base)) if base[k]]
    values = iter(map_parts(_value, [(target, s) for s in shoes], progress, f"{target.game}: effects of removal"))
    full = next(values)
    return [full] + [next(values) if n else None for n in base]


def _encode(rows: list[dict[str, Fraction] | None]) -> list:
    return [None if r is None else {k: f"{v.numerator}/{v.denominator}" for k, v in r.items()} for r in rows]


def _decode(rows: list) -> list[dict[str, Fraction] | None]:
    return [None if r is None else {k: Fraction(v) for k, v in r.items()} for r in rows]


def effects_of_removal(
    target: Target, base: tuple[int, ...] | None = None, progress=None, use_cache: bool = True
) -> Removal:
    """Exact effects of removal for every measure of `target` from `base` (default: the full shoe), each
    composition an independent exact evaluation (on `core.parallel` processes). A game whose composition
    values are expensive (it declares ENGINES: blackjack) is stored (`core.store`) on the resolved rules and the
    engines' versions."""
    kinds = target.kinds()
    base = tuple(n for _, n in kinds) if base is None else tuple(base)
    engines = api.composition_engines(target.game)
    if engines:
        rows = stored(
            f"{target.game}-removal",
            stored_params(target, base),
            (ENGINE, *engines),
            lambda: _compute(target, base, progress),
            _encode,
            _decode,
            use_cache=use_cache,
        )
    else:
        rows = _compute(target, base, progress)
    full = rows[0]
    if full is None:  # `_compute` always values the full shoe: a stored entry without it is damaged
        raise DataError(f"{target.game}: the stored effects of removal lack the full shoe's (a damaged cache entry)")
    return Removal(target, kinds, base, full, tuple(rows[1:]))


def stored_params(target: Target, base: tuple[int, ...]) -> dict:
    """The parameters stored effects of removal are keyed on: the game, its resolved rules and pay, the measures
    and the shoe removed from."""
    return {
        "game": target.game,
        "rules": sorted(target.resolved().items()),
        "pay": list(target.pay),
        "measures": [[m.name, m.wager, list(m.rules)] for m in target.measures],
        "base": list(base),
    }
