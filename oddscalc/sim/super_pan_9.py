"""The reference simulator for Super Pan 9 (regs 9 and 10), written from the law apart from the engines.

Cards are dealt from a shuffled shoe without 7s to 10s, three to each hand and a fourth as the rules say.

The player follows the exact engine's decision table (its output, read as data). The House, holding the bank, draws
by reg 9(2)(g). A player holding the bank plays as his table says, and a levy is charged on his winnings (reg 10).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import removed_cards
from oddscalc.sim.baccarat import check_full_packs, deplete, shoe_rounds
from oddscalc.sim.card_draws import draw_cards
from oddscalc.sim.log_lines import STAKE, amount_text, wager_entry
from oddscalc.sim.round_function import Round, SimulationError
from oddscalc.sim.shoe_dealing import Dealing, ShoeRounds
from oddscalc.sim.shuffle_models import factory_order

__all__ = [
    "RANKS",
    "house_draws",
    "shoe_simulator",
    "simulator",
    "super_pan_9_bank_round",
    "super_pan_9_coup",
    "super_pan_9_labels",
    "super_pan_9_round",
    "super_pan_9_shoe",
]

#: The ranks of a Super Pan 9 pack (reg 9(2)(b): the sevens, eights, nines and tens removed).
RANKS = ("A", "2", "3", "4", "5", "6", "J", "Q", "K")


def super_pan_9_shoe(decks: int) -> list[int]:
    """Values of `decks` packs less 7s-10s: Ace 1, 2-6 face value, court cards 0 (36 cards a pack)."""
    return [v for _ in range(decks) for v in [1, 2, 3, 4, 5, 6] * 4 + [0] * 12]


def super_pan_9_labels(decks: int) -> list[str]:
    """The names of the cards of `super_pan_9_shoe(decks)`, position by position, each with its suit (court cards
    J, Q, K).

    >>> super_pan_9_labels(1)[:2], super_pan_9_labels(1)[24:26]
    (['Ac', '2c'], ['Jc', 'Qc'])
    """
    low = [f"{r}{s}" for s in "cdhs" for r in ("A", "2", "3", "4", "5", "6")]
    courts = [f"{r}{s}" for s in "cdhs" for r in ("J", "Q", "K")]
    return [x for _ in range(decks) for x in low + courts]


def house_draws(point: int) -> bool:
    """The House, if banker, draws a fourth card on 5 or less and stands on 6 or more (reg 9(2)(g))."""
    return point <= 5


def super_pan_9_round(
    w: Wager,
    rng: random.Random,
    shoe: list[int],
    strategy,
    labels: list[str] | None = None,
    record: dict | None = None,
    banker_rule=house_draws,
    replace: bool = False,
) -> Fraction:
    """One round against the House's bank from a freshly shuffled `shoe`.

    Eight cards are drawn: three each, and a fourth for each hand, used if it draws. `replace`: its eight cards
    drawn with replacement (the infinite-shoe model that rule model=infinite asks for)."""
    cards, names = draw_cards(rng, shoe, 8, replace, labels=None if record is None else labels)
    shown: list[str] | list[None] = names or [None] * 8
    return super_pan_9_coup(w, lambda i: (cards[i], shown[i]), strategy, record, banker_rule)


def super_pan_9_coup(w: Wager, card, strategy, record: dict | None = None, banker_rule=house_draws) -> Fraction:
    """One round against the House's bank, `card(i)` giving card i as (value, name): 0-2 the player's, 3-5 the
    banker's, 6 the player's fourth, 7 the banker's fourth, asked for in that order and only when drawn."""
    dealt = [card(i) for i in range(6)]
    player, banker = dealt[0:3], dealt[3:6]
    if strategy(tuple(sorted(v for v, _ in player))):
        player = player + [card(6)]
    if banker_rule(sum(v for v, _ in banker) % 10):
        banker = banker + [card(7)]
    p, b = sum(v for v, _ in player) % 10, sum(v for v, _ in banker) % 10
    if w.key == "tie":
        result = w.pay() if p == b else Fraction(-1)
    elif p == b:
        result = Fraction(0)
    else:
        result = w.pay() if p > b else Fraction(-1)
    if record is not None:
        record["bank"] = "house"
        record["player"] = [name for _, name in player]
        record["banker"] = [name for _, name in banker]
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def super_pan_9_bank_round(
    w: Wager, rng: random.Random, shoe: list[int], table, record: dict | None = None, labels: list[str] | None = None
) -> Fraction:
    """A player's bank against `table.hands` hands; hand 0 carries any House wager (reg 9(11)).

    Each gets three cards, then every hand's fourth card in turn as its play says, the bank's last (reg 9(2)(h),
    9(8)). Wagers pay 1 to 1 (reg 9(9)(b)), with a levy on the bank's net winnings (reg 10(1)). Returns the
    bank's net per unit wagered against it (player-banker) or hand 1's result (initial-player-bank; hand 0 when
    it is the only one). Given a `record`, it is filled in the round log's `hands` form (docs/verify.md), with
    the same draws."""
    cards, names = draw_cards(
        rng, shoe, 4 * table.hands + 4, table.with_replacement, None if record is None else labels
    )
    hands = [cards[3 * i : 3 * i + 3] for i in range(table.hands)]
    took = [[3 * i, 3 * i + 1, 3 * i + 2] for i in range(table.hands)]  # positions in `cards` of each hand's cards
    bank = cards[3 * table.hands : 3 * table.hands + 3]
    nxt = 3 * table.hands + 3
    bank_took = [nxt - 3, nxt - 2, nxt - 1]
    drew = []
    for hand, mine in zip(hands, took):
        drew.append(table[tuple(sorted(hand))] == "draw")
        if drew[-1]:
            hand.append(cards[nxt])
            mine.append(nxt)
            nxt += 1
    if table.bank_draws(tuple(sorted(bank)), sum(drew), drew[0]):
        bank.append(cards[nxt])
        bank_took.append(nxt)
    b = sum(bank) % 10
    points = [sum(hand) % 10 for hand in hands]
    results = [Fraction(0) if p == b else (table.pays if p > b else Fraction(-1)) for p in points]  # per unit, player
    net = Fraction(0)
    for i, result in enumerate(results):
        net -= (table.stake_zero if i == 0 else 1) * result
    levy = table.levy * max(net, 0)
    if record is not None:
        assert names is not None, "logging a player's bank round needs the cards' labels"
        _bank_record(
            record,
            table,
            [[names[i] for i in mine] for mine in took],
            [names[i] for i in bank_took],
            results,
            net,
            levy,
        )
    if w.key == "initial-player-bank":
        p = points[1 if len(points) > 1 else 0]
        return Fraction(0) if p == b else (w.pay() if p > b else Fraction(-1))
    return (net - levy) / table.staked


def _bank_record(
    record: dict, table, hands: list[list[str]], bank: list[str], results: list[Fraction], net: Fraction, levy: Fraction
) -> None:
    """A player's bank round in the log's `hands` form: the hands, the bank's cards, stake and levy, its side.

    Each hand has its cards and wagers; the House's wager of reg 9(11) is marked "by": "house", on hand 0. The
    bank's stake is given when the House makes up a shortfall. The bank's own side is everything wagered
    against it, and its net after the levy."""
    logged = []
    for i, (cards, result) in enumerate(zip(hands, results)):
        wagers = []
        if not (i == 0 and table.own_hand):
            wagers.append(wager_entry("initial-player-bank", result))
        if i == 0 and table.house:
            wagers.append(wager_entry("initial-player-bank", result, STAKE * table.house, by="house"))
        logged.append({"cards": cards, "wagers": wagers})
    record["bank"] = "player"
    record["hands"] = logged
    record["banker"] = bank
    if table.house:  # the House wagers because the others' stakes fall short of the bank's (reg 9(11))
        record["bank_stake"] = amount_text(STAKE * table.staked)
    record["levy"] = amount_text(STAKE * levy)
    record["wagers"] = [wager_entry("player-banker", (net - levy) / table.staked, STAKE * table.staked)]


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """A one-round function for wager `w` under the rule set (decks, removed cards).

    It needs the engine's decision `table` (sorted three-card values -> "draw"/"stand"). It deals the House's
    bank with replacement under rule model=infinite (a player's bank as its table says)."""
    decks = int(rules.get("decks", "6"))
    removed = removed_cards(rules)
    if table is None:
        raise SimulationError("Super Pan 9 needs the exact engine's decision table")
    labels = super_pan_9_labels(decks)
    shoe = deplete(super_pan_9_shoe(decks), removed, labels)
    if w.key in ("initial-player-bank", "player-banker"):
        return lambda wager, rng, record=None: super_pan_9_bank_round(wager, rng, shoe, table, record, labels)
    if not isinstance(table, dict):
        raise SimulationError("Super Pan 9 needs the exact engine's decision table")
    replace = rules.get("model") == "infinite"
    return lambda wager, rng, record=None: super_pan_9_round(
        wager, rng, shoe, lambda cards: table[cards] == "draw", labels, record, replace=replace
    )


def shoe_simulator(w: Wager, rules: dict[str, str], table: object, dealing: Dealing) -> ShoeRounds:
    """Super Pan 9 against the House's bank dealt from one shoe to its cut card, reshuffled by `dealing`'s model.

    It plays the House bank's one-hand wagers, for `simulate --shuffle`, a tool for testing verify's shuffle
    tests. The shoe is full packs of RANKS, the cut card `BEHIND_THE_CUT` cards from the end unless
    `dealing.cut` says otherwise."""
    check_full_packs(rules)
    decks = int(rules.get("decks", "8"))
    if w.key not in ("initial", "tie") or not isinstance(table, dict):
        raise SimulationError(
            f"shuffle deals punto banco, blackjack and Super Pan 9 against the House's bank "
            f"(initial, tie), not {w.game} {w.key}"
        )

    def coup(wager: Wager, take: Callable[[], tuple], record: dict | None) -> Fraction:
        return super_pan_9_coup(wager, lambda _: take(), lambda cards: table[cards] == "draw", record)

    return shoe_rounds(factory_order(decks, RANKS), dealing, coup)
