"""Blackjack on an arbitrary shoe composition: the composition hooks (DEVELOPING.md) and THE adapter.

`round_expectations` is the one function through which everything above the engine (effects of removal,
the penetration and counting analysis) asks for "the exact expectation of one round dealt from this shoe,
under composition-dependent optimal play and/or the fixed basic strategy". It is written against today's
engine; a faster engine function with the same meaning can replace its body (see docs/protect.md).

The fixed strategy is the basic strategy derived for the *full* shoe of the rule set (the chart
`oddscalc blackjack chart` prints), played unchanged on every composition, splits included (the chart as
post-split strategy, by the engine's exact split method). Its value on a depleted shoe is the exact
expectation of that fixed play, so removing an unseen card leaves it unchanged on average.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from oddscalc.core.errors import InputError
from oddscalc.core.store import Engine
from oddscalc.games.blackjack.exact.player import STAND, hand_of
from oddscalc.games.blackjack.game import GameResult, HandRow, full_game, ten_pair_cases, up_card_evaluators
from oddscalc.games.blackjack.hand import HandValues, start_hand
from oddscalc.games.blackjack.rules import TEN, RuleSet
from oddscalc.games.blackjack.side import insurance_taken, over_13, under_13
from oddscalc.games.blackjack.stored_summary import ENGINE, edge_summary
from oddscalc.games.blackjack.strategy import INSURANCE_HAND, Deviation, Strategy, deviate, td_value
from oddscalc.games.blackjack.wagers import effective_rules
from oddscalc.regulations.model import Wager

__all__ = [
    "ENGINES",
    "STRATEGIES",
    "composition_kinds",
    "composition_values",
    "full_shoe_chart",
    "indexed_chart",
    "insured",
    "round_expectations",
]

STRATEGIES = ("optimal", "basic")
#: The engines these values are computed by: declaring them marks the values as worth storing (`core.store`).
ENGINES: tuple[Engine, ...] = (ENGINE,)
_VALUE_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
_RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def composition_kinds(rules: dict[str, str]) -> tuple[tuple[str, int], ...]:
    """Card values A, 2-9, T (every ten-value); under a same-rank split rule the 13 ranks, since a pair of
    tens splits only when both are of one rank."""
    rs = effective_rules((), rules)
    if rs.same_rank_tens:
        return tuple((label, 4 * rs.decks) for label in _RANK_LABELS)
    return tuple((label, 4 * rs.decks if label != "T" else 16 * rs.decks) for label in _VALUE_LABELS)


def composition_values(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...], deviations: tuple[Deviation, ...] = ()
) -> dict[str, Fraction]:
    """The initial wager (under the `strategy` rule: optimal or basic), Under 13 and Over 13, each an exact
    expectation per unit staked on the next round from `counts` (composition_kinds order). Insurance is a
    wager offered only after the deal, so it has no value before the round and is left out. `deviations`: plays
    in place of the basic strategy's for this round (`indexed_chart`; insuring adds `insured`)."""
    rs = effective_rules(wagers, rules)
    shoe, tens = _shoe(rs, counts)
    out: dict[str, Fraction] = {}
    for w in wagers:
        kind = w.param("kind")
        if kind == "initial":
            play = rules.get("strategy", "optimal")
            chart = indexed_chart(rs, deviations) if play == "basic" else None
            out[w.key] = round_expectations(rs, shoe, tens, (play,), chart)[play]
            if play == "basic":
                out[w.key] += insured(wagers, shoe, deviations)
        elif kind == "under-13":
            out[w.key] = under_13(shoe, w.pay("win"), w.pay("aces")).mean
        elif kind == "over-13":
            out[w.key] = over_13(shoe, w.pay()).mean
    return out


@lru_cache(maxsize=64)
def indexed_chart(rs: RuleSet, deviations: tuple[Deviation, ...] = ()) -> Strategy:
    """The full shoe's basic strategy with `deviations` (index plays) in place of its own plays (insurance apart:
    `insured`)."""
    chart = full_shoe_chart(rs)
    plays = tuple(d for d in deviations if d[0] != INSURANCE_HAND)
    return deviate(chart, plays, rs) if plays else chart


def insured(wagers: tuple[Wager, ...], shoe: tuple[int, ...], deviations: tuple[Deviation, ...]) -> Fraction:
    """What insuring a two-card 21 against an Ace adds to the round (0 unless `deviations` insure), at the
    insurance wager's odds (which `wagers` must hold)."""
    if not any(d[0] == INSURANCE_HAND for d in deviations):
        return Fraction(0)
    pays = next((w.pay() for w in wagers if w.param("kind") == "insurance"), None)
    if pays is None:
        raise InputError("an insurance play needs the insurance wager's odds")
    return insurance_taken(shoe, pays)


def _shoe(rs: RuleSet, counts: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """Counts per value index, and (same-rank rule) the ten-value cards per rank 10, J, Q, K."""
    if not rs.same_rank_tens:
        return tuple(counts), None
    return tuple(counts[:9]) + (sum(counts[9:]),), tuple(counts[9:])


@lru_cache(maxsize=16)
def full_shoe_chart(rs: RuleSet) -> Strategy:
    """The basic strategy derived for the full shoe of the rule set (cached with the full-shoe game; no round
    law is computed for it: `stored_summary.edge_summary`)."""
    data = edge_summary(rs)["strategy"]
    return Strategy(
        *(
            tuple(sorted((((kind, n), up), action) for kind, n, up, action in data[name]))
            for name in ("two_card", "later", "no_double")
        )
    )


def round_expectations(
    rules: RuleSet,
    shoe: tuple[int, ...],
    tens: tuple[int, ...] | None,
    strategies: tuple[str, ...],
    chart: Strategy | None = None,
) -> dict[str, Fraction]:
    """THE ADAPTER: the exact expectation of one round (per unit initial stake) dealt from `shoe`.

    `shoe` holds counts per value index, Aces first. There is one expectation under each of `strategies`:
    "optimal" (composition-dependent optimal play for this shoe, post-split play as the engine defines it) and
    "basic" (the fixed chart `chart`).
    `tens`: with a same-rank split rule, the ten-value cards of the shoe per rank 10, J, Q, K."""
    if rules.same_rank_tens and (tens is None or sum(tens) != shoe[TEN]):
        raise InputError("a same-rank split rule needs the shoe's tens per rank")
    ranked = () if tens is None else tens  # read only under a same-rank rule, which has them
    # The engine takes a shoe by values; with a same-rank rule the pair of tens is added back below.
    base = (
        replace(rules, same_rank_tens=False, split_values=rules.split_values - {10}) if rules.same_rank_tens else rules
    )
    out: dict[str, Fraction] = {}
    game = None
    if "optimal" in strategies:
        game = full_game(base, shoe=shoe)
        out["optimal"] = game.ev + (_ten_split_gain(rules, game, ranked) if rules.same_rank_tens else 0)
    if "basic" in strategies:
        if chart is None:
            raise InputError("the basic strategy needs its chart")
        out["basic"], _ = td_value(_fixed_game(rules, base, shoe, ranked, game), chart)
    return out


def _ten_cases(rules: RuleSet, tens: tuple[int, ...], up: int) -> tuple[tuple[int | None, Fraction], ...]:
    """`game.ten_pair_cases` when the rules split same-rank tens only, else no cases."""
    return ten_pair_cases(tens, up) if rules.same_rank_tens and 10 in rules.split_values else ()


def _ten_split_gain(rules: RuleSet, game: GameResult, tens: tuple[int, ...]) -> Fraction:
    """What splitting same-rank tens adds to a game computed with tens unsplittable (optimal play)."""
    probs = {up: p for up, p, _ in game.per_up}
    h = hand_of((TEN, TEN))
    gain = Fraction(0)
    for row in game.rows:
        if row.cards != (TEN, TEN):
            continue
        ev = game.evaluators[row.up]
        mixed = sum(
            (
                q * (row.ev if k is None else start_hand(ev, h, k, stand_always=False).ev)
                for k, q in _ten_cases(rules, tens, row.up)
            ),
            Fraction(0),
        )
        gain += probs[row.up] * row.prob * (mixed - row.ev)
    return gain


def _fixed_game(
    rules: RuleSet, base: RuleSet, shoe: tuple[int, ...], tens: tuple[int, ...], game: GameResult | None
) -> GameResult:
    """What the engine's fixed-strategy evaluation (`strategy.td_value`) reads: the up-cards' chances and
    evaluators, and per up-card every starting hand's cards and chance (the ten pair's same-rank cases),
    without solving the optimal play (reusing its evaluators when it was solved). The rows' action values
    are left unsolved (`_UNSOLVED`): `td_value` plays the chart on the evaluators and never reads them."""
    evaluators = game.evaluators if game is not None else {}
    per_up, rows = [], []
    for up, p_up, ev in up_card_evaluators(base, shoe):
        ev = evaluators.setdefault(up, ev)
        per_up.append((up, p_up, Fraction(0)))
        size = sum(ev.shoe)
        for a in range(10):
            for b in range(a, 10):
                ways = ev.shoe[a] * (ev.shoe[b] - (a == b)) * (1 if a == b else 2)
                if not ways:
                    continue
                cases = tuple((q, k, _UNSOLVED) for k, q in _ten_cases(rules, tens, up)) if a == b == TEN else ()
                rows.append(HandRow(up, (a, b), Fraction(ways, size * (size - 1)), _UNSOLVED, Fraction(0), cases))
    return GameResult(rules, Fraction(0), tuple(per_up), tuple(rows), (), evaluators)


#: The placeholder values of a row whose play is not solved (see `_fixed_game`).
_UNSOLVED = HandValues((), STAND, Fraction(0), Fraction(0))
