"""Baccarat banque: the strategy profile the exact figures assume, as data, for simulators to follow
(`api.decision_table`)."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.games.baccarat.tableau import STOOD
from oddscalc.games.baccarat_banque.coups import NATURAL
from oddscalc.games.baccarat_banque.response import BEST, summary
from oddscalc.regulations.model import Wager

__all__ = ["decision_table"]


def _action(a: int) -> int | str:
    return "stood" if a == STOOD else "natural" if a == NATURAL else a


def decision_table(w: Wager, rules: dict[str, str]) -> dict[str, object]:
    """The strategies the figures assume, as data (the same for every wager).

    {"hand5": "draw" | "stand" (the opposing hands' play on a two-card 5), "banker": {(total, right, left):
    P(banker draws)}}. Here total is the banker's two-card total 0-7, and right/left what each hand did: its
    third card 0-9, "stood" or "natural". Cells no deal reaches are absent.
    """
    decks, hand5 = rules.get("decks", "6"), rules.get("hand5", "draw")
    best = rules.get("banker", BEST) == BEST
    cells = summary(decks, hand5 == "draw").best
    draws = {k: (v == "D" or (v == "=" and k[0] <= 5)) if best else k[0] <= 5 for k, v in cells.items()}
    return {
        "hand5": hand5,
        "banker": {(b, _action(ar), _action(al)): Fraction(int(d)) for (b, ar, al), d in draws.items()},
    }
