"""Blackjack's first decisions on any shoe composition, with the exact value of each permitted action.

They are every starting hand against every up-card, and insurance (reg 7(7)). A count's playing efficiency,
insurance correlation and index numbers are computed from them (`oddscalc/protect/correlations.py`, through
`api.composition_decisions`).

A composition hook (DEVELOPING.md) beside `composition.py`. Values are the engine's `full_game` rows for the shoe:
composition-dependent optimal play after the first action (post-split play as the rule set defines it). They are
per unit staked on the hand, the banker's second card still to come (no hole card). With a peek they count as
E[result; no banker blackjack], the engine's unnormalised values. The decision is never met when the banker has
one, so a difference of two actions is the gain per hand dealt. Under a same-rank split rule the ten pair's split
is left out (the engine values a shoe by card values; `composition.round_expectations` adds it to the round's
value).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from oddscalc.games.blackjack.exact.player import SPLIT, add, hand_of, total_of
from oddscalc.games.blackjack.game import HandRow, full_game
from oddscalc.games.blackjack.rules import ACE, TEN
from oddscalc.games.blackjack.shoe import LABELS
from oddscalc.games.blackjack.side import insurance_offered, insurance_win
from oddscalc.games.blackjack.wagers import effective_rules
from oddscalc.regulations.model import Wager

__all__ = ["DECLINE", "INSURANCE", "INSURE", "composition_decisions"]

INSURANCE, INSURE, DECLINE = "insurance", "insure", "decline"


def composition_decisions(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: Sequence[int]
) -> dict[str, tuple[str, Fraction, dict[str, Fraction]]]:
    """{decision: (group, chance, {action: exact value})} for the next round dealt from `counts`
    (`composition_kinds` order). A decision is a starting hand against an up-card with two or more actions,
    labelled like `T,6 v T`. Its group is `hard 16 v T`, `soft 18 v 9` or `pair 8 v T` (a pair that may be
    split), its chance that of being dealt (up-card, then the two cards). There is also `insurance` (group
    `insurance v A`: a player's two-card 21 against a banker's Ace, the only hand the law offers it to). It is
    valued per unit insurance stake at the wager's odds, `decline` 0.

    >>> d = composition_decisions((), {"decks": "1"}, (4, 4, 4, 4, 4, 4, 4, 4, 4, 16))
    >>> d["T,6 v T"][0], d["T,6 v T"][1], sorted(d["T,6 v T"][2])
    ('hard 16 v T', Fraction(16, 1105), ['hit', 'stand'])
    """
    rs = effective_rules(wagers, rules)
    shoe = tuple(counts[:9]) + (sum(counts[9:]),)
    base = replace(rs, same_rank_tens=False, split_values=rs.split_values - {10}) if rs.same_rank_tens else rs
    game = full_game(base, shoe=shoe)
    ups = {up: p for up, p, _ in game.per_up}
    out: dict[str, tuple[str, Fraction, dict[str, Fraction]]] = {}
    for row in game.rows:
        if len(row.values.actions) > 1:
            out[f"{_cards(row.cards)} v {LABELS[row.up]}"] = (
                _group(row),
                ups[row.up] * row.prob,
                dict(row.values.actions),
            )
    pays = next((w.pay() for w in wagers if w.param("kind") == "insurance"), None)
    if pays is not None and shoe[ACE] >= 2 and shoe[TEN] >= 1:
        p = insurance_win(add(add(shoe, ACE, -2), TEN, -1))
        out[INSURANCE] = ("insurance v A", insurance_offered(shoe), {INSURE: pays * p - (1 - p), DECLINE: Fraction(0)})
    return out


def _cards(cards: tuple[int, int]) -> str:
    """A starting hand as players write it: an Ace first, else the higher card first (A,7; T,6; 8,8)."""
    low, high = sorted(cards)
    return f"A,{LABELS[high]}" if low == ACE else f"{LABELS[high]},{LABELS[low]}"


def _group(row: HandRow) -> str:
    """`pair X v U` for a pair that may be split, else `hard N v U` or `soft N v U` (an Ace counted 11)."""
    up = LABELS[row.up]
    if SPLIT in dict(row.values.actions):
        return f"pair {LABELS[row.cards[0]]} v {up}"
    total, soft = total_of(hand_of(row.cards))
    return f"{'soft' if soft else 'hard'} {total} v {up}"
