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
from oddscalc.sim.rounds import Round, SimulationError
from oddscalc.sim.shoe_dealing import Dealing, DealtShoe, ShoeRounds, check_cut
from oddscalc.sim.shuffles import factory_order

__all__ = [
    "banker_draws",
    "house_draws",
    "player_draws",
    "punto_banco_coup",
    "punto_banco_labels",
    "punto_banco_shoe",
    "shoe_simulator",
    "simulator",
    "super_pan_9_coup",
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
    """One coup from a freshly shuffled `shoe` (six cards drawn, those the coup needs dealt in order)."""
    cards, names = draw_cards(rng, shoe, 6, labels=None if record is None else labels)
    dealt = iter(zip(cards, names or [None] * 6))
    return punto_banco_coup(w, dealt.__next__, rules, record, banker_tie_loses)


def punto_banco_coup(
    w: Wager, take, rules=(player_draws, banker_draws), record: dict | None = None, banker_tie_loses: bool = False
) -> Fraction:
    """One coup, `take()` giving the next card as (value, name) in dealing order: player, banker, player, banker,
    then the third cards; the net result per unit staked (and, given a `record`, the round's log entry)."""
    player_rule, banker_rule = rules
    dealt = [take() for _ in range(4)]
    player, banker = [dealt[0], dealt[2]], [dealt[1], dealt[3]]
    p, b = (dealt[0][0] + dealt[2][0]) % 10, (dealt[1][0] + dealt[3][0]) % 10
    if p < 8 and b < 8:  # no natural
        third = None
        if player_rule(p):
            player.append(take())
            third = player[2][0]
        if banker_rule(b, third):
            banker.append(take())
    p, b = sum(v for v, _ in player) % 10, sum(v for v, _ in banker) % 10
    if w.key == "tie":
        result = w.pay() if p == b else Fraction(-1)
    elif p == b:
        result = Fraction(-1) if w.key == "banker" and banker_tie_loses else Fraction(0)
    else:
        mine = p > b if w.key == "player" else b > p
        result = w.pay() if mine else Fraction(-1)
    if record is not None:
        record["player"] = [name for _, name in player]
        record["banker"] = [name for _, name in banker]
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
    """One round against the House's bank from a freshly shuffled `shoe` (eight cards drawn: three each, and a
    fourth for each hand, used if it draws); `replace`: its eight cards drawn with replacement (the infinite-shoe
    model that rule model=infinite asks for)."""
    cards, names = draw_cards(rng, shoe, 8, replace, labels=None if record is None else labels)
    names = names or [None] * 8
    return super_pan_9_coup(w, lambda i: (cards[i], names[i]), strategy, record, banker_rule)


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


#: Cards left behind the cut card by default when `simulate --shuffle` deals a punto banco shoe.
BEHIND_THE_CUT = 16


def shoe_simulator(w: Wager, rules: dict[str, str], table: object, dealing: Dealing) -> ShoeRounds:
    """Punto banco, or Super Pan 9 against the House's bank (its one-hand wagers), dealt from one shoe to its cut
    card and reshuffled by `dealing`'s model (`simulate --shuffle`, a tool for testing verify's shuffle tests): full
    packs, the cut card `BEHIND_THE_CUT` cards from the end unless `dealing.cut` says otherwise."""
    if removed_cards(rules):
        raise SimulationError("--shuffle deals full packs; it does not take the rule removed")
    decks = int(rules.get("decks", "6" if w.game == "punto-banco" else "8"))
    loses = rules.get("banker-tie") == "lose"

    def punto_banco(wager: Wager, take, record: dict | None) -> Fraction:
        return punto_banco_coup(wager, take, record=record, banker_tie_loses=loses)

    def super_pan_9(wager: Wager, take, record: dict | None) -> Fraction:
        return super_pan_9_coup(wager, lambda _: take(), lambda cards: table[cards] == "draw", record)

    if w.game == "punto-banco":
        packs, coup = factory_order(decks), punto_banco
    elif w.game == "super-pan-9" and w.key in ("initial", "tie") and isinstance(table, dict):
        packs, coup = factory_order(decks, ("A", "2", "3", "4", "5", "6", "J", "Q", "K")), super_pan_9
    else:
        raise SimulationError(
            f"--shuffle deals punto banco, blackjack and Super Pan 9 against the House's bank "
            f"(initial, tie), not {w.game} {w.key}"
        )
    cut = check_cut(dealing, len(packs), BEHIND_THE_CUT)
    return ShoeRounds(DealtShoe(packs, dealing, cut), coup, lambda label: _value(label[:-1]))
