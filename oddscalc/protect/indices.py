"""Index numbers of a balanced count for the principal playing decisions (the "Illustrious 18").

They come by the linear effects-of-removal estimate, from the exact decision values on the full shoe and on it
less one card of each kind.

A decision group (e.g. hard 16 against a ten: the starting hands T,6 and 9,7) compares two actions. Its gain
D(S) = sum over its hands of chance x (value of the first action - value of the second) / sum of chances, exact on
each shoe S. Linear model (Griffin, *The Theory of Blackjack*, ch. 3): take effects e_k = D(S - k) - D(S) and a
balanced count of weights w_k (sum n_k w_k = 0). The gain expected at true count TC (running count per pack of
P cards unseen) is D + (N - 1) beta TC / P, beta = cov(e, w) / var(w) over the N cards of the shoe. So the index,
the true count at which the gain changes sign, is the exact fraction TC* = -P D / ((N - 1) beta).

>>> index_of(Fraction(-1, 100), Fraction(1, 500), 312, 52)
Fraction(260, 311)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.protect.correlations import slope
from oddscalc.protect.decisions_by_removal import DecisionShoes, Values

__all__ = ["ILLUSTRIOUS_18", "IndexRow", "index_of", "indices"]

#: Schlesinger's "Illustrious 18" (Blackjack Forum, September 1986, "Attacking the Shoe"; *Blackjack Attack*,
#: ch. 5), most valuable first: (name, decision group, the count's play, basic strategy's usual play).
ILLUSTRIOUS_18 = (
    ("insurance", "insurance v A", "insure", "decline"),
    ("16 v T", "hard 16 v T", "stand", "hit"),
    ("15 v T", "hard 15 v T", "stand", "hit"),
    ("T,T v 5", "pair T v 5", "split", "stand"),
    ("T,T v 6", "pair T v 6", "split", "stand"),
    ("10 v T", "hard 10 v T", "double", "hit"),
    ("12 v 3", "hard 12 v 3", "stand", "hit"),
    ("12 v 2", "hard 12 v 2", "stand", "hit"),
    ("11 v A", "hard 11 v A", "double", "hit"),
    ("9 v 2", "hard 9 v 2", "double", "hit"),
    ("10 v A", "hard 10 v A", "double", "hit"),
    ("9 v 7", "hard 9 v 7", "double", "hit"),
    ("16 v 9", "hard 16 v 9", "stand", "hit"),
    ("13 v 2", "hard 13 v 2", "stand", "hit"),
    ("12 v 4", "hard 12 v 4", "stand", "hit"),
    ("12 v 5", "hard 12 v 5", "stand", "hit"),
    ("12 v 6", "hard 12 v 6", "stand", "hit"),
    ("13 v 3", "hard 13 v 3", "stand", "hit"),
)


@dataclass(frozen=True)
class IndexRow:
    """One decision group: the gain of `play` over `other` on the shoe (exact, per unit staked on the hand), its
    slope per true count, and the index (None, with `why`, when there is none)."""

    name: str
    group: str
    play: str
    other: str
    hands: tuple[str, ...]
    gain: Fraction | None
    per_true_count: Fraction | None
    index: Fraction | None
    why: str = ""

    @property
    def rule(self) -> str:
        """`stand at TC >= 0.37`, `stand at TC <= -1.2`: which side of the index the count's play wins."""
        if self.index is None or self.per_true_count is None:  # an index comes only with its slope
            return self.why
        side = ">=" if self.per_true_count > 0 else "<="
        return f"{self.play} at TC {side} {float(self.index):+.2f}"


def index_of(gain: Fraction, beta: Fraction, size: int, pack: int) -> Fraction:
    """TC* = -P D / ((N - 1) beta): the true count at which the linear estimate of the gain D is zero."""
    return -pack * gain / ((size - 1) * beta)


def _group_gain(hands: tuple[str, ...], play: str, other: str):
    def gain(v: Values) -> Fraction:
        chance = sum(v[h].chance for h in hands)
        return sum((v[h].chance * (v[h].actions[play] - v[h].actions[other]) for h in hands), Fraction(0)) / chance

    return gain


def _forbidden(shoes: DecisionShoes, group: str, play: str, tens_by_rank: bool = False) -> str:
    """Why a pair's group has no decision where its split is not valued ("" otherwise).

    Its hand is valued, but under another group (T,T v 5 as hard 20 v 5). That is because the rules forbid the
    split or, for tens split by rank only (`tens_by_rank`), because the decisions are valued by card value."""
    parts = group.split()
    if len(parts) != 4 or parts[0] != "pair" or parts[2] != "v":
        return ""
    pair = f"{parts[1]},{parts[1]}"
    found = shoes.full.get(f"{pair} v {parts[3]}")
    if found is None or play in found.actions:
        return ""
    valued = f"{pair} v {parts[3]} is a {found.group} decision"
    if tens_by_rank and parts[1] == "T":
        return f"the rules {play} tens of one rank only (10,10 or K,K, not 10,K); valued by card value, {valued}"
    return f"the rules do not allow a {play} of {pair} ({valued})"


def indices(
    shoes: DecisionShoes,
    weights: Sequence[Fraction],
    pack: int,
    table: tuple[tuple[str, str, str, str], ...] = ILLUSTRIOUS_18,
    tens_by_rank: bool = False,
) -> tuple[IndexRow, ...]:
    """The index of each decision group of `table` for the count `weights` (balanced on the shoe);
    `tens_by_rank`: the rules split two tens of one rank only (2007's "of the same denomination")."""
    size = sum(shoes.base)
    balance = sum((n * Fraction(w) for n, w in zip(shoes.base, weights)), Fraction(0))
    out = []
    for name, group, play, other in table:
        hands = tuple(label for label, d in shoes.full.items() if d.group == group)
        missing = [h for h in hands if not {play, other} <= set(shoes.full[h].actions)]
        if not hands or missing:
            why = _forbidden(shoes, group, play, tens_by_rank)
            why = why or f"no {group} decision with both {play} and {other} among those valued"
            out.append(IndexRow(name, group, play, other, hands, None, None, None, why))
            continue
        if any(v is not None and any(h not in v for h in hands) for v in shoes.less):
            out.append(IndexRow(name, group, play, other, hands, None, None, None, "not dealt from every shoe"))
            continue
        gain, effects = shoes.effects(_group_gain(hands, play, other))
        beta = slope(effects, weights, shoes.base)
        per_tc = None if beta is None else (size - 1) * beta / pack
        index: Fraction | None = None
        if balance:
            why = f"the count is not balanced (its weights sum to {balance} over the shoe): no true-count index"
        elif not beta:
            why = "the count does not move this decision's gain"
        else:
            why = ""
            index = index_of(gain, beta, size, pack)
        out.append(IndexRow(name, group, play, other, hands, gain, per_tc, index, why))
    return tuple(out)
