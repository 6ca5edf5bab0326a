"""Blackjack (SI 1994/2899 reg 7; 2002 and 2007 rules): exact composition-dependent analysis.

The rooms: `exact` (the banker's totals and the player's stand, hit and double values), `splits` (a split's
expectation with resplits), `laws` (the laws of a hand's and a split round's net result). Then
`double_precision` (the protection study's evaluator, never an exact figure). Beside them: rules (options), shoe, hand
(one starting hand), game (the full shoe), strategy (basic strategy and charts), stored_summary (the cached game
summary). Then side (side wagers), query (one hand's actions), composition and estimates (the composition
hooks), and wagers (the game-module contract: `RULES`, `analyse`, `decision_table`, `law_seconds`).
"""

from oddscalc.games.blackjack.rules import RULES
from oddscalc.games.blackjack.wagers import (
    SPLIT_STRATEGY,
    TITLE,
    analyse,
    check_rules,
    decision_table,
    effective_rules,
    law_seconds,
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
    "law_seconds",
    "split_strategy",
]
