"""Several players at one blackjack table: each with his own count, stakes (spread, ramp or key count, wonging) and
index plays, seated in box order.

A player's spec (`--player`) is `KEY=VALUE` items separated by commas, the keys the names of `protect`'s own
options without their dashes (`SPEC_KEYS`). An item that does not begin with a key continues the value before it,
so a ramp's or a count's weights keep their commas. `re-enter` stands alone (a flag).

>>> split_spec("count=hi-lo,ramp=1:0,2:2,3:4,indices=illustrious18,enter=1,leave=-1")
{'count': 'hi-lo', 'ramp': '1:0,2:2,3:4', 'indices': 'illustrious18', 'enter': '1', 'leave': '-1'}
>>> split_spec("count=2=1,3=1,A=-1,spread=4")
{'count': '2=1,3=1,A=-1', 'spread': '4'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import shorten
from oddscalc.protect.count_systems import CountSystem, true_count
from oddscalc.protect.index_plays import IndexSet
from oddscalc.protect.stakes import PLAY, Stakes

__all__ = ["SPEC_KEYS", "STAKE_KEYS", "Player", "PlayerError", "Seat", "boxes_dealt", "seats_before", "split_spec"]

#: The keys of a player's spec: `protect`'s options of the same names.
SPEC_KEYS = ("count", "initial-count", "key-count", "ramp", "spread", "enter", "leave", "re-enter", "indices")
_FLAGS = ("re-enter",)
#: The keys that say how he stakes: a spec naming one takes none of them from the command's options.
STAKE_KEYS = ("ramp", "spread", "key-count")


class PlayerError(InputError):
    """A player's spec that cannot be read."""


@dataclass(frozen=True)
class Player:
    """One player: his count, his stakes (with his wonging) and his index plays (None: basic strategy)."""

    count: CountSystem
    stakes: Stakes
    indices: IndexSet | None = None
    spec: str = ""  # as the user wrote it (the output's name for him)


@dataclass(frozen=True)
class Seat:
    """A player before a round: where he is (stakes.PLAY, WATCH, AWAY), his stake (0: his box is empty) and his
    index plays then."""

    where: str
    stake: Fraction
    plays: tuple[tuple[str, str, str], ...]


def split_spec(text: str, name: str = "--player") -> dict[str, str]:
    """A spec's values by key (`SPEC_KEYS`; none for a blank spec): refused (PlayerError) for an unknown key, a key
    given twice or an empty value."""
    out: dict[str, str] = {}
    last: str | None = None
    for raw in text.split(",") if text.strip() else ():  # a blank spec: the command's options, every key
        item = raw.strip()
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if key in _FLAGS and not sep:
            key, value, sep = key, "yes", "="
        if sep and key in SPEC_KEYS:
            if key in out:
                raise PlayerError(f"{name} {shorten(text.strip())}: {key} given twice (allowed once a player)")
            out[key], last = value.strip(), key
        elif last is not None and last not in _FLAGS and item:
            out[last] += "," + item
        else:
            raise PlayerError(
                f"{name} {shorten(text.strip())}: {shorten(item)} is not KEY=VALUE; allowed keys: "
                + ", ".join(SPEC_KEYS)
                + " (e.g. count=hi-lo,ramp=1:1,2:2,3:4,enter=1,leave=-1)"
            )
    for key, value in out.items():
        if not value:
            raise PlayerError(f"{name} {shorten(text.strip())}: {key} has no value")
    if out.get("re-enter", "yes").lower() not in ("yes", "true", "1"):
        raise PlayerError(f"{name}: re-enter={shorten(out['re-enter'])}; allowed: re-enter alone (or re-enter=yes)")
    return out


def seats_before(
    players: Sequence[Player], where: Sequence[str], seen: tuple[int, ...], unseen: int, pack: int
) -> list[Seat]:
    """Each player's seat for the next round: his place stepped from `where` (his place the round before, or his
    stakes' `first`) by his true count on the cards seen, his stake there and his index plays."""
    out = []
    for p, w in zip(players, where):
        rc = p.count.running(seen)
        tc = true_count(rc, unseen, pack) if unseen else Fraction(0)
        now = p.stakes.step(w, tc)
        stake = Fraction(p.stakes.units(rc, tc)) if now == PLAY else Fraction(0)
        plays = p.indices.deviations(tc) if p.indices is not None and unseen else ()
        out.append(Seat(now, stake, plays))
    return out


def boxes_dealt(seats: Sequence[Seat]) -> int:
    """The boxes a round deals: one for each player staking on it (the others' boxes stay empty).

    When none does, it deals one box (another punter's, basic strategy). So the shoe is dealt on as a single
    player's run deals it."""
    return max(1, sum(1 for s in seats if s.stake))
