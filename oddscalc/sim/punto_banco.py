"""The reference simulator for punto banco (reg 6): cards dealt from a shuffled shoe, the player's row and the
banker's tableau played with no option (reg 6(7)(c)), from the rules `sim/baccarat.py` writes once for the family.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import removed_cards
from oddscalc.sim.baccarat import (
    STOOD,
    banker_draws,
    check_full_packs,
    deplete,
    player_row,
    shoe_labels,
    shoe_points,
    shoe_rounds,
)
from oddscalc.sim.card_draws import draw_cards
from oddscalc.sim.log_lines import wager_entry
from oddscalc.sim.round_function import Round
from oddscalc.sim.shoe_dealing import Dealing, ShoeRounds
from oddscalc.sim.shuffle_models import factory_order

__all__ = ["player_draws", "punto_banco_coup", "punto_banco_round", "shoe_simulator", "simulator"]


def player_draws(total: int) -> bool:
    """The player's row with no option (reg 6(7)(c)): a third card on 0-5, standing on 6 or 7."""
    return player_row(total) is not False


def punto_banco_round(
    w: Wager,
    rng: random.Random,
    shoe: list[int],
    rules: tuple[Callable[[int], bool], Callable[[int, int | str], bool]] = (player_draws, banker_draws),
    labels: list[str] | None = None,
    record: dict | None = None,
    banker_tie_loses: bool = False,
) -> Fraction:
    """One coup from a freshly shuffled `shoe` (six cards drawn, those the coup needs dealt in order)."""
    cards, names = draw_cards(rng, shoe, 6, labels=None if record is None else labels)
    shown: list[str] | list[None] = names or [None] * 6
    dealt = iter(zip(cards, shown))
    return punto_banco_coup(w, dealt.__next__, rules, record, banker_tie_loses)


def punto_banco_coup(
    w: Wager,
    take: Callable[[], tuple],
    rules: tuple[Callable[[int], bool], Callable[[int, int | str], bool]] = (player_draws, banker_draws),
    record: dict | None = None,
    banker_tie_loses: bool = False,
) -> Fraction:
    """One coup, `take()` giving the next card as (value, name) in dealing order: player, banker, player, banker,
    then the third cards; the net result per unit staked (and, given a `record`, the round's log entry). `rules`:
    the player's rule on his total and the banker's on his total and column (the player's third card, or STOOD)."""
    player_rule, banker_rule = rules
    dealt = [take() for _ in range(4)]
    player, banker = [dealt[0], dealt[2]], [dealt[1], dealt[3]]
    p, b = (dealt[0][0] + dealt[2][0]) % 10, (dealt[1][0] + dealt[3][0]) % 10
    if p < 8 and b < 8:  # no natural
        column: int | str = STOOD
        if player_rule(p):
            player.append(take())
            column = player[2][0]
        if banker_rule(b, column):
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


def simulator(w: Wager, rules: dict[str, str], table: object = None) -> Round:
    """A one-round function for wager `w` under the rule set (decks, removed cards, a banker's tie lost or void)."""
    decks = int(rules.get("decks", "6"))
    removed = removed_cards(rules)
    labels = shoe_labels(decks)
    shoe = deplete(shoe_points(decks), removed, labels)
    loses = rules.get("banker-tie") == "lose"
    return lambda wager, rng, record=None: punto_banco_round(
        wager, rng, shoe, banker_tie_loses=loses, labels=labels, record=record
    )


def shoe_simulator(w: Wager, rules: dict[str, str], table: object, dealing: Dealing) -> ShoeRounds:
    """Punto banco dealt from one shoe to its cut card and reshuffled by `dealing`'s model (`simulate --shuffle`, a
    tool for testing verify's shuffle tests): full packs, the cut card `BEHIND_THE_CUT` cards from the end unless
    `dealing.cut` says otherwise."""
    check_full_packs(rules)
    decks = int(rules.get("decks", "6"))
    loses = rules.get("banker-tie") == "lose"

    def coup(wager: Wager, take: Callable[[], tuple], record: dict | None) -> Fraction:
        return punto_banco_coup(wager, take, record=record, banker_tie_loses=loses)

    return shoe_rounds(factory_order(decks), dealing, coup)
