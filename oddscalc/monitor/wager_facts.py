"""Each wager's exact facts the round-by-round tests need, from the api: its chance of winning, and the mean, the
variance and the widest departure from the mean of its net result per unit staked.

>>> f = wager_facts("roulette", "2002", (), (), "straight")
>>> f.p_win, f.mean, f.variance, f.spread  # variance (35^2 + 36) / 37 - 1/37^2 = (216/37)^2
(Fraction(1, 37), Fraction(-1, 37), Fraction(46656, 1369), Fraction(1296, 37))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from oddscalc import api

__all__ = ["WagerFacts", "wager_facts"]


@dataclass(frozen=True)
class WagerFacts:
    p_win: Fraction
    mean: Fraction
    variance: Fraction
    spread: Fraction  # max |net - mean| over the law's support, per unit staked


@lru_cache(maxsize=4096)
def wager_facts(
    game: str, version: str, rules: tuple[tuple[str, str], ...], pay: tuple[tuple[str, str], ...], key: str
) -> WagerFacts:
    """The facts of wager `key` (api.WagerError, one line, for a wager the version does not have)."""
    d = api.analyse(game, version, key, dict(rules), dict(pay)).results[0].distribution
    mean = d.mean
    return WagerFacts(d.p_win, mean, d.variance, max(abs(x - mean) for x in d.as_dict()))
