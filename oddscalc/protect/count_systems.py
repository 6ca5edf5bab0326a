"""Linear counting systems: a weight per kind of card, the running count, and the true count.

The running count after some cards are seen is the sum of their weights. The true count is the running
count per pack of cards still unseen: RC / (L / P) for L cards left and P cards per pack (52; Super Pan 9's
reduced pack 36), an exact fraction. Its bin is floor(TC): bin b holds b <= TC < b + 1.

>>> hi = hi_lo((("A", 4), ("2", 4), ("3", 4), ("4", 4), ("5", 4), ("6", 4), ("7", 4), ("8", 4), ("9", 4), ("T", 16)))
>>> [str(w) for w in hi.weights]
['-1', '1', '1', '1', '1', '1', '0', '0', '0', '-1']
>>> true_count(Fraction(6), 156, 52)
Fraction(2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_number

__all__ = ["NAMED", "CountError", "CountSystem", "hi_lo", "parse_count", "tc_bin", "true_count"]

NAMED = ("hi-lo",)
_TENS = ("10", "J", "Q", "K")
_HI_LO = {"A": -1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0, "T": -1, **dict.fromkeys(_TENS, -1)}
_MAX_WEIGHT = 1000


class CountError(InputError):
    """A counting system that cannot be read or does not fit the game's cards."""


@dataclass(frozen=True)
class CountSystem:
    """A name and one exact weight per kind of card (the game's `composition_kinds` order)."""

    name: str
    weights: tuple[Fraction, ...]

    def running(self, seen: tuple[int, ...]) -> Fraction:
        """The running count after seeing `seen[k]` cards of each kind."""
        return sum((w * n for w, n in zip(self.weights, seen)), Fraction(0))

    def describe(self, kinds: tuple[tuple[str, int], ...]) -> str:
        return ", ".join(f"{label} {_text(w)}" for (label, _), w in zip(kinds, self.weights))


def _text(w: Fraction) -> str:
    return f"{'+' if w > 0 else ''}{w}"


def hi_lo(kinds: tuple[tuple[str, int], ...]) -> CountSystem:
    """Hi-lo: 2-6 count +1, 7-9 count 0, tens and Aces count -1 (blackjack's cards only)."""
    labels = [label for label, _ in kinds]
    if not all(label in _HI_LO for label in labels) or "2" not in labels or "7" not in labels:
        raise CountError(
            "hi-lo is a blackjack count (2-6 +1, 7-9 0, tens and Aces -1); for this game give "
            "weights such as --count 0=1,A=-1"
        )
    return CountSystem("hi-lo", tuple(Fraction(_HI_LO[label]) for label in labels))


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
    """`none`, `hi-lo`, or per-card weights `LABEL=WEIGHT,...` (cards not named weigh 0; weights exact, e.g.
    `2=1/2`). Labels are the game's kinds (see `oddscalc removal GAME`) and their usual aliases."""
    name = text.strip().lower()
    if name in ("", "none"):
        return None
    if name == "hi-lo":
        return hi_lo(kinds)
    labels = [label for label, _ in kinds]
    weights = [Fraction(0)] * len(labels)
    for item in text.replace(";", ",").split(","):
        if not item.strip():
            continue
        label, sep, value = item.partition("=")
        found = _kind_indices(label, labels)
        if not sep or not found:
            raise CountError(
                f"--count {item.strip()!r}: give hi-lo, none, or weights CARD=WEIGHT with CARD one of "
                + ", ".join(labels)
            )
        w = parse_number(value, f"--count weight for {label.strip()}", minimum=-_MAX_WEIGHT, maximum=_MAX_WEIGHT)
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
