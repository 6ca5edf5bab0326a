"""Super Pan 9 (SI 1994/2899 regs 9, 10): exact odds with the player's fourth-card decision solved exactly.

One `engine.solve` over the shoe gives, for every three-card holding, the outcomes of standing and
of drawing against a banker on the House rule; every wager here is a strategy applied to that solution.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.games.baccarat.cards import SUPER_PAN_9
from oddscalc.games.baccarat.rules import decks_option, removed_cards, removed_option
from oddscalc.games.super_pan_9.engine import DRAW, HOUSE_RULE, STAND, Solution, banker_choices, solve
from oddscalc.games.base import Extra, GameAnalysis, WagerResult, edges_for
from oddscalc.regulations.model import Wager

__all__ = ["TITLE", "RULES", "analyse", "needs", "solution_for", "strategy_extras"]

TITLE = "Super Pan 9"
RULES = (decks_option("8", tuple(str(n) for n in range(1, 9))), removed_option(SUPER_PAN_9))
HOUSE_PAYS = Fraction(19, 20)
TIE_BREAK = "on an exact tie of expectations the player stands"


def needs(w: Wager) -> tuple[str, ...]:
    """The tie wager's odds depend on how the hand is played, which the initial wager's payout decides."""
    return ("initial",) if w.key == "tie" else ()


def solution_for(decks: int = 8, removed: tuple[str, ...] = ()) -> Solution:
    """Every holding's exact outcomes for `decks` reduced packs less the `removed` cards."""
    return solve(SUPER_PAN_9.shoe(decks, removed).counts, HOUSE_RULE)


def _label(cards: tuple[int, ...]) -> str:
    return " ".join("A" if v == 1 else str(v) for v in cards)


def _split(counts: tuple[int, int, int], total: int) -> dict[str, Fraction]:
    win, tie, lose = counts
    return {"win": Fraction(win, total), "tie": Fraction(tie, total), "lose": Fraction(lose, total)}


def _initial(w: Wager, sol: Solution, strategy) -> WagerResult:
    p = _split(sol.outcome(strategy), sol.total)
    dist = Distribution.from_weights({w.pay(): p["win"], 0: p["tie"], -1: p["lose"]})
    events = (("player's hand higher", p["win"]), ("equal points (void)", p["tie"]), ("banker's hand higher", p["lose"]))
    return WagerResult(w, dist, edges_for(dist), events, (f"the player draws a fourth card by the exact best decision "
                                                          f"for this wager's odds ({TIE_BREAK})",))


def _tie(w: Wager, sol: Solution, strategy, strategy_pb) -> WagerResult:
    p = _split(sol.outcome(strategy), sol.total)
    p_pb = _split(sol.outcome(strategy_pb), sol.total)
    dist = Distribution.from_weights({w.pay(): p["tie"], -1: 1 - p["tie"]})
    events = (("equal points, the House banking and the hand played for its initial wager", p["tie"]),
              ("equal points, a player banking on the House rule and the hand played at 1 to 1", p_pb["tie"]))
    return WagerResult(w, dist, edges_for(dist), events,
                       ("the hand's owner plays it for his initial wager against the House's bank",))


def _player_banker(w: Wager, sol: Solution, strategy) -> tuple[WagerResult, tuple[Extra, ...]]:
    p = _split(sol.outcome(strategy), sol.total)
    levy = w.pay("levy")
    won = 1 - levy  # the opposing stake of one unit, less the House's levy on the net winnings
    dist = Distribution.from_weights({won: p["lose"], 0: p["tie"], -w.pay("win"): p["win"]})
    before = p["lose"] - w.pay("win") * p["win"]
    levy_cost = levy * p["lose"]
    events = (("the player-banker wins the wager", p["lose"]), ("equal points (void)", p["tie"]),
              ("the player-banker loses the wager", p["win"]))
    notes = ("returns are the player-banker's, per unit an opposing player wagers: +1 less the levy when the bank "
             "wins, -1 (1 to 1) when it loses; the edge shown is the player-banker's expected loss",
             f"expectation before the levy {render_decimal(before * 100, 4)}%; the levy costs "
             f"{render_decimal(levy_cost * 100, 4)}% of the amount wagered against the bank per hand",
             "the levy is taken as 5% of each won unit, i.e. one opposing wager against the bank; with several "
             "opposing wagers it is 5% of the net excess, which is never more")
    choices = banker_choices(sol.counts, strategy)
    response = {(c.cards, c.player_drew): c.best(won, w.pay("win")) for c in choices}
    tally = [0, 0, 0]
    for c in choices:
        for i, n in enumerate(c.draw if response[(c.cards, c.player_drew)] == DRAW else c.stand):
            tally[i] += c.deals * n
    r_win, r_tie, r_lose = (Fraction(n, sol.total) for n in tally)
    r_after = won * r_win - w.pay("win") * r_lose
    rows = [("opposing player's expectation at 1 to 1", -before),
            ("player-banker's expectation before the levy", before),
            ("expected levy per hand (5% x P(bank wins))", levy_cost),
            ("player-banker's expectation after the levy", dist.mean),
            ("... if he instead plays his best response (below), after the levy", r_after),
            ("... expected levy per hand under that response", levy * r_win)]
    extra = Extra("Super Pan 9: a player holding the bank (reg 9(4), reg 10), per unit wagered against him",
                  ("quantity", "exact", "decimal"),
                  tuple((name, v, render_decimal(v * 100, 4) + "%") for name, v in rows),
                  "The opposing player plays his exact best fourth-card decision at 1 to 1 against the House's "
                  "rule; the player-banker draws on the House's rule, or (last two rows) on his best response.")
    by_point: dict[tuple[int, bool], set[str]] = defaultdict(set)
    for c in choices:
        by_point[(c.point, c.player_drew)].add(response[(c.cards, c.player_drew)])
    response_rows = tuple((point, *(" or ".join(sorted(by_point[(point, drew)])) for drew in (False, True)))
                          for point in range(10) if (point, False) in by_point)
    response_extra = Extra(
        "Super Pan 9: the player-banker's best response (reg 9(2)(h) discretion), by his three-card point",
        ("banker's point", "the player stood", "the player drew"), response_rows,
        "The banker sees his own cards and whether the opposing player took a fourth card, not the player's cards; "
        "best for the banker after the levy against the opposing player's strategy above (on an exact tie, the "
        "House's rule). A best response, not an equilibrium: the player could adjust to it in turn.")
    return WagerResult(w, dist, edges_for(dist), events, notes), (extra, response_extra)


def strategy_extras(sol: Solution, pays: Fraction, pays_pb: Fraction) -> tuple[Extra, ...]:
    """The fourth-card strategy for every holding, and a summary by three-card point."""
    rows = []
    by_point: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for h in sorted(sol.holdings, key=lambda h: (h.point, h.cards)):
        stand, draw = h.ev(STAND, pays), h.ev(DRAW, pays)
        best, best_pb = h.best(pays), h.best(pays_pb)
        by_point[h.point].append((best, best_pb))
        rows.append((_label(h.cards), h.point, Fraction(h.deals, 1), stand, draw, best,
                     render_decimal((draw - stand) * 100, 4) + "%", best_pb))
    holdings = Extra(
        "Super Pan 9: the player's fourth card, every three-card holding",
        ("cards", "point", "ordered deals", "EV stand (19 to 20)", "EV draw (19 to 20)", "best (19 to 20)",
         "draw - stand", "best (1 to 1)"),
        tuple(rows),
        f"Exact expectation per unit of the initial wager given the three cards, the banker on the House rule "
        f"(draws on 5 or less); {TIE_BREAK}. Cards by point value: 0 is J, Q or K; A is an Ace.",
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
    verdict = ("the best decision depends only on the three-card point" if uniform else
               "the best decision depends on the cards, not only on the point")
    summary = Extra("Super Pan 9: the player's fourth-card strategy by three-card point",
                    ("point", "holdings", "best at 19 to 20 (House bank)", "best at 1 to 1 (player bank)"),
                    tuple(summary_rows), f"On this shoe {verdict}.")
    return summary, holdings


def _shoe_extra(decks: int, removed: tuple[str, ...]) -> Extra:
    full, left = SUPER_PAN_9.shoe(decks), SUPER_PAN_9.shoe(decks, removed)
    rows = tuple((str(v), full.counts[v], full.counts[v] - left.counts[v], left.counts[v]) for v in range(7))
    return Extra("Shoe composition by point value", ("point value", "at the start", "removed", "left"), rows,
                 f"{left.size} cards left of {full.size}.")


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress=None) -> GameAnalysis:
    decks = int(rules.get("decks", "8"))
    removed = removed_cards(rules)
    shoe = SUPER_PAN_9.shoe(decks, removed)
    sol = solve(shoe.counts, HOUSE_RULE, progress)
    by_key = {w.key: w for w in wagers}
    pays = by_key["initial"].pay() if "initial" in by_key else HOUSE_PAYS
    pays_pb = by_key["player-banker"].pay("win") if "player-banker" in by_key else (
        by_key["initial-player-bank"].pay() if "initial-player-bank" in by_key else Fraction(1))
    strategy, strategy_pb = sol.strategy(pays), sol.strategy(pays_pb)
    results = []
    for w in wagers:
        if w.key == "initial":
            results.append(_initial(w, sol, strategy))
        elif w.key == "initial-player-bank":
            results.append(_initial(w, sol, strategy_pb if w.pay() == pays_pb else sol.strategy(w.pay())))
        elif w.key == "tie":
            results.append(_tie(w, sol, strategy, strategy_pb))
        elif w.key == "player-banker":
            result, bank_extras = _player_banker(w, sol, strategy_pb)
            results.append(result)
    extras = list(strategy_extras(sol, pays, pays_pb))
    if "player-banker" in by_key:
        extras[:0] = bank_extras
    if removed:
        extras.insert(0, _shoe_extra(decks, removed))
    assumptions = [
        f"the shoe: {decks} pack(s) less the 7s, 8s, 9s and 10s, {shoe.size} cards"
        + (f" after {len(removed)} removed ({','.join(removed)})" if removed else "") + " (reg 9(2)(b))",
        "the banker, House or player, draws a fourth card on 5 or less and stands on 6 or more (reg 9(2)(g)); "
        "a player holding the bank may choose (reg 9(2)(h)), but is assumed to follow the House's rule, the rule "
        "the game is dealt by and the one the opposing player's best play mirrors on the full shoe; the "
        "player-banker's best response to the opposing player is reported beside it",
        "the opposing player sees only his own three cards when he decides (all cards are disclosed at the end, "
        f"reg 9(10)) and takes the fourth card that maximises his exact expectation for the wager's odds; {TIE_BREAK}",
        "one opposing hand; other hands' unseen cards do not change the odds of a shuffled shoe",
        "counts are over ordered eight-card deals (three and three cards, then the two fourth cards)",
    ]
    return GameAnalysis("super-pan-9", "", (), tuple(results), tuple(assumptions), tuple(extras))


def decision_table(w: Wager, rules: dict[str, str]) -> dict[tuple[int, int, int], str]:
    """The opposing player's exact best decision ("draw"/"stand") for each sorted three-card holding (values
    0-6), for the odds wager `w` is paid at: the table simulators follow."""
    pays = w.pay() if w.key in ("initial", "initial-player-bank") else HOUSE_PAYS
    if w.key == "player-banker":
        pays = Fraction(1)
    return solution_for(int(rules.get("decks", "8")), removed_cards(rules)).strategy(pays)
