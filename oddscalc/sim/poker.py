"""Reference simulators for casino stud poker and Three Card Poker: cards dealt from a shuffled 52-card pack.

Hands are ranked here by two small plain-Python evaluators written from the law alone (Schedule 2 for five
cards, reg 12(1) as inserted in 2002 for three), apart from the engines' vectorised ranking and counting.
The player follows the exact engine's decision table (its output, read as data), as the issue asks; every
round is settled here from the cards dealt. Cards are (rank 2..14, suit 0..3) pairs, Ace 14.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import parse_meter
from oddscalc.sim.roundlog import STAKE, amount_text, wager_entry
from oddscalc.sim.rounds import Round, SimulationError

__all__ = [
    "FIVE_NAMES",
    "PACK",
    "THREE_NAMES",
    "jackpot_round",
    "pair_plus_round",
    "rank_five",
    "rank_three",
    "simulator",
    "stud_qualifies",
    "stud_round",
    "tcp_ante_play_round",
    "tcp_qualifies",
]

Card = tuple[int, int]
Value = tuple[int, tuple[int, ...]]  # (category index, tie-break ranks): larger is better, equal is a tie

PACK: tuple[Card, ...] = tuple((rank, suit) for rank in range(2, 15) for suit in range(4))

#: Schedule 2 para 2, lowest first; the royal flush ranked apart (para 2(a)).
FIVE_NAMES = (
    "no pair",
    "one pair",
    "two pairs",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
#: Reg 12(1)(c), lowest first: a straight beats a flush in three-card hands.
THREE_NAMES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")

#: The `ante` wager's Raise payout for each five-card category (reg 8(8)(b): "one pair or less" covers no pair).
RAISE_KEY = {
    "no pair": "one-pair-or-less",
    "one pair": "one-pair-or-less",
    "two pairs": "two-pairs",
    "three of a kind": "three-of-a-kind",
    "straight": "straight",
    "flush": "flush",
    "full house": "full-house",
    "four of a kind": "four-of-a-kind",
    "straight flush": "straight-flush",
    "royal flush": "royal-flush",
}
#: Reg 12(9): the Ante Bonus; reg 12(12): Pair Plus.
BONUS_KEY = {
    "straight": "bonus-straight",
    "three of a kind": "bonus-three-of-a-kind",
    "straight flush": "bonus-straight-flush",
}
PAIR_PLUS_KEY = {
    "pair": "pair",
    "flush": "flush",
    "straight": "straight",
    "three of a kind": "three-of-a-kind",
    "straight flush": "straight-flush",
}
#: Reg 8(11A)(e): the progressive jackpot's paying hands, by the payout keys of the wager.
JACKPOT_KEY = {
    "royal flush": "royal-flush",
    "straight flush": "straight-flush",
    "four of a kind": "four-of-a-kind",
    "full house": "full-house",
    "flush": "flush",
}

#: The Play wager equals the Ante (the wager as the project states it; its paragraph is lost from the 2002 copy).
PLAY_STAKE = 1


def _straight_top(ranks: Sequence[int]) -> int:
    """Top rank of a straight made by these distinct ranks (sorted descending), else 0; the Ace may count one
    to complete A-2-3-4-5 or A-2-3 (Sch 2 para 1, reg 12(1)(d)), which then ranks lowest."""
    k = len(ranks)
    if ranks[0] - ranks[-1] == k - 1:
        return ranks[0]
    if ranks[0] == 14 and list(ranks[1:]) == list(range(k, 1, -1)):
        return k
    return 0


def _groups(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, ranks) of the hand's groups of equal ranks, larger groups first, then higher ranks."""
    count: dict[int, int] = {}
    for r, _ in cards:
        count[r] = count.get(r, 0) + 1
    order = sorted(count.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(n for _, n in order), tuple(r for r, _ in order)


def rank_five(cards: Sequence[Card]) -> Value:
    """A five-card hand's value under Schedule 2: equal hands (suits never rank) get equal values."""
    sizes, ranks = _groups(cards)
    flush = len({s for _, s in cards}) == 1
    top = _straight_top(ranks) if len(ranks) == 5 else 0
    if top:
        cat = (9 if top == 14 else 8) if flush else 4
        return cat, (top,)
    if flush:
        return 5, ranks
    cat = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(sizes, 0)
    return cat, ranks


def rank_three(cards: Sequence[Card]) -> Value:
    """A three-card hand's value under reg 12(1): straight flush, three of a kind, straight, flush, pair, high."""
    sizes, ranks = _groups(cards)
    flush = len({s for _, s in cards}) == 1
    top = _straight_top(ranks) if len(ranks) == 3 else 0
    if top:
        return (5 if flush else 3), (top,)
    if sizes[0] == 3:
        return 4, ranks
    if flush:
        return 2, ranks
    return (1 if sizes[0] == 2 else 0), ranks


def stud_qualifies(value: Value) -> bool:
    """Reg 8(9): "Ace/King or better", a hand holding an Ace and a King, or any better hand."""
    cat, ranks = value
    return cat > 0 or (ranks[0] == 14 and ranks[1] == 13)


def tcp_qualifies(value: Value) -> bool:
    """Reg 12(8): the banker plays with a Queen or better (Queen-high, or any pair or better hand)."""
    cat, ranks = value
    return cat > 0 or ranks[0] >= 12


_RANK_TEXT = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}


def card_names(cards: Sequence[Card]) -> list[str]:
    """Cards as a round log writes them: rank then suit, e.g. 'Th', 'As'."""
    return [_RANK_TEXT[r] + "cdhs"[s] for r, s in cards]


def _two_wagers(record: dict | None, player, banker, parts: tuple, bet: str, ratio: int) -> Fraction:
    """The net per unit Ante of an Ante and a second wager (`bet`, `ratio` times the Ante, None when the player
    folded); given a record, the hand's log record: both hands, the decision, the two wagers."""
    if record is not None:
        record.update(
            {
                "player": card_names(player),
                "banker": card_names(banker),
                "decision": "fold" if parts[1] is None else bet,
                "wagers": [wager_entry("ante", parts[0])],
            }
        )
        if parts[1] is not None:
            record["wagers"].append(wager_entry(bet, parts[1], STAKE * ratio))
    return parts[0] + (0 if parts[1] is None else ratio * parts[1])


def stud_round(
    w: Wager,
    rng: random.Random,
    table,
    qualifies: Callable[[Value], bool] = stud_qualifies,
    rank: Callable[[Sequence[Card]], Value] = rank_five,
    record: dict | None = None,
) -> Fraction:
    """One hand of Ante and Raise, net per unit Ante: five cards each, the banker's fifth face up (reg 8(1)(e));
    fold loses the Ante (reg 8(7)); a banker without Ace/King or better pays the Ante only (8(8)(a)); else the
    better hand wins both, the Raise paid by the player's hand (8(8)(b), (10)); equal hands void (8(11))."""
    deal = rng.sample(PACK, 10)
    player, banker = deal[:5], deal[5:]
    mine = rank(player)
    raise_stake = int(w.param("raise", 2))
    if not table.decide(tuple(player), banker[4], FIVE_NAMES[mine[0]]):
        parts = (Fraction(-1), None)
    else:
        theirs = rank(banker)
        if not qualifies(theirs):
            parts = (w.pay("ante"), Fraction(0))
        elif mine > theirs:
            parts = (w.pay("ante"), w.pay(RAISE_KEY[FIVE_NAMES[mine[0]]]))
        elif mine == theirs:
            parts = (Fraction(0), Fraction(0))
        else:
            parts = (Fraction(-1), Fraction(-1))
    return _two_wagers(record, player, banker, parts, "raise", raise_stake)


def jackpot_round(
    w: Wager,
    rng: random.Random,
    meter: Fraction,
    stake_returned: bool,
    rank: Callable[[Sequence[Card]], Value] = rank_five,
    record: dict | None = None,
) -> Fraction:
    """The 1-unit progressive jackpot wager (reg 8(11A)(e)), on the player's own five cards: a payout in
    "meter" units is that share of the meter, one in "stake" units that multiple of the wager."""
    cards = rng.sample(PACK, 5)
    name = FIVE_NAMES[rank(cards)[0]]
    if name not in JACKPOT_KEY:
        result = Fraction(-1)
    else:
        key = JACKPOT_KEY[name]
        unit = next(p.unit for p in w.payouts if p.key == key)
        won = w.pay(key) * (meter if unit == "meter" else 1)
        result = won - (0 if stake_returned else 1)
    if record is not None:
        record.update(
            {"player": card_names(cards), "meter": amount_text(meter), "wagers": [wager_entry(w.key, result, stake=1)]}
        )
    return result


def tcp_ante_play_round(
    w: Wager,
    rng: random.Random,
    table: dict,
    rank: Callable[[Sequence[Card]], Value] = rank_three,
    qualifies: Callable[[Value], bool] = tcp_qualifies,
    record: dict | None = None,
) -> Fraction:
    """One hand of Ante and Play, net per unit Ante: fold loses the Ante; playing, the Ante Bonus is paid on
    the player's hand (reg 12(9)); a banker without a Queen or better pays the Ante and returns the Play; else the
    better hand wins both (12(8)(b), (10)); equal hands void both (the engine's stated assumption)."""
    deal = rng.sample(PACK, 6)
    player, banker = deal[:3], deal[3:]
    if table[tuple(sorted(player))] != "play":
        parts = (Fraction(-1), None)
    else:
        mine, theirs = rank(player), rank(banker)
        name = THREE_NAMES[mine[0]]
        bonus = w.pay(BONUS_KEY[name]) if name in BONUS_KEY else Fraction(0)
        if not qualifies(theirs):
            parts = (w.pay("ante-banker-not-qualifying") + bonus, Fraction(0))
        elif mine > theirs:
            parts = (w.pay("ante") + bonus, w.pay("play"))
        elif mine == theirs:
            parts = (bonus, Fraction(0))
        else:
            parts = (-1 + bonus, Fraction(-1))
    return _two_wagers(record, player, banker, parts, "play", PLAY_STAKE)


def pair_plus_round(
    w: Wager, rng: random.Random, rank: Callable[[Sequence[Card]], Value] = rank_three, record: dict | None = None
) -> Fraction:
    """Pair Plus on the player's three cards (reg 12(12), (13)): pays by the hand, loses without a pair."""
    cards = rng.sample(PACK, 3)
    name = THREE_NAMES[rank(cards)[0]]
    result = w.pay(PAIR_PLUS_KEY[name]) if name in PAIR_PLUS_KEY else Fraction(-1)
    if record is not None:
        record.update({"player": card_names(cards), "wagers": [wager_entry(w.key, result)]})
    return result


def simulator(w: Wager, rules: dict[str, str], table=None) -> Round:
    """A one-round function for wager `w`; Ante/Raise and Ante/Play follow the engine's decision `table`."""
    if w.game == "casino-stud-poker" and w.key == "ante":
        if table is None:
            raise SimulationError("casino stud poker's Ante needs the exact engine's decision table")
        return lambda wager, rng, record=None: stud_round(wager, rng, table, record=record)
    if w.game == "casino-stud-poker" and w.key == "progressive-jackpot":
        meter = parse_meter(rules.get("meter", "100000"))  # reading the rule is not playing the game
        stake = rules.get("jackpot-stake", "forfeited")  # a choice api.resolve_rules has already checked
        return lambda wager, rng, record=None: jackpot_round(wager, rng, meter, stake == "returned", record=record)
    if w.game == "three-card-poker" and w.key == "ante-play":
        if table is None:
            raise SimulationError("Three Card Poker's Ante and Play needs the exact engine's decision table")
        return lambda wager, rng, record=None: tcp_ante_play_round(wager, rng, table, record=record)
    if w.game == "three-card-poker" and w.key == "pair-plus":
        return lambda wager, rng, record=None: pair_plus_round(wager, rng, record=record)
    raise SimulationError(f"no poker simulator for {w.game!r} wager {w.key!r}")
