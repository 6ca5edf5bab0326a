"""The traditional chemin de fer rules as data: the player's row and the banker's tableau with its options.

The player (punto) must draw on 0-4, must stand on 6 and 7, and may draw or stand on 5. The banker's
tableau is the punto banco tableau (`baccarat.tableau.PUNTO_BANCO_TABLEAU`) except in four cells. There the
traditional rules leave the banker the choice: banker 3 against a player's third card 9, 4 against 1,
5 against 4, and 6 when the player stood. (These are the options usually printed with the French casino
`regle`; see docs/chemin.md on sources.) A `Choice` names one banker cell: his two-card total and the
column (the player's third card 0-9, or STOOD).
"""

from __future__ import annotations

from oddscalc.games.baccarat.tableau import PUNTO_BANCO_TABLEAU, STOOD

__all__ = ["OPTIONAL_CELLS", "PLAYER_CHOICE", "PLAYER_DRAWS", "column_label", "is_optional", "mandatory_draw"]

#: Banker cells (two-card total, column) where the traditional rules give the banker an option.
OPTIONAL_CELLS: frozenset[tuple[int, int]] = frozenset({(3, 9), (4, 1), (5, 4), (6, STOOD)})
#: The player's two-card totals on which he must draw; he may choose on PLAYER_CHOICE.
PLAYER_DRAWS = (0, 1, 2, 3, 4)
PLAYER_CHOICE = 5


def is_optional(total: int, column: int) -> bool:
    return (total, column) in OPTIONAL_CELLS


def mandatory_draw(total: int, column: int) -> bool:
    """The tableau's rule in a cell (for an optional cell, the punto banco rule: a default, not a duty)."""
    return PUNTO_BANCO_TABLEAU.banker_draws[total][column]


def column_label(column: int) -> str:
    return "stood" if column == STOOD else str(column)
