"""Punto banco (SI 1994/2899 reg 6): exact odds by counting ordered deals over the shoe's composition.

The full shoe and a depleted one (`removed` cards) are the same computation: `baccarat.deals.joint_counts`
over the counts per point value, so a composition query costs the same as a full-shoe one.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.core.progress import Progress
from oddscalc.games.baccarat import composition
from oddscalc.games.baccarat.cards import PUNTO_BANCO
from oddscalc.games.baccarat.deals import JointCounts, joint_cells, joint_counts, ordered_deals
from oddscalc.games.baccarat.rules import decks_option, removed_option
from oddscalc.games.baccarat.tableau import PUNTO_BANCO_TABLEAU, Tableau
from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import str_param
from oddscalc.regulations.punto_banco import DECKS
from oddscalc.regulations.rule_values import removed_cards
from oddscalc.wager_results import CompositionLaws, Extra, GameAnalysis, RuleOption, WagerResult, edges_for

__all__ = [
    "OUTCOMES",
    "RULES",
    "TITLE",
    "analyse",
    "commission",
    "composition_laws",
    "counts_for",
    "outcome_nets",
    "tableau_extra",
    "wager_distribution",
]

TITLE = "Punto banco"
VOID, LOSE = "void", "lose"
RULES = (
    decks_option("6", DECKS),
    removed_option(PUNTO_BANCO),
    RuleOption(
        "banker-tie",
        "the banker's-hand wager on a tie: 'void' (as played: reg 6(4)(a) voids a wager on "
        "a hand that draws) or 'lose' (reg 6(7) lets the banker accept it 'notwithstanding "
        "paragraphs (3) and (4)', read as leaving it no void)",
        (VOID, LOSE),
        VOID,
    ),
)


def counts_for(decks: int, removed: tuple[str, ...] = ()) -> JointCounts:
    """Exact counts of ordered six-card deals by final points for `decks` packs less `removed`."""
    return joint_counts(PUNTO_BANCO.shoe(decks, removed).counts, PUNTO_BANCO_TABLEAU)


def wager_distribution(bets_on: str, pays: Fraction, joint: JointCounts) -> Distribution:
    """Net return per unit staked: a win at `pays`, void (0) on a tie for hand wagers, else -1."""
    won = {"player": joint.player, "banker": joint.banker, "tie": joint.tie}[bets_on]
    if bets_on == "tie":
        return Distribution.from_weights([(pays, won), (-1, joint.player + joint.banker)])
    lost = joint.banker if bets_on == "player" else joint.player
    return Distribution.from_weights([(pays, won), (0, joint.tie), (-1, lost)])


def _result(w: Wager, joint: JointCounts, banker_tie: str = VOID) -> WagerResult:
    bets_on = str_param(w, "bets_on")
    pays = w.pay()
    dist = wager_distribution(bets_on, pays, joint)
    if bets_on == "banker" and banker_tie == LOSE:  # the reading of reg 6(7) without reg 6(4)'s void
        dist = Distribution.from_weights([(pays, joint.banker), (-1, joint.player + joint.tie)])
    p = {
        k: Fraction(n, joint.total) for k, n in (("banker", joint.banker), ("player", joint.player), ("tie", joint.tie))
    }
    events: list[tuple[str, Fraction]] = [
        (f"{k} hand wins" if k != "tie" else "tie (égalité)", v) for k, v in p.items()
    ]
    notes = [
        f"counts over {joint.total:,} ordered six-card deals: banker {joint.banker:,}, "
        f"player {joint.player:,}, tie {joint.tie:,}"
    ]
    if bets_on == "banker":
        notes.append(
            f"on a tie the wager is {'lost' if banker_tie == LOSE else 'void'} (rule banker-tie, default void)"
        )
        notes.append(
            f"19 to 20 is even money less a 5% commission on the winnings; the expected commission per "
            f"hand is (1/20) x P(banker wins) = {commission(pays, joint)} per unit staked "
            f"= {render_decimal(commission(pays, joint) * 100, 4)}%"
        )
    if dist.mean > 0:
        notes.append("this wager has a positive expectation for the player on this shoe")
    return WagerResult(w, dist, edges_for(dist), tuple(events), tuple(notes))


def commission(pays: Fraction, joint: JointCounts) -> Fraction:
    """Expected commission per hand per unit on the banker's hand: (1 - pays) on each win, versus even money."""
    return (1 - pays) * Fraction(joint.banker, joint.total)


def _commission_extra(w: Wager, joint: JointCounts) -> Extra:
    pays = w.pay()
    p = Fraction(joint.banker, joint.total)
    rows = (
        ("P(banker's hand wins)", p, render_decimal(p * 100, 4) + "%"),
        (
            "commission on a win, per unit staked (even money less the odds)",
            1 - pays,
            render_decimal((1 - pays) * 100, 4) + "%",
        ),
        (
            "expected commission per hand, per unit staked",
            commission(pays, joint),
            render_decimal(commission(pays, joint) * 100, 4) + "%",
        ),
    )
    return Extra(
        "Banker's-hand wager: the commission (19 to 20 = even money less 5%)", ("quantity", "exact", "decimal"), rows
    )


def tableau_extra(tableau: Tableau = PUNTO_BANCO_TABLEAU) -> Extra:
    return Extra(
        "Third-card rules (SI 1994/2899 reg 6(7)(c): no option)",
        ("banker two-card point", *(f"player drew {x}" for x in range(10)), "player stood"),
        tuple(tableau.rows()),
        "Either hand holding a natural 8 or 9 on two cards: neither draws. The player draws on 0-5 and stands "
        "on 6-7; the banker draws (D) or stands (S) by its point and the player's third card.",
    )


def _counts_extra(joint: JointCounts) -> Extra:
    rows = [
        (name, n, Fraction(n, joint.total))
        for name, n in (
            ("banker wins", joint.banker),
            ("player wins", joint.player),
            ("tie", joint.tie),
            ("all ordered six-card deals", joint.total),
        )
    ]
    rows += [(f"tie on {p}", joint.tie_on(p), Fraction(joint.tie_on(p), joint.total)) for p in range(10)]
    return Extra(
        "Ordered six-card deals by result",
        ("result", "deals", "probability"),
        tuple(rows),
        "Each coup is counted as the ordered sequences of six cards that begin with it.",
    )


def _shoe_extra(decks: int, removed: tuple[str, ...]) -> Extra:
    full = PUNTO_BANCO.shoe(decks)
    left = PUNTO_BANCO.shoe(decks, removed)
    rows = tuple((str(v), full.counts[v], full.counts[v] - left.counts[v], left.counts[v]) for v in range(10))
    return Extra(
        "Shoe composition by point value",
        ("point value", "at the start", "removed", "left"),
        rows,
        f"{left.size} cards left of {full.size}.",
    )


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    decks = int(rules.get("decks", "6"))
    removed = removed_cards(rules)
    banker_tie = rules.get("banker-tie", VOID)
    if progress:
        progress(0, 1, "punto banco deals")
    joint = counts_for(decks, removed)
    if progress:
        progress(1, 1, "punto banco deals")
    assumptions = [
        f"{decks} standard 52-card pack(s) (reg 6 names no number; the default is 6, tables show 6 and 8)",
        "the fixed punto banco tableau (reg 6(7)(c)); tens and court cards count 0, an Ace 1, hands mod 10",
        f"the banker's-hand wager on a tie: rule banker-tie={banker_tie} (default void, as played, reg 6(4)(a); "
        "'lose': reg 6(7) admits the wager 'notwithstanding paragraphs (3) and (4)', which can be read as lost)",
    ]
    extras = [tableau_extra(), _counts_extra(joint)]
    extras += [_commission_extra(w, joint) for w in wagers if w.param("bets_on") == "banker"]
    if removed:
        assumptions.append(
            f"composition-dependent: {len(removed)} card(s) already gone ({','.join(removed)}); "
            "the next coup is dealt from the rest"
        )
        extras.insert(0, _shoe_extra(decks, removed))
    return GameAnalysis(
        "punto-banco", "", (), tuple(_result(w, joint, banker_tie) for w in wagers), tuple(assumptions), tuple(extras)
    )


def composition_kinds(rules: dict[str, str]) -> tuple[tuple[str, int], ...]:
    """Composition hook (DEVELOPING.md): the point values 0 (tens and court cards), A, 2-9 and their full counts."""
    return composition.kinds(PUNTO_BANCO, rules, "6")


def composition_values(
    wagers: tuple[Wager, ...], rules: dict[str, str], counts: tuple[int, ...]
) -> dict[str, Fraction]:
    """Composition hook: each wager's exact expectation for the next coup from `counts` (per point value)."""
    return composition.values(analyse, PUNTO_BANCO, wagers, rules, counts, "6")


#: A coup's outcomes, in the order `composition_laws` gives their weights.
OUTCOMES = ("banker", "player", "tie")


def _outcome_columns() -> np.ndarray:
    """(100 x 3) 0/1: which outcome each final-points cell 10 pf + bf is."""
    m = np.zeros((100, 3), dtype=np.int64)
    for p in range(10):
        for b in range(10):
            m[p * 10 + b, 0 if b > p else 1 if p > b else 2] = 1
    return m


def outcome_nets(w: Wager, banker_tie: str = VOID) -> tuple[Fraction, ...]:
    """The wager's net per unit staked on each of OUTCOMES: its odds when its hand (or the tie) wins; on a tie a
    hand wager is void (0), or lost under banker-tie=lose for the banker's hand; -1 otherwise."""
    on, pays = str_param(w, "bets_on"), w.pay()
    out = []
    for outcome in OUTCOMES:
        if outcome == on:
            out.append(pays)
        elif outcome == "tie" and on != "tie" and not (on == "banker" and banker_tie == LOSE):
            out.append(Fraction(0))
        else:
            out.append(Fraction(-1))
    return tuple(out)


def composition_laws(wagers: tuple[Wager, ...], rules: dict[str, str], rows: np.ndarray) -> CompositionLaws:
    """Composition hook: the next coup's exact law from each composition of `rows`.

    `rows` is compositions x 10, counts per point value as `composition_kinds` orders them. The law is the
    ordered deals by outcome (`baccarat.deals.joint_cells`, the same counts `analyse` makes with the missing
    cards removed) and each wager's net on each outcome."""
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, 10)
    weights = joint_cells(rows, PUNTO_BANCO_TABLEAU, _outcome_columns())
    totals = np.array([ordered_deals(int(n)) for n in rows.sum(axis=1)], dtype=np.int64)
    banker_tie = rules.get("banker-tie", VOID)
    return CompositionLaws(OUTCOMES, {w.key: outcome_nets(w, banker_tie) for w in wagers}, weights, totals)
