"""How many cards one round takes from the top of a shuffled shoe: the round is really played, by the
reference simulators' rules (written from the law apart from the engines) and the strategy stated.

- Blackjack: one player box (or 1 to 7: `boxes`) against the banker. The player follows the basic strategy
  chart of the full shoe (`api.decision_table`), splits and doubles as they come. A box given index plays
  (`plays`) follows that chart with them in place of its own plays, the chart its round is valued under; an
  insurance play draws no card. The banker completes his hand by his rule after the players in every round
  unless every box holds a natural. (The simulator's order: one card to each box, the banker's, a second card
  to each box; no hole card, or a peeked hole card.)
- Punto banco: two cards each, then the third cards by the tableau (reg 6(7)(c)).
- Super Pan 9: three cards each; the player takes a fourth by his best play on the full shoe (the engine's
  decision table for the initial wager), the banker on 5 or less (reg 9(2)(g)).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import cast

from oddscalc import api
from oddscalc.core.errors import InputError, LimitError
from oddscalc.protect.target import Deviations, Target
from oddscalc.sim import baccarat as sim_baccarat
from oddscalc.sim import blackjack as sim_blackjack
from oddscalc.sim import punto_banco as sim_punto_banco
from oddscalc.sim import super_pan_9 as sim_super_pan_9

__all__ = ["MAX_BOXES", "MAX_CUSTOM_BOXES", "OutOfCards", "round_player"]

#: The most player boxes a blackjack round deals (the simulator's table), and at a custom table.
MAX_BOXES = sim_blackjack.MAX_BOXES
MAX_CUSTOM_BOXES = sim_blackjack.MAX_CUSTOM_BOXES

RoundPlayer = Callable[[Callable[[], int]], None]
_INSURANCE = "insurance"  # the index play that takes insurance (a wager beside the round: it draws no card)


class OutOfCards(LimitError):
    """The shoe ran out in the middle of a round."""


def round_player(
    target: Target, boxes: int = 1, limit: int = MAX_BOXES, plays: Sequence[Deviations] = ()
) -> Callable[[Sequence[int], int], int]:
    """A function (cards, position) -> how many cards the round starting at `position` takes (kind indices);
    `boxes`: player boxes in a blackjack round (other games: 1), at most `limit`; `plays`: each box's index plays
    (blackjack; none: every box by the basic strategy chart)."""
    if (boxes != 1 and target.game != "blackjack") or not 1 <= boxes <= limit:
        raise InputError(f"player boxes {boxes}: allowed 1 to {limit}, and only in blackjack")
    if plays and len(plays) != boxes:
        raise InputError(f"index plays for {len(plays)} boxes, {boxes} dealt: allowed one set a box")
    drawn = tuple(tuple(d for d in p if d[0] != _INSURANCE) for p in plays)  # insuring draws no card
    play = _indexed(target, drawn) if any(drawn) else _players(target, boxes)

    def cards_used(cards: Sequence[int], position: int) -> int:
        at = position

        def draw() -> int:
            nonlocal at
            if at >= len(cards):
                raise OutOfCards
            at += 1
            return cards[at - 1]

        play(draw)
        return at - position

    return cards_used


@lru_cache(maxsize=8)
def _players(target: Target, boxes: int) -> RoundPlayer:
    rules = target.resolved()
    if target.game == "blackjack":
        return _blackjack(target, rules, boxes)
    if target.game == "punto-banco":
        return _punto_banco
    if target.game == "super-pan-9":
        found = api.decision_table("super-pan-9", target.version, "initial", rules, dict(target.pay), target.custom)
        table = cast(dict[tuple[int, ...], str], found)  # the House-bank wager's table: holding -> "draw"/"stand"
        return lambda draw: _super_pan_9(draw, table)
    raise InputError(f"no round dealer for {target.game}")


def _blackjack(target: Target, rules: dict[str, str], boxes: int) -> RoundPlayer:
    table = _table(target)
    rank = _ranks(target)

    def play(draw: Callable[[], int]) -> None:
        if boxes == 1:
            sim_blackjack.play_round(table, lambda: rank[draw()])
        else:
            sim_blackjack.play_boxes(table, lambda: rank[draw()], boxes)

    return play


def _indexed(target: Target, plays: tuple[Deviations, ...]) -> RoundPlayer:
    """A blackjack round whose box i plays the basic strategy chart with `plays[i]` in place of its own (the chart
    its values are taken under, `api.decision_table`); the banker and the house rules as `_blackjack`'s."""
    tables = [_table(target, p) for p in plays]
    rank = _ranks(target)

    def play(draw: Callable[[], int]) -> None:
        if len(tables) == 1:
            sim_blackjack.play_round(tables[0], lambda: rank[draw()])
        else:
            sim_blackjack.play_boxes(_table(target), lambda: rank[draw()], len(tables), tables)

    return play


@lru_cache(maxsize=256)
def _table(target: Target, plays: Deviations = ()) -> sim_blackjack.Table:
    """The simulator's table for the rule set, the player following the basic strategy chart with `plays`."""
    basic = {**target.resolved(), "strategy": "basic"}
    chart = cast(
        dict,
        api.decision_table("blackjack", target.version, "initial", basic, dict(target.pay), target.custom, plays),
    )
    initial = next(w for w in api.wagers("blackjack", target.version, dict(target.pay)) if w.key == "initial")
    return sim_blackjack._table(initial, basic, chart)  # the simulator's own reading of the rule options


def _ranks(target: Target) -> list[int]:
    """Kind index -> the simulator's rank index (0 = Ace, 1..8 = 2..9, 9..12 = 10, J, Q, K; T is a ten)."""
    return [_RANKS.index("10" if label == "T" else label) for label, _ in target.kinds()]


_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _punto_banco(draw: Callable[[], int]) -> None:
    """Kind index = point value. Player, banker, player, banker; no third card on a natural 8 or 9."""
    p1, b1, p2, b2 = draw(), draw(), draw(), draw()
    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
    if player >= 8 or banker >= 8:
        return
    column: int | str = draw() if sim_punto_banco.player_draws(player) else sim_baccarat.STOOD
    if sim_baccarat.banker_draws(banker, column):
        draw()


def _super_pan_9(draw: Callable[[], int], table: dict[tuple[int, ...], str]) -> None:
    """Kind index = point value. Three cards each; the fourth cards by the player's table and reg 9(2)(g)."""
    player = tuple(sorted(draw() for _ in range(3)))
    banker = sum(draw() for _ in range(3)) % 10
    if table[player] == "draw":
        draw()
    if sim_super_pan_9.house_draws(banker):
        draw()
