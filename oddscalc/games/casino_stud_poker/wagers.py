"""Casino stud poker (SI 1994/2899 reg 8, Sch 2; 2002 progressive jackpot reg 8(11A)): exact under optimal play.

`ante` is the Ante/Raise game per unit Ante under the strategy that maximises the exact expectation for every
player hand and banker up-card; `progressive-jackpot` is the side wager, exact for every meter.
The expensive part (counting every hand against every banker hand) is in `counting`, the pay-table part in
`strategy`; results are stored per pay table (`oddscalc.core.store`: shipped data, else the user cache).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from fractions import Fraction
from itertools import permutations
from typing import Any

import numpy as np

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.core.errors import LimitError
from oddscalc.core.progress import Progress
from oddscalc.core.store import Engine, stored
from oddscalc.games.casino_stud_poker import counting, strategy
from oddscalc.games.casino_stud_poker.jackpot import (
    JACKPOT,
    METER_RULES,
    jackpot_distribution,
    jackpot_line,
    long_run,
    meter_extra,
    meter_notes,
    meter_rules,
)
from oddscalc.games.casino_stud_poker.payouts import CATEGORY_PAYOUT, raise_pays
from oddscalc.games.casino_stud_poker.queries import HandDecision, decisions, hand_decision
from oddscalc.games.casino_stud_poker.strategy import StudResult, ante_returns
from oddscalc.games.poker import cards, tables
from oddscalc.games.poker.cards import FULL_DECK, Deck
from oddscalc.games.poker.ranking import FIVE_CATEGORIES, category_of
from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import parse_meter
from oddscalc.wager_results import Edge, Extra, GameAnalysis, RuleOption, WagerResult, edges_for

__all__ = [
    "CATEGORY_PAYOUT",
    "ELEMENT_OF_RISK",
    "ENGINE",
    "RULES",
    "TITLE",
    "DecisionTableError",
    "HandDecision",
    "StudDecisionTable",
    "analyse",
    "canonical_hand",
    "category_counts",
    "decision_table",
    "decisions",
    "hand_decision",
    "optimal",
    "raise_pays",
]

#: The version of the casino stud engine (`counting`, `strategy`, `queries`, and the poker ranking it reads,
#: `games.poker`): bump it whenever a stored result may change, then rebuild the data (`make data`).
ENGINE = Engine("casino-stud-poker", 1)

TITLE = "Casino stud poker"
RULES = (
    RuleOption(
        "meter",
        "Progressive Jackpot Meter in units of the jackpot wager (any number >= 0), at which that "
        "wager's distribution and edge are shown (its exact return at every meter is given as a "
        "formula, with the break-even meter)",
        (),
        "100000",
        (JACKPOT,),
    ),
    RuleOption(
        "jackpot-stake",
        "whether a winning Progressive Jackpot wager keeps its 1-unit stake: 'forfeited' "
        "(payouts 'for one', as published analyses assume) or 'returned' (payouts as odds)",
        ("forfeited", "returned"),
        "forfeited",
        (JACKPOT,),
    ),
    *METER_RULES,
)
ELEMENT_OF_RISK = "per unit total staked (Ante plus the average Raise): the element of risk"
JACKPOT_ASSUMPTION = (
    "the Progressive Jackpot Meter (reg 8(11A)(d)-(f)): rule contribution (default 70%, the least the law allows) "
    "of every jackpot stake is added to it; every prize, the fixed ones too, is paid out of it, from the meter as "
    "it stood when the hand was dealt, the hand's own contribution added at settlement; rule reseed (default 0) is "
    "what the licence holder adds after each royal flush; rule shortfall (default carried: a prize larger than the "
    "meter takes it below zero, later stakes making it good; 'added': the licence holder adds what is lacking)"
)


def _decode(d: dict[str, Any]) -> StudResult:
    def tup(x: Any) -> Any:  # JSON data: lists become tuples
        return tuple(tup(y) for y in x) if isinstance(x, list) else x

    return StudResult(**{k: tup(v) for k, v in d.items()})


def optimal(
    pays: tuple[Fraction, ...],
    ante: Fraction = Fraction(1),
    deck: Deck = FULL_DECK,
    progress: Progress | None = None,
    use_cache: bool = True,
) -> StudResult:
    """The exact optimal-strategy totals for a pay table, stored (`core.store`) once computed."""
    params = {"ranks": list(deck.ranks), "suits": deck.suits, "ante": str(ante), "pays": [str(p) for p in pays]}
    return stored(
        "casino-stud-poker-optimal",
        params,
        (ENGINE,),
        lambda: strategy.evaluate(counting.stud_counts(deck, progress), pays, ante, progress),
        asdict,
        _decode,
        use_cache=use_cache,
    )


def _pct(value: Fraction) -> str:
    return render_decimal(Fraction(value) * 100, 4) + "%"


def _share_text(raised: int, total: int) -> str:
    if raised == total:
        return "R"
    if raised == 0:
        return "F"
    return f"R {_pct(Fraction(raised, total))}"


def _extras(res: StudResult, returns: dict[str, Fraction]) -> tuple[Extra, ...]:
    total = res.total
    outcome_rows = tuple((name, returns[name], n, Fraction(n, total)) for name, n in res.outcomes if n)
    best = -res.rule_return("optimal")
    rule_rows = []
    for name, ret, raised in res.rules:
        loss = -Fraction(ret)
        edge, risk, cost = loss / total, loss / (total + 2 * raised), (loss - best) / total
        rule_rows.append(
            (name, strategy.RULE_TEXT.get(name, ""), loss, edge, _pct(edge), risk, _pct(risk), cost, _pct(cost))
        )
    ranks = [cards.RANK_CHARS[r] for r in res.ranks]
    grid_rows = tuple((label, *(_share_text(r, n) for r, n in cells)) for label, cells in res.grid)
    cat_rows = tuple(
        (name, pairs, Fraction(raised, pairs) if pairs else Fraction(0), Fraction(ret) / total)
        for name, pairs, raised, ret in res.by_category[::-1]
        if pairs
    )
    hidden = total // (sum(p for _, p, _, _ in res.by_category))
    brief = []
    for label, cats in (("pair or better", FIVE_CATEGORIES[1:]), ("no pair", FIVE_CATEGORIES[:1])):
        pairs = sum(p for name, p, _, _ in res.by_category if name in cats)
        raised = sum(r for name, _, r, _ in res.by_category if name in cats)
        brief.append((label, Fraction(raised, pairs) if pairs else Fraction(0)))
    for label in ("no pair below A-K",):
        cells = dict(res.grid).get(label, ())
        n = sum(t for _, t in cells)
        if n:
            brief.append((label, Fraction(sum(r for r, _ in cells), n)))
    ak = [cells for label, cells in res.grid if label.startswith("A K ")]
    n = sum(t for cells in ak for _, t in cells)
    if n:
        brief.append(("no pair headed A-K (see the chart)", Fraction(sum(r for cells in ak for r, _ in cells), n)))
    runner_up = min(rule_rows[1:], key=lambda row: row[2])
    return (
        Extra(
            "Ante and Raise: the optimal strategy in brief",
            ("player hand", "share of (hand, up-card) cases raised"),
            tuple(brief),
            f"The simplest rules close to the optimum: '{runner_up[0]}' costs {runner_up[8]} of the Ante "
            "more than exact play (table below).",
        ),
        Extra(
            "Ante and Raise: outcomes under the optimal strategy",
            ("outcome", "net return per unit Ante", "combinations", "probability"),
            outcome_rows,
            f"combinations of (player hand, banker up-card, banker's four hidden cards): {total:,} in all, "
            f"C({sum(1 for _ in ranks) * res.suits},5) x {len(ranks) * res.suits - 5} x {hidden:,}.",
        ),
        Extra(
            "Ante and Raise: optimal decision by player hand and banker up-card",
            ("player hand", *ranks),
            grid_rows,
            "R raise in every case, F fold in every case, 'R x%' raise in that share of the (hand, up-card) "
            "cases of the row (the rest fold): those depend on the exact cards, suits included. Rows 'A K x y' "
            "are no-pair hands headed A, K with third and fourth cards x, y; within a row the decision turns on the "
            "fifth card (above all whether it pairs the up-card's rank) and the suits; " + strategy.TIE_BREAK + ".",
        ),
        Extra(
            "Ante and Raise: simpler strategies against the optimum",
            (
                "strategy",
                "rule",
                "total loss (units x combinations)",
                "house edge per Ante",
                "(%)",
                "element of risk",
                "(%)",
                "cost per Ante against the optimum",
                "(%)",
            ),
            tuple(rule_rows),
            "Each strategy evaluated exactly over every combination; published names and figures: Wizard of "
            "Odds, Caribbean stud poker (the three rules of thumb are his).",
        ),
        Extra(
            "Ante and Raise: by the player's hand category",
            ("player hand", "(hand, up-card) cases", "share raised", "contribution to return per Ante"),
            cat_rows,
        ),
    )


def _ante_result(w: Wager, progress: Progress | None) -> tuple[WagerResult, tuple[Extra, ...], StudResult]:
    pays, ante = raise_pays(w), w.pay("ante")
    res = optimal(pays, ante, progress=progress)
    returns = ante_returns(pays, ante)
    dist = Distribution.from_weights([(returns[name], n) for name, n in res.outcomes])
    p_raise = Fraction(res.raised, res.total)
    staked = 1 + 2 * p_raise
    edges = edges_for(dist) + (Edge("element-of-risk", ELEMENT_OF_RISK, dist.house_edge / staked),)
    events = (
        ("raise", p_raise),
        ("fold", Fraction(res.outcome("fold"), res.total)),
        ("banker does not qualify (having raised)", Fraction(res.outcome("banker does not qualify"), res.total)),
        ("void (equal hands, having raised)", Fraction(res.outcome("push"), res.total)),
    )
    loss = -res.rule_return("optimal")
    notes = (
        f"exact over {res.total:,} (player hand, banker up-card, hidden four) combinations: the optimal "
        f"strategy loses {loss} units of Ante in all, an edge of {loss}/{res.total}",
        f"average total staked per unit Ante: 1 + 2 x P(raise) = {staked}",
    )
    return WagerResult(w, dist, edges, events, notes, stake=staked), _extras(res, returns), res


def category_counts(deck: Deck = FULL_DECK, use_cache: bool = True) -> dict[str, int]:
    """Five-card hands of the pack in each category, ranked once and stored (`core.store`)."""

    def compute() -> dict[str, int]:
        values = tables.hand_table(deck, 5).values
        per_cat = np.bincount(category_of(values, 5), minlength=len(FIVE_CATEGORIES))
        return {FIVE_CATEGORIES[c]: int(n) for c, n in enumerate(per_cat)}

    return stored(
        "casino-stud-poker-categories",
        {"ranks": list(deck.ranks), "suits": deck.suits},
        (ENGINE,),
        compute,
        dict,
        dict,
        use_cache=use_cache,
    )


def _jackpot_result(w: Wager, rules: dict[str, str]) -> tuple[WagerResult, tuple[Extra, ...]]:
    counts = category_counts()
    names = {
        "royal-flush": "royal flush",
        "straight-flush": "straight flush",
        "four-of-a-kind": "four of a kind",
        "full-house": "full house",
        "flush": "flush",
    }
    fixed = {names[p.key]: p.value for p in w.payouts if p.unit == "stake"}
    shares = {names[p.key]: p.value for p in w.payouts if p.unit == "meter"}
    returned = rules.get("jackpot-stake", "forfeited") == "returned"
    meter = parse_meter(rules.get("meter", "100000"))
    hands = sum(counts.values())
    line = jackpot_line(counts, hands, fixed, shares, returned)
    dist = jackpot_distribution(counts, fixed, shares, returned, meter)
    even = line.break_even
    notes: tuple[str, ...] = (
        f"expected net return per unit wagered at a meter of M units: {line.sympy()} "
        f"(= {line.constant} + {line.slope} M, exact)",
        (
            f"break-even meter: M = {even} = {render_decimal(even, 4)} units"
            if even is not None
            else "no meter share: the return does not depend on the meter"
        ),
        f"distribution and edge shown at M = {meter} units (rule option meter); the stake of a winning wager "
        f"is {'returned' if returned else 'forfeited (payouts for one)'} (rule option jackpot-stake)",
        "settled on the player's own five cards whatever the banker holds and whether or not he raises",
    )
    rows = []
    for cat in reversed(FIVE_CATEGORIES):
        pay = (
            f"{shares[cat] * 100}% of meter"
            if cat in shares
            else (f"{fixed[cat]} x wager" if cat in fixed else "loses")
        )
        rows.append((cat, counts[cat], Fraction(counts[cat], hands), pay))
    extra = Extra(
        "Progressive jackpot: the player's five cards",
        ("hand", "combinations", "probability", "pays"),
        tuple(rows),
        f"return(M) = {line.constant} + {line.slope} M per unit; break-even M = {even}",
    )
    events = tuple(
        (f"{cat}", Fraction(counts[cat], hands)) for cat in reversed(FIVE_CATEGORIES) if cat in fixed or cat in shares
    )
    meter_run = long_run(counts, hands, fixed, shares, returned, meter_rules(rules))
    notes += meter_notes(meter_run, meter, line)
    return WagerResult(w, dist, edges_for(dist), events, notes), (extra, meter_extra(meter_run, meter, line))


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    results: list[WagerResult] = []
    extras: list[Extra] = []
    for w in wagers:
        if w.key == "ante":
            r, x, _ = _ante_result(w, progress)
        elif w.key == "progressive-jackpot":
            r, x = _jackpot_result(w, rules)
        else:
            raise ValueError(f"casino stud poker has no wager {w.key!r}")
        results.append(r)
        extras.extend(x)
    assumptions = ((JACKPOT_ASSUMPTION,) if any(w.key == "progressive-jackpot" for w in wagers) else ()) + (
        "one 52-card pack shuffled before each hand (reg 8(1)(b)); other players' cards are unseen and change "
        "no probability",
        "the player raises exactly when raising has the greater exact expectation given his five cards and the "
        "banker's up-card; " + strategy.TIE_BREAK,
        "equal hands compare by their cards in Schedule 2 order (the groups of equal cards, then the highest "
        "remaining); suits never rank; A-2-3-4-5 is the lowest straight",
    )
    return GameAnalysis("casino-stud-poker", "", (), tuple(results), assumptions, tuple(extras))


# --- The optimal decision as data, for the reference simulator (oddscalc.sim.poker) ---------------------------

#: Suit relabellings: a permutation p sends suit s (0..3 = c, d, h, s) to p[s].
_SUIT_PERMS = tuple(permutations(range(4)))
_AK_FORMAT = 1  # layout of the cached A-K decisions; bump when it changes


class DecisionTableError(LimitError):
    """The exact strategy cannot be put in the compact table (a decision varies where it is assumed constant)."""


def canonical_hand(hand: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The least (sorted) relabelling of a hand's suits, and the relabelling that gives it (the first in order).

    Cards are (rank 2..14, suit 0..3). Hands with equal canonical form are equal up to suits, so they share
    every exact probability; an up-card is carried along by the same relabelling.
    """
    best_perm = _SUIT_PERMS[0]
    best = tuple(sorted((r, best_perm[s]) for r, s in hand))
    for p in _SUIT_PERMS[1:]:
        form = tuple(sorted((r, p[s]) for r, s in hand))
        if form < best:
            best, best_perm = form, p
    return best, best_perm


def _card_id(card: tuple[int, int]) -> int:
    return (card[0] - 2) * 4 + card[1]


@dataclass(frozen=True)
class StudDecisionTable:
    """The engine's optimal Raise decision as data, for simulators to look up (cards are (rank 2..14, suit 0..3)).

    `by_row` holds the decision by (row, up-card rank) for every row of the engine's strategy chart where it is
    the same for every hand of the row (each pair-or-better category, and "no pair below A-K"). It is checked
    against the engine's per-class counts when the table is built. `ace_king` holds, per no-pair hand headed by
    A-K (in canonical suit labelling, see `canonical_hand`), the up-cards it raises against. They form a bit
    mask over card ids (rank - 2) * 4 + suit in that same labelling.
    """

    by_row: Mapping[tuple[str, int], bool]
    ace_king: Mapping[tuple[tuple[int, int], ...], int]

    def decide(self, hand: tuple[tuple[int, int], ...], up: tuple[int, int], category: str) -> bool:
        """Raise? `category` is the hand's Schedule 2 category name as in FIVE_CATEGORIES (e.g. "no pair")."""
        if category == "no pair":
            ranks = {r for r, _ in hand}
            if 14 in ranks and 13 in ranks:
                form, p = canonical_hand(hand)
                return bool(self.ace_king[form] >> _card_id((up[0], p[up[1]])) & 1)
            return self.by_row[("no pair below A-K", up[0])]
        return self.by_row[(category, up[0])]


def _ace_king_masks(w: Wager) -> dict[str, Any]:
    """Per A-K no-pair representative (the engine's name): raised up-cards as a hex bit mask over engine card ids,
    how many up-cards were listed, and the number of (hand, up-card) pairs raised (weighted by class size)."""
    deck = FULL_DECK

    def compute() -> dict[str, Any]:
        masks: dict[str, list[int]] = {}
        raised = 0
        for hand, up, weight, *_, decision in decisions(w, "ace-king"):
            entry = masks.setdefault(hand, [0, 0])
            entry[1] += 1
            if decision == "raise":
                entry[0] |= 1 << deck.card(up)
                raised += weight
        return {"raised": raised, "hands": {h: [format(m, "x"), n] for h, (m, n) in masks.items()}}

    params = {"format": _AK_FORMAT, "ante": str(w.pay("ante")), "pays": [str(p) for p in raise_pays(w)]}
    return stored("casino-stud-poker-decisions", params, (ENGINE,), compute)


def decision_table(w: Wager, rules: dict[str, str]) -> StudDecisionTable | None:
    """The exact optimal strategy of the `ante` wager as a `StudDecisionTable` (None for the jackpot, which has
    no decision). Built from the engine's own output: the strategy chart's per-class counts, and the A-K rows of
    `decisions` (stored; about half a minute the first time)."""
    if w.key != "ante":
        return None
    deck = FULL_DECK
    res = optimal(raise_pays(w), w.pay("ante"))
    by_row: dict[tuple[str, int], bool] = {}
    ak_raised = 0
    for label, cells in res.grid:
        if label.startswith("A K "):
            ak_raised += sum(r for r, _ in cells)
            continue
        for rank, (raised, n) in zip(res.ranks, cells):
            if 0 < raised < n:
                raise DecisionTableError(
                    f"the optimal decision for '{label}' against a {cards.RANK_CHARS[rank]} "
                    "up-card depends on the hand; the compact decision table cannot hold it"
                )
            if n:
                by_row[(label, rank)] = raised == n
    stored = _ace_king_masks(w)
    if stored["raised"] != ak_raised:
        raise AssertionError("the A-K decisions disagree with the strategy chart")
    ace_king: dict[tuple[tuple[int, int], ...], int] = {}
    for name, (mask_hex, listed) in stored["hands"].items():
        hand = tuple((deck.ranks[c // deck.suits], c % deck.suits) for c in deck.hand(name, 5))
        if listed != deck.size - 5:
            raise AssertionError(f"{name}: {listed} up-cards listed, not {deck.size - 5}")
        form, p = canonical_hand(hand)
        mask = int(mask_hex, 16)
        ace_king[form] = sum(
            1 << _card_id((deck.ranks[c // deck.suits], p[c % deck.suits])) for c in range(deck.size) if mask >> c & 1
        )
    if len(ace_king) != len(stored["hands"]):
        raise AssertionError("two A-K hand classes share a canonical form")
    return StudDecisionTable(by_row, ace_king)
