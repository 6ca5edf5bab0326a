"""Shuffle models for `simulate --shuffle`: a tool for testing `verify`'s shuffle tests, not a rule of any game.

A model takes a stack of cards (first card to be dealt first) and returns it shuffled:

* `riffle:K`: K riffle shuffles in the Gilbert-Shannon-Reeds model (Bayer and Diaconis 1992): the stack is cut
  after Binomial(n, 1/2) cards and the two packets are interleaved, every interleaving equally likely. K riffles
  leave at most 2^K rising sequences; an 8-pack shoe needs about 13 to look random.
* `strip:K` (or `strip:K:P`): K strip (overhand) shuffles. Each gap between two cards is a cut with probability
  P (default 1/9, packets of 9 cards on average). The packets are laid down in reverse order, each keeping
  its own order. Six of them keep (8/9)^6 = 49% of the stack's neighbouring pairs together.
* `fair`: a uniformly random order (Python's `random.shuffle`).

>>> import random
>>> parse_shuffle("riffle:4")
Shuffle(kind='riffle', times=4, cut_chance=None)
>>> sorted(parse_shuffle("strip:6")(list(range(10)), random.Random(1))) == list(range(10))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import NumberError, parse_number, parse_whole, shorten

__all__ = [
    "MAX_TIMES",
    "SHUFFLE_HELP",
    "STRIP_CUT_CHANCE",
    "Shuffle",
    "ShuffleError",
    "factory_order",
    "parse_shuffle",
    "riffle",
    "strip",
]

T = TypeVar("T")

#: The most shuffles one model may repeat (a bound on the work per shoe).
MAX_TIMES = 100
#: The strip shuffle's default chance of a cut at each gap between two cards.
STRIP_CUT_CHANCE = Fraction(1, 9)
SHUFFLE_HELP = "riffle:K (Gilbert-Shannon-Reeds), strip:K or strip:K:P (P the cut chance per gap, default 1/9), fair"
#: The factory order of a new pack (Ace to King in each suit, clubs, diamonds, hearts, spades); verify's shuffle
#: tests compare a new shoe with this order, and docs/verify.md states it.
SUIT_ORDER = "cdhs"
RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class ShuffleError(InputError):
    """A shuffle model that cannot be read: a one-line message naming it and what is allowed."""


def riffle(cards: list[T], rng: random.Random) -> list[T]:
    """One riffle shuffle (Gilbert-Shannon-Reeds): cut after Binomial(n, 1/2) cards, then a uniformly random
    interleaving of the two packets (each keeps its order)."""
    n = len(cards)
    cut = rng.getrandbits(n).bit_count() if n else 0
    top = set(rng.sample(range(n), cut))
    out = []
    i, j = 0, cut
    for k in range(n):
        if k in top:
            out.append(cards[i])
            i += 1
        else:
            out.append(cards[j])
            j += 1
    return out


def strip(cards: list[T], rng: random.Random, cut_chance: Fraction = STRIP_CUT_CHANCE) -> list[T]:
    """One strip (overhand) shuffle: cut at each gap with probability `cut_chance`; the packets come off the top
    and are laid down one on another, so their order reverses and each keeps its own."""
    if not cards:
        return []
    chance = float(cut_chance)
    out: list[T] = []
    end = len(cards)
    for k in range(len(cards) - 1, 0, -1):  # gaps from the bottom: the last packet taken lands on top
        if rng.random() < chance:
            out.extend(cards[k:end])
            end = k
    out.extend(cards[:end])
    return out


@dataclass(frozen=True)
class Shuffle:
    """A shuffle model: `kind` riffle, strip or fair, repeated `times` (strip: `cut_chance` per gap, the default
    STRIP_CUT_CHANCE when None, as `text` reads it)."""

    kind: str
    times: int = 1
    cut_chance: Fraction | None = None

    def __call__(self, cards: list[T], rng: random.Random) -> list[T]:
        cards = list(cards)
        if self.kind == "fair":
            rng.shuffle(cards)
            return cards
        cut_chance = STRIP_CUT_CHANCE if self.cut_chance is None else self.cut_chance
        for _ in range(self.times):
            cards = riffle(cards, rng) if self.kind == "riffle" else strip(cards, rng, cut_chance)
        return cards

    def text(self) -> str:
        if self.kind == "fair":
            return "fair"
        extra = "" if self.cut_chance in (None, STRIP_CUT_CHANCE) else f":{self.cut_chance}"
        return f"{self.kind}:{self.times}{extra}"


def parse_shuffle(text: str) -> Shuffle:
    """`riffle:K`, `strip:K`, `strip:K:P` or `fair` as a model; ShuffleError (one line) otherwise."""
    parts = str(text).strip().lower().split(":")
    kind = parts[0]
    try:
        if kind == "fair" and len(parts) == 1:
            return Shuffle("fair")
        if kind in ("riffle", "strip") and len(parts) in (2, 3) and not (kind == "riffle" and len(parts) == 3):
            times = parse_whole(parts[1], f"shuffle {kind}: the number of shuffles", minimum=1, maximum=MAX_TIMES)
            if kind == "riffle":
                return Shuffle("riffle", times)
            chance = (
                STRIP_CUT_CHANCE
                if len(parts) == 2
                else parse_number(
                    parts[2], "shuffle strip: the cut chance", minimum=0, maximum=1, min_open=True, max_digits=12
                )
            )
            return Shuffle("strip", times, chance)
    except NumberError as exc:
        raise ShuffleError(str(exc)) from None
    raise ShuffleError(f"shuffle {shorten(text)} is not a shuffle model; use {SHUFFLE_HELP}")


def factory_order(packs: int, ranks: tuple[str, ...] = RANK_ORDER) -> list[str]:
    """The cards of `packs` new packs in their factory order (each pack Ace to King in clubs, diamonds, hearts,
    spades; the packs one after another), keeping only `ranks` (Super Pan 9's packs lack 7-10).

    >>> factory_order(1)[:3], factory_order(1)[12:14], len(factory_order(8))
    (['Ac', '2c', '3c'], ['Kc', 'Ad'], 416)
    """
    return [rank + suit for _ in range(packs) for suit in SUIT_ORDER for rank in RANK_ORDER if rank in ranks]
