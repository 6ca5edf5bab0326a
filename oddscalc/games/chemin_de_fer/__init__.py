"""Chemin de fer (SI 1994/2899 reg 6(1),(6)): the player's option on 5 against the banker's options, solved
exactly as a game, and the opposing-hand wager's exact distribution under the solution.

- `coups`: deals counted by the banker's information cell, for each player choice on 5;
- `solve`: the additive game (zero-sum, or with a commission a bimatrix game) and its exact solution;
- `tableau`: the traditional rules (the player's row, the banker's tableau and its optional cells);
- `decisions`: the strategy profile as data, for simulators;
- `analysis`: the wagers, edges and extras the tables print.
"""

from oddscalc.games.chemin_de_fer.decisions import decision_table
from oddscalc.games.chemin_de_fer.wager_figures import RULES, TITLE, analyse, check_rules

__all__ = ["RULES", "TITLE", "analyse", "check_rules", "decision_table"]
