"""Blackjack rule sets: one frozen dataclass with every option a house (or a custom rule set) may choose."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.wager_results import RuleError, RuleOption

__all__ = [
    "ACE",
    "MAX_HANDS_CHOICES",
    "POST_SPLIT",
    "POST_SPLIT_NAMES",
    "RULES",
    "STRATEGIES",
    "TEN",
    "VALUES",
    "RuleSet",
    "rule_set",
]

ACE, TEN = 0, 9
VALUES = 10  # card values A(1), 2..9, ten-value; index = value - 1
MAX_HANDS_CHOICES = ("2", "3", "4", "5", "6", "8", "max")
STRATEGIES = ("optimal", "basic")
#: The composition-dependent play of split hands (docs/blackjack.md, "Splits"): CDP1 (the default) plays every
#: split hand by the optimum for its own cards with both original pair cards gone; CDZ- plays it as the
#: optimum for an unsplit hand holding the same cards (only the hand's own cards gone); CDP plays each later
#: split hand by the optimum given every card seen before it (the earlier split hands' too): exact here without
#: resplits only (max_hands=2), where the second hand is the last one dealt.
POST_SPLIT = ("cdp1", "cdz-", "cdp")
POST_SPLIT_NAMES = {
    "cdp1": "CDP1: every split hand is played by the composition-dependent optimum for its own cards and the "
    "up-card with both original pair cards counted as gone (the strategy of the first split hand, "
    "applied to every split hand; the other split hands' cards are not used)",
    "cdz-": "CDZ-: every split hand is played as the composition-dependent optimum for an unsplit hand holding "
    "the same cards against the up-card (only the hand's own cards and the up-card counted as gone)",
    "cdp": "CDP: the first split hand is played as under CDP1; the second by the composition-dependent optimum "
    "given every card seen before it is played (the up-card, both pair cards, and the first split hand's "
    "cards); offered without resplits only (max_hands=2)",
}

# Which pairs may be split: the set of splittable values, and whether tens must be of one rank.
SPLIT_CHOICES = {
    "no-4-5-10": (frozenset({1, 2, 3, 6, 7, 8, 9}), False),  # SI 1994/2899 reg 7(9)
    "no-5-10": (frozenset({1, 2, 3, 4, 6, 7, 8, 9}), False),
    "no-10": (frozenset(range(1, 10)), False),
    "same-rank": (frozenset(range(1, 11)), True),  # 2007: "Splitting Pairs", "of the same denomination"
    "same-value": (frozenset(range(1, 11)), False),
}
DOUBLE_CHOICES = {"9-11": frozenset({9, 10, 11}), "10-11": frozenset({10, 11}), "any": None}
PAYS = {"3:2": Fraction(3, 2), "6:5": Fraction(6, 5), "2:1": Fraction(2), "1:1": Fraction(1)}

RULES: tuple[RuleOption, ...] = (
    RuleOption("decks", "number of 52-card packs in the shoe", tuple(str(n) for n in range(1, 9)), "6"),
    RuleOption("soft17", "banker stands on or draws to soft 17", ("stand", "hit"), "stand"),
    RuleOption(
        "hole_card",
        "no hole card (banker's second card after the players) or a hole card with peek",
        ("none", "peek"),
        "none",
    ),
    RuleOption(
        "double",
        "two-card totals a player may double on (the hand's best total, an Ace counting 11 when it can)",
        tuple(DOUBLE_CHOICES),
        "9-11",
    ),
    RuleOption("das", "doubling allowed after a split (never on split Aces)", ("yes", "no"), "yes"),
    RuleOption("split", "which pairs may be split", tuple(SPLIT_CHOICES), "no-4-5-10"),
    RuleOption(
        "max_hands",
        "largest number of hands from splitting one hand ('max': as many as the shoe allows)",
        MAX_HANDS_CHOICES,
        "4",
    ),
    RuleOption("resplit_aces", "split Aces may be split again", ("yes", "no"), "yes"),
    RuleOption("blackjack_pays", "odds paid on a two-card 21", tuple(PAYS), "3:2"),
    RuleOption(
        "strategy",
        "the player's play the initial wager's law and edge assume: composition-dependent "
        "optimal, or the total-dependent basic strategy derived from it (what `simulate` follows)",
        STRATEGIES,
        "optimal",
    ),
    RuleOption(
        "post_split",
        "the composition-dependent play of split hands under optimal play: cdp1 (optimal for "
        "the hand's cards with both pair cards gone), cdz- (as an unsplit hand with the same cards) or cdp "
        "(the second hand optimal given the first hand's cards too; max_hands=2 only)",
        POST_SPLIT,
        "cdp1",
    ),
)


@dataclass(frozen=True)
class RuleSet:
    """A resolved blackjack rule set; `max_hands` 0 means as many as the shoe allows."""

    decks: int = 6
    hit_soft17: bool = False
    peek: bool = False
    double_totals: frozenset[int] | None = frozenset({9, 10, 11})
    das: bool = True
    split_values: frozenset[int] = frozenset({1, 2, 3, 6, 7, 8, 9})
    same_rank_tens: bool = False
    max_hands: int = 4
    resplit_aces: bool = True
    blackjack_pays: Fraction = Fraction(3, 2)
    post_split: str = "cdp1"

    def __post_init__(self) -> None:
        if self.post_split == "cdp" and self.max_hands != 2:
            shown = "max" if self.max_hands == 0 else self.max_hands
            raise RuleError(
                f"rule post_split='cdp' is computed exactly only without resplits: it needs max_hands=2, "
                f"not max_hands={shown}"
            )

    def can_double(self, total: int) -> bool:
        """Doubling on a two-card hand whose best total (an Ace as 11 when that stays within 21) is `total`."""
        return self.double_totals is None or total in self.double_totals

    def hands_limit(self, pair_value: int, partners: int) -> int:
        """Largest number of hands splitting this pair can give, given `partners` matching cards left."""
        if pair_value == 1 and not self.resplit_aces:
            return 2
        most = 2 + partners
        return most if self.max_hands == 0 else min(self.max_hands, most)


def _choice(value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise KeyError(value)
    return value


def rule_set(rules: Mapping[str, str]) -> RuleSet:
    """A RuleSet from resolved rule option strings (unknown values raise RuleError)."""
    try:
        split_values, same_rank = SPLIT_CHOICES[rules.get("split", "no-4-5-10")]
        mh = rules.get("max_hands", "4")
        if mh not in MAX_HANDS_CHOICES:
            raise KeyError(mh)
        rs = RuleSet(
            decks=int(rules.get("decks", "6")),
            hit_soft17=rules.get("soft17", "stand") == "hit",
            peek=rules.get("hole_card", "none") == "peek",
            double_totals=DOUBLE_CHOICES[rules.get("double", "9-11")],
            das=rules.get("das", "yes") == "yes",
            split_values=split_values,
            same_rank_tens=same_rank,
            max_hands=0 if mh == "max" else int(mh),
            resplit_aces=rules.get("resplit_aces", "yes") == "yes",
            blackjack_pays=PAYS[rules.get("blackjack_pays", "3:2")],
            post_split=_choice(rules.get("post_split", "cdp1"), POST_SPLIT),
        )
    except RuleError:
        raise
    except (KeyError, ValueError) as exc:
        raise RuleError(f"bad blackjack rule value {exc}") from None
    return rs
