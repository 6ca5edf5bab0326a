"""Baccarat banque wagers under stated strategies, and the banker's best response to the opposing hands.

The opposing hands play the traditional mandatory rules (draw on 0-4, stand on 6-7) and the stated choice
on 5 (`hand5`). The banker plays `banker`, one of two. `best-response`: in every cell the action with the
greater exact expectation for the bank, with equal stakes on the right and the left hand (on an exact tie he
draws on 0-5). `draw-0-5`: he draws on 0-5 and stands on 6-7 whatever the hands show. Every figure is exact.
"""

from __future__ import annotations

from fractions import Fraction

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.core.progress import Progress
from oddscalc.games.baccarat.tableau import STOOD
from oddscalc.games.baccarat_banque.coups import NATURAL, Cell, action_label
from oddscalc.games.baccarat_banque.response import BEST, FIXED, INFINITE, Joint, joint_outcome, policy, summary
from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import strs_param
from oddscalc.wager_results import Extra, GameAnalysis, RuleError, RuleOption, WagerResult, edges_for

__all__ = ["BEST", "FIXED", "RULES", "TITLE", "analyse", "joint_outcome", "policy"]

TITLE = "Baccarat banque"
RULES = (
    RuleOption(
        "decks",
        "number of 52-card packs in the shoe (1-8), or 'infinite' (cards dealt with replacement)",
        (*(str(n) for n in range(1, 9)), INFINITE),
        "6",
    ),
    RuleOption("hand5", "the opposing hands' play on a two-card 5: 'draw' or 'stand'", ("draw", "stand"), "draw"),
    RuleOption(
        "banker",
        "the banker's policy: 'best-response' (exact best reply to the hands, equal stakes on "
        "each) or 'draw-0-5' (draw on 0-5, stand on 6-7)",
        (BEST, FIXED),
        BEST,
    ),
)
_ACTIONS = (*range(10), STOOD, NATURAL)


def _right(joint: Joint) -> list[Fraction]:
    """P(the right hand's result), indexed by result + 1."""
    return [sum(joint[i], Fraction(0)) for i in range(3)]


def _left(joint: Joint) -> list[Fraction]:
    """P(the left hand's result), indexed by result + 1."""
    return [sum((joint[i][j] for i in range(3)), Fraction(0)) for j in range(3)]


def _distribution(w: Wager, joint: Joint) -> Distribution:
    hands = strs_param(w, "hands")
    pay = w.pay()
    if hands == ("right",):
        probs = _right(joint)
    elif hands == ("left",):
        probs = _left(joint)
    else:  # reg 6(4)(b): won if both win, lost if both lose, void otherwise
        return Distribution.from_weights([(pay, joint[2][2]), (-1, joint[0][0]), (0, 1 - joint[2][2] - joint[0][0])])
    return Distribution.from_weights([(pay, probs[2]), (0, probs[1]), (-1, probs[0])])


def _pct(x: Fraction) -> str:
    return render_decimal(x * 100, 4) + "%"


def _strategy_extra(best: dict[Cell, str], name: str, hand5: str) -> Extra:
    rows = []
    for b in range(8):
        for ar in _ACTIONS:
            rows.append((str(b), action_label(ar), *(best.get((b, ar, al), "-") for al in _ACTIONS)))
    return Extra(
        "The banker's best response by cell: D draw, S stand, '=' drawing changes nothing",
        ("banker's total", "right hand", *(f"left {action_label(a)}" for a in _ACTIONS)),
        tuple(rows),
        f"Against hands that {hand5} on 5, with equal stakes on each hand; on an exact tie he draws on 0-5. "
        f"The figures above use the banker policy '{name}'. A banker's natural ends the coup before any "
        "cell is reached; '-' marks cells no deal reaches.",
    )


def _edges(joint: Joint) -> tuple[Fraction, Fraction, Fraction]:
    right = _right(joint)[2] - _right(joint)[0]
    left = _left(joint)[2] - _left(joint)[0]
    return -right, -(joint[2][2] - joint[0][0]), -(right + left)


def _comparison_extra(decks: str, progress: Progress | None = None) -> Extra:
    rows = []
    for hand5 in ("draw", "stand"):
        s = summary(decks, hand5 == "draw", progress)
        for name in (BEST, FIXED):
            one, both, bank = _edges(s.joints[name])
            rows.append((hand5, name, one, _pct(one), both, _pct(both), bank, _pct(bank)))
    return Extra(
        "The bank's edge under each stated strategy",
        (
            "hands on 5",
            "banker",
            "edge on a one-hand wager",
            "decimal",
            "edge on the both-hands wager",
            "decimal",
            "bank's expectation, one unit on each hand",
            "decimal",
        ),
        tuple(rows),
        "Edges per unit initially staked. 'best-response' is the banker's exact best reply to the hands' "
        "stated play, with equal stakes on the two hands; the two hands are symmetric, so right = left.",
    )


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    decks = rules.get("decks", "6")
    hand5 = rules.get("hand5", "draw")
    name = rules.get("banker", BEST)
    if decks != INFINITE and not (decks.isdigit() and 1 <= int(decks)):
        raise RuleError(f"decks {decks!r}: give a number of packs 1-8 or 'infinite'")
    s = summary(decks, hand5 == "draw", progress)
    joint = s.joints[name]
    results = []
    for w in wagers:
        d = _distribution(w, joint)
        events = (
            ("right hand wins", _right(joint)[2]),
            ("left hand wins", _left(joint)[2]),
            ("both hands win", joint[2][2]),
            ("both hands lose", joint[0][0]),
        )
        results.append(WagerResult(w, d, edges_for(d), events))
    shoe = (
        "an infinite shoe (cards dealt with replacement)"
        if decks == INFINITE
        else f"{decks} standard 52-card pack(s) dealt without replacement (reg 6 names no number; default 6)"
    )
    assumptions = (
        shoe,
        f"each opposing hand draws on 0-4, stands on 6-7, and {'draws' if hand5 == 'draw' else 'stands'} on 5",
        "a banker's natural 8 or 9 ends the coup; an opposing hand's natural wins at once against a banker without one",
        (
            "the banker plays his exact best response to the hands (equal stakes on each; on a tie he draws on 0-5), "
            "seeing his total (not its composition) and each hand's third card, or that it stood or showed a natural"
        )
        if name == BEST
        else "the banker draws on 0-5 and stands on 6-7 whatever the hands show",
        "the both-hands wager is void unless both hands win or both lose (reg 6(4)(b))",
    )
    extras = (_strategy_extra(s.best, name, hand5), _comparison_extra(decks, progress))
    return GameAnalysis("baccarat-banque", "", (), tuple(results), assumptions, extras)
