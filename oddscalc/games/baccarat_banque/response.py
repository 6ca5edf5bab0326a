"""The banker's side of baccarat banque: his policies, the two hands' joint results, a stored shoe summary.

His policies are the exact best response, or a fixed rule; the joint results are under a policy. The stored
summary of one shoe is for the tables (`core.store`). The finite shoes' summaries take seconds, so they are
shipped as data, keyed on the shoe, the rule and `ENGINE`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

from oddscalc.core.progress import Progress
from oddscalc.core.store import Engine, stored
from oddscalc.games.baccarat.cards import PUNTO_BANCO
from oddscalc.games.baccarat_banque import coups
from oddscalc.games.baccarat_banque.coups import BanqueCounts, Cell, Tally, banque_counts
from oddscalc.wager_results import RuleError

__all__ = [
    "BEST",
    "ENGINE",
    "FIXED",
    "INFINITE",
    "Joint",
    "Summary",
    "bank_gain",
    "counts_for",
    "joint_outcome",
    "policy",
    "summary",
]

BEST, FIXED = "best-response", "draw-0-5"
INFINITE = "infinite"

#: The version of the banque engine (`coups`, this module): bump it whenever a stored summary may change.
ENGINE = Engine("baccarat-banque", 1)

#: P(right hand's result, left hand's result) as a 3x3 table indexed by result + 1 (-1 lost, 0 equal, +1 won).
Joint: TypeAlias = tuple[tuple[Fraction, ...], ...]


def bank_gain(tally: Tally, stakes: tuple[int, int] = (1, 1)) -> int:
    """The bank's gain (weighted) from a 3x3 tally of (right result, left result) with the given stakes."""
    return -sum(tally[i][j] * ((i - 1) * stakes[0] + (j - 1) * stakes[1]) for i in range(3) for j in range(3))


def policy(counts: BanqueCounts, name: str) -> dict[Cell, int]:
    """The banker's action (0 stand, 1 draw) in every cell; `indifferent` cells are where both are equal."""
    out: dict[Cell, int] = {}
    for (b, ar, al), tallies in counts.cells.items():
        if name == FIXED:
            out[(b, ar, al)] = int(b <= 5)
        else:
            stand, draw = bank_gain(tallies[0]), bank_gain(tallies[1])
            out[(b, ar, al)] = 1 if draw > stand else 0 if stand > draw else int(b <= 5)
    return out


def joint_outcome(counts: BanqueCounts, actions: Mapping[Cell, int]) -> Joint:
    """P(right result, left result) as a 3x3 table (index result + 1), exactly."""
    joint = [list(row) for row in counts.naturals]
    for key, tallies in counts.cells.items():
        t = tallies[actions[key]]
        for i in range(3):
            for j in range(3):
                joint[i][j] += t[i][j]
    return tuple(tuple(Fraction(n, counts.total) for n in row) for row in joint)


@dataclass(frozen=True)
class Summary:
    """What the tables need from one shoe and one play on 5: the joint results under each banker policy and
    the best response's choice per cell ('D', 'S', or '=' where drawing changes nothing)."""

    joints: dict[str, Joint]  # policy name -> its joint results
    best: dict[Cell, str]  # (b, aR, aL) -> 'D' | 'S' | '='


def counts_for(decks: str, draw_on_5: bool, progress: Progress | None = None) -> BanqueCounts:
    """The coups' counts for `decks` packs (a number, or 'infinite') and the hands' play on 5."""
    if decks == INFINITE:
        return banque_counts(draw_on_5)
    try:
        packs = int(decks)
    except ValueError:
        raise RuleError(f"decks {decks!r}: give a number of packs 1-8 or 'infinite'") from None
    return coups.banque_counts_finite(PUNTO_BANCO.counts(packs), draw_on_5, progress)


def _summarise(counts: BanqueCounts) -> Summary:
    joints = {name: joint_outcome(counts, policy(counts, name)) for name in (BEST, FIXED)}
    actions = policy(counts, BEST)
    best = {k: "=" if t[0] == t[1] else "D" if actions[k] else "S" for k, t in counts.cells.items()}
    return Summary(joints, best)


def _encode(s: Summary) -> dict[str, object]:
    return {
        "joints": {k: [[str(x) for x in row] for row in v] for k, v in s.joints.items()},
        "best": [[*k, v] for k, v in sorted(s.best.items())],
    }


def _decode(data: Any) -> Summary:
    return Summary(
        {k: tuple(tuple(Fraction(x) for x in row) for row in v) for k, v in data["joints"].items()},
        {(b, ar, al): v for b, ar, al, v in data["best"]},
    )


_MEMO: dict[tuple[str, bool], Summary] = {}


def summary(decks: str, draw_on_5: bool, progress: Progress | None = None) -> Summary:
    """The summary of a shoe; finite shoes (seconds of work) go through the results store (shipped data, then the
    user cache)."""
    key = (decks, draw_on_5)
    if key not in _MEMO:
        if decks == INFINITE:
            _MEMO[key] = _summarise(banque_counts(draw_on_5))
        else:
            _MEMO[key] = stored(
                f"banque-{decks}-packs",
                {"decks": decks, "draw_on_5": draw_on_5},
                (ENGINE,),
                lambda: _summarise(counts_for(decks, draw_on_5, progress)),
                _encode,
                _decode,
            )
    return _MEMO[key]
