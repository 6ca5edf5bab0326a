"""Reference simulators for punto banco and Super Pan 9: cards dealt from a shuffled shoe, rules as dealt.

The drawing rules are written here again from the law and the house's tableau, separately from the
engines' tableau data, so that `oddscalc check` tests one against the other. Super Pan 9's player
follows the exact engine's decision table (its output, read as data), as the issue asks.
"""

from __future__ import annotations

import random
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import removed_cards
from oddscalc.sim.cards import draw_cards
from oddscalc.sim.roundlog import STAKE, amount_text, wager_entry
from oddscalc.sim.simulators import Round, SimulationError

__all__ = [
    "banker_draws",
    "house_draws",
    "player_draws",
    "punto_banco_labels",
    "punto_banco_shoe",
    "simulator",
    "super_pan_9_labels",
]

_TEN_VALUES = {"0", "T", "10", "J", "Q", "K"}


def _value(label: str) -> int:
    label = label.strip().upper()
    if label in _TEN_VALUES:
        return 0
    if label in ("A", "1"):
        return 1
    if label.isdigit() and 2 <= int(label) <= 9:
        return int(label)
    raise SimulationError(f"unknown card {label!r}")


def _deplete(shoe: list[int], removed: tuple[str, ...], labels: list[str] | None = None) -> list[int]:
    """The shoe less the removed cards (the first card of each value named); `labels`, the cards' names in the
    same order, loses the same cards: the first of the rank named (a ten-value written 0 or T is a 10)."""
    shoe = list(shoe)
    for label in removed:
        name = {"1": "A", "T": "10", "0": "10"}.get(label.upper(), label.upper())
        if labels is not None and name == "10" and name not in labels:
            name = "J"  # Super Pan 9 has no tens: a ten-value written 0 is a Jack
        i = labels.index(name) if labels is not None and name in labels else shoe.index(_value(label))
        del shoe[i]
        if labels is not None:
            del labels[i]
    return shoe


def punto_banco_shoe(decks: int) -> list[int]:
    """Card values (mod 10) of `decks` packs: 4 of each of 1-9 and 16 ten-values per pack."""
    return [v for _ in range(decks) for v in list(range(1, 10)) * 4 + [0] * 16]


def punto_banco_labels(decks: int) -> list[str]:
    """The names of the cards of `punto_banco_shoe(decks)`, position by position (ten-values 10, J, Q, K)."""
    return [x for _ in range(decks) for x in ["A", *map(str, range(2, 10))] * 4 + ["10", "J", "Q", "K"] * 4]


def player_draws(total: int) -> bool:
    """The opposing hand takes a third card on 0-5 and stands on 6 or 7."""
    return total <= 5


def banker_draws(total: int, player_third: int | None) -> bool:
    """The banker's hand: as the player when the player stood; otherwise by the player's third card."""
    if player_third is None:
        return total <= 5
    if total <= 2:
        return True
    if total == 3:
        return player_third != 8
    if total == 4:
        return player_third in (2, 3, 4, 5, 6, 7)
    if total == 5:
        return player_third in (4, 5, 6, 7)
    if total == 6:
        return player_third in (6, 7)
    return False


def punto_banco_round(
    w: Wager,
    rng: random.Random,
    shoe: list[int],
    rules=(player_draws, banker_draws),
    labels: list[str] | None = None,
    record: dict | None = None,
    banker_tie_loses: bool = False,
) -> Fraction:
    player_rule, banker_rule = rules
    cards, names = draw_cards(rng, shoe, 6, labels=None if record is None else labels)
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    dealt = [[0, 2], [1, 3]]  # positions in `cards` of each hand's cards
    nxt = 4
    p, b = sum(player) % 10, sum(banker) % 10
    if p < 8 and b < 8:  # no natural
        third = None
        if player_rule(p):
            third = cards[nxt]
            dealt[0].append(nxt)
            nxt += 1
            player.append(third)
        if banker_rule(b, third):
            banker.append(cards[nxt])
            dealt[1].append(nxt)
    p, b = sum(player) % 10, sum(banker) % 10
    if w.key == "tie":
        result = w.pay() if p == b else Fraction(-1)
    elif p == b:
        result = Fraction(-1) if w.key == "banker" and banker_tie_loses else Fraction(0)
    else:
        mine = p > b if w.key == "player" else b > p
        result = w.pay() if mine else Fraction(-1)
    if record is not None:
        record["player"] = [names[i] for i in dealt[0]]
        record["banker"] = [names[i] for i in dealt[1]]
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def super_pan_9_shoe(decks: int) -> list[int]:
    """Values of `decks` packs less 7s-10s: Ace 1, 2-6 face value, court cards 0 (36 cards a pack)."""
    return [v for _ in range(decks) for v in [1, 2, 3, 4, 5, 6] * 4 + [0] * 12]


def super_pan_9_labels(decks: int) -> list[str]:
    """The names of the cards of `super_pan_9_shoe(decks)`, position by position (court cards J, Q, K)."""
    return [x for _ in range(decks) for x in ["A", "2", "3", "4", "5", "6"] * 4 + ["J", "Q", "K"] * 4]


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
    """A hand against the House's bank; `replace`: its eight cards drawn with replacement (the infinite-shoe model
    that rule model=infinite asks for)."""
    cards, names = draw_cards(rng, shoe, 8, replace, labels=None if record is None else labels)
    player, banker = cards[0:3], cards[3:6]
    took = [[0, 1, 2], [3, 4, 5]]
    if strategy(tuple(sorted(player))):
        player = player + [cards[6]]
        took[0].append(6)
    if banker_rule(sum(banker) % 10):
        banker = banker + [cards[7]]
        took[1].append(7)
    p, b = sum(player) % 10, sum(banker) % 10
    if w.key == "tie":
        result = w.pay() if p == b else Fraction(-1)
    elif p == b:
        result = Fraction(0)
    else:
        result = w.pay() if p > b else Fraction(-1)
    if record is not None:
        record["bank"] = "house"
        record["player"] = [names[i] for i in took[0]]
        record["banker"] = [names[i] for i in took[1]]
        record["wagers"] = [wager_entry(w.key, result)]
    return result


def super_pan_9_bank_round(
    w: Wager, rng: random.Random, shoe: list[int], table, record: dict | None = None, labels: list[str] | None = None
) -> Fraction:
    """A player's bank against `table.hands` hands (hand 0 carries any House wager, reg 9(11)): three cards each,
    then every hand's fourth card in turn as its play says, the bank's last (reg 9(2)(h), 9(8)); 1 to 1
    (reg 9(9)(b)) and a levy on the bank's net winnings (reg 10(1)). Returns the bank's net per unit wagered
    against it (player-banker) or hand 1's result (initial-player-bank; hand 0 when it is the only one).
    Given a `record`, it is filled in the round log's `hands` form (docs/verify.md), with the same draws."""
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
    """A player's bank round in the log's `hands` form: each hand's cards and wagers (the House's wager of reg
    9(11) marked "by": "house", on hand 0), the bank's cards, its stake when the House makes up a shortfall, the
    levy charged and the bank's own side (everything wagered against it, its net after the levy)."""
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
    """A one-round function for wager `w` under the rule set (decks, removed cards); Super Pan 9 needs the
    engine's decision `table` (sorted three-card values -> "draw"/"stand"), and deals the House's bank with
    replacement under rule model=infinite (a player's bank as its table says)."""
    decks = int(rules.get("decks", "6"))
    removed = removed_cards(rules)
    if w.game == "punto-banco":
        labels = punto_banco_labels(decks)
        shoe = _deplete(punto_banco_shoe(decks), removed, labels)
        loses = rules.get("banker-tie") == "lose"
        return lambda wager, rng, record=None: punto_banco_round(
            wager, rng, shoe, banker_tie_loses=loses, labels=labels, record=record
        )
    if w.game == "super-pan-9":
        if table is None:
            raise SimulationError("Super Pan 9 needs the exact engine's decision table")
        labels = super_pan_9_labels(decks)
        shoe = _deplete(super_pan_9_shoe(decks), removed, labels)
        if w.key in ("initial-player-bank", "player-banker"):
            return lambda wager, rng, record=None: super_pan_9_bank_round(wager, rng, shoe, table, record, labels)
        replace = rules.get("model") == "infinite"
        return lambda wager, rng, record=None: super_pan_9_round(
            wager, rng, shoe, lambda cards: table[cards] == "draw", labels, record, replace=replace
        )
    raise SimulationError(f"no baccarat simulator for {w.game!r}")
