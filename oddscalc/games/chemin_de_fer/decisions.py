"""Chemin de fer: the strategy profile the exact figures assume, as data, for simulators to follow
(`api.decision_table`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from oddscalc.games.baccarat.tableau import STOOD
from oddscalc.games.chemin_de_fer import wager_figures as _analysis
from oddscalc.games.chemin_de_fer.composition import FIVES as _FIVES
from oddscalc.games.chemin_de_fer.coups import COMPOSITION as _COMPOSITION
from oddscalc.games.chemin_de_fer.coups import InfoCell as _InfoCell
from oddscalc.games.chemin_de_fer.coups import hand_label as _hand_label
from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import parse_commission

__all__ = ["decision_table"]


def _column(column: int) -> int | str:
    return "stood" if column == STOOD else column


def decision_table(w: Wager, rules: dict[str, str]) -> dict[str, object]:
    """The strategy profile the figures assume, as data (the same for both wagers).

    {"info": "total" | "composition" (what the banker's cells are keyed on), "freedom": "classical" | "free",
    "player5": P(player draws on a two-card 5) as a Fraction, or {composition "0+5", ...: Fraction} under
    player-info=composition, "banker": {(hand, column): P(banker draws)}}. Here hand is a label "6" (total)
    or "0+6" (low card + high card, ten-values 0), column the player's third card 0-9 or "stood". Cells no deal
    reaches are absent.
    """
    decks = rules.get("decks", "6")
    freedom = rules.get("banker", "classical")
    if rules.get("player-info", "total") == "composition":
        _, sol = _analysis.composition_solution(decks, freedom)
        return _table(_COMPOSITION, freedom, dict(zip(_FIVES, sol.q)), sol.banker)
    commission = parse_commission(rules.get("commission", "0"))
    solved = _analysis.solution(decks, commission, freedom, rules.get("player5", _analysis.OPTIMAL))
    return _table(solved.game.counts.info, freedom, Fraction(solved.profile.q), solved.profile.banker)


def _table(info: str, freedom: str, player5: object, banker: Mapping[_InfoCell, Fraction]) -> dict[str, object]:
    cells = {(_hand_label(h, info), _column(c)): Fraction(p) for (h, c), p in banker.items()}
    return {"info": info, "freedom": freedom, "player5": player5, "banker": cells}
