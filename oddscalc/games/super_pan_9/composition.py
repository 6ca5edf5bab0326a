"""Super Pan 9's composition hooks (DEVELOPING.md).

They give the shoe's point values and every wager's exact expectation on an arbitrary composition, through
`wagers.analyse` (the player's fourth-card decision re-solved for it). They also give the next round's exact law
against the House's bank from a composition (the player on his best decision). And they give it from a composition
once the opposing hand's three cards and decision are seen (`hand_laws`, whatever he decided).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from oddscalc.games.baccarat import composition
from oddscalc.games.baccarat.cards import SUPER_PAN_9
from oddscalc.games.super_pan_9.engine import DRAW, HOUSE_RULE, STAND, holding, solve
from oddscalc.games.super_pan_9.wagers import HOUSE_PAYS, analyse, house_bank_infinite
from oddscalc.regulations.model import Wager
from oddscalc.wager_results import CompositionLaws

__all__ = ["OUTCOMES", "composition_kinds", "composition_laws", "composition_values", "hand_laws", "outcome_nets"]

#: A round's outcomes against the House's bank, in the order the laws give their weights.
OUTCOMES = ("player", "tie", "banker")
_VALUES = 7


def composition_kinds(rules: dict[str, str]) -> tuple[tuple[str, int], ...]:
    """The point values 0 (J, Q, K), A, 2-6 and how many of each the full shoe holds."""
    return composition.kinds(SUPER_PAN_9, rules, "8")


def composition_values(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...]
) -> dict[str, Fraction]:
    """Each wager's exact expectation per unit staked for the next deal from `counts` (per point value)."""
    return composition.values(analyse, SUPER_PAN_9, wagers, rules, counts, "8")


def outcome_nets(w: Wager) -> tuple[Fraction, ...]:
    """A House-bank wager's net per unit staked on each of OUTCOMES: the initial wager wins on the player's higher
    point and is void on equal points (reg 9(8),(9)(a)); the tie wager wins on equal points (reg 9(10))."""
    if w.key == "tie":
        return (Fraction(-1), w.pay(), Fraction(-1))
    return (w.pay(), Fraction(0), Fraction(-1))


def _house_wagers(wagers: tuple[Wager, ...]) -> dict[str, tuple[Fraction, ...]]:
    """The nets of the wagers a House-bank round with one opposing hand carries (a player's bank has its own)."""
    return {w.key: outcome_nets(w) for w in wagers if w.param("bank") == "house"}


def _pays(wagers: tuple[Wager, ...]) -> Fraction:
    """The initial wager's odds, which the player's best decision is taken for (the tie wager's too)."""
    return next((w.pay() for w in wagers if w.key == "initial"), HOUSE_PAYS)


def composition_laws(wagers: tuple[Wager, ...], rules: dict[str, str], rows: np.ndarray) -> CompositionLaws:
    """Composition hook: the next round's exact law against the House's bank from each composition of `rows`
    (compositions x 7), the opposing player on the best decision for the initial wager's odds (`analyse`'s play).
    Ordered eight-card deals outnumber int64 on the full shoe: weights and totals are object arrays of ints."""
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, _VALUES)
    infinite, pays = house_bank_infinite(rules), _pays(wagers)
    weights, totals = [], []
    for row in rows:
        sol = solve(tuple(int(n) for n in row), HOUSE_RULE, infinite=infinite)
        weights.append(list(sol.outcome(sol.strategy(pays))))
        totals.append(sol.total)
    return CompositionLaws(
        OUTCOMES, _house_wagers(wagers), np.array(weights, dtype=object), np.array(totals, dtype=object)
    )


def hand_laws(wagers: tuple[Wager, ...], rules: dict[str, str], rows: np.ndarray) -> CompositionLaws:
    """The rest of a House-bank round's exact law once the opposing hand is seen.

    Each row is a composition (7 counts) before the round, the hand's first three cards (point values) and 1 if
    it drew a fourth card, else 0. Given the hand and its decision (the player's free choice, reg 9(2)(f)), the
    outcome depends only on the banker's cards and the fourth cards. So this law holds whatever the player
    decides."""
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, _VALUES + 4)
    infinite = house_bank_infinite(rules)
    weights, totals = [], []
    for row in rows.tolist():
        a, b, c = sorted(row[_VALUES : _VALUES + 3])
        h = holding(row[:_VALUES], (a, b, c), HOUSE_RULE, infinite)
        weights.append(list(h.outcome(DRAW if row[-1] else STAND)))
        totals.append(h.continuations)
    return CompositionLaws(
        OUTCOMES, _house_wagers(wagers), np.array(weights, dtype=np.int64), np.array(totals, dtype=np.int64)
    )
