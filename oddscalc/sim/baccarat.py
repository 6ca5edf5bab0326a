"""What the simulators of the baccarat family share (reg 6; Super Pan 9, regs 9 and 10): shoe, drawing rules, deal.

The shoe is held as point values and the cards' names. The drawing rules are the player's row, the banker's
tableau and chemin de fer's optional cells. The deal is from a freshly shuffled shoe.

The rules are written here once, from the law and the house's tableau, apart from the engines' tableau data, so that
`oddscalc check` and `oddscalc verify` test one against the other. Punto banco plays them with no option (reg
6(7)(c)). Chemin de fer and baccarat banque leave the choices the rules leave (the player on a two-card 5, the
banker in the optional cells) to the exact engine's decision table, read as data. Super Pan 9 draws by rules of its
own (`sim/super_pan_9.py`) from a shoe without 7s to 10s.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from oddscalc.regulations.rule_values import removed_cards
from oddscalc.sim.card_draws import draw_cards
from oddscalc.sim.round_function import SimulationError
from oddscalc.sim.shoe_dealing import Dealing, DealtShoe, ShoeRounds, check_cut

__all__ = [
    "BEHIND_THE_CUT",
    "OPTIONAL_CELLS",
    "STOOD",
    "Deal",
    "banker_cell",
    "banker_draws",
    "chance",
    "check_full_packs",
    "dealers",
    "deplete",
    "player_row",
    "point",
    "rank_of",
    "shoe",
    "shoe_labels",
    "shoe_points",
    "shoe_rounds",
]

#: The banker's column when the player stood (the other columns are the point of the player's third card).
STOOD = "stood"
#: Cells (banker's total, column) where the traditional chemin de fer rules leave the banker the choice.
OPTIONAL_CELLS = frozenset({(3, 9), (4, 1), (5, 4), (6, STOOD)})
#: Cards left behind the cut card by default when `simulate --shuffle` deals a punto banco or Super Pan 9 shoe.
BEHIND_THE_CUT = 16

#: The suits a card's name ends with in a round log (clubs, diamonds, hearts, spades).
SUITS = "cdhs"
_TEN_VALUES = {"0", "T", "10", "J", "Q", "K"}


def shoe_points(packs: int) -> list[int]:
    """Card points (mod 10) of `packs` packs: Ace 1, 2-9 face value, tens and court cards 0; per pack 4 of each of
    1-9 and 16 of 0.

    >>> points = shoe_points(1)
    >>> len(points), points.count(0), points.count(7)
    (52, 16, 4)
    """
    return [v for _ in range(packs) for v in [*range(1, 10)] * 4 + [0] * 16]


def shoe_labels(packs: int) -> list[str]:
    """The names of the cards of `shoe_points(packs)`, position by position, each with its suit (ten-values 10, J,
    Q, K), so that a round log names whole cards.

    >>> [point(name) for name in shoe_labels(2)] == shoe_points(2)
    True
    >>> shoe_labels(1)[:3], shoe_labels(1)[36:38]
    (['Ac', '2c', '3c'], ['10c', 'Jc'])
    """
    low = [f"{r}{s}" for s in SUITS for r in ["A", *map(str, range(2, 10))]]
    tens = [f"{r}{s}" for s in SUITS for r in ("10", "J", "Q", "K")]
    return [x for _ in range(packs) for x in low + tens]


def rank_of(label: str) -> str:
    """A card's name without its suit: `10h` -> `10`, `K` -> `K`."""
    label = label.strip()
    return label[:-1] if len(label) > 1 and label[-1] in SUITS else label


def point(label: str) -> int:
    """A card's point from its name (a suit after it is allowed): Ace (or 1) 1, 2-9 face value, a ten-value (0,
    T, 10, J, Q, K) 0."""
    label = rank_of(label).upper()
    if label in _TEN_VALUES:
        return 0
    if label in ("A", "1"):
        return 1
    if label.isdigit() and 2 <= int(label) <= 9:
        return int(label)
    raise SimulationError(f"unknown card {label!r}")


def deplete(shoe: list[int], removed: tuple[str, ...], labels: list[str] | None = None) -> list[int]:
    """The shoe less the removed cards (the first card of each value named); `labels`, the cards' names in the
    same order, loses the same cards: the first of the rank named (a ten-value written 0 or T is a 10)."""
    shoe = list(shoe)
    for label in removed:
        name = {"1": "A", "T": "10", "0": "10"}.get(label.upper(), label.upper())
        ranks = None if labels is None else [rank_of(x) for x in labels]
        if ranks is not None and name == "10" and name not in ranks:
            name = "J"  # Super Pan 9 has no tens: a ten-value written 0 is a Jack
        i = ranks.index(name) if ranks is not None and name in ranks else shoe.index(point(label))
        del shoe[i]
        if labels is not None:
            del labels[i]
    return shoe


def player_row(total: int) -> bool | None:
    """The player's row on his two-card total (an opposing hand's in baccarat banque): True draw (0-4), False stand
    (6 and 7), None his option (5). Punto banco takes the option away: the player draws on 5 (reg 6(7)(c)).

    >>> [player_row(total) for total in range(8)]
    [True, True, True, True, True, None, False, False]
    """
    return True if total <= 4 else None if total == 5 else False


def banker_draws(total: int, column: int | str) -> bool:
    """The banker's tableau on his two-card total: `column` is the point of the player's third card, or STOOD when
    the player stood (then the banker draws on 0-5 as the player does). In the optional cells (OPTIONAL_CELLS) it
    gives the usual choice.

    >>> banker_draws(3, 8), banker_draws(3, 9), banker_draws(6, 6), banker_draws(6, STOOD)
    (False, True, True, False)
    """
    if column == STOOD:
        return total <= 5
    if total <= 2:
        return True
    if total == 3:
        return column != 8
    if total == 4:
        return column in (2, 3, 4, 5, 6, 7)
    if total == 5:
        return column in (4, 5, 6, 7)
    if total == 6:
        return column in (6, 7)
    return False


def chance(p: Fraction, rng: random.Random) -> bool:
    """True with probability exactly p: a mixed choice n/d is made by `rng.randrange(d) < n`."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise SimulationError(f"probability {p} is not between 0 and 1")
    return p == 1 or (p > 0 and rng.randrange(p.denominator) < p.numerator)


def banker_cell(table: dict, key: tuple) -> Fraction:
    """The banker's chance of drawing in cell `key` of the engine's decision table (chemin de fer, baccarat banque)."""
    try:
        return table["banker"][key]
    except KeyError:
        raise SimulationError(f"the decision table has no banker cell {key!r}") from None


def shoe(decks: str) -> tuple[list[int], bool]:
    """Point values of the shoe's cards (one pack for the infinite shoe) and whether to deal with replacement:
    `decks=infinite` deals each card independently uniform over one pack's 52, which is what the engines' infinite
    shoe means."""
    if decks == "infinite":
        return shoe_points(1), True
    if not decks.isdigit() or int(decks) < 1:
        raise SimulationError(f"decks {decks!r}: give a number of packs or 'infinite'")
    return shoe_points(int(decks)), False


class Deal:
    """Draws k cards in order from a freshly shuffled shoe of `cards` (point values), or independently with
    `replace`. Given the cards' `labels` (names, position by position), it makes the same draws by position and
    leaves the names of the cards drawn last in `names`, for a round log."""

    def __init__(self, cards: list[int], replace: bool, labels: list[str] | None = None) -> None:
        self.cards = cards
        self.replace = replace
        self.labels = labels
        self.names: list[str] = []

    def __call__(self, rng: random.Random, k: int) -> list[int]:
        values, names = draw_cards(rng, self.cards, k, self.replace, self.labels)
        self.names = names or []
        return values


def dealers(decks: str) -> tuple[Deal, Deal]:
    """The shoe of rule `decks` (`shoe`) dealt two ways with the same draws: by points alone, and with the cards'
    names for a round log."""
    cards, replace = shoe(decks)
    return Deal(cards, replace), Deal(cards, replace, shoe_labels(len(cards) // 52))


def check_full_packs(rules: dict[str, str]) -> None:
    """`simulate --shuffle` deals full packs in their factory order: a rule set removing cards is refused."""
    if removed_cards(rules):
        raise SimulationError("shuffle deals full packs; it does not take the rule removed")


def shoe_rounds(packs: list[str], dealing: Dealing, coup: Callable[..., Fraction]) -> ShoeRounds:
    """Coups dealt from one shoe of `packs` (suited names) to its cut card, reshuffled by `dealing`'s model.

    That model is `simulate --shuffle`'s. The cut card is BEHIND_THE_CUT cards from the end unless `dealing.cut`
    says otherwise. `coup(wager, take, record)` takes each card as (point, name)."""
    cut = check_cut(dealing, len(packs), BEHIND_THE_CUT)
    return ShoeRounds(DealtShoe(packs, dealing, cut), coup, lambda label: point(label[:-1]))
