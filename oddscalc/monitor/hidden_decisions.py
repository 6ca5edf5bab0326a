"""Three Card Poker and casino stud decisions that use the banker's hidden cards: an exact e-process per player.

What the player may see. A single pack is shuffled before each hand (SI 1994/2899 reg 12(1)(b), inserted by SI
2002/1130). The player decides to play (a Play wager equal to his Ante) or fold on his own three cards. The
banker's hand settles the Ante and Play after that decision, his own hand "being revealed" then (reg 12(8)(b),
(9), (10)). The paragraphs on the deal are lost from the damaged 2002 copy. The banker's three cards are read as face
down until the players have decided, as reg 8(1)(e) deals every casino stud card but the banker's fifth.

The book decision is the one with the greater exact expectation given his three cards (api.hand_decision; equal
expectations fold). A departure folds a hand the book plays, or plays one it folds. Its gain G is his result per
unit Ante less the book's, a function of the banker's hand. Folding loses the Ante (-1). Playing returns r = 1,
2, 0 or -2 (banker not qualifying, player winning, equal hands, banker winning), plus any Ante Bonus (reg
12(9)). So G = -(1 + r) for a fold and 1 + r for a play.

H0 (NULL_HYPOTHESIS): given his own three cards, his decision is independent of the banker's three cards.
Under H0 the banker's hand is uniform over the C(49, 3) = 18,424 hands of the cards he does not hold, whatever he
decides. So G's conditional law is exact (GainLaw, Fractions), with mean m <= 0 and variance v.

The e-process: for each bet b of BETS a departure's factor is 1 + l (G - m) / s. Here s is sqrt(v) rounded to a
binary fraction, and l = min(b, s / (2 (m - min G))), so the factor is at least 1/2 on every outcome. The cap
comes from his cards alone. Under H0 the factor's conditional mean is exactly 1; a round without a departure has
factor 1. Every product of factors from any start is then a test martingale, and detector.py's CUSUM keeps its
guarantee. The horizon counts departures; a horizon of N rounds bounds N departures, so it is also valid.

Casino stud poker (StudBook) is the same test. The player sees his five cards and the banker's fifth, dealt face
up (reg 8(1)(e)); the banker's four others stay face down. He raises (twice his Ante, reg 8(6)) or folds and
surrenders the Ante (reg 8(7)). His gain's law runs over the C(46, 4) = 163,185 sets of the banker's hidden cards.

Who is not flagged: a player who plays by the book accrues nothing. One whose departures follow anything but the
banker's cards is flagged at most at the level: a hunch, a fixed rule of his own (play every hand, mimic the
dealer's Queen-high), his past results. Who is: one whose departures gain on the banker's cards (a flashed card,
a dealer's signal).

What the test cannot see: what he saw, only the departures it made worth while; one who sees the banker's cards
seldom departs seldom, and is flagged late. It weighs his gain given his own cards only, so a player who also sees
a neighbour's cards (a seat shared, a colluding player) breaks H0 too, weakly. It tests his decisions, not his
stakes, and not the Pair Plus, which his decision does not touch.

>>> law = Book(ante_play()).law("Qs 6d 4c")  # the weakest hand the book plays (Wizard of Odds)
>>> law.book, law.hands, law.mean == -1 - api.hand_decision(ante_play(), "Qs 6d 4c").play_ev
('play', 18424, True)
>>> law.gain("banker wins")  # he folded and saved the Play wager and the Ante's second unit
Fraction(1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations
from typing import Protocol, cast

import numpy as np

from oddscalc import api
from oddscalc.core.errors import CardError, InputError
from oddscalc.monitor.detector import first_crossing, log_threshold, update
from oddscalc.regulations.model import Wager
from oddscalc.verify.card_codes import CARD_CODES, NO_SUIT, POKER_RANK, RANK_NAMES, SUIT_NAMES, SUIT_OF
from oddscalc.verify.poker import FIVE, five_value, three_value

__all__ = [
    "BETS",
    "NULL_HYPOTHESIS",
    "OUTCOMES",
    "Book",
    "DecisionEvidence",
    "GainLaw",
    "Round",
    "StudBook",
    "ante_play",
    "banker_outcome",
    "stud_outcome",
]

#: The bets b of the e-process (each capped per hand so that a factor is at least 1/2).
BETS = (Fraction(1), Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 16))
#: The banker's hand against the player's, as it settles a Play (reg 12(8), (10); equal hands void both wagers).
OUTCOMES = ("banker does not qualify", "player wins", "void (equal hands)", "banker wins")
#: The test's null hypothesis, for an evidence page.
NULL_HYPOTHESIS = (
    "given what he may see (his own cards, and at casino stud the banker's up-card), the player's decision to bet"
    " or fold is independent of the banker's cards the law keeps face down until the players have decided."
)
#: A round as the test reads it: the player's three cards, the banker's three, his decision ("play" or "fold").
Round = tuple[Sequence[str], Sequence[str], str]
#: Reg 12(8): the banker plays with Queen-high or better.
_QUEEN = 12
#: Reg 8(8)(b): the Raise's odds by the player's hand, as the wager names them.
_RAISE_KEYS = {"no pair": "one-pair-or-less", "one pair": "one-pair-or-less"}
_BONUS_KEYS = {
    "straight": "bonus-straight",
    "three of a kind": "bonus-three-of-a-kind",
    "straight flush": "bonus-straight-flush",
}


class _StudTable(Protocol):
    """Casino stud poker's decision table (`api.decision_table`): raise the hand against the banker's up-card?"""

    def decide(self, hand: tuple[tuple[int, int], ...], up: tuple[int, int], category: str) -> bool: ...


def ante_play(version: str = "2002", pay: Mapping[str, str] | None = None) -> Wager:
    """Three Card Poker's Ante and Play wager under `version`, with any pay overrides."""
    return next(w for w in api.wagers("three-card-poker", version, pay) if w.key == "ante-play")


@dataclass(frozen=True)
class GainLaw:
    """A departure's gain G on one player hand: its value and banker hands (of `hands`) on each outcome, exact.

    `book` is the decision the book takes on the hand; the departure is the other one. `bets` are BETS capped
    for this hand; `scale` is s, the standard deviation rounded to a binary fraction."""

    cards: str
    book: str
    hands: int
    gains: tuple[Fraction, ...]  # indexed like OUTCOMES
    counts: tuple[int, ...]
    mean: Fraction
    variance: Fraction
    scale: Fraction
    bets: tuple[Fraction, ...]
    logs: tuple[tuple[float, ...], ...]  # per outcome, the log of each bet's factor (floats)

    def gain(self, outcome: str) -> Fraction:
        return self.gains[_outcome_index(outcome)]

    def factors(self, outcome: str) -> tuple[Fraction, ...]:
        """The departure's factor 1 + l (G - m) / s for each bet, exactly, when the banker's hand gives `outcome`."""
        u = (self.gain(outcome) - self.mean) / self.scale
        return tuple(1 + bet * u for bet in self.bets)


def _outcome_index(outcome: str) -> int:
    if outcome not in OUTCOMES:
        raise InputError(f"banker outcome {outcome!r} is not one of: {', '.join(OUTCOMES)}")
    return OUTCOMES.index(outcome)


def _codes(cards: Sequence[str]) -> tuple[int, ...]:
    """Card codes of a hand written as a log writes it, each card with its suit."""
    out = []
    for c in cards:
        code = CARD_CODES.get(c.strip())
        if code is None or SUIT_OF[code] == NO_SUIT:
            raise CardError(f"cannot read card {c!r}: write a rank and a suit, e.g. 'As' or '10h'")
        out.append(code)
    return tuple(out)


def _key(codes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The hand's suit class: the least relabelling of its suits, (rank, suit) pairs sorted."""
    cards = [(POKER_RANK[c], SUIT_OF[c]) for c in codes]
    return min(tuple(sorted((r, p[s]) for r, s in cards)) for p in permutations(range(4)))


@dataclass(frozen=True)
class DecisionEvidence:
    """A player's evidence over his rounds: the CUSUM's statistic after each round, its threshold, the round it
    first reached the threshold (0-based, None if never), and how many rounds departed from the book."""

    top: np.ndarray
    threshold: float
    flagged_at: int | None
    departures: int


class _Departures:
    """What the two games' books share: each round's log factors, and the CUSUM over them."""

    decisions: tuple[str, str]  # (the bet, fold)

    def _departure(self, rnd: Round) -> tuple[GainLaw, str] | None:
        """The departure's law and the banker's outcome, or None when the round's decision is the book's."""
        raise NotImplementedError

    def log_factors(self, rounds: Sequence[Round]) -> np.ndarray:
        """The log factors (bets x rounds, floats) of rounds given as (player's cards, banker's cards, decision).

        A round whose decision is the book's adds 0."""
        return self._scored(rounds)[0]

    def evidence(self, rounds: Sequence[Round], level: float, horizon: float) -> DecisionEvidence:
        """detector.py's CUSUM over BETS on the rounds' log factors: a false alarm within `horizon` departures has
        chance at most `level`.

        >>> e = Book(ante_play()).evidence([(["2c", "3d", "7h"], ["Jd", "9d", "4s"], "play")], 0.01, 1000)
        >>> e.departures, e.flagged_at, bool(e.top[0] > 0)  # he played 7-3-2 against a banker who did not qualify
        (1, None, True)
        """
        z, departures = self._scored(rounds)
        _, top = update(np.zeros(z.shape[0]), z)
        threshold = log_threshold(z.shape[0], horizon, level)
        return DecisionEvidence(top, threshold, first_crossing(top, threshold), departures)

    def _scored(self, rounds: Sequence[Round]) -> tuple[np.ndarray, int]:
        z = np.zeros((len(BETS), len(rounds)))
        departures = 0
        for i, rnd in enumerate(rounds):
            found = self._departure(rnd)
            if found is not None:
                z[:, i] = found[0].logs[_outcome_index(found[1])]
                departures += 1
        return z, departures

    def _checked(self, rnd: Round, size: int) -> None:
        player, banker, decision = rnd
        if decision not in self.decisions:
            raise InputError(f"decision {decision!r} is not allowed: {' or '.join(self.decisions)}")
        if len(banker) != size or set(player) & set(banker):
            raise CardError(
                f"the banker's {' '.join(banker)}: give {size} cards, none of them the player's {' '.join(player)}"
            )


class Book(_Departures):
    """Three Card Poker's book under one Ante and Play wager, and the departures' gain laws, cached per hand (at
    most C(52, 3) = 22,100 hands and 1,755 suit classes: the law depends on the suits only up to relabelling)."""

    decisions = ("play", "fold")

    def __init__(self, wager: Wager) -> None:
        self.wager = wager
        self._hands: dict[tuple[str, ...], GainLaw] = {}
        self._classes: dict[tuple[tuple[int, int], ...], GainLaw] = {}

    def law(self, cards: str | Sequence[str]) -> GainLaw:
        """The exact law of a departure's gain on the player's three cards ("Qs 6d 4c", or a list of cards)."""
        given = cards.replace(",", " ").split() if isinstance(cards, str) else cards
        parts = tuple(sorted(given))
        found = self._hands.get(parts)
        if found is None:
            codes = _codes(parts)
            if len(codes) != 3 or len(set(codes)) != 3:
                raise CardError(f"{' '.join(given)!r}: give exactly 3 different cards")
            key = _key(codes)
            found = self._classes.get(key)
            if found is None:
                found = self._classes[key] = _class_law(self.wager, key)
            self._hands[parts] = found
        return found

    def _departure(self, rnd: Round) -> tuple[GainLaw, str] | None:
        self._checked(rnd, 3)
        player, banker, decision = rnd
        law = self.law(player)
        return None if decision == law.book else (law, banker_outcome(player, banker))

    def seeing_drift(self) -> tuple[float, ...]:
        """Per bet, the expected log factor per hand of a player who sees the banker's cards and departs exactly
        when that gains, over every hand of the pack (floats; the laws exact).

        The plan for him: the CUSUM crosses its threshold h after about h / max(drift) hands (Wald), and after
        1 / q times as many if he sees them in a share q of hands.

        >>> drift = Book(ante_play()).seeing_drift()
        >>> len(drift) == len(BETS) and min(drift) > 0
        True
        """
        total = np.zeros(len(BETS))
        pack = [r + s for r in RANK_NAMES for s in SUIT_NAMES]
        hands = 0
        for cards in combinations(pack, 3):
            law = self.law(cards)
            hands += 1
            for gain, n, logs in zip(law.gains, law.counts, law.logs):
                if gain > 0 and n:
                    total += n * np.array(logs) / law.hands
        return tuple(float(x) for x in total / hands)


def _class_law(wager: Wager, key: tuple[tuple[int, int], ...]) -> GainLaw:
    text = " ".join(_card_text(r, s) for r, s in key)
    d = api.hand_decision(wager, text)
    bonus = wager.pay(_BONUS_KEYS[d.category]) if d.category in _BONUS_KEYS else Fraction(0)
    plays = (wager.pay("ante-banker-not-qualifying"), wager.pay("ante") + wager.pay("play"), Fraction(0), Fraction(-2))
    counts = (d.no_qualify, d.player_wins, d.void, d.banker_wins)
    return _gain_law(text, d.decision, counts, tuple(r + bonus for r in plays), d.play_ev, d.fold_ev)


def _card_text(rank: int, suit: int) -> str:
    return RANK_NAMES[0 if rank == 14 else rank - 1] + SUIT_NAMES[suit]


def _gain_law(
    text: str, book: str, counts: tuple[int, ...], results: tuple[Fraction, ...], bet_ev: Fraction, fold_ev: Fraction
) -> GainLaw:
    """The gain's law from the banker's hands on each outcome and the player's result on each if he bets."""
    hands = sum(counts)
    if sum((r * n for r, n in zip(results, counts)), Fraction(0)) != bet_ev * hands:
        raise AssertionError(f"{text}: the outcomes' results do not give the engine's expectation of betting")
    sign = 1 if book == "fold" else -1  # the departure bets on a hand the book folds, or folds one it bets
    gains = tuple(sign * (r - fold_ev) for r in results)
    mean = sum((g * n for g, n in zip(gains, counts)), Fraction(0)) / hands
    variance = sum(((g - mean) ** 2 * n for g, n in zip(gains, counts)), Fraction(0)) / hands
    scale = Fraction(math.sqrt(variance)) if variance else Fraction(1)
    worst = mean - min(g for g, n in zip(gains, counts) if n)
    bets = tuple(min(b, scale / (2 * worst)) if worst else Fraction(0) for b in BETS)
    # an outcome no banker hand gives (a card dealt twice) gets the least float, as the hold test's do
    logs = tuple(tuple(math.log(max(float(1 + b * (g - mean) / scale), 1e-300)) for b in bets) for g in gains)
    return GainLaw(text, book, hands, gains, counts, mean, variance, scale, bets, logs)


class StudBook(_Departures):
    """Casino stud poker's book: raise or fold on five cards against the banker's up-card (reg 8(1)(e), (6), (7)),
    from the engine's exact decision table; a departure's gain law is computed exactly when he departs.

    The banker's four other cards are face down until the players have decided (reg 8(1)(e)); under H0 they are
    uniform over the C(46, 4) = 163,185 sets of the cards unseen. A round is (his five cards, the banker's five with
    the up-card last, "raise" or "fold"). The Progressive Jackpot (reg 8(11A)) is not weighed.

    >>> book = StudBook()
    >>> law = book.law("As Kd 7c 5h 2s", "9c")  # A-K high, folded by the book against a 9
    >>> law.book, law.hands, law.gain("banker does not qualify")  # raising would have won the Ante
    ('fold', 163185, Fraction(2, 1))
    """

    decisions = ("raise", "fold")

    def __init__(self, version: str = "2002", pay: Mapping[str, str] | None = None) -> None:
        self.wager = next(w for w in api.wagers("casino-stud-poker", version, pay) if w.key == "ante")
        self.table = cast(_StudTable, api.decision_table("casino-stud-poker", version, "ante", pay=pay, custom=True))
        self._laws: dict[tuple[tuple[str, ...], str], GainLaw] = {}

    def book(self, cards: Sequence[str], up: str) -> str:
        """The book's decision on five cards against the up-card, from the engine's decision table."""
        codes = _codes(cards)
        up_code = _codes([up])[0]
        hand = tuple((POKER_RANK[c], SUIT_OF[c]) for c in codes)
        category = FIVE[five_value(list(codes))[0]]
        return "raise" if self.table.decide(hand, (POKER_RANK[up_code], SUIT_OF[up_code]), category) else "fold"

    def law(self, cards: str | Sequence[str], up: str) -> GainLaw:
        """The exact law of a departure's gain on five cards against the up-card (about half a second each)."""
        given = tuple(cards.replace(",", " ").split() if isinstance(cards, str) else cards)
        codes = _codes(given + (up,))
        if len(codes) != 6 or len(set(codes)) != 6:
            raise CardError(f"{' '.join(given)!r} against {up!r}: give 5 different cards and another up-card")
        key = (tuple(sorted(given)), up)
        found = self._laws.get(key)
        if found is None:
            text = " ".join(given)
            d = api.hand_decision(self.wager, text, up)
            raise_odds = self.wager.pay(_RAISE_KEYS.get(d.category, d.category.replace(" ", "-")))
            ante = self.wager.pay("ante")
            results = (ante, ante + 2 * raise_odds, Fraction(0), Fraction(-3))
            counts = (d.no_qualify, d.player_wins, d.void, d.banker_wins)
            found = self._laws[key] = _gain_law(text, d.decision, counts, results, d.raise_ev, d.fold_ev)
        return found

    def _departure(self, rnd: Round) -> tuple[GainLaw, str] | None:
        self._checked(rnd, 5)
        player, banker, decision = rnd
        if decision == self.book(player, banker[-1]):
            return None
        law = self.law(player, banker[-1])
        if law.book == decision:
            raise AssertionError(f"{' '.join(player)}: the decision table and the engine's values disagree")
        return law, stud_outcome(player, banker)


def stud_outcome(player: Sequence[str], banker: Sequence[str]) -> str:
    """How the banker's five cards settle a Raise against the player's (reg 8(8), (10), (11)): the banker
    qualifies with Ace/King or better.

    >>> stud_outcome("As Kd 7c 5h 2s".split(), "Ah Qd 9c 5c 3d".split())
    'banker does not qualify'
    """
    mine, theirs = five_value(list(_codes(player))), five_value(list(_codes(banker)))
    if theirs[0] == 0 and theirs[1][:2] != (14, 13):
        return OUTCOMES[0]
    return OUTCOMES[1] if mine > theirs else OUTCOMES[2] if mine == theirs else OUTCOMES[3]


def banker_outcome(player: Sequence[str], banker: Sequence[str]) -> str:
    """How the banker's hand settles a Play against the player's (reg 12(8), (10)), from the cards.

    >>> banker_outcome(["Qs", "6d", "4c"], ["Jh", "9h", "2c"]), banker_outcome(["Qs", "6d", "4c"], ["Ah", "2h", "3c"])
    ('banker does not qualify', 'banker wins')
    """
    mine, theirs = three_value(list(_codes(player))), three_value(list(_codes(banker)))
    if theirs[0] == 0 and theirs[1][0] < _QUEEN:
        return OUTCOMES[0]
    return OUTCOMES[1] if mine > theirs else OUTCOMES[2] if mine == theirs else OUTCOMES[3]
