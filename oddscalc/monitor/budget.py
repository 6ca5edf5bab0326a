"""Spending one false-alarm budget across a floor: a stated split, the same share for every stream.

The floor's level a over its horizon is divided equally among its streams: each table's statistical tests. There
are five on a roulette table, three on a punto banco table, two on a Super Pan 9 or blackjack table and three
on the others (streams.statistical_tests). A stream of level a_i alarms when its CUSUM statistic reaches
log(K N / a_i) (detector.py). Here N is the table's results within the horizon (its results an hour times the
horizon's hours). So the chance that it alarms on a fair table within the horizon is at most a_i. By the union
bound, the chance of any false alarm on the floor is at most the sum, a.

A roulette table's signature test, and a card table's shuffle test, is one stream split again among its dealers
in the order they first appear. The k-th dealer gets a_i 6 / (pi^2 k^2); these shares sum to a_i over any number
of dealers. A punto banco table's stakes test is split so among its players, in the order their first shoe is
scored. A hold test with stake levels is split equally among them (stake_levels.py). Settlement spends nothing: a
wrong payout is a fact, not a statistic.

>>> from oddscalc.monitor.floor import Budget, TableConfig
>>> tables = [TableConfig("R1", "roulette", "2002"), TableConfig("B1", "big-six", "2002")]
>>> split(tables, Budget(Fraction(1, 100), Fraction(8766)))[("B1", "hold")]
Fraction(1, 800)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.streams import statistical_tests

__all__ = ["DEALER_TESTS", "PLAYER_TESTS", "dealer_share", "horizon_results", "split", "stream_level"]

#: The tests whose level is split among the table's dealers (a stream each).
DEALER_TESTS = frozenset({"signature", "shuffle"})
#: The tests whose level is split among the table's players (a stream each), as a dealer test's among dealers.
PLAYER_TESTS = frozenset({"stakes"})


def split(tables: Iterable[TableConfig], budget: Budget) -> dict[tuple[str, str], Fraction]:
    """Each (table, test) stream's level, exact."""
    streams = [(t.name, test) for t in tables for test in statistical_tests(t.game)]
    if not streams:
        return {}
    share = budget.level / len(streams)
    return dict.fromkeys(streams, share)


def dealer_share(level: float, k: int) -> float:
    """The k-th dealer's share (k = 1, 2, ...) of a signature stream's level (a float: pi is irrational).

    >>> round(sum(dealer_share(1.0, k) for k in range(1, 100000)), 4)
    1.0
    """
    return level * 6 / (math.pi**2 * k * k)


def stream_level(
    level: Fraction,
    test: str,
    part: str,
    *,
    dealers: Sequence[str],
    stake_levels: int,
    players: Sequence[str] = (),
) -> tuple[float, Fraction | None]:
    """A stream's level from its test's, exact where it can be.

    A hold test's is split among its `stake_levels` + 1 levels, a signature test's among `dealers`, a stakes
    test's among `players`. The stream gets `part`'s share; a part not yet seen gets the whole level.

    >>> stream_level(Fraction(1, 100), "hold", "stakes under 10", dealers=(), stake_levels=1)
    (0.005, Fraction(1, 200))
    """
    if test == "hold" and stake_levels:
        level = level / (stake_levels + 1)
    if test in DEALER_TESTS and part in dealers:
        return dealer_share(float(level), dealers.index(part) + 1), None
    if test in PLAYER_TESTS and part in players:
        return dealer_share(float(level), players.index(part) + 1), None
    return float(level), level


def horizon_results(table: TableConfig, budget: Budget) -> Fraction:
    """N: the results a table shows within the horizon, at its stated pace."""
    return table.results_per_hour * budget.hours
