"""Baccarat banque (SI 1994/2899 reg 6(1),(4)): one banker's hand against two opposing hands.

- `coups`: exact coup weights by the banker's information cell (infinite shoe);
- `decisions`: the strategy profile as data, for simulators;
- `analysis`: the wagers on one hand or both (reg 6(4)(b)'s void rule) under the stated strategies, and the
  banker's exact best response.
"""

from oddscalc.games.baccarat_banque.decisions import decision_table
from oddscalc.games.baccarat_banque.wager_figures import RULES, TITLE, analyse

__all__ = ["RULES", "TITLE", "analyse", "decision_table"]
