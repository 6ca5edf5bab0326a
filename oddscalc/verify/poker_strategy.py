"""Casino stud poker and Three Card Poker strategy conformance (`verify --strategy optimal`): each raise (play)
or fold against the engine's optimal decision table, costed over the banker's possible hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, cast

from oddscalc import api
from oddscalc.verify import decision_costs
from oddscalc.verify.card_codes import POKER_RANK, SUIT_OF, label
from oddscalc.verify.conformance import StrategyError, Tally, pct
from oddscalc.verify.context import Context
from oddscalc.verify.poker import FIVE, five_value

__all__ = ["PokerStrategy"]

#: A hand as the engine's decision tables key it: (rank 2..14, suit) per card.
_Hand = tuple[tuple[int, int], ...]


class _StudTable(Protocol):
    """Casino stud poker's decision table (`api.decision_table`): raise the hand against the banker's up-card?"""

    def decide(self, hand: _Hand, up: tuple[int, int], category: str) -> bool: ...


class PokerStrategy(Tally):
    """Casino stud poker's raise/fold and Three Card Poker's play/fold against the engine's optimal table."""

    def __init__(self, ctx: Context, name: str) -> None:
        if name != "optimal":
            raise StrategyError(f"{ctx.game} has one strategy, optimal (the engine's exact decision table)")
        self.stud = ctx.game == "casino-stud-poker"
        self.wager = ctx.wagers["ante" if self.stud else "ante-play"]
        self.table = api.decision_table(ctx.game, ctx.version, self.wager.key, ctx.rules, custom=True)
        super().__init__(
            ctx,
            "optimal",
            "costs: the engine's exact expectation of each choice per unit Ante "
            "(`oddscalc poker-hand`), over every banker hand of the other cards",
        )

    def judge(self, line: int, player: list[int], up: int | None, taken: str, stake) -> None:
        self.decisions += 1
        self.staked += stake
        hand = tuple((POKER_RANK[c], SUIT_OF[c]) for c in player)
        if self.stud:  # the table's form is the game's own: casino stud poker's a lookup object, else a mapping
            up_card = _up(up)
            go = cast(_StudTable, self.table).decide(
                hand, (POKER_RANK[up_card], SUIT_OF[up_card]), FIVE[five_value(player)[0]]
            )
            want = "raise" if go else "fold"
        else:
            want = cast(Mapping[_Hand, str], self.table)[tuple(sorted(hand))]
        if want == taken:
            return
        text = " ".join(_poker(c) for c in player)
        try:
            if self.stud:
                bet, fold = decision_costs.stud_values(self.wager, text, _poker(_up(up)))
            else:
                bet, fold = decision_costs.three_card_values(self.wager, text)
        except ValueError:  # a card twice (a shoe-integrity fault): no engine value
            self.depart(
                line,
                f"{want} or fold" if want != "fold" else f"fold or {taken}",
                f"chose {taken} with {text}",
                f"{want}: the exact best choice (no value: the hand repeats a card)",
                None,
                stake,
            )
            return
        value = {"fold": fold, "raise": bet, "play": bet}
        cost = (value[want] - value[taken]) * stake
        self.depart(
            line,
            f"{want} or fold" if want != "fold" else f"fold or {taken}",
            f"chose {taken} with {text}" + (f" against {_poker(up)}" if up else ""),
            f"{want}: the exact best choice (per unit Ante: {want} {pct(value[want])}, {taken} {pct(value[taken])})",
            cost,
            stake,
        )


def _up(up: int | None) -> int:
    """The banker's up-card, which casino stud poker's judge always gives (Three Card Poker's none)."""
    if up is None:
        raise StrategyError("casino stud poker's strategy is judged against the banker's up-card: none given")
    return up


def _poker(code: int) -> str:
    r = label(code)
    return ("T" + r[2:]) if r.startswith("10") else r
