"""How well a linear count tracks the game: betting correlation (BC), insurance correlation (IC) and playing
efficiency (PE), from exact effects of removal (docs/protect.md, "Measures of a count", for definitions and sources).

Correlations are taken over the cards of the shoe (Griffin, *The Theory of Blackjack*, ch. 4): each card carries
its kind's weight w_k and effect of removal e_k, so with n_k cards of kind k

    rho = sum n_k (w_k - w)(e_k - e) / sqrt(sum n_k (w_k - w)^2 * sum n_k (e_k - e)^2),

w and e the card-weighted means. The effects are exact fractions, so rho is exact up to one square root: it is
kept as its sign and its exact square (`Correlation`).

>>> c = correlation((1, -1), (Fraction(1, 100), Fraction(-3, 100)), (2, 2))
>>> c.sign, c.square, c.value
(1, Fraction(1, 1), 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.protect.decisions_by_removal import DecisionShoes, Values

__all__ = [
    "INSURANCE_GROUP",
    "INSURE",
    "PE_DEFINITIONS",
    "PE_SCOPES",
    "Correlation",
    "DecisionGain",
    "Efficiency",
    "check_cut",
    "check_definition",
    "correlation",
    "decision_gains",
    "depths",
    "insurance_effects",
    "playing_efficiency",
    "slope",
    "spread",
]

#: The insurance decision's group and the action of taking it (`api.composition_decisions`): IC's decision, left
#: out of PE.
INSURANCE_GROUP, INSURE = "insurance v A", "insure"

#: PE's two definitions (docs/protect.md): each decision's weight is its chance x the mean gain of knowing the sign
#: of its gain perfectly (a linear estimate, normal model, averaged over the depths a round is dealt at).
PE_DEFINITIONS = {
    "griffin": "the gain the count captures, |rho_d| s L(|mu_d| / (|rho_d| s)), over the perfect linear gain "
    "s L(|mu_d| / s), summed with the same chances (Griffin, The Theory of Blackjack, ch. 4)",
    "linear": "the weighted mean of the decisions' |rho_d| (the simple form; never below Griffin's: it "
    "ignores that a count must swing further than the cards to reach a decision's index)",
}


#: The decisions PE is taken over, each named as the output names it: the starting hands alone, or every decision
#: as Griffin takes it (the starting hands and the hit/stand decisions on three cards or more after them).
PE_SCOPES = {
    "starting_hands": "over starting hands",
    "every_decision": "over every decision (Griffin's)",
}


@dataclass(frozen=True)
class Correlation:
    """A correlation coefficient known exactly up to one square root: its sign (-1, 0, 1) and exact square."""

    sign: int
    square: Fraction

    @property
    def value(self) -> float:
        return self.sign * math.sqrt(self.square)


def _moments(
    weights: Sequence[Fraction | int], effects: Sequence[Fraction | None], counts: Sequence[int]
) -> tuple[Fraction, Fraction, Fraction]:
    """N^2 x (cov(w, e), var(w), var(e)) over the cards of the shoe (kinds with no card or no effect left out).

    Summed in integers over the common denominators of the weights and of the effects (the same exact values,
    without a Fraction's reduction at every step)."""
    rows = [(n, Fraction(w), e) for n, w, e in zip(counts, weights, effects) if n and e is not None]
    dw = math.lcm(*(w.denominator for _, w, _ in rows))
    de = math.lcm(*(e.denominator for _, _, e in rows))
    ints = [(n, w.numerator * (dw // w.denominator), e.numerator * (de // e.denominator)) for n, w, e in rows]
    size = sum(n for n, _, _ in ints)
    sw, se = sum(n * w for n, w, _ in ints), sum(n * e for n, _, e in ints)
    swe = sum(n * w * e for n, w, e in ints)
    sww, see = sum(n * w * w for n, w, _ in ints), sum(n * e * e for n, _, e in ints)
    return (
        Fraction(size * swe - sw * se, dw * de),
        Fraction(size * sww - sw * sw, dw * dw),
        Fraction(size * see - se * se, de * de),
    )


def correlation(
    weights: Sequence[Fraction | int], effects: Sequence[Fraction | None], counts: Sequence[int]
) -> Correlation | None:
    """Pearson correlation of weight and effect over the cards of a shoe holding counts[k] cards of kind k
    (kinds with no card, or no effect, carry no weight); None when either is the same on every card."""
    cov, vw, ve = _moments(weights, effects, counts)
    if not vw or not ve:
        return None
    return Correlation((cov > 0) - (cov < 0), Fraction(cov * cov) / (vw * ve))


def slope(
    effects: Sequence[Fraction | None], weights: Sequence[Fraction | int], counts: Sequence[int]
) -> Fraction | None:
    """The regression slope of effect on weight over the cards, cov(e, w) / var(w) (None when the weights are all
    equal)."""
    cov, vw, _ = _moments(weights, effects, counts)
    return Fraction(cov) / vw if vw else None


def spread(effects: Sequence[Fraction | None], counts: Sequence[int]) -> Fraction:
    """The card-weighted variance of the effects, sum n_k (e_k - e)^2 / N: one card's share of the spread."""
    rows = [(n, e) for n, e in zip(counts, effects) if n and e is not None]
    size = sum(n for n, _ in rows)
    _, _, var = _moments([0] * len(rows), [e for _, e in rows], [n for n, _ in rows])
    return var / (size * size)


def insurance_effects(shoes: DecisionShoes) -> tuple[Fraction, tuple[Fraction | None, ...]] | None:
    """The insurance wager's exact expectation per unit insurance stake on the shoe and its effects of removal
    (None when the rules or the shoe offer no insurance)."""
    found = [label for label, d in shoes.full.items() if d.group == INSURANCE_GROUP]
    if not found or any(v is not None and found[0] not in v for v in shoes.less):
        return None
    label = found[0]
    return shoes.effects(lambda v: v[label].actions[INSURE])


@dataclass(frozen=True)
class DecisionGain:
    """One decision: the full shoe's best action and runner-up, the exact gain of switching mu (<= 0), the
    card-weighted variance of its effects, the count's correlation with them, and its chance per round."""

    label: str
    group: str
    best: str
    other: str
    chance: Fraction
    mu: Fraction
    spread: Fraction
    rho: Correlation | None


def _switch(label: str, best: str, other: str) -> Callable[[Values], Fraction]:
    return lambda v: v[label].actions[other] - v[label].actions[best]


def decision_gains(shoes: DecisionShoes, weights: Sequence[Fraction]) -> tuple[DecisionGain, ...]:
    """Every decision with two or more actions (insurance apart), met on every shoe computed: its gain of
    switching from the full shoe's best action to the runner-up, exact on the shoe and per card removed."""
    out = []
    for label, d in shoes.full.items():
        if d.group == INSURANCE_GROUP or len(d.actions) < 2:
            continue
        if any(v is not None and label not in v for v in shoes.less):
            continue
        best, other = sorted(d.actions, key=lambda a: -d.actions[a])[:2]
        mu, effects = shoes.effects(_switch(label, best, other))
        out.append(
            DecisionGain(
                label,
                d.group,
                best,
                other,
                d.chance,
                mu,
                spread(effects, shoes.base),
                correlation(weights, effects, shoes.base),
            )
        )
    return tuple(out)


def depths(size: int, cut: int) -> range:
    """Cards seen before a round: 0 to cut - 1, each equally likely (rounds spread evenly over the shoe to the
    cut card; protect's shoe model places the cut after `cut` cards)."""
    return range(min(cut, size - 1))


def check_cut(size: int, cut: int) -> range:
    """`depths`, refused (ValueError) when no round would be dealt after a card is seen."""
    seen = depths(size, cut)
    if len(seen) < 2:
        raise InputError(
            f"a cut after {cut} of {size} cards deals no round after a card is seen: no playing "
            "efficiency; allowed: a penetration that cuts after 2 cards or more"
        )
    return seen


def check_definition(definition: str) -> None:
    """Refuse (ValueError) a PE definition other than those of `PE_DEFINITIONS`."""
    if definition not in PE_DEFINITIONS:
        raise InputError(f"unknown playing efficiency definition {definition!r}; allowed: {', '.join(PE_DEFINITIONS)}")


def _loss(x: float) -> float:
    """The unit normal loss integral L(x) = phi(x) - x (1 - Phi(x)): E[max(Z - x, 0)] for Z standard normal."""
    return math.exp(-x * x / 2) / math.sqrt(2 * math.pi) - x * 0.5 * math.erfc(x / math.sqrt(2))


def _gain(mu: float, s: float) -> float:
    """E[max(D, 0)] for D normal with mean mu <= 0 and standard deviation s (0 when s is 0)."""
    return s * _loss(-mu / s) if s > 0 else max(mu, 0.0)


@dataclass(frozen=True)
class Efficiency:
    """PE under one definition, and per decision its weight (chance x mean perfect gain) and captured gain."""

    value: float | None
    definition: str
    cut: int
    weights: tuple[tuple[DecisionGain, float, float], ...]  # (decision, perfect gain x chance, count's gain x chance)


def playing_efficiency(gains: Sequence[DecisionGain], size: int, cut: int, definition: str = "griffin") -> Efficiency:
    """PE over `gains` for a shoe of `size` cards dealt to `cut`.

    The depth model is `depths`. The linear model of a decision's gain at depth r is normal, mean mu, standard
    deviation s_r = sqrt((N - 1) r / (N - r) * spread)."""
    check_definition(definition)
    seen = check_cut(size, cut)
    rows = []
    for g in gains:
        mu, rho = float(g.mu), abs(g.rho.value) if g.rho else 0.0
        scale = [math.sqrt((size - 1) * r / (size - r) * float(g.spread)) for r in seen]
        perfect = sum(_gain(mu, s) for s in scale) / len(seen)
        if definition == "linear":
            captured = rho * perfect
        else:
            captured = sum(_gain(mu, rho * s) for s in scale) / len(seen)
        rows.append((g, float(g.chance) * perfect, float(g.chance) * captured))
    total = sum(w for _, w, _ in rows)
    return Efficiency(sum(c for _, _, c in rows) / total if total else None, definition, cut, tuple(rows))
