"""Three Card Poker (reg 12 as inserted by SI 2002/1130): exact Ante/Play under optimal play, and Pair Plus.

`ante-play` is the Ante and Play game per unit Ante, the player playing exactly the hands whose exact
expectation beats folding; `pair-plus` is settled on the player's three cards alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import comb

import numpy as np

from oddscalc.core.distribution import Distribution
from oddscalc.core.progress import Progress
from oddscalc.games.poker.cards import FULL_DECK, RANK_CHARS, Deck
from oddscalc.games.poker.ranking import THREE_CATEGORIES, category_of, three_qualifier
from oddscalc.games.poker.tables import hand_table, rank_hands
from oddscalc.games.three_card_poker.counting import tcp_counts
from oddscalc.games.three_card_poker.strategy import TIE_BREAK, TcpPays, TcpResult, category_counts, evaluate
from oddscalc.regulations.model import Wager
from oddscalc.wager_results import Edge, Extra, GameAnalysis, WagerResult, edges_for

__all__ = [
    "ELEMENT_OF_RISK",
    "RULES",
    "TITLE",
    "HandDecision",
    "analyse",
    "decision_table",
    "hand_decision",
    "pays_of",
    "play_threshold",
]

TITLE = "Three Card Poker"
RULES = ()
ELEMENT_OF_RISK = "per unit total staked (Ante plus the average Play): the element of risk"

_BONUS_KEYS = {
    "straight": "bonus-straight",
    "three of a kind": "bonus-three-of-a-kind",
    "straight flush": "bonus-straight-flush",
}
_PAIR_PLUS_KEYS = {
    "pair": "pair",
    "flush": "flush",
    "straight": "straight",
    "three of a kind": "three-of-a-kind",
    "straight flush": "straight-flush",
}


def pays_of(w: Wager) -> TcpPays:
    """The Ante/Play odds read from the wager (so user pay tables apply)."""
    bonus = tuple(w.pay(_BONUS_KEYS[c]) if c in _BONUS_KEYS else Fraction(0) for c in THREE_CATEGORIES)
    return TcpPays(w.pay("ante-banker-not-qualifying"), w.pay("ante"), w.pay("play"), bonus)


def _ranks_text(deck: Deck, cards: tuple[int, ...]) -> str:
    return "-".join(
        sorted(
            (RANK_CHARS[deck.ranks[c // deck.suits]] for c in cards),
            key=lambda r: "23456789TJQKA".index(r),
            reverse=True,
        )
    )


def play_threshold(res: TcpResult, deck: Deck = FULL_DECK) -> tuple[str, int]:
    """The weakest hand played, and how many classes break the rule 'play exactly the hands at least as good'."""
    ordered = sorted(res.classes, key=lambda c: c[1])
    lowest = next((c for c in ordered if c[4]), None)
    if lowest is None:
        return "none", 0
    exceptions = sum(1 for c in ordered if c[4] != (c[1] >= lowest[1]))
    return _ranks_text(deck, lowest[0]), exceptions


def _strategy_extra(res: TcpResult, deck: Deck) -> Extra:
    """High-card hands near the threshold, one row per rank pattern, with the exact expectation of playing."""
    seen: dict[str, list] = {}
    for cards, value, weight, ev, plays in sorted(res.classes, key=lambda c: -c[1]):
        if category_of(value, 3) != 0:
            continue
        entry = seen.setdefault(_ranks_text(deck, cards), [Fraction(0), 0, set()])
        entry[0] += ev * weight
        entry[1] += weight
        entry[2].add(plays)
    keys = list(seen)
    first_fold = next((i for i, k in enumerate(keys) if seen[k][2] == {False}), len(keys))
    rows = []
    for k in keys[max(0, first_fold - 6) : first_fold + 6]:
        total, weight, decisions = seen[k]
        decision = "mixed" if len(decisions) > 1 else ("play" if True in decisions else "fold")
        rows.append((k, weight, total / weight, decision))
    return Extra(
        "Ante and Play: high-card hands around the playing threshold",
        ("hand (no pair, not all one suit)", "hands", "average expectation of playing per Ante", "decision"),
        tuple(rows),
        "The expectation of playing depends slightly on the suits (they change the banker's flushes); "
        "the average over the row's hands is shown, folding loses 1; " + TIE_BREAK + ".",
    )


def _ante_play(w: Wager) -> tuple[WagerResult, tuple[Extra, ...]]:
    deck = FULL_DECK
    counts = tcp_counts(deck)
    res = evaluate(counts, pays_of(w))
    dist = Distribution.from_weights(res.returns.items())
    p_play = Fraction(res.played, res.total)
    staked = 1 + p_play  # the Ante, and the Play wager (equal to it) on the hands played
    edges = edges_for(dist) + (Edge("element-of-risk", ELEMENT_OF_RISK, dist.house_edge / staked),)
    weakest, exceptions = play_threshold(res, deck)
    rule = f"play {weakest} or better, fold the rest" + (
        "" if not exceptions else f" ({exceptions} hand classes are exceptions)"
    )
    notes = (
        f"optimal strategy: {rule}",
        f"exact over {res.total:,} (player hand, banker hand) combinations = C(52,3) x C(49,3); "
        f"the player loses {-res.ev * res.total} units of Ante in all",
    )
    events = (("play", p_play),) + tuple((name, Fraction(n, res.total)) for name, n in res.outcomes)
    outcome_rows = tuple((ret, n, Fraction(n, res.total)) for ret, n in sorted(res.returns.items()))
    extras = (
        Extra(
            "Ante and Play: net return per unit Ante under the optimal strategy",
            ("net return per unit Ante", "combinations", "probability"),
            outcome_rows,
            f"{rule}; the Ante Bonus is paid whatever the banker holds once the player plays",
        ),
        _strategy_extra(res, deck),
    )
    return WagerResult(w, dist, edges, events, notes, stake=staked), extras


def _pair_plus(w: Wager) -> tuple[WagerResult, tuple[Extra, ...]]:
    counts = category_counts(tcp_counts(FULL_DECK))
    weights = {(w.pay(_PAIR_PLUS_KEYS[c]) if c in _PAIR_PLUS_KEYS else Fraction(-1)): 0 for c in counts}
    rows = []
    for c in reversed(THREE_CATEGORIES):
        ret = w.pay(_PAIR_PLUS_KEYS[c]) if c in _PAIR_PLUS_KEYS else Fraction(-1)
        weights[ret] += counts[c]
        rows.append((c, counts[c], Fraction(counts[c], sum(counts.values())), ret))
    dist = Distribution.from_weights(weights.items())
    extra = Extra(
        "Pair Plus: the player's three cards", ("hand", "combinations", "probability", "net return"), tuple(rows)
    )
    return WagerResult(
        w, dist, edges_for(dist), notes=(f"exact over the {sum(counts.values()):,} three-card hands",)
    ), (extra,)


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    results: list[WagerResult] = []
    extras: list[Extra] = []
    for w in wagers:
        if w.key == "ante-play":
            r, x = _ante_play(w)
        elif w.key == "pair-plus":
            r, x = _pair_plus(w)
        else:
            raise ValueError(f"three card poker has no wager {w.key!r}")
        results.append(r)
        extras.extend(x)
    assumptions = (
        "one 52-card pack shuffled before each hand; other players' cards are unseen and change no probability",
        "the player plays exactly when playing has the greater exact expectation given his three cards; " + TIE_BREAK,
        "equal hands (same ranks, suits never rank) void both Ante and Play, as in reg 8(11) for casino stud "
        "(the damaged reg 12 text shows no tie rule); the Ante Bonus is still paid",
        "A-2-3 is the lowest straight (the Ace counts one only to complete it, reg 12(1)(d)); Pair Plus is "
        "settled whether or not the player plays",
    )
    return GameAnalysis("three-card-poker", "", (), tuple(results), assumptions, tuple(extras))


@dataclass(frozen=True)
class HandDecision:
    """One three-card hand: the banker's hands by outcome and the exact expectations of playing and folding."""

    hand: str
    category: str
    no_qualify: int
    player_wins: int
    void: int
    banker_wins: int
    play_ev: Fraction
    fold_ev: Fraction

    @property
    def decision(self) -> str:
        return "play" if self.play_ev > self.fold_ev else "fold"


def hand_decision(w: Wager, hand: str, deck: Deck = FULL_DECK) -> HandDecision:
    """Exact expectations for `hand` (three cards), listing every banker hand of the other cards."""
    table = hand_table(deck, 3)
    cards_ = deck.hand(hand, 3)
    mask = sum(1 << c for c in cards_)
    masks = (np.int64(1) << table.cards.astype(np.int64)).sum(axis=1)
    banker = table.values[(masks & mask) == 0]
    v = int(rank_hands(deck, np.array([cards_]))[0])
    q = three_qualifier()
    nq = int((banker < q).sum())
    lt = int(((banker >= q) & (banker < v)).sum()) if v >= q else 0
    eq = int((banker == v).sum()) if v >= q else 0
    gt = len(banker) - nq - lt - eq
    p = pays_of(w)
    cat = int(category_of(v, 3))
    play = (p.ante_not_qualifying * nq + (p.ante + p.play) * lt - 2 * gt) / Fraction(len(banker)) + p.bonus[cat]
    return HandDecision(
        " ".join(deck.name(c) for c in cards_), THREE_CATEGORIES[cat], nq, lt, eq, gt, play, Fraction(-1)
    )


def _suit_images(hand: tuple[tuple[int, int], ...]) -> set[tuple[tuple[int, int], ...]]:
    """Every hand equal to `hand` up to relabelling the suits (cards as (rank 2..14, suit 0..3), sorted)."""
    return {tuple(sorted((r, p[s]) for r, s in hand)) for p in permutations(range(4))}


def decision_table(w: Wager, rules: dict[str, str]) -> dict[tuple[tuple[int, int], ...], str] | None:
    """The engine's optimal decision for every one of the C(52, 3) player hands, for simulators: key the hand's
    cards as sorted (rank 2..14, suit 0..3 for c, d, h, s) pairs, value "play" or "fold". Each of the engine's
    suit classes is spread over its hands (their number checked against the class size). None for Pair Plus,
    which has no decision."""
    if w.key != "ante-play":
        return None
    deck = FULL_DECK
    res = evaluate(tcp_counts(deck), pays_of(w))
    table: dict[tuple[tuple[int, int], ...], str] = {}
    for ids, _, weight, _, plays in res.classes:
        images = _suit_images(tuple((deck.ranks[c // deck.suits], c % deck.suits) for c in ids))
        if len(images) != weight:
            raise AssertionError(f"class of {ids} holds {weight} hands, not {len(images)}")
        table.update(dict.fromkeys(images, "play" if plays else "fold"))
    if len(table) != comb(deck.size, 3):
        raise AssertionError("the classes do not cover every hand once")
    return table
