"""The baccarat core shared by punto banco, Super Pan 9, chemin de fer and baccarat banque.

- `cards`: point values, shoes per game (counts per point value), card labels and removed cards;
- `tableau`: the third-card rules as data (`PUNTO_BANCO_TABLEAU`, and variants via `Tableau.with_cells`);
- `deals`: exact counts of ordered six-card deals over any shoe composition, by final points;
- `rules`: the `decks` and `removed` rule options.
"""

from oddscalc.games.baccarat.cards import PUNTO_BANCO, SUPER_PAN_9, CardError, ShoeSpec, hand_total, parse_cards
from oddscalc.games.baccarat.deals import JointCounts, deal_weights, final_points, joint_counts, ordered_deals
from oddscalc.games.baccarat.tableau import PUNTO_BANCO_TABLEAU, STOOD, Tableau

__all__ = [
    "PUNTO_BANCO",
    "PUNTO_BANCO_TABLEAU",
    "STOOD",
    "SUPER_PAN_9",
    "CardError",
    "JointCounts",
    "ShoeSpec",
    "Tableau",
    "deal_weights",
    "final_points",
    "hand_total",
    "joint_counts",
    "ordered_deals",
    "parse_cards",
]
