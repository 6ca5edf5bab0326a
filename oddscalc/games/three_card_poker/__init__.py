"""Three Card Poker (SI 2002/1130 reg 12): Ante/Play, Ante Bonus and Pair Plus, exact under optimal play.

- `counting`: every player hand against every banker hand, by category;
- `strategy`: a pay table applied to the counts: the exact play/fold decision and its totals;
- `wagers`: the game-module contract (`RULES`, `analyse`, `decision_table`).
"""

from oddscalc.games.three_card_poker.wagers import (
    ELEMENT_OF_RISK,
    RULES,
    TITLE,
    HandDecision,
    analyse,
    decision_table,
    hand_decision,
    pays_of,
    play_threshold,
)

__all__ = [
    "ELEMENT_OF_RISK",
    "RULES",
    "TITLE",
    "HandDecision",
    "analyse",
    "decision_table",
    "hand_decision",
    "pays_of",
    "play_threshold",
]
