"""Casino stud poker (SI 1994/2899 reg 8, Sch 2; 2002 progressive jackpot reg 8(11A)): exact under optimal play.

- `counting`: every player hand against every banker hand, counted by rank classes (the expensive part);
- `strategy`: a pay table applied to the counts: the optimal raise decision and its totals;
- `payouts`: the raise pay table; `jackpot`: the progressive jackpot side wager at any meter;
- `queries`: one hand's decision against one up-card;
- `wagers`: the game-module contract (`RULES`, `analyse`, `decision_table`) and the cached analyses.
"""

from oddscalc.games.casino_stud_poker.wagers import (
    CATEGORY_PAYOUT,
    ELEMENT_OF_RISK,
    RULES,
    TITLE,
    DecisionTableError,
    HandDecision,
    StudDecisionTable,
    analyse,
    canonical_hand,
    category_counts,
    decision_table,
    decisions,
    hand_decision,
    optimal,
    raise_pays,
)

__all__ = [
    "CATEGORY_PAYOUT",
    "ELEMENT_OF_RISK",
    "RULES",
    "TITLE",
    "DecisionTableError",
    "HandDecision",
    "StudDecisionTable",
    "analyse",
    "canonical_hand",
    "category_counts",
    "decision_table",
    "decisions",
    "hand_decision",
    "optimal",
    "raise_pays",
]
