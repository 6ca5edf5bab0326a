"""Blackjack (SI 1994/2899 reg 7; 2002 and 2007 rules): exact composition-dependent analysis.

The pieces: rules (options), shoe, dealer (banker totals), player (stand/hit/double), split, hand (one
starting hand), game (the full shoe), strategy (basic strategy and charts), outcomes and rounds (result
distributions), analysis (the cached game summary), side (side wagers), query (one hand's actions), and
wagers (the game-module contract: `RULES`, `analyse`, `decision_table`).
"""

from oddscalc.games.blackjack.rules import RULES
from oddscalc.games.blackjack.wagers import (
    SPLIT_STRATEGY,
    TITLE,
    analyse,
    check_rules,
    decision_table,
    effective_rules,
    split_strategy,
)

__all__ = [
    "RULES",
    "SPLIT_STRATEGY",
    "TITLE",
    "analyse",
    "check_rules",
    "decision_table",
    "effective_rules",
    "split_strategy",
]
