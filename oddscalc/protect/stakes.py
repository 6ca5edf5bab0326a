"""How the counter stakes each round: a bet spread, a key count or his own ramp.

The default is the study's bet spread 1 to N by the true count. A key count is an unbalanced count's two-level
bet by the running count. The player's own ramp is a stake table by true count, a stake of 0 sitting the round
out.

A ramp `T1:S1,T2:S2,...` has whole true counts T1 < T2 < ... and exact stakes S >= 0 in units. It stakes S_i on a
round whose true-count bin floor(TC) is at least T_i and below T_(i+1). Bins below T1 take S1, bins from the last
T up take the last S. A round staked 0 is sat out: dealt, watched and counted, but not played.

>>> r = parse_ramp("-1:0,1:1,2:2,3:4,4:8")
>>> [r.units(Fraction(0), Fraction(tc)) for tc in (-5, 0, 1, Fraction(5, 2), 3, 9)]
[Fraction(0, 1), Fraction(0, 1), Fraction(1, 1), Fraction(2, 1), Fraction(4, 1), Fraction(8, 1)]
>>> Stakes(8, key=Fraction(4)).units(Fraction(4), Fraction(-1)), Stakes(8).units(Fraction(0), Fraction(7, 2))
(8, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_number

__all__ = [
    "AWAY",
    "MAX_STAKE",
    "MAX_STEPS",
    "PLAY",
    "WATCH",
    "RampError",
    "Stakes",
    "bet_units",
    "parse_ramp",
    "wonging",
]

#: Where the player is for a round (`Stakes.places`).
PLAY, WATCH, AWAY = "play", "watch", "away"
#: The largest stake a ramp may name (units of the smallest bet) and the most steps it may have.
MAX_STAKE = 10_000
MAX_STEPS = 200
_MAX_TC = 1000


class RampError(InputError):
    """A ramp (stake table by true count) that cannot be read."""


def bet_units(tc: Fraction, spread: int) -> int:
    """The study's bet spread: 1 unit up to a true count below 2, then floor(TC) units, at most `spread`."""
    return min(spread, max(1, floor(tc)))


@dataclass(frozen=True)
class Stakes:
    """The stakes by the count: the spread 1 to `spread` by true count.

    With `key`: 1 unit while the running count is below the key count, and `spread` units from it up. With
    `steps`: the ramp ((lowest true-count bin, stake), bins increasing)."""

    spread: int = 8
    steps: tuple[tuple[int, Fraction], ...] = ()
    key: Fraction | None = None
    enter: Fraction | None = None  # wonging: back-count from the first round, play from a true count of `enter`
    leave: Fraction | None = None  # wonging: stop playing below a true count of `leave`
    re_enter: bool = False  # wonging with both: after leaving, watch again and re-enter (default: out for the shoe)

    @property
    def default(self) -> bool:
        """The study's own spread (no ramp, key count or wonging): the output of every run before these options."""
        return not self.steps and self.key is None and not self.wongs

    @property
    def wongs(self) -> bool:
        """Whether the player enters or leaves the table by the count."""
        return self.enter is not None or self.leave is not None

    @property
    def sits_out(self) -> bool:
        """Whether some count sits the round out (a stake of 0, or wonging)."""
        return self.wongs or any(not s for _, s in self.steps)

    def units(self, running: Fraction, tc: Fraction) -> Fraction | int:
        """The stake on a round with running count `running` and true count `tc` before it."""
        if self.key is not None:
            return self.spread if running >= self.key else 1
        if not self.steps:
            return bet_units(tc, self.spread)
        b = floor(tc)
        stake = self.steps[0][1]
        for low, s in self.steps:
            if b < low:
                break
            stake = s
        return stake

    def shoe(self, counts: Sequence[tuple[Fraction, Fraction]]) -> list[Fraction | int]:
        """The stake on each round of a shoe from the (running, true) count before it (0: not played)."""
        return [self.units(rc, tc) if where == PLAY else 0 for (rc, tc), where in zip(counts, self.places(counts))]

    def places(self, counts: Sequence[tuple[Fraction, Fraction]]) -> list[str]:
        """Where the player is for each round of a shoe: PLAY (at the table, staking the ramp's stake, which may
        be 0), WATCH (back-counting, not playing) or AWAY (gone for the rest of the shoe).

        Wonging: with `enter`, he watches from the first round and sits in before a round whose true count is at
        least `enter`. With `leave`, he stops before a round whose true count is below `leave`. Once out, he is
        out for the rest of the shoe (AWAY), unless `re_enter` sends him back to watching (and re-entering)."""
        where, out = self.first, []
        for _, tc in counts:
            where = self.step(where, tc)
            out.append(where)
        return out

    @property
    def first(self) -> str:
        """Where the player is before a shoe's first round is counted: watching when he wongs in, else playing."""
        return WATCH if self.enter is not None else PLAY

    def step(self, where: str, tc: Fraction) -> str:
        """Where he is for a round with true count `tc` before it, having been at `where` for the last (or
        `first` before a shoe): the rule `places` applies round by round."""
        if where == WATCH and self.enter is not None and tc >= self.enter:
            where = PLAY
        if where == PLAY and self.leave is not None and tc < self.leave:
            where = WATCH if self.re_enter else AWAY
        return where

    def describe(self) -> str:
        """The rule in words (the text output's line)."""
        return self._stakes_words() + self._wong_words()

    def _wong_words(self) -> str:
        if self.enter is not None:
            start = f"; wonging: back-counts from the first round, plays from TC >= {_num(self.enter)}"
            if self.leave is None:
                return start + " to the end of the shoe (no --leave)"
            if self.re_enter:
                return start + f", watches again below TC {_num(self.leave)} and re-enters (--re-enter)"
            return start + (
                f", leaves for the rest of the shoe below TC {_num(self.leave)} (once out, out for the shoe: the "
                "default; --re-enter watches again)"
            )
        if self.leave is not None:
            return f"; wonging out: leaves for the rest of the shoe below TC {_num(self.leave)}"
        return ""

    def _stakes_words(self) -> str:
        if self.key is not None:
            return (
                f"Bets by the running count, key count {_num(self.key)}: 1 unit below it, {self.spread} units from it"
            )
        if not self.steps:
            return (
                f"Bet spread 1 to {self.spread} units (1 unit below TC 2, then floor(TC) units, at most {self.spread})"
            )
        parts = []
        for i, (low, s) in enumerate(self.steps):
            last = i == len(self.steps) - 1
            if i == 0:
                span = f"TC < {self.steps[1][0]}" if not last else "every TC"
            elif last:
                span = f"TC >= {low}"
            else:
                span = f"{low} <= TC < {self.steps[i + 1][0]}"
            parts.append(f"{span}: {_num(s)}" + (" (sits out)" if not s else ""))
        return "Ramp (stake in units by true count): " + ", ".join(parts)

    def text(self) -> str:
        """The ramp as the user writes it (`parse_ramp` reads it back); the spread's or key count's own words."""
        if self.steps:
            rule = ",".join(f"{low}:{_num(s)}" for low, s in self.steps)
        else:
            rule = f"key {_num(self.key)}" if self.key is not None else f"1-{self.spread}"
        wong = [f"{n} {_num(v)}" for n, v in (("enter", self.enter), ("leave", self.leave)) if v is not None]
        return "; ".join([rule, *wong, *(["re-enter"] if self.re_enter else [])])


def wonging(stakes: Stakes, *, enter: Fraction | None, leave: Fraction | None, re_enter: bool = False) -> Stakes:
    """`stakes` with the player entering at a true count of `enter` and leaving below `leave`.

    He back-counts from the first round. He leaves for the rest of the shoe unless `re_enter` (he then watches
    again). Refused (RampError) where he would leave as he enters (leave above enter), or `re_enter` without
    both."""
    if enter is not None and leave is not None and leave > enter:
        raise RampError(
            f"leave {_num(leave)} is above enter {_num(enter)}: he would leave the round he enters; allowed: "
            "a leave at or below the enter"
        )
    if re_enter and (enter is None or leave is None):
        raise RampError("re_enter: re-entering follows a leave and an entry; allowed only with both enter and leave")
    return replace(stakes, enter=enter, leave=leave, re_enter=re_enter)


def _num(x: Fraction | int) -> str:
    return str(x)


def parse_ramp(text: str) -> Stakes:
    """`TC:STAKE,...` (whole true counts increasing; stakes exact numbers >= 0, at least one positive), or `@FILE`:
    a file of such pairs, one a line or comma-separated, `#` starting a comment."""
    body = text.strip()
    if body.startswith("@"):
        body = _read_ramp_file(body[1:])
    items = [i.strip() for line in body.splitlines() for i in line.split("#")[0].split(",") if i.strip()]
    if not items or len(items) > MAX_STEPS:
        raise RampError(
            f"ramp {text.strip()!r}: give 1 to {MAX_STEPS} steps TC:STAKE, e.g. -1:0,1:1,2:2,3:4,4:8 (or @FILE)"
        )
    steps: list[tuple[int, Fraction]] = []
    for item in items:
        tc_text, sep, stake_text = item.partition(":")
        if not sep:
            raise RampError(f"ramp step {item!r}: allowed TC:STAKE with TC a whole true count, e.g. 2:4")
        tc = parse_number(tc_text, f"ramp true count in {item!r}", minimum=-_MAX_TC, maximum=_MAX_TC)
        if tc.denominator != 1:
            raise RampError(f"ramp true count {tc_text.strip()!r}: allowed a whole number (a bin, floor(TC))")
        stake = parse_number(stake_text, f"ramp stake in {item!r}", minimum=0, maximum=MAX_STAKE)
        if steps and tc.numerator <= steps[-1][0]:
            raise RampError(f"ramp true count {tc.numerator} follows {steps[-1][0]}: allowed increasing counts")
        steps.append((tc.numerator, stake))
    if not any(s for _, s in steps):
        raise RampError(f"ramp {text.strip()!r}: every stake is 0 (allowed: at least one positive stake)")
    return Stakes(max(1, int(max(s for _, s in steps))), tuple(steps))


def _read_ramp_file(path: str) -> str:
    """A ramp file's text (at most 64 KiB: a ramp is a few lines)."""
    try:
        with open(path.strip(), encoding="utf-8") as f:
            text = f.read(65_537)
    except (OSError, UnicodeDecodeError) as exc:
        raise RampError(f"ramp @{path.strip()}: cannot read the file ({exc.__class__.__name__})") from None
    if len(text) > 65_536:
        raise RampError(f"ramp @{path.strip()}: the file is over 64 KiB (allowed: a ramp of a few lines)")
    return text
