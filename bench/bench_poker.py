"""Benchmarks for the poker games: the rankers, Three Card Poker, and the exact casino stud analysis.

The full casino stud analysis from scratch (cache disabled, in-memory tables cleared) runs once: it takes
about half a minute on a 2-core machine.
"""

from __future__ import annotations

from fractions import Fraction

from oddscalc import api
from oddscalc.games.casino_stud_poker import counting, optimal, strategy
from oddscalc.games.poker import FULL_DECK
from oddscalc.games.poker.tables import hand_table, suit_classes
from oddscalc.games.three_card_poker.counting import tcp_counts

LAW = tuple(Fraction(x) for x in (1, 1, 2, 3, 4, 6, 8, 20, 50, 50))
US = tuple(Fraction(x) for x in (1, 1, 2, 3, 4, 5, 7, 20, 50, 100))


def _clear() -> None:
    hand_table.cache_clear()
    suit_classes.cache_clear()
    tcp_counts.cache_clear()
    counting._MEMO.clear()


def _rank(size: int):
    def run() -> None:
        hand_table.cache_clear()
        hand_table(FULL_DECK, size)

    return run


def _tcp() -> None:
    _clear()
    api.analyse("three-card-poker", "2002")


def _stud_scratch() -> None:
    _clear()
    optimal(LAW, use_cache=False)


def _stud_pay_table() -> None:
    strategy.evaluate(counting.stud_counts(FULL_DECK), US)


def cases():
    return [
        ("poker: rank all 2,598,960 five-card hands", _rank(5), 3),
        ("poker: rank all 22,100 three-card hands", _rank(3), 5),
        ("poker: three card poker, both wagers from scratch", _tcp, 3),
        ("poker: casino stud exact analysis from scratch (no cache)", _stud_scratch, 1),
        ("poker: casino stud, another pay table on counted hands", _stud_pay_table, 3),
        ("poker: casino stud edges from the disk cache (1994)", lambda: api.analyse("casino-stud-poker", "1994"), 5),
    ]
