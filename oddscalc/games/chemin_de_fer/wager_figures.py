"""The chemin de fer wagers under a stated strategy profile, with the solution and comparisons as extras."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.core.matrix_game import AdditiveSolution, Equilibrium
from oddscalc.core.progress import Progress
from oddscalc.games.baccarat.cards import PUNTO_BANCO
from oddscalc.games.baccarat.tableau import STOOD
from oddscalc.games.chemin_de_fer import composition as B3
from oddscalc.games.chemin_de_fer import solve as S
from oddscalc.games.chemin_de_fer.coups import (
    COMPOSITION,
    TOTAL,
    CoupCounts,
    InfoCell,
    coup_counts,
    hand_label,
    hand_total,
)
from oddscalc.games.chemin_de_fer.tableau import OPTIONAL_CELLS, column_label, is_optional
from oddscalc.regulations.model import Wager
from oddscalc.regulations.rule_values import parse_commission
from oddscalc.wager_results import Extra, GameAnalysis, RuleError, RuleOption, WagerResult, edges_for

__all__ = [
    "RULES",
    "TITLE",
    "Solved",
    "analyse",
    "check_rules",
    "composition_solution",
    "counts_for",
    "settle",
    "shoe_for",
    "solution",
]

TITLE = "Chemin de fer"
INFINITE = "infinite"
OPTIMAL, DRAW, STAND = "optimal", "draw", "stand"
RULES = (
    RuleOption(
        "decks",
        "number of 52-card packs in the shoe (1-8), or 'infinite' (cards dealt with replacement)",
        (*(str(n) for n in range(1, 9)), INFINITE),
        "6",
    ),
    RuleOption("commission", "the House's commission on the bank's winnings, in percent (0 to under 100)", (), "0"),
    RuleOption(
        "player5",
        "the player's play on a two-card 5: 'optimal' (the equilibrium), 'draw' or 'stand'",
        (OPTIMAL, DRAW, STAND),
        OPTIMAL,
    ),
    RuleOption(
        "banker",
        "the banker's freedom: 'classical' (the tableau, choosing only in its optional cells) or "
        "'free' (choosing in every cell)",
        (S.CLASSICAL, S.FREE),
        S.CLASSICAL,
    ),
    RuleOption(
        "player-info",
        "what the player's play on 5 may depend on: 'total' (Model B2) or 'composition' "
        "(his two cards, Model B3; finite shoe, no commission, player5=optimal)",
        ("total", "composition"),
        "total",
    ),
)


def check_rules(rules: dict[str, str]) -> None:
    """Refuse (RuleError) a shoe that is not one, and player-info=composition (Model B3) with an infinite shoe, a
    commission or a fixed play on 5: it is solved only without them. The hook `api.resolved_rules` calls, so
    `decision_table` refuses such a rule set as `analyse` does."""
    decks = rules.get("decks", "6")
    commission = parse_commission(rules.get("commission", "0"))
    shoe_for(decks)
    if rules.get("player-info", "total") == "composition" and (
        decks == INFINITE or commission or rules.get("player5", OPTIMAL) != OPTIMAL
    ):
        raise RuleError(
            "player-info=composition is solved only for a finite shoe, no commission and "
            "player5=optimal (with replacement a composition tells the player nothing)"
        )


def shoe_for(decks: str) -> tuple[int, ...] | None:
    """Counts per point value for `decks` packs, or None for the infinite shoe."""
    if decks == INFINITE:
        return None
    try:
        packs = int(decks)
    except ValueError:
        raise RuleError(f"decks {decks!r}: give a number of packs 1-8 or 'infinite'") from None
    return PUNTO_BANCO.counts(packs)


@lru_cache(maxsize=8)
def counts_for(decks: str) -> CoupCounts:
    """The coup counts of a shoe; the infinite shoe uses the banker's total (his composition tells him nothing
    there), a finite shoe the composition of his two cards (Model B2 of Ethier and Gamez 2013)."""
    shoe = shoe_for(decks)
    return coup_counts(shoe, TOTAL if shoe is None else COMPOSITION)


@dataclass(frozen=True)
class Solved:
    """A game and the profile the figures use: the zero-sum solution, every equilibrium with a commission, or
    the banker's best reply to a fixed play on 5; `unique` says whether that profile is the only optimal one."""

    game: S.Game
    player5: str
    profile: S.Profile
    zero_sum: AdditiveSolution[InfoCell] | None = None
    equilibria: tuple[Equilibrium[InfoCell], ...] = ()
    unique: bool = True

    @property
    def mixed(self) -> list[InfoCell]:
        return [k for k in (c.key for c in self.game.cells) if 0 < self.profile.banker[k] < 1]


def settle(game: S.Game, player5: str) -> Solved:
    """The profile for a play on 5: optimal (solution or equilibrium), or 'draw'/'stand' met by a best reply."""
    if player5 == OPTIMAL and not game.commission:
        sol = S.solve(game)
        return Solved(
            game, player5, S.profile(game, sol.q, sol.column), zero_sum=sol, unique=sol.q_unique and sol.column_unique
        )
    if player5 == OPTIMAL:
        eqs = S.equilibria(game)
        return Solved(
            game,
            player5,
            S.profile(game, eqs[0].q, eqs[0].column),
            equilibria=eqs,
            unique=len(eqs) == 1 and not eqs[0].family,
        )
    return Solved(game, player5, S.best_response(game, Fraction(int(player5 == DRAW))))


@lru_cache(maxsize=16)
def solution(decks: str, commission: Fraction, freedom: str, player5: str) -> Solved:
    return settle(S.build(counts_for(decks), commission, freedom), player5)


def _cell_name(key: InfoCell, info: str) -> str:
    hand, column = key
    return f"banker {hand_label(hand, info)} v {'player stood' if column == STOOD else 'third card ' + str(column)}"


def _pct(x: Fraction) -> str:
    return render_decimal(x * 100, 4) + "%"


def _options_text(solved: Solved) -> str:
    """How the banker plays the tableau's optional cells, grouped by cell: '5 v 4: D with 0+5, S with 1+4'."""
    counts = solved.game.counts
    parts = []
    for total, column in sorted(OPTIONAL_CELLS):
        by: dict[str, list[str]] = {}
        for hand, col in counts.cells:
            if col == column and hand_total(hand) == total:
                p = solved.profile.banker[(hand, col)]
                play = "D" if p == 1 else "S" if p == 0 else f"draw {p}"
                by.setdefault(play, []).append(hand_label(hand, counts.info))
        if counts.info == TOTAL:
            parts.append(f"{total} v {column_label(column)} {next(iter(by))}")
        else:
            parts.append(
                f"{total} v {column_label(column)}: " + ", ".join(f"{k} with {' '.join(v)}" for k, v in by.items())
            )
    return "; ".join(parts)


def _strategy_extra(solved: Solved) -> Extra:
    return _banker_table(
        solved.game.counts.cells,
        solved.game.counts.info,
        solved.profile.banker,
        solved.game.freedom,
        f"The player draws on 5 with probability {solved.profile.q}.",
    )


def _banker_table(
    cells: Iterable[InfoCell], info: str, banker: Mapping[InfoCell, Fraction], freedom: str, note: str
) -> Extra:
    hands = sorted({h for h, _ in cells}, key=lambda h: (hand_total(h), h))
    rows = []
    for h in hands:
        row: list[str | Fraction] = []
        for col in (*range(10), STOOD):
            p = banker.get((h, col))
            row.append("-" if p is None else "D" if p == 1 else "S" if p == 0 else p)
        rows.append((hand_label(h, info), *row))
    free = (
        "every cell is his choice"
        if freedom == S.FREE
        else ("the tableau decides every cell but its options (3 v 9, 4 v 1, 5 v 4, 6 v stood)")
    )
    return Extra(
        "The banker's play by cell (D draw, S stand, a fraction: probability of drawing)",
        ("banker's hand", *(f"player drew {x}" for x in range(10)), "player stood"),
        tuple(rows),
        f"Banker's freedom: {freedom} ({free}); '-' marks cells no deal reaches. {note}",
    )


def _fixed_extra(decks: str, commission: Fraction) -> Extra:
    """The traditional fixed rules: the player's stated choice on 5, the banker resolving his options best."""
    counts = counts_for(decks)
    rows = []
    for freedom in (S.CLASSICAL, S.FREE):
        game = S.build(counts, commission, freedom)
        for name, q in (("stand on 5", Fraction(0)), ("draw on 5", Fraction(1))):
            prof = S.best_response(game, q)
            pev = S.player_ev(counts, prof)
            bev = S.banker_ev(counts, prof, commission)
            opts = ", ".join(
                f"{hand_label(h, counts.info)} v {column_label(c)} {'D' if prof.banker[(h, c)] else 'S'}"
                for (h, c) in sorted(prof.banker)
                if freedom == S.CLASSICAL and is_optional(hand_total(h), c)
            )
            rows.append((name, freedom, pev, _pct(pev), bev, _pct(bev), opts if len(opts) < 200 else "see strategy"))
    return Extra(
        "Fixed rules: the player's stated choice on 5 against the banker's best reply",
        (
            "player on 5",
            "banker",
            "player's expectation",
            "decimal",
            "banker's expectation",
            "decimal",
            "banker's options",
        ),
        tuple(rows),
        "The player draws on 0-4 and stands on 6-7. 'classical': the banker follows the tableau and resolves "
        "its options by his exact best reply; 'free': he best-replies in every cell (ties: the tableau).",
    )


@lru_cache(maxsize=1)
def _model_a1() -> Solved:
    """Kemeny and Snell's model: infinite shoe, the banker free in all 88 (total, column) cells."""
    return settle(S.build(counts_for(INFINITE), Fraction(0), S.FREE), OPTIMAL)


def _published_extra(solved: Solved, decks: str) -> Extra:
    a1 = _model_a1()
    a1_solution = a1.zero_sum
    assert a1_solution is not None  # no commission: settle() solves model A1 as a zero-sum game
    mix = a1.mixed
    quoted = (
        "as commonly quoted for Kemeny and Snell (1957), unverified: the paper's text was not reachable to check it"
    )
    rows = [
        (
            "Model A1 (infinite shoe, totals, banker free): player's P(draw on 5)",
            a1_solution.q,
            "9/11",
            f"{quoted}; agrees",
        ),
        (
            "Model A1: value of the game to the player, per unit",
            a1_solution.value,
            "about -0.0128",
            f"{quoted}; agrees to the digits quoted",
        ),
        (
            "Model A1: the banker's mixed cell and P(draw) there",
            "; ".join(f"{_cell_name(k, TOTAL)}: {a1.profile.banker[k]}" for k in mix) or "none",
            "banker 3 v third card 9",
            f"{quoted}; DISAGREES: the exact solution mixes only at 6 v stood, and is "
            "certified a saddle point by an independent evaluator in the test suite",
        ),
    ]
    if solved.zero_sum is not None and decks != INFINITE:
        rows.append(
            (
                f"Model B2 ({decks} packs, {solved.game.freedom} banker): value to the player",
                solved.zero_sum.value,
                "not available",
                "solved by Downton and Lockwood (1975) for 1-8 packs and by Ethier and Gamez (2013, Games 4:711); "
                "their figures were not reachable",
            )
        )
    return Extra(
        "Comparison with the published solutions",
        ("figure", "computed here (exact)", "reference", "status"),
        tuple(rows),
        "The models (2 x 2^88 for A1, 2 x 2^484 for B2) are as in the abstract of Ethier and "
        'Gamez (2013); the guide "Chemin de fer and baccarat banque" says what could and could not be verified.',
    )


def _equilibria_extra(solved: Solved) -> Extra:
    info = solved.game.counts.info
    rows = tuple(
        (
            e.q,
            e.row_payoff,
            e.column_payoff,
            "; ".join(f"{_cell_name(k, info)}: {p}" for k, p in e.column.items() if 0 < p < 1) or "pure",
            "a family (not unique)" if e.family else "isolated",
        )
        for e in solved.equilibria
    )
    note = (
        "The equilibrium is unique."
        if solved.unique
        else "The equilibrium is NOT unique: the figures use the first listed."
    )
    columns = ("player's P(draw on 5)", "player's expectation", "banker's expectation", "banker's mixing", "kind")
    return Extra("Nash equilibria with the commission", columns, rows, note)


def _result(
    w: Wager, outcome: tuple[Fraction, Fraction, Fraction], commission: Fraction, notes: tuple[str, ...]
) -> WagerResult:
    bw, tie, pw = outcome
    if w.custom:
        notes = (*notes, "custom odds: the strategies are still those solved for the law's 1 to 1")
    if w.param("side") == "bank":
        dist = Distribution.from_weights([((1 - commission) * w.pay(), bw), (0, tie), (-1, pw)])
        events = (("banker's hand wins", bw), ("equal points (void)", tie), ("opposing hand wins", pw))
    else:
        dist = Distribution.from_weights([(w.pay(), pw), (0, tie), (-1, bw)])
        events = (("opposing hand wins", pw), ("equal points (void)", tie), ("banker's hand wins", bw))
    return WagerResult(w, dist, edges_for(dist), events, tuple(notes))


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    decks = rules.get("decks", "6")
    commission = parse_commission(rules.get("commission", "0"))
    player5 = rules.get("player5", OPTIMAL)
    freedom = rules.get("banker", S.CLASSICAL)
    check_rules(rules)  # validate before the work
    if rules.get("player-info", "total") == "composition":
        return _analyse_b3(wagers, decks, freedom, progress)
    if progress:
        progress(0, 3, "chemin de fer coups")
    counts = counts_for(decks)
    if progress:
        progress(1, 3, "chemin de fer solution")
    solved = solution(decks, commission, freedom, player5)
    if progress:
        progress(2, 3, "chemin de fer comparisons")
    outcome = S.outcome(counts, solved.profile)
    info = counts.info
    mixed = solved.mixed
    shoe = (
        "an infinite shoe (cards dealt with replacement, Kemeny and Snell's model); the banker sees his total"
        if decks == INFINITE
        else f"{decks} standard 52-card pack(s) dealt without replacement (reg 6 names no number; default 6); the "
        "banker sees the composition of his two cards, the player only his total (Model B2)"
    )
    play = {
        OPTIMAL: f"the equilibrium: he draws on 5 with probability {solved.profile.q}",
        DRAW: "he always draws on 5",
        STAND: "he always stands on 5",
    }[player5]
    banker = (
        "the traditional tableau, choosing only in its optional cells (3 v 9, 4 v 1, 5 v 4, 6 v stood)"
        if freedom == S.CLASSICAL
        else "free to draw or stand in every cell"
    )
    reply = "his equilibrium strategy" if player5 == OPTIMAL else "his exact best reply to the player"
    assumptions = [
        shoe,
        f"player (punto): draws on 0-4, stands on 6-7; on 5 {play}",
        f"banker: {banker}; he plays {reply}"
        + (
            ": " + "; ".join(f"{_cell_name(k, info)} draws with probability {solved.profile.banker[k]}" for k in mixed)
            if mixed
            else " (pure)"
        ),
        f"the banker's play in the tableau's optional cells: {_options_text(solved)}",
        "either hand's natural 8 or 9 ends the coup; a wager is void on equal points (reg 6(4)(a))",
    ]
    if commission:
        assumptions.append(
            f"commission {commission} of the bank's winnings (custom: the law provides for none); "
            "the game is then not zero-sum"
        )
    if player5 == OPTIMAL and not commission:
        value = S.player_ev(counts, solved.profile)
        assumptions.append(
            f"value of the game to the player: {value} = {_pct(value)} per unit"
            + ("" if solved.unique else " (the optimal strategies are not unique)")
        )
    elif player5 == OPTIMAL:
        pev, bev = S.player_ev(counts, solved.profile), S.banker_ev(counts, solved.profile, commission)
        kind = (
            "the unique Nash equilibrium"
            if solved.unique
            else (f"one of {len(solved.equilibria)} Nash equilibria (not unique; see the extras)")
        )
        assumptions.append(
            f"the profile is {kind}: the player's expectation {pev} = {_pct(pev)}, the banker's "
            f"{bev} = {_pct(bev)} per unit"
        )
    notes = () if solved.unique else ("the equilibrium is not unique; see the extras",)
    results = tuple(_result(w, outcome, commission, notes) for w in wagers)
    extras = [_strategy_extra(solved), _fixed_extra(decks, commission)]
    if solved.equilibria:
        extras.append(_equilibria_extra(solved))
    extras.append(_published_extra(solved, decks))
    if progress:
        progress(3, 3, "chemin de fer comparisons")
    return GameAnalysis("chemin-de-fer", "", (), results, tuple(assumptions), tuple(extras))


@lru_cache(maxsize=8)
def composition_solution(decks: str, freedom: str) -> tuple[B3.SplitCounts, B3.B3Solution]:
    """Model B3 (the player sees his two cards' composition): the counts and the exact solution, memoised."""
    shoe = shoe_for(decks)
    if shoe is None:
        raise RuleError("player-info=composition is solved only for a finite shoe")
    counts = B3.split_counts(shoe)
    return counts, B3.solve_b3(counts, freedom)


def _analyse_b3(wagers: tuple[Wager, ...], decks: str, freedom: str, progress: Progress | None = None) -> GameAnalysis:
    """Model B3: the player's play on 5 by the composition of his two cards, against the banker's by his."""
    if progress:
        progress(0, 1, "chemin de fer, Model B3")
    counts, sol = composition_solution(decks, freedom)
    outcome = B3.outcome_b3(counts, sol.q, sol.banker)
    mixed = [k for k, p in sol.banker.items() if 0 < p < 1]
    plays = ", ".join(
        f"{c}: {'draws' if q == 1 else 'stands' if q == 0 else f'draws with probability {q}'}"
        for c, q in zip(B3.FIVES, sol.q)
    )
    assumptions = (
        f"{decks} standard 52-card pack(s) dealt without replacement (reg 6 names no number; default 6); each side "
        "sees the composition of his own two cards (Model B3 of Ethier and Gamez 2013, a 2^5 x 2^484 game)",
        f"player (punto): draws on 0-4, stands on 6-7; on 5 by its composition: {plays}",
        "banker: "
        + (
            "the traditional tableau, choosing only in its optional cells"
            if freedom == S.CLASSICAL
            else "free in every cell"
        )
        + "; "
        "his optimal strategy"
        + (
            ": " + "; ".join(f"{_cell_name(k, COMPOSITION)} draws with probability {sol.banker[k]}" for k in mixed)
            if mixed
            else " (pure)"
        ),
        "either hand's natural 8 or 9 ends the coup; a wager is void on equal points (reg 6(4)(a))",
        f"value of the game to the player: {sol.value} = {_pct(sol.value)} per unit (optimal strategies found by a "
        "rational linear programme and checked as a saddle point; uniqueness not examined)",
    )
    results = tuple(_result(w, outcome, Fraction(0), ()) for w in wagers)
    extras = (
        _banker_table(
            counts.cells, COMPOSITION, sol.banker, freedom, "The player's play on 5 by composition: " + plays + "."
        ),
    )
    if progress:
        progress(1, 1, "chemin de fer, Model B3")
    return GameAnalysis("chemin-de-fer", "", (), results, assumptions, extras)
