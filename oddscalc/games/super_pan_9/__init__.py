"""Super Pan 9 (SI 1994/2899 regs 9, 10), a package of its own:

- `engine`: every three-card holding over a shoe composition, standing and drawing, against a banker rule
  (`solve`), and the banker's view for a best response (`banker_choices`);
- `wagers`: the game-module contract (`RULES`, `analyse`, `decision_table`): each wager as a strategy applied
  to the engine's solution.
"""

from oddscalc.games.super_pan_9.wagers import RULES, TITLE, analyse, decision_table, needs, solution_for, strategy_extras

__all__ = ["TITLE", "RULES", "analyse", "needs", "decision_table", "solution_for", "strategy_extras"]
