"""Rendering a count's measures (`protect.count_measures`): text that leads with BC, PE and IC, and JSON-ready data
with every exact quantity ("p/q": squared correlations, gains, index numbers)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from oddscalc.core.distribution import render_decimal
from oddscalc.core.schemas import named
from oddscalc.protect.correlations import PE_DEFINITIONS, PE_SCOPES, Correlation, Efficiency
from oddscalc.protect.count_measures import CountMeasures
from oddscalc.report.exact import fraction_text
from oddscalc.report.text import WIDTH, fit, phrases

__all__ = ["DEFINITIONS", "measures_data", "measures_text"]

#: One line per measure, printed under the text and carried in the JSON.
DEFINITIONS = {
    "betting_correlation": "correlation over the cards of the shoe between the count's weights and the effects of "
    "removal of the wager's exact expectation (Griffin, The Theory of Blackjack, ch. 4)",
    "insurance_correlation": "the same with the effects of removal of the insurance wager's exact expectation, as the "
    "law offers it (a player's two-card 21 against a banker's Ace; reg 7(7))",
    "playing_efficiency": "over starting hands (a starting hand against an up-card, insurance apart), or over "
    "every decision (Griffin's: those and every hit/stand on three cards or more the full shoe's play reaches, "
    "split hands apart), the gain of switching from the full shoe's best action to the runner-up, D, exact on "
    "the shoe and per card removed; at depth r (cards seen, 0 to the cut, evenly) D is taken as normal with "
    "mean mu and sd s = sqrt((N-1) r / (N-r)) x the card-weighted sd of its effects, and "
    "knowing its sign gains s L(|mu|/s) (L the unit normal loss integral); each decision weighs "
    "its chance x that gain averaged over depths",
    "index_numbers": "true count (running count per pack of cards unseen) at which the linear estimate of the group's "
    "gain, D + (N-1) beta TC / pack with beta = cov(effects, weights) / var(weights), changes sign; "
    "Schlesinger's Illustrious 18 (Blackjack Forum, Sept. 1986; Blackjack Attack, ch. 5)",
}


def _frac(x: Fraction | None) -> str | None:
    return None if x is None else fraction_text(x)


def _pct(x: float | None, places: int = 2) -> str:
    return "n/a" if x is None else f"{x * 100:.{places}f}%"


def _corr(c: Correlation | None) -> dict[str, Any] | None:
    return None if c is None else _correlation(c)


def _correlation(c: Correlation) -> dict[str, Any]:
    return {"value": round(c.value, 10), "sign": c.sign, "square": fraction_text(c.square)}


def _exact_note(c: Correlation | None, symbol: str) -> str:
    if c is None:
        return "(the count or the effects are the same on every card)"
    text = fraction_text(c.square)
    return f"{symbol}^2 = {text}" if len(text) <= 40 else f"{symbol}^2 exact in --format json ({len(text)} characters)"


def _depth(m: CountMeasures) -> str:
    return (
        f"rounds dealt evenly to {float(m.penetration) * 100:g}% penetration "
        f"(cut after {m.cut} of {sum(n for _, n in m.kinds)} cards)"
    )


def measures_text(m: CountMeasures, top: int = 12) -> str:
    """The measures for people, folded to 100 columns (text.fit)."""
    rules = ", ".join(f"{k}={v}" for k, v in m.rules.items() if k != "strategy")  # as --rule takes them
    lines = [
        f"{m.game}, version {m.version}{' (CUSTOM)' if m.custom else ''}: {rules}",
        f"count {m.count.name}: {m.count.describe(m.kinds)}",
        "",
    ]
    lines.append(
        f"  betting correlation (BC)     {_pct(m.bc.value if m.bc else None):>8}   {m.lead}; {_exact_note(m.bc, 'BC')}"
    )
    if m.efficiency:
        lines.append(
            f"  playing efficiency (PE)      {_pct(m.pe):>8}   {m.definition} definition, "
            f"{PE_SCOPES['starting_hands']}; {_depth(m)}"
        )
    if m.every:
        lines.append(
            f"  PE over every decision       {_pct(m.pe_every):>8}   {m.definition} definition, "
            f"{PE_SCOPES['every_decision']}: the starting hands and {m.later[0]} hit/stand decisions on three "
            "cards or more"
        )
    if m.insurance is not None:
        lines.append(f"  insurance correlation (IC)   {_pct(m.insurance.value):>8}   {_exact_note(m.insurance, 'IC')}")
    lines += ["", "Betting correlation for each measure:"]
    lines += [f"  {name:34} {_pct(c.value if c else None):>8}   {_exact_note(c, 'BC')}" for name, c in m.betting]
    if m.efficiency:
        scopes = [PE_SCOPES["starting_hands"]] + ([PE_SCOPES["every_decision"]] if m.every else [])
        lines += ["", f"Playing efficiency under each definition, {' / '.join(scopes)}:"]
        for d, e in m.efficiency.items():
            values = " / ".join(f"{_pct(x.value):>8}" for x in (e, *([m.every[d]] if m.every else [])))
            lines.append(f"  {d:8} {values}   {PE_DEFINITIONS[d]}")
        lines += _decisions_text(m.efficiency[m.definition], top)
    if m.insurance_value is not None:
        lines += [
            "",
            f"Insurance on the full shoe: {render_decimal(m.insurance_value * 100, 4)}% per unit insurance "
            "stake (player's A,T against an Ace).",
        ]
    if m.indices:
        lines += [
            "",
            f"Index numbers ({m.count.name} true count per {m.pack} cards unseen; linear estimate), "
            "the Illustrious 18:",
            f"  {'decision':10} {'index':34} {'gain at TC 0':>13} {'per TC':>9}  hands",
        ]
        for r in m.indices:
            if r.index is None or r.gain is None or r.per_true_count is None:  # no index: its gain is not taken
                lines.append(f"  {r.name:10} none: {r.why}")
                continue
            gain, slope = render_decimal(r.gain * 100, 3) + "%", render_decimal(r.per_true_count * 100, 3) + "%"
            start = f"  {r.name:10} {r.rule:34} {gain:>13} {slope:>9}  "
            hands = phrases("; ".join(r.hands), WIDTH - len(start))  # a hand ("7,5 v T") never split
            lines += [start + hands[0], *(" " * len(start) + more for more in hands[1:])]
    lines += ["", "Definitions:"] + [f"  {k.replace('_', ' ')}: {v}." for k, v in DEFINITIONS.items()]
    return "\n".join(fit(lines)) + "\n"


def _decisions_text(e: Efficiency, top: int) -> list[str]:
    total = sum(w for _, w, _ in e.weights) or 1.0
    rows = sorted(e.weights, key=lambda x: -x[1])[:top]
    lines = [
        "",
        f"The {len(rows)} decisions that weigh most in PE {PE_SCOPES['starting_hands']} ({len(e.weights)} in all):",
        f"  {'hand':9} {'group':15} {'switch':16} {'gain %':>9} {'chance %':>9} {'corr.':>7} {'weight %':>9}",
    ]
    for g, w, _ in rows:
        rho = "n/a" if g.rho is None else f"{g.rho.value:+.3f}"
        lines.append(
            f"  {g.label:9} {g.group:15} {g.best + ' -> ' + g.other:16} {render_decimal(g.mu * 100, 4):>9} "
            f"{render_decimal(g.chance * 100, 4):>9} {rho:>7} {w / total * 100:>9.2f}"
        )
    return lines


def measures_data(m: CountMeasures) -> dict[str, Any]:
    """Every figure, exact where it is (p/q strings), with the definitions (schemas/measures-1.json)."""
    data = {
        "game": m.game,
        "version": m.version,
        "rules": {k: v for k, v in m.rules.items() if k != "strategy"},
        "custom": m.custom,
        "count": {
            "name": m.count.name,
            "weights": {label: _frac(w) for (label, _), w in zip(m.kinds, m.count.weights)},
        },
        "pack": m.pack,
        "penetration": _frac(m.penetration),
        "cut": m.cut,
        "betting_correlation": {
            "measure": m.lead,
            **(_corr(m.bc) or {}),
            "by_measure": [{"measure": name, "correlation": _corr(c)} for name, c in m.betting],
        },
        "insurance_correlation": None
        if m.insurance is None
        else {**_correlation(m.insurance), "insurance_expectation": _frac(m.insurance_value)},
        "playing_efficiency": None
        if not m.efficiency
        else {
            "definition": m.definition,
            "scope": PE_SCOPES["starting_hands"],
            "value": m.pe,
            "by_definition": {d: {"value": e.value, "definition": PE_DEFINITIONS[d]} for d, e in m.efficiency.items()},
            "every_decision": None
            if not m.every
            else {
                "scope": PE_SCOPES["every_decision"],
                "value": m.pe_every,
                "by_definition": {d: {"value": e.value, "definition": PE_DEFINITIONS[d]} for d, e in m.every.items()},
                "later_decisions": m.later[0],
                "later_chance": _frac(m.later[1]),
            },
            "decisions": [
                {
                    "hand": g.label,
                    "group": g.group,
                    "best": g.best,
                    "runner_up": g.other,
                    "chance": _frac(g.chance),
                    "gain": _frac(g.mu),
                    "effects_variance": _frac(g.spread),
                    "correlation": _corr(g.rho),
                    "weight": w,
                }
                for g, w, _ in m.efficiency[m.definition].weights
            ],
        },
        "indices": [
            {
                "decision": r.name,
                "group": r.group,
                "play": r.play,
                "instead_of": r.other,
                "hands": list(r.hands),
                "gain": _frac(r.gain),
                "gain_per_true_count": _frac(r.per_true_count),
                "index": _frac(r.index),
                "index_decimal": None if r.index is None else render_decimal(r.index, 4),
                "rule": r.rule,
            }
            for r in m.indices
        ],
        "definitions": DEFINITIONS,
    }
    return named("measures", data)
