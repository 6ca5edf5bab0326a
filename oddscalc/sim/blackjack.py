"""Reference blackjack simulator: a freshly shuffled shoe each round, the game dealt in its real order.

Written from reg 7 and the rule options' wording, apart from the exact engine. The banker takes no hole card
(his second card comes after the players'), or a peeked one. Pairs split and resplit as the cards come, split
Aces take one card each, and the banker draws to 16 (and soft 17 when the rules say so). The player's decisions
come from the engine's basic-strategy chart, read as data, as the issue asks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.sim.log_lines import STAKE, amount_text, wager_entry
from oddscalc.sim.round_function import Round, SimulationError
from oddscalc.sim.shoe_dealing import Dealing, DealtShoe, ShoeRounds, check_cut
from oddscalc.sim.shuffle_models import factory_order

__all__ = [
    "MAX_BOXES",
    "MAX_CUSTOM_BOXES",
    "Shoe",
    "SuitedRank",
    "Table",
    "play_boxes",
    "play_round",
    "shoe_simulator",
    "simulator",
]

RANKS = 13  # rank index 0 = Ace, 1..8 = 2..9, 9..12 = 10, J, Q, K
LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: The suits a card's name ends with in a round log (clubs, diamonds, hearts, spades).
SUITS = "cdhs"
_SPLITTABLE = {
    "no-4-5-10": {1, 2, 3, 6, 7, 8, 9},
    "no-5-10": {1, 2, 3, 4, 6, 7, 8, 9},
    "no-10": set(range(1, 10)),
    "same-rank": set(range(1, 11)),
    "same-value": set(range(1, 11)),
}
_DOUBLES = {"9-11": frozenset({9, 10, 11}), "10-11": frozenset({10, 11}), "any": None}
_PAYS = {"3:2": Fraction(3, 2), "6:5": Fraction(6, 5), "2:1": Fraction(2), "1:1": Fraction(1)}
#: A chart: (kind, total or value index, up value index) -> action.
Chart = dict[tuple[str, int, int], str]


class SuitedRank(int):
    """A rank (0 = Ace .. 12 = King) carrying its card's name with its suit (`label`), for a shoe dealt in order
    (`simulate --shuffle`): the play reads the rank, the log writes the name."""

    label: str


def _name(card: int) -> str:
    """A card's name in the log: its own (with its suit) when dealt from a shoe in order, else its rank's."""
    return getattr(card, "label", None) or LABELS[card]


def _suited(label: str) -> SuitedRank:
    card = SuitedRank(LABELS.index(label[:-1]))
    card.label = label
    return card


def value(rank: int) -> int:
    """Card value 1..10 of a rank index (an Ace counts 1 here; totals decide when it counts 11)."""
    return min(rank + 1, 10)


def best_total(cards: list[int]) -> tuple[int, bool]:
    """Best total of a hand of ranks (one Ace as 11 when that stays within 21) and whether it is soft."""
    hard = sum(value(r) for r in cards)
    if any(r == 0 for r in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


class Shoe:
    """`decks` packs of ranks, each card carrying its suit into the log (`SuitedRank`: the play reads the rank, so
    the draws are those of bare ranks); cards are drawn uniformly without replacement, and `reset` reshuffles."""

    def __init__(self, decks: int) -> None:
        self.cards = [_suited(f"{LABELS[r]}{SUITS[k % 4]}") for r in range(RANKS) for k in range(4 * decks)]
        self.next = 0

    def reset(self) -> None:
        self.next = 0

    def draw(self, rng: random.Random) -> int:
        i = self.next
        j = rng.randrange(i, len(self.cards))
        self.cards[i], self.cards[j] = self.cards[j], self.cards[i]
        self.next = i + 1
        return self.cards[i]


@dataclass(frozen=True)
class Table:
    """The house rules (from the rule option strings) and the chart: (kind, total or value index, up
    value index) -> action, for the first two cards, for later cards, and where doubling is not allowed."""

    decks: int
    hit_soft17: bool
    peek: bool
    doubles: frozenset[int] | None
    das: bool
    splittable: frozenset[int]
    same_rank_tens: bool
    max_hands: int
    resplit_aces: bool
    pays: Fraction
    two_card: Chart
    later: Chart
    no_double: Chart

    def may_double(self, cards: list[int]) -> bool:
        return len(cards) == 2 and (self.doubles is None or best_total(cards)[0] in self.doubles)

    def pair(self, a: int, b: int) -> bool:
        """Whether two ranks make a splittable pair."""
        if value(a) != value(b) or value(a) not in self.splittable:
            return False
        return a == b or not (value(a) == 10 and self.same_rank_tens)


def _table(w: Wager, rules: dict[str, str], chart: dict) -> Table:
    try:
        decks = int(rules.get("decks", "6"))
        pays = _PAYS[rules.get("blackjack_pays", "3:2")]
        for p in w.payouts:
            if p.key == "blackjack" and p.custom:
                pays = p.value
        mh = rules.get("max_hands", "4")
        rows = {name: {(k, n, up): a for k, n, up, a in chart[name]} for name in ("two_card", "later", "no_double")}
        return Table(
            decks,
            rules.get("soft17", "stand") == "hit",
            rules.get("hole_card", "none") == "peek",
            _DOUBLES[rules.get("double", "9-11")],
            rules.get("das", "yes") == "yes",
            frozenset(_SPLITTABLE[rules.get("split", "no-4-5-10")]),
            rules.get("split", "no-4-5-10") == "same-rank",
            0 if mh == "max" else int(mh),
            rules.get("resplit_aces", "yes") == "yes",
            pays,
            **rows,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SimulationError(f"blackjack simulator: bad rule or chart entry {exc}") from None


def _checked_table(w: Wager, rules: dict[str, str], table: object) -> Table:
    """The house rules and chart for the initial wager, the player following `table` (the engine's decision table)."""
    if w.param("kind") != "initial":
        raise SimulationError(f"the blackjack simulator plays the initial wager, not {w.key!r}")
    if not isinstance(table, dict):
        raise SimulationError("the blackjack simulator needs the basic strategy chart (the engine's decision table)")
    return _table(w, rules, table)


def simulator(w: Wager, rules: dict[str, str], table: object) -> Round:
    """One round of the initial wager, the player following the chart `table` (the engine's decision table)."""
    t = _checked_table(w, rules, table)
    shoe = Shoe(t.decks)

    def play(_: Wager, rng: random.Random, record: dict | None = None) -> Fraction:
        shoe.reset()
        return play_round(t, lambda: shoe.draw(rng), record)

    return play


#: Cards left behind the cut card by default when `simulate --shuffle` deals a blackjack shoe: one pack.
BEHIND_THE_CUT = 52


def shoe_simulator(w: Wager, rules: dict[str, str], table: object, dealing: Dealing) -> ShoeRounds:
    """Blackjack dealt from one shoe to its cut card and reshuffled by `dealing`'s model (`simulate --shuffle`).

    It is a tool for testing verify's shuffle tests, so the cards carry their suits into the log. The cut card
    lies one pack from the end unless `dealing.cut` says otherwise; a shoe that runs out is reshuffled in
    mid-round."""
    t = _checked_table(w, rules, table)
    packs = factory_order(t.decks)
    shoe = DealtShoe(packs, dealing, check_cut(dealing, len(packs), BEHIND_THE_CUT))
    return ShoeRounds(shoe, lambda _, take, record: play_round(t, lambda: take()[0], record), _suited)


def _natural(cards: list[int]) -> bool:
    return len(cards) == 2 and best_total(cards)[0] == 21


def _later(t: Table, cards: list[int], up: int) -> str:
    total, soft = best_total(cards)
    if total >= 21:
        return "stand"
    if total <= 11 or (soft and total <= 16):
        return "hit"
    return t.later.get(("soft" if soft else "hard", total, up), "stand")


def _play_hand(
    t: Table,
    cards: list[int],
    up: int,
    draw,
    split_from: int | None,
    first: str | None = None,
    node: dict | None = None,
) -> tuple[list[int], int]:
    """Play one hand (two cards dealt) to its end; returns its cards and stake. `first`: the chart's action
    for a splittable pair that is not split (its row is the pair's, not the total's). `node`, when logging,
    receives the hand's cards and actions."""
    total, soft = best_total(cards)
    row = ("soft" if soft else "hard", total, up)
    if first is not None:
        action = first
    elif split_from is None:
        action = t.two_card.get(row, "stand")
    elif value(split_from) == 1:
        return _logged(node, cards, []), 1  # split Aces take one card each
    else:
        charted = (t.two_card if t.das else t.no_double).get(row) or t.no_double.get(row)
        action = charted if charted in ("stand", "hit", "double") else _later(t, cards, up)
    if action == "double" and (split_from is None or t.das) and t.may_double(cards):
        cards.append(draw())
        return _logged(node, cards, ["double"]), 2
    actions = []
    if action == "hit":
        cards.append(draw())
        actions.append("hit")
        while _later(t, cards, up) == "hit":
            cards.append(draw())
            actions.append("hit")
    if best_total(cards)[0] < 21:
        actions.append("stand")
    return _logged(node, cards, actions), 1


def _logged(node: dict | None, cards: list[int], actions: list[str]) -> list[int]:
    """Record a finished hand; a split hand keeps the name of its own pair card (tens of two ranks may pair)."""
    if node is not None:
        first = node["cards"][:1] if "cards" in node else [_name(cards[0])]
        node["cards"] = first + [_name(c) for c in cards[1:]]
        node["actions"] = actions
    return cards


def _split(
    t: Table, pair: tuple[int, int], up: int, draw, root: dict | None = None
) -> tuple[list[tuple[list[int], int]], list[dict | None]]:
    """Split a pair and play the hands in order, resplitting a pair card dealt as a second card while the
    number of hands is below the limit: each final hand's (cards, stake), and its record (None when not
    logging). `root`, when logging, becomes the split hand's record (a tree whose leaves are those records)."""
    pair_rank = pair[0]
    limit = 2 if value(pair_rank) == 1 and not t.resplit_aces else t.max_hands
    hands = [[pair_rank], [pair_rank]]
    nodes: list[dict | None] = [None, None]
    if root is not None:
        nodes = [{"cards": [_name(pair[0])]}, {"cards": [_name(pair[1])]}]
        root.update({"cards": [_name(pair[0]), _name(pair[1])], "actions": ["split"], "split": nodes[:]})
    done = []
    i = 0
    while i < len(hands):
        hand = hands[i]
        card = draw()
        if t.pair(pair_rank, card) and (limit == 0 or len(hands) < limit):
            hands.insert(i + 1, [card])
            if root is not None:
                old = nodes[i]
                assert old is not None  # logging: every hand has its record
                kids = [{"cards": list(old["cards"])}, {"cards": [_name(card)]}]
                old.update({"cards": old["cards"] + [_name(card)], "actions": ["split"], "split": kids})
                nodes[i : i + 1] = kids
            else:
                nodes.insert(i + 1, None)  # one (empty) record per hand, logged or not
            continue
        hand.append(card)
        done.append(_play_hand(t, hand, up, draw, pair_rank, node=nodes[i]))
        i += 1
    return done, nodes


def _play_box(
    t: Table, player: list[int], up: int, draw, root: dict | None = None
) -> tuple[list[tuple[list[int], int]], list[dict | None]]:
    """Play a box's two cards (no natural) by the chart, splitting a pair the chart splits: each final hand's
    (cards, stake) and its record (None when not logging; `root`, when logging, becomes the box's record)."""
    first = t.two_card.get(("pair", value(player[0]) - 1, up), "stand") if t.pair(player[0], player[1]) else None
    if first == "split":
        return _split(t, (player[0], player[1]), up, draw, root)
    return [_play_hand(t, player, up, draw, None, first, node=root)], [root]


def _banker_stands(cards: list[int], hit_soft17: bool) -> bool:
    total, soft = best_total(cards)
    return total > 17 or (total == 17 and not (soft and hit_soft17))


def play_round(t: Table, draw, record: dict | None = None) -> Fraction:
    """Net result of one round for one unit initially staked; `draw()` gives the next card's rank. Given a
    `record`, the round's log record is written into it (docs/verify.md)."""
    player = [draw()]
    banker = [draw()]
    player.append(draw())
    root: dict | None = {} if record is not None else None
    result, leaves = _round(t, draw, player, banker, root)
    if record is not None and root is not None:
        record["banker"] = [_name(c) for c in banker]
        if not leaves:  # a natural ended the round before the player played
            root.update({"cards": [_name(c) for c in player], "actions": []})
            leaves = [(root, result)]
        for node, net in leaves:
            assert node is not None  # logging: every hand has its record
            node["stake"] = amount_text(STAKE * (2 if node.get("actions") == ["double"] else 1))
            node["net"] = amount_text(STAKE * net)
        record["hand"] = root
        record["wagers"] = [wager_entry("initial", result)]
    return result


#: The most player boxes at a table (`play_boxes`), and at a custom table (a house's own layout).
MAX_BOXES = 7
MAX_CUSTOM_BOXES = 12


def play_boxes(t: Table, draw, boxes: int, charts: Sequence[Table] = ()) -> list[Fraction]:
    """One round with `boxes` player boxes (1 to MAX_BOXES; MAX_CUSTOM_BOXES at a custom table), each following the
    chart, one unit initially staked on each: the net result of each box. The deal is one card to each box, the
    banker's card, and a second card to each box; with a peek, his hole card too, a banker's natural ending the
    round. Then each box plays in turn. Then the banker takes his second card (no hole card) and, unless every
    box holds a natural, completes his hand. With one box the cards drawn are those of `play_round`. `charts`:
    box i plays by the chart of charts[i] (the house rules stay `t`'s), e.g. a counter's index plays."""
    if not 1 <= boxes <= MAX_CUSTOM_BOXES:
        raise SimulationError(f"player boxes {boxes}: allowed 1 to {MAX_BOXES} (a custom table {MAX_CUSTOM_BOXES})")
    if charts and len(charts) != boxes:
        raise SimulationError(f"{len(charts)} charts for {boxes} player boxes: allowed one a box")
    players = [[draw()] for _ in range(boxes)]
    banker = [draw()]
    for p in players:
        p.append(draw())
    if t.peek:
        banker.append(draw())
        if _natural(banker):
            return [Fraction(0) if _natural(p) else Fraction(-1) for p in players]
    up = value(banker[0]) - 1
    played: list[list[tuple[list[int], int]] | None] = []
    for i, p in enumerate(players):
        if _natural(p):
            played.append(None)
            continue
        played.append(_play_box(charts[i] if charts else t, p, up, draw)[0])
    if not t.peek:
        banker.append(draw())
        if _natural(banker):
            return [Fraction(0) if h is None else Fraction(-sum(stake for _, stake in h)) for h in played]
    if all(h is None for h in played):
        return [t.pays] * boxes
    while not _banker_stands(banker, t.hit_soft17):
        banker.append(draw())
    b = best_total(banker)[0]
    return [t.pays if h is None else Fraction(sum(_settled(best_total(c)[0], b, s) for c, s in h)) for h in played]


def _settled(p: int, b: int, stake: int) -> int:
    """A finished hand's net: total `p` against the banker's `b`."""
    if p > 21 or (p < b <= 21):
        return -stake
    return stake if b > 21 or p > b else 0


def _round(
    t: Table, draw, player: list[int], banker: list[int], root: dict | None
) -> tuple[Fraction, list[tuple[dict | None, Fraction]]]:
    """The net result of a round whose first three cards are out, and each hand played as (its record, or None
    when not logging; its net): none when a natural ends the round first."""
    if t.peek:
        banker.append(draw())
        if _natural(banker):
            return (Fraction(0) if _natural(player) else Fraction(-1)), []
    up = value(banker[0]) - 1  # value index of the up-card: 0 = Ace .. 9 = ten
    if _natural(player):
        if not t.peek:
            banker.append(draw())
            if _natural(banker):
                return Fraction(0), []
        return t.pays, []
    hands, nodes = _play_box(t, player, up, draw, root)
    if not t.peek:
        banker.append(draw())
        if _natural(banker):
            nets = [Fraction(-stake) for _, stake in hands]
            return Fraction(sum(nets)), list(zip(nodes, nets))
    while not _banker_stands(banker, t.hit_soft17):
        banker.append(draw())
    b = best_total(banker)[0]
    nets = [Fraction(_settled(best_total(cards)[0], b, stake)) for cards, stake in hands]
    return Fraction(sum(nets)), list(zip(nodes, nets))
