"""Super Pan 9 strategy conformance (`verify --strategy optimal`): each player's fourth card taken or refused
against the engine's optimal decision table, costed on the full shoe (the player's three cards)."""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol, cast

from oddscalc import api
from oddscalc.verify import decision_costs
from oddscalc.verify.card_codes import BACCARAT_POINT, label
from oddscalc.verify.conformance import StrategyError, Tally, pct
from oddscalc.verify.context import Context

__all__ = ["SuperPan9Strategy"]


class _Decisions(Protocol):
    """Super Pan 9's decision table as `api.decision_table` gives it (a mapping, or a player's-bank table that
    answers the same look-up): "draw" or "stand" for the player's three cards (point values, sorted)."""

    def __getitem__(self, holding: tuple[int, int, int], /) -> str: ...


class SuperPan9Strategy(Tally):
    """The player's fourth card against the engine's exact best decision for his three cards."""

    def __init__(self, ctx: Context, name: str) -> None:
        if name != "optimal":
            raise StrategyError("super-pan-9 has one strategy, optimal (the engine's exact decision table)")
        self.tables: dict[str, tuple[_Decisions, Fraction]] = {}
        for bank, key in (("house", "initial"), ("player", "initial-player-bank")):
            if key in ctx.wagers:
                self.tables[bank] = (
                    cast(_Decisions, api.decision_table("super-pan-9", ctx.version, key, ctx.rules, custom=True)),
                    ctx.wagers[key].pay(),
                )
        self.decks = int(ctx.rules.get("decks", "8"))
        removed = ctx.rules.get("removed", "none")
        self.removed = tuple(x.strip() for x in removed.split(",")) if removed.lower() not in ("", "none") else ()
        super().__init__(
            ctx,
            "optimal",
            "costs: the engine's exact expectation per unit initial wager of standing "
            "and drawing for the player's three cards, on the full shoe",
        )

    def judge(self, line: int, player: list[int], bank: str, stake=1) -> None:
        self.decisions += 1
        self.staked += stake
        table, pays = self.tables[bank]
        low, mid, high = sorted(BACCARAT_POINT[c] for c in player[:3])  # a hand holds 3 or 4 cards (judge's check)
        holding = (low, mid, high)
        want = table[holding]
        taken = "draw" if len(player) == 4 else "stand"
        if want == taken:
            return
        values = decision_costs.super_pan_9_values(self.decks, self.removed, holding, pays)
        point = sum(holding) % 10
        self.depart(
            line,
            f"fourth card on {point}",
            f"chose to {taken} on {point} ({' '.join(label(c) for c in player[:3])})",
            f"{want}: the exact best choice (per unit: stand {pct(values['stand'])}, draw {pct(values['draw'])})",
            (values[want] - values[taken]) * stake,
            stake,
        )
