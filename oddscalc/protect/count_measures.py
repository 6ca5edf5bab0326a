"""A count's measures for one game and rule set (`oddscalc measures GAME`; definitions in docs/protect.md).

They are the betting correlation for each measure of the effects-of-removal table. For blackjack they are also
the insurance correlation, the playing efficiency (both definitions, over starting hands and over every decision)
and the index numbers of the Illustrious 18.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import floor

from oddscalc import api
from oddscalc.core.errors import InputError
from oddscalc.protect.correlations import (
    PE_DEFINITIONS,
    Correlation,
    Efficiency,
    check_cut,
    check_definition,
    correlation,
    decision_gains,
    insurance_effects,
    playing_efficiency,
)
from oddscalc.protect.count_systems import CountError, CountSystem, parse_count
from oddscalc.protect.decisions_by_removal import decision_shoes, later_decision_shoes
from oddscalc.protect.indices import IndexRow, indices
from oddscalc.protect.removal import effects_of_removal
from oddscalc.protect.target import STRATEGY_MEASURES, target

__all__ = ["CountMeasures", "measure_count", "tens_split_by_rank"]


@dataclass(frozen=True)
class CountMeasures:
    """Everything `oddscalc measures` prints. `betting`: (measure, BC) per measure of the removal table, `lead`
    the one BC is quoted for; the decision part (IC, PE, indices) is None/empty for a game without decisions.
    `efficiency` is PE over the starting hands, `every` over every decision (`PE_SCOPES`); `later`: how many
    decisions after the first `every` adds, and their chance per round."""

    game: str
    version: str
    rules: dict[str, str]
    custom: bool
    kinds: tuple[tuple[str, int], ...]
    count: CountSystem
    pack: int
    penetration: Fraction
    cut: int
    betting: tuple[tuple[str, Correlation | None], ...]
    lead: str
    insurance: Correlation | None
    insurance_value: Fraction | None
    efficiency: dict[str, Efficiency]
    definition: str
    indices: tuple[IndexRow, ...]
    every: dict[str, Efficiency] = field(default_factory=dict)
    later: tuple[int, Fraction] = (0, Fraction(0))

    @property
    def bc(self) -> Correlation | None:
        return dict(self.betting)[self.lead]

    @property
    def pe(self) -> float | None:
        e = self.efficiency.get(self.definition)
        return None if e is None else e.value

    @property
    def pe_every(self) -> float | None:
        """PE over every decision under the headline definition (None without decisions)."""
        e = self.every.get(self.definition)
        return None if e is None else e.value


def tens_split_by_rank(rules: dict[str, str]) -> bool:
    """Whether the blackjack rule values `rules` split two tens of one rank only (10,10, never 10,K)."""
    return rules.get("split") == "same-rank"


def measure_count(
    game: str,
    version: str,
    rules: dict[str, str] | None,
    pay: dict[str, str] | None,
    custom: bool,
    count_text: str,
    strategy: str = "basic",
    penetration: Fraction = Fraction(3, 4),
    definition: str = "griffin",
    progress=None,
    every_decision: bool = True,
) -> CountMeasures:
    """Every measure of the count `count_text` (`counting.parse_count`); `strategy`: the blackjack play whose
    expectation BC is quoted for (basic or optimal); `penetration`: PE's depth model (rounds dealt evenly to the
    cut card after floor(penetration x N) cards); `definition`: PE's headline definition."""
    check_definition(definition)
    if game == "blackjack" and strategy not in STRATEGY_MEASURES:
        raise InputError(f"unknown blackjack strategy {strategy!r}; allowed: {', '.join(STRATEGY_MEASURES)}")
    rules, pay = dict(rules or {}), dict(pay or {})
    t = target(game, version, rules, pay, custom, strategies=("optimal", "basic"), side_wagers=True)
    kinds = t.kinds()
    count = parse_count(count_text, kinds)
    if count is None:
        raise CountError(f"count {count_text!r}: measures need a count: hi-lo, or weights CARD=WEIGHT,...")
    size = sum(n for _, n in kinds)
    pack, cut = size // int(t.resolved()["decks"]), floor(penetration * size)
    if api.has_decisions(game):
        check_cut(size, cut)  # before any work
    removal = effects_of_removal(t, progress=progress)
    betting = tuple(
        (m, correlation(count.weights, [removal.effect(m, k) for k in range(len(kinds))], removal.base))
        for m in removal.full
    )
    lead = STRATEGY_MEASURES[strategy] if game == "blackjack" else betting[0][0]
    ic: Correlation | None = None
    ins_value: Fraction | None = None
    efficiency: dict[str, Efficiency] = {}
    every: dict[str, Efficiency] = {}
    later = (0, Fraction(0))
    rows: tuple[IndexRow, ...] = ()
    if api.has_decisions(game):
        shoes = decision_shoes(game, version, rules, pay, custom, progress=progress)
        found = insurance_effects(shoes)
        if found is not None:
            ins_value, effects = found
            ic = correlation(count.weights, effects, shoes.base)
        gains = decision_gains(shoes, count.weights)
        efficiency = {d: playing_efficiency(gains, size, cut, d) for d in PE_DEFINITIONS}
        if every_decision:
            later_shoes = later_decision_shoes(game, version, rules, pay, custom, progress=progress)
            after = decision_gains(later_shoes, count.weights)
            every = {d: playing_efficiency(gains + after, size, cut, d) for d in PE_DEFINITIONS}
            later = (len(after), sum((g.chance for g in after), Fraction(0)))
        rows = indices(shoes, count.weights, pack, tens_by_rank=tens_split_by_rank(t.resolved()))
    return CountMeasures(
        game,
        version,
        t.resolved(),
        custom,
        kinds,
        count,
        pack,
        penetration,
        cut,
        betting,
        lead,
        ic,
        ins_value,
        efficiency,
        definition,
        rows,
        every,
        later,
    )
