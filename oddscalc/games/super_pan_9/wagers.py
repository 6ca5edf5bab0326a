"""Super Pan 9 (SI 1994/2899 regs 9, 10): exact odds with the player's fourth-card decision solved exactly.

One `engine.solve` over the shoe gives, for every three-card holding, the outcomes of standing and
of drawing against a banker on the House rule: the House-bank wagers are a strategy applied to that solution.
The wagers against a player's bank (several hands, the levy on the net, the House's wager) come from
`bank_figures` / `player_bank`. Rule `model` picks the shoe model for every wager: the House's bank meets one hand,
so `auto` is the finite shoe for it; `infinite` solves it in the infinite-shoe model too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.core.progress import Progress
from oddscalc.games.baccarat.cards import SUPER_PAN_9
from oddscalc.games.baccarat.rules import decks_option, removed_option
from oddscalc.games.super_pan_9 import bank_law
from oddscalc.games.super_pan_9.bank_figures import (
    BANK_RULES,
    bank_assumptions,
    bank_extras,
    bank_rules,
    bank_wagers,
    figures,
    model_assumption,
)
from oddscalc.games.super_pan_9.bank_models import AUTO, INFINITE, model_for
from oddscalc.games.super_pan_9.decisions import BankTable, bank_table
from oddscalc.games.super_pan_9.engine import DRAW, HOUSE_RULE, STAND, Solution, solve
from oddscalc.games.super_pan_9.player_bank import BankResult
from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import removed_cards
from oddscalc.wager_results import Extra, GameAnalysis, WagerResult, edges_for

__all__ = ["RULES", "TITLE", "analyse", "needs", "solution_for", "strategy_extras"]

TITLE = "Super Pan 9"
RULES = (decks_option("8", tuple(str(n) for n in range(1, 9))), removed_option(SUPER_PAN_9), *BANK_RULES)
HOUSE_PAYS = Fraction(19, 20)
LEVY = Fraction(1, 20)  # reg 10(1); the figures read it from the player-banker wager's payout
BANK_WAGERS = ("initial-player-bank", "player-banker")
TIE_BREAK = "on an exact tie of expectations the player stands"


def needs(w: Wager) -> tuple[str, ...]:
    """The tie wager's odds depend on how the hand is played, which the initial wagers' payouts decide; every
    figure against a player's bank reads the levy from the player-banker wager."""
    return {"tie": ("initial", "player-banker"), "initial-player-bank": ("player-banker",)}.get(w.key, ())


def solution_for(decks: int = 8, removed: tuple[str, ...] = (), infinite: bool = False) -> Solution:
    """Every holding's exact outcomes for `decks` reduced packs less the `removed` cards (`infinite`: in the
    infinite-shoe model of that shoe)."""
    return solve(SUPER_PAN_9.shoe(decks, removed).counts, HOUSE_RULE, infinite=infinite)


def house_bank_infinite(rules: dict[str, str]) -> bool:
    """Whether the House-bank wagers are solved in the infinite-shoe model: rule model, the House's bank meeting
    one hand (so `auto` is the finite shoe)."""
    return model_for(rules.get("model", AUTO), 1) == INFINITE


def _model(sol: Solution) -> str:
    """The shoe model a solution was computed under, worded as a player's bank names its own."""
    return bank_law.INFINITE if sol.infinite else bank_law.FINITE


def _label(cards: tuple[int, ...]) -> str:
    return " ".join("A" if v == 1 else str(v) for v in cards)


def _split(counts: tuple[int, int, int], total: int) -> dict[str, Fraction]:
    win, tie, lose = counts
    return {"win": Fraction(win, total), "tie": Fraction(tie, total), "lose": Fraction(lose, total)}


def _model_note(sol: Solution, rule: str) -> str:
    return f"shoe model: {_model(sol)} (rule model={rule})"


def _initial(w: Wager, sol: Solution, strategy: Mapping[tuple[int, int, int], str], rule: str) -> WagerResult:
    p = _split(sol.outcome(strategy), sol.total)
    dist = Distribution.from_weights([(w.pay(), p["win"]), (0, p["tie"]), (-1, p["lose"])])
    events = (
        ("player's hand higher", p["win"]),
        ("equal points (void)", p["tie"]),
        ("banker's hand higher", p["lose"]),
    )
    return WagerResult(
        w,
        dist,
        edges_for(dist),
        events,
        (
            f"the player draws a fourth card by the exact best decision for this wager's odds ({TIE_BREAK})",
            _model_note(sol, rule),
        ),
    )


def _tie(
    w: Wager, sol: Solution, strategy: Mapping[tuple[int, int, int], str], rule: str, bank: BankResult | None
) -> WagerResult:
    p = _split(sol.outcome(strategy), sol.total)
    dist = Distribution.from_weights([(w.pay(), p["tie"]), (-1, 1 - p["tie"])])
    events = [("equal points, the House banking and the hand played for its initial wager", p["tie"])]
    if bank is not None:  # a player's bank may be computed under another model (rule model=auto, 5 hands or more)
        events.append(
            (
                "equal points, a player banking (as the rules set the table) and the hand played at 1 to 1"
                + ("" if bank.model == _model(sol) else f" ({bank.model})"),
                bank.ordinary[1],
            )
        )
    return WagerResult(
        w,
        dist,
        edges_for(dist),
        tuple(events),
        ("the hand's owner plays it for his initial wager against the House's bank", _model_note(sol, rule)),
    )


def strategy_extras(sol: Solution, pays: Fraction, pays_pb: Fraction) -> tuple[Extra, ...]:
    """The fourth-card strategy for every holding, and a summary by three-card point."""
    rows = []
    by_point: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for h in sorted(sol.holdings, key=lambda h: (h.point, h.cards)):
        stand, draw = h.ev(STAND, pays), h.ev(DRAW, pays)
        best, best_pb = h.best(pays), h.best(pays_pb)
        by_point[h.point].append((best, best_pb))
        rows.append(
            (
                _label(h.cards),
                h.point,
                Fraction(h.deals, 1),
                stand,
                draw,
                best,
                render_decimal((draw - stand) * 100, 4) + "%",
                best_pb,
            )
        )
    holdings = Extra(
        "Super Pan 9: the player's fourth card, every three-card holding",
        (
            "cards",
            "point",
            "ordered draws with replacement" if sol.infinite else "ordered deals",
            "EV stand (19 to 20)",
            "EV draw (19 to 20)",
            "best (19 to 20)",
            "draw - stand",
            "best (1 to 1)",
        ),
        tuple(rows),
        f"Exact expectation per unit of the initial wager given the three cards ({_model(sol)}), the banker on the "
        f"House rule (draws on 5 or less); {TIE_BREAK}. Cards by point value: 0 is J, Q or K; A is an Ace.",
    )
    summary_rows = []
    uniform = True
    for point in sorted(by_point):
        decisions = by_point[point]
        cells = []
        for i in (0, 1):
            draws = sum(1 for d in decisions if d[i] == DRAW)
            if draws in (0, len(decisions)):
                cells.append(f"{DRAW if draws else STAND} (all {len(decisions)})")
            else:
                uniform = False
                cells.append(f"depends on the cards: draw on {draws} of {len(decisions)}")
        summary_rows.append((point, len(decisions), *cells))
    verdict = (
        "the best decision depends only on the three-card point"
        if uniform
        else "the best decision depends on the cards, not only on the point"
    )
    summary = Extra(
        "Super Pan 9: the player's fourth-card strategy by three-card point",
        ("point", "holdings", "best at 19 to 20 (House bank)", "best at 1 to 1 (player bank)"),
        tuple(summary_rows),
        f"On this shoe ({_model(sol)}) {verdict}.",
    )
    return summary, holdings


def _shoe_extra(decks: int, removed: tuple[str, ...]) -> Extra:
    full, left = SUPER_PAN_9.shoe(decks), SUPER_PAN_9.shoe(decks, removed)
    rows = tuple((str(v), full.counts[v], full.counts[v] - left.counts[v], left.counts[v]) for v in range(7))
    return Extra(
        "Shoe composition by point value",
        ("point value", "at the start", "removed", "left"),
        rows,
        f"{left.size} cards left of {full.size}.",
    )


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    decks = int(rules.get("decks", "8"))
    removed = removed_cards(rules)
    shoe = SUPER_PAN_9.shoe(decks, removed)
    sol = solve(shoe.counts, HOUSE_RULE, progress, house_bank_infinite(rules))
    by_key = {w.key: w for w in wagers}
    pays = by_key["initial"].pay() if "initial" in by_key else HOUSE_PAYS
    pays_pb = (
        by_key["player-banker"].pay("win")
        if "player-banker" in by_key
        else (by_key["initial-player-bank"].pay() if "initial-player-bank" in by_key else Fraction(1))
    )
    strategy, strategy_pb = sol.strategy(pays), sol.strategy(pays_pb)
    bank = None
    if "player-banker" in by_key or "initial-player-bank" in by_key:
        options = bank_rules(rules)
        levy = by_key["player-banker"].pay("levy") if "player-banker" in by_key else LEVY
        bank = figures(
            shoe.counts,
            strategy_pb,
            options.table(pays_pb),
            levy,
            options.play,
            options.sees,
            options.model,
            not removed,
            progress,
        )
    rule = rules.get("model", AUTO)
    results = []
    for w in wagers:
        if w.key == "initial":
            results.append(_initial(w, sol, strategy, rule))
        elif w.key == "tie":
            results.append(_tie(w, sol, strategy, rule, bank))
        elif w.key in BANK_WAGERS:
            assert bank is not None  # figured above whenever a wager against a player's bank is asked for
            initial, banker = (w, None) if w.key == "initial-player-bank" else (None, w)
            results += bank_wagers(initial, banker, bank)
    extras = list(strategy_extras(sol, pays, pays_pb))
    if bank is not None:
        extras[:0] = bank_extras(shoe.counts, strategy_pb, pays_pb, levy, options, not removed, bank, progress)
    if removed:
        extras.insert(0, _shoe_extra(decks, removed))
    assumptions = [
        f"the shoe: {decks} pack(s) less the 7s, 8s, 9s and 10s, {shoe.size} cards"
        + (f" after {len(removed)} removed ({','.join(removed)})" if removed else "")
        + " (reg 9(2)(b))",
        "the House as banker draws a fourth card on 5 or less and stands on 6 or more (reg 9(2)(g))",
        "an opposing player sees only his own three cards when he decides (all cards are disclosed at the end, "
        f"reg 9(10)) and takes the fourth card that maximises his exact expectation for the wager's odds; {TIE_BREAK}",
        "against the House's bank: other hands' unseen cards do not change the odds of a shuffled shoe",
        "counts are over ordered deals (three cards and a fourth position for every hand, the bank's included)",
    ]
    if bank is not None:
        assumptions += bank_assumptions(bank, options, _model(sol))
    used = {"the House's bank (initial, tie)": _model(sol)} if any(k in by_key for k in ("initial", "tie")) else {}
    if bank is not None:
        used["a player's bank"] = bank.model
    assumptions.append(model_assumption(rule, used))
    return GameAnalysis("super-pan-9", "", (), tuple(results), tuple(assumptions), tuple(extras))


def decision_table(w: Wager, rules: dict[str, str]) -> dict[tuple[int, int, int], str] | BankTable:
    """The play the exact figures assume, for simulators. The House-bank wagers: the opposing player's exact best
    decision ("draw"/"stand") for each sorted three-card holding (values 0-6) at the wager's odds. The wagers
    against a player's bank: a `BankTable` (every hand's play, the player-banker's, the stakes and the levy),
    which also answers table[holding] with an opposing hand's play."""
    removed = removed_cards(rules)
    decks = int(rules.get("decks", "8"))
    if w.key not in BANK_WAGERS:
        return solution_for(decks, removed, house_bank_infinite(rules)).strategy(
            w.pay() if w.key == "initial" else HOUSE_PAYS
        )
    shoe = SUPER_PAN_9.shoe(decks, removed)
    pays = w.pay("win") if w.key == "player-banker" else w.pay()
    levy = w.pay("levy") if w.key == "player-banker" else LEVY
    plays = solve(shoe.counts, HOUSE_RULE, infinite=house_bank_infinite(rules)).strategy(pays)
    options = bank_rules(rules)
    r = figures(shoe.counts, plays, options.table(pays), levy, options.play, options.sees, options.model, not removed)
    return bank_table(r, plays)
