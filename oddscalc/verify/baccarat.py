"""What the judges of the baccarat family share (reg 6; Super Pan 9, regs 9 and 10).

The drawing rules are written here from the law and the house's tableau, apart from the engines' data. (The
judge's agreement with the engines is evidence only while each reads the rules on its own.) Also shared: the shoe
from the rule set, and a card judge that reads the wager records one by one. A card's presence records the
decision: a hand with a third (fourth) card drew.

Dealing order (what the shoe-position tests assume):

- punto banco and chemin de fer: player, banker, player, banker, then the player's third card and the banker's;
- baccarat banque: the banker's two cards, the right hand's two, the left hand's two, then the third cards right,
  left, banker;
- Super Pan 9: the player's three cards, the banker's three, then the fourth cards player, banker.

Burnt cards ("burn") come out before the round's cards.
"""

from __future__ import annotations

from oddscalc.core.errors import InputError
from oddscalc.regulations.rule_values import removed_cards
from oddscalc.verify.card_codes import BACCARAT_POINT, pack
from oddscalc.verify.cardgame import CardJudge
from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.reader import wager_list
from oddscalc.verify.shoe_integrity import Shoe

__all__ = [
    "BANKER_DRAWS",
    "BANQUE_RULES",
    "CARD_GAME_KEYS",
    "CHEMIN_RULES",
    "NATURALS",
    "NO_OPTION",
    "OPTIONAL_CELLS",
    "PLAYER_DRAWS",
    "PLAYER_ROW",
    "STOOD",
    "BaccaratJudge",
    "column_text",
    "hand_points",
    "shoe_for",
]


CARD_GAME_KEYS = frozenset({"shoe", "cut", "burn", "wagers", "order", "order_sha256", "reshuffle"})


NO_OPTION = "SI 1994/2899 reg 6(7)(c) (no option to draw: the punto banco tableau)"


CHEMIN_RULES = "SI 1994/2899 reg 6(1) (chemin de fer as played: the player's row and the banker's tableau)"


BANQUE_RULES = "SI 1994/2899 reg 6(1) (baccarat banque as played: each opposing hand's row)"


PLAYER_ROW = "the player draws on 0-5 and stands on 6 and 7"


#: Two-card points that are naturals: either hand holding one ends the coup.
NATURALS = (8, 9)


#: The column of the banker's rule when the player stood (columns 0-9: the point of the player's third card).
STOOD = 10


#: The player's hand draws on 0-5 and stands on 6 and 7 (the punto banco tableau).
PLAYER_DRAWS = tuple(point <= 5 for point in range(10))


#: The banker's hand by its two-card point: the points of the player's third card on which it draws, and whether
#: it draws when the player stood (the punto banco tableau, as the house prints it: 0-2 always draw; 3 draws
#: unless the player's third card is an 8; 4 on 2-7; 5 on 4-7; 6 on 6-7 and stands when the player stood;
#: 7 stands).
_BANKER_DRAWS_ON = {
    0: (set(range(10)), True),
    1: (set(range(10)), True),
    2: (set(range(10)), True),
    3: (set(range(10)) - {8}, True),
    4: (set(range(2, 8)), True),
    5: (set(range(4, 8)), True),
    6: ({6, 7}, False),
    7: (set(), False),
    8: (set(), False),
    9: (set(), False),
}


BANKER_DRAWS = tuple(
    tuple(x in on for x in range(10)) + (stood,) for on, stood in (_BANKER_DRAWS_ON[point] for point in range(10))
)


#: Chemin de fer: the banker's cells (point, column) where the house's rules leave him the choice (3 against a
#: player's third card 9, 4 against an Ace, 5 against a 4, 6 when the player stood; docs/chemin.md).
OPTIONAL_CELLS = frozenset({(3, 9), (4, 1), (5, 4), (6, STOOD)})


_REMOVED_RANKS = {"A": 0, "1": 0, **{str(v): v - 1 for v in range(2, 10)}, "10": 9, "T": 9, "J": 10, "Q": 11, "K": 12}


def shoe_for(ctx: Context, citation: str) -> Shoe:
    """The game's shoe from the rule set: `decks` packs (or one pack dealt with replacement for `infinite`)
    less the `removed` cards (a ten-value written 0 counts as a 10; in Super Pan 9 as a Jack)."""
    decks_text = ctx.rules.get("decks", "6")
    infinite = decks_text == "infinite"
    decks = 1 if infinite else int(decks_text)
    counts = list(pack(ctx.game, decks))
    removed = ctx.rules.get("removed", "none").strip()
    for label in removed_cards(ctx.rules):
        key = label.upper()
        r = (10 if ctx.game == "super-pan-9" else 9) if key == "0" else _REMOVED_RANKS.get(key)
        if r is None or counts[r] == 0:
            raise InputError(f"rule removed: cannot remove {label!r} from the shoe")
        counts[r] -= 1
    what = (
        "one pack dealt with replacement"
        if infinite
        else f"{decks} pack(s)"
        + (" less 7s-10s" if ctx.game == "super-pan-9" else "")
        + (f" less {removed}" if removed.lower() not in ("", "none") else "")
    )
    return Shoe(ctx.report, counts, None if infinite else decks, citation, what)


class BaccaratJudge(CardJudge):
    """The baccarat family: the shoe from the rule set; the wager records one by one."""

    def __init__(self, ctx: Context, shoe_citation: str, random_citation: str) -> None:
        super().__init__(ctx, shoe_for(ctx, shoe_citation), random_citation)

    def _each(self, rec: dict, line: int):
        """(key, stake, net, wager, citation) of each permitted wager of the round (others filed as illegal)."""
        for i, w in enumerate(wager_list(rec, line)):
            key, staked, net = self.ctx.wager_record(w, line, i)
            wager = self.ctx.permitted(key, line)
            if wager is not None:
                yield key, staked, net, wager, payout_citation(wager)


def hand_points(codes: list[int], pt=BACCARAT_POINT) -> int:
    s = 0
    for c in codes:
        s += pt[c]
    return s % 10


def column_text(column: int) -> str:
    return "when the player stood" if column == STOOD else f"against a player's third card {column}"
