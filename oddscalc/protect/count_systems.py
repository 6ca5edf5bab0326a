"""Linear counting systems: a weight per kind of card, the running count, and the true count.

The running count after some cards are seen is the sum of their weights. The true count is the running
count per pack of cards still unseen: RC / (L / P) for L cards left and P cards per pack (52; Super Pan 9's
reduced pack 36), an exact fraction. Its bin is floor(TC): bin b holds b <= TC < b + 1.

>>> pack = (("A", 4), ("2", 4), ("3", 4), ("4", 4), ("5", 4), ("6", 4), ("7", 4), ("8", 4), ("9", 4), ("T", 16))
>>> [str(w) for w in hi_lo(pack).weights]
['-1', '1', '1', '1', '1', '1', '0', '0', '0', '-1']
>>> true_count(Fraction(6), 156, 52)
Fraction(2, 1)

An unbalanced count (weights that do not sum to 0 over the shoe: K-O's +4 a pack) drifts. After s of the shoe's N
cards its running count's expectation is I s / N, I the imbalance over the shoe, and the true count's drifts with
it. An initial running count IRC starts the count there. IRC = -I holds the true count's expectation at -I P / N
(P cards a pack) at every depth (`drift`).

>>> ko = knock_out(pack)
>>> imbalance(ko, pack), drift(ko, pack, 26, 52), drift(with_initial(ko, Fraction(-4)), pack, 26, 52)
(Fraction(4, 1), Fraction(4, 1), Fraction(-4, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_number

__all__ = [
    "NAMED",
    "CountError",
    "CountSystem",
    "drift",
    "hi_lo",
    "imbalance",
    "imbalance_warning",
    "knock_out",
    "parse_count",
    "tc_bin",
    "true_count",
    "with_initial",
]

NAMED = ("hi-lo", "ko")
_TENS = ("10", "J", "Q", "K")
_HI_LO = {"A": -1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0, "T": -1, **dict.fromkeys(_TENS, -1)}
_KO = {**_HI_LO, "7": 1}
_MAX_WEIGHT = 1000
#: The largest initial running count or key count accepted (in weight units).
MAX_COUNT = 10**6


class CountError(InputError):
    """A counting system that cannot be read or does not fit the game's cards."""


@dataclass(frozen=True)
class CountSystem:
    """A name, one exact weight per kind of card (the game's `composition_kinds` order) and the initial running
    count at each shuffle (None: not given, which is 0)."""

    name: str
    weights: tuple[Fraction, ...]
    initial: Fraction | None = None

    def running(self, seen: tuple[int, ...]) -> Fraction:
        """The running count after seeing `seen[k]` cards of each kind (from the initial running count)."""
        return sum((w * n for w, n in zip(self.weights, seen)), self.initial or Fraction(0))

    def describe(self, kinds: tuple[tuple[str, int], ...]) -> str:
        return ", ".join(f"{label} {_text(w)}" for (label, _), w in zip(kinds, self.weights))


def _text(w: Fraction) -> str:
    return f"{'+' if w > 0 else ''}{w}"


def hi_lo(kinds: tuple[tuple[str, int], ...]) -> CountSystem:
    """Hi-lo: 2-6 count +1, 7-9 count 0, tens and Aces count -1 (blackjack's cards only)."""
    labels = [label for label, _ in kinds]
    if not all(label in _HI_LO for label in labels) or "2" not in labels or "7" not in labels:
        raise CountError(
            "hi-lo is a blackjack count (2-6 +1, 7-9 0, tens and Aces -1); for this game give weights such as 0=1,A=-1"
        )
    return CountSystem("hi-lo", tuple(Fraction(_HI_LO[label]) for label in labels))


def knock_out(kinds: tuple[tuple[str, int], ...]) -> CountSystem:
    """K-O (Vancura and Fuchs, *Knock-Out Blackjack*, 1998): 2-7 count +1, 8-9 count 0, tens and Aces -1; an
    unbalanced count, +4 a pack (blackjack's cards only)."""
    labels = [label for label, _ in kinds]
    if not all(label in _KO for label in labels) or "2" not in labels or "7" not in labels:
        raise CountError(
            "ko is a blackjack count (2-7 +1, 8-9 0, tens and Aces -1); for this game give weights such as 0=1,A=-1"
        )
    return CountSystem("ko", tuple(Fraction(_KO[label]) for label in labels))


def imbalance(count: CountSystem, kinds: tuple[tuple[str, int], ...]) -> Fraction:
    """The count's sum over the whole shoe, sum of n_k w_k: 0 for a balanced count (hi-lo), K-O's 4 a pack."""
    return sum((w * n for w, (_, n) in zip(count.weights, kinds)), Fraction(0))


def drift(count: CountSystem, kinds: tuple[tuple[str, int], ...], seen: int, pack: int) -> Fraction:
    """The true count's expectation once `seen` of the shoe's cards are seen (at random, none of them known):
    (IRC + I seen / N) x P / (N - seen), I the imbalance, N the shoe's cards, P a pack's."""
    size = sum(n for _, n in kinds)
    expected = (count.initial or 0) + imbalance(count, kinds) * seen / size
    return true_count(expected, size - seen, pack)


def with_initial(count: CountSystem, initial: Fraction) -> CountSystem:
    """The count started at the running count `initial` at each shuffle."""
    return replace(count, initial=Fraction(initial))


def imbalance_warning(count: CountSystem, kinds: tuple[tuple[str, int], ...], cut: int, pack: int) -> str | None:
    """The warning for an unbalanced count given without an initial running count (None otherwise): its
    imbalance over the shoe and where it drifts the true count by the cut card (after `cut` cards)."""
    found = imbalance(count, kinds)
    if not found or count.initial is not None:
        return None
    size = sum(n for _, n in kinds)
    at_cut = drift(count, kinds, cut, pack)
    about = "" if at_cut.denominator == 1 else f" (about {float(at_cut):.3g})"
    return (
        f"count {count.name!r} is unbalanced: its weights sum to {_text(found)} over the shoe's {size} cards, so "
        f"the true count drifts with the cards seen, its expectation {_text(at_cut)}{about} "
        f"at the cut card; give --initial-count (e.g. "
        f"{-found}, which holds the expectation at {_text(true_count(-found, size, pack))} at every depth)"
    )


def _kind_indices(label: str, labels: list[str]) -> list[int]:
    """The kinds a user's card label names: the label itself, A for 1, and the game's ten-value card for
    10, J, Q, K, T or 0 (every ten rank for T when the game tells ranks apart)."""
    key = label.strip().upper()
    key = "A" if key in ("1", "ACE") else key
    if key in labels:
        return [labels.index(key)]
    ten = next((t for t in ("T", "0") if t in labels), None)
    if ten and key in (*_TENS, "T", "0"):
        return [labels.index(ten)]
    if key in ("T", "0") and all(r in labels for r in _TENS):
        return [labels.index(r) for r in _TENS]
    return []


def parse_count(text: str, kinds: tuple[tuple[str, int], ...]) -> CountSystem | None:
    """`none`, `hi-lo`, `ko`, or per-card weights `LABEL=WEIGHT,...` (cards not named weigh 0; weights exact, e.g.
    `2=1/2`). Labels are the game's kinds (see `oddscalc removal GAME`) and their usual aliases."""
    name = text.strip().lower()
    if name in ("", "none"):
        return None
    if name == "hi-lo":
        return hi_lo(kinds)
    if name in ("ko", "k-o"):
        return knock_out(kinds)
    labels = [label for label, _ in kinds]
    weights = [Fraction(0)] * len(labels)
    for item in text.replace(";", ",").split(","):
        if not item.strip():
            continue
        label, sep, value = item.partition("=")
        found = _kind_indices(label, labels)
        if not sep or not found:
            raise CountError(
                f"count {item.strip()!r}: give hi-lo, none, or weights CARD=WEIGHT with CARD one of "
                + ", ".join(labels)
            )
        w = parse_number(value, f"count weight for {label.strip()}", minimum=-_MAX_WEIGHT, maximum=_MAX_WEIGHT)
        for k in found:
            weights[k] = w
    if not any(weights):
        raise CountError(f"count {text.strip()!r}: every weight is zero")
    return CountSystem("custom", tuple(weights))


def true_count(running: Fraction, left: int, pack: int) -> Fraction:
    """Running count per pack of cards left: RC / (left / pack), exactly."""
    return Fraction(running) * pack / left


def tc_bin(tc: Fraction) -> int:
    """The true-count bin: floor(TC)."""
    return floor(tc)
