"""Super Pan 9 (SI 1994/2899 regs 9, 10), a package of its own:

- `engine`: every three-card holding over a shoe composition, standing and drawing, against a banker rule
  (`solve`): the player's fourth card against the House's bank;
- `hands`, `bank_law`: several hands as a player's bank meets them, and the law of what it meets;
- `finite_bank`, `infinite_bank`: that law exactly from the finite shoe (up to four hands) and in the
  infinite-shoe model (any number); `laws` picks one (and caches the finite ones);
- `player_bank`: the player-banker's fourth card against several hands, the levy on his net, the House's wager
  of reg 9(11), and what every side expects; `bank_figures`: those figures as wagers, notes and tables;
  `decisions`: that play as data for simulators;
- `wagers`: the game-module contract (`RULES`, `analyse`, `decision_table`).
"""

from oddscalc.games.super_pan_9.wagers import (
    RULES,
    TITLE,
    analyse,
    decision_table,
    needs,
    solution_for,
    strategy_extras,
)

__all__ = ["RULES", "TITLE", "analyse", "decision_table", "needs", "solution_for", "strategy_extras"]
