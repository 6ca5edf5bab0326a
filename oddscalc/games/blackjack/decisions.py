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

`later_decisions` and `later_values` are the hit/stand decisions after the first two cards: every hand of three
or more cards the full shoe's play reaches, with its chance, and those hands' values on any other shoe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.games.blackjack.exact.player import HIT, SPLIT, STAND, DealerTable, Evaluator, add, hand_of, total_of
from oddscalc.games.blackjack.game import HandRow, full_game
from oddscalc.games.blackjack.hand import choose
from oddscalc.games.blackjack.rules import ACE, TEN, RuleSet
from oddscalc.games.blackjack.shoe import LABELS
from oddscalc.games.blackjack.side import insurance_offered, insurance_win
from oddscalc.games.blackjack.wagers import effective_rules
from oddscalc.regulations.model import Wager

__all__ = ["DECLINE", "INSURANCE", "INSURE", "composition_decisions", "later_decisions", "later_values"]

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
    base, shoe = _by_values(wagers, rules, counts)
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


def _by_values(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: Sequence[int]
) -> tuple[RuleSet, tuple[int, ...]]:
    """The rule set the engine values a shoe by card values under (a same-rank ten split left out) and the shoe."""
    rs = effective_rules(wagers, rules)
    shoe = tuple(counts[:9]) + (sum(counts[9:]),)
    base = replace(rs, same_rank_tens=False, split_values=rs.split_values - {10}) if rs.same_rank_tens else rs
    return base, shoe


def _later_label(h: tuple[int, ...], up: int) -> str:
    """A hand of three or more cards against an up-card: Aces first, then the cards high to low (`7,5,4 v T`)."""
    cards = [ACE] * h[ACE] + [c for c in range(9, 0, -1) for _ in range(h[c])]
    return f"{','.join(LABELS[c] for c in cards)} v {LABELS[up]}"


def _later_group(h: tuple[int, ...], up: int) -> str:
    total, soft = total_of(h)
    return f"{'soft' if soft else 'hard'} {total} v {LABELS[up]}"


def _is_decision(h: tuple[int, ...]) -> bool:
    """A hand with a choice between standing and hitting: hard 12-20 or soft 17-20 (below, hitting provably wins;
    on 21, standing)."""
    total, soft = total_of(h)
    return total < 21 and not (total <= 11 or (soft and total <= 16))


def later_decisions(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: Sequence[int]
) -> dict[str, tuple[str, Fraction, dict[str, Fraction]]]:
    """{decision: (group, chance, {stand, hit: exact value})}: every hand of three or more cards (no split
    hand) at which the player may stand or hit, reached on the shoe `counts` by its own full-shoe play.

    That play is `composition_decisions`' best action on two cards, then the better of standing and hitting
    (ties stand). The chance sums over the orders of the cards; values are as there (hit: optimal play after).

    A shoe of three 2s and six tens: against a ten T,2 stands and 2,2 hits, so T,2,2 comes only as 2,2 then a
    ten, with chance 6/9 x 3/8 x 2/7 x 5/6 = 5/84; standing on it beats hitting.

    >>> d = later_decisions((), {"decks": "1"}, (0, 3, 0, 0, 0, 0, 0, 0, 0, 6))
    >>> d["T,2,2 v T"]
    ('hard 14 v T', Fraction(5, 84), {'stand': Fraction(-3, 5), 'hit': Fraction(-1, 1)})
    """
    base, shoe = _by_values(wagers, rules, counts)
    game = full_game(base, shoe=shoe)
    ups = {up: p for up, p, _ in game.per_up}
    out: dict[str, tuple[str, Fraction, dict[str, Fraction]]] = {}
    for up, ev in game.evaluators.items():
        frontier: dict[tuple[int, ...], Fraction] = {}
        for row in game.rows:
            if row.up == up and row.values.best == HIT:
                h = hand_of(row.cards)
                frontier[h] = frontier.get(h, Fraction(0)) + ups[up] * row.prob
        reached: dict[tuple[int, ...], Fraction] = {}
        while frontier:  # one card more each pass: every order of a hand's cards sums into it
            nxt: dict[tuple[int, ...], Fraction] = {}
            for h, p in frontier.items():
                cards, size = ev.draws(h)
                for c, n in cards:
                    hc = add(h, c)
                    if total_of(hc)[0] >= 21:
                        continue
                    q = p * Fraction(n, size)
                    if _is_decision(hc):
                        reached[hc] = reached.get(hc, Fraction(0)) + q
                    if not _is_decision(hc) or _hit(ev, hc):
                        nxt[hc] = nxt.get(hc, Fraction(0)) + q
            frontier = nxt
        for h, p in reached.items():
            out[_later_label(h, up)] = (_later_group(h, up), p, {STAND: ev.stand(h), HIT: ev.hit_value(h)})
    return out


def _hit(ev: Evaluator, h: tuple[int, ...]) -> bool:
    return choose({STAND: ev.stand(h), HIT: ev.hit_value(h)}) == HIT


def later_values(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: Sequence[int], hands: Sequence[str]
) -> dict[str, tuple[str, dict[str, Fraction]]]:
    """{decision: (group, {stand, hit: exact value})} on the shoe `counts` for each of `hands` (labels of
    `later_decisions`, e.g. `7,5,4 v T`) that shoe can deal; the others are left out.

    The shoe above less a ten (the banker, ten up, now busts a 2 then a ten: 1 in 4), and one with two 2s,
    which cannot deal T,2,2,2:

    >>> later_values((), {"decks": "1"}, (0, 3, 0, 0, 0, 0, 0, 0, 0, 5), ["T,2,2 v T"])
    {'T,2,2 v T': ('hard 14 v T', {'stand': Fraction(-1, 2), 'hit': Fraction(-1, 1)})}
    >>> later_values((), {"decks": "1"}, (0, 2, 0, 0, 0, 0, 0, 0, 0, 6), ["T,2,2,2 v T"])
    {}
    """
    base, shoe = _by_values(wagers, rules, counts)
    by_up: dict[int, list[tuple[str, tuple[int, ...]]]] = {}
    for label in hands:
        h, up = _parse_later(label)
        if shoe[up] and all(n <= m for n, m in zip(add(h, up), shoe)):
            by_up.setdefault(up, []).append((label, h))
    out: dict[str, tuple[str, dict[str, Fraction]]] = {}
    for up, wanted in sorted(by_up.items()):
        ev = Evaluator(add(shoe, up, -1), up, base, DealerTable(up, base.hit_soft17))
        ev.dealer.fill([ev.wanted(ev.stand_plan([h for _, h in wanted]))], base.peek)  # banker values in a batch
        for label, h in wanted:
            out[label] = (_later_group(h, up), {STAND: ev.stand(h), HIT: ev.hit_value(h)})
    return out


def _parse_later(label: str) -> tuple[tuple[int, ...], int]:
    """(hand counts, up index) of a `later_decisions` label; refused (InputError) unless it is one."""
    cards, sep, up = label.partition(" v ")
    values = cards.split(",")
    if not sep or up not in LABELS or len(values) < 3 or any(v not in LABELS for v in values):
        raise InputError(f"decision {label!r}: allowed three or more cards and an up-card, like '7,5,4 v T'")
    h = hand_of(LABELS.index(v) for v in values)
    if not _is_decision(h):
        raise InputError(f"decision {label!r}: allowed a hard 12-20 or soft 17-20, where one may stand or hit")
    return h, LABELS.index(up)
