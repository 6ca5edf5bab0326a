"""Blackjack (SI 1994/2899 reg 7; 2002 and 2007 rules): exact composition-dependent analysis.

`analyse` follows the game-module contract of DEVELOPING.md; the pieces live in rules (options),
dealer (banker totals), player (stand/hit/double), split, hand (one starting hand), game (the full
shoe), strategy (basic strategy and charts), outcomes (result distributions) and side (side wagers).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from oddscalc.core.distribution import Distribution
from oddscalc.core.partial_law import PartialLaw
from oddscalc.games.blackjack import stored_summary
from oddscalc.games.blackjack.rules import POST_SPLIT_NAMES, RULES, RuleSet, rule_set
from oddscalc.games.blackjack.shoe import full_shoe
from oddscalc.games.blackjack.side import insurance, insurance_offered, over_13, under_13
from oddscalc.games.blackjack.stored_summary import edge_summary, game_summary, has_law
from oddscalc.games.blackjack.strategy import Strategy, deviate
from oddscalc.regulations.model import Wager
from oddscalc.wager_results import (
    INITIAL,
    PER_STAKE,
    Edge,
    Extra,
    Figure,
    GameAnalysis,
    RuleError,
    WagerResult,
    edges_for,
)

__all__ = [
    "NO_LAW",
    "RULES",
    "SPLIT_STRATEGY",
    "TITLE",
    "analyse",
    "check_rules",
    "decision_table",
    "effective_rules",
    "law_seconds",
    "split_strategy",
]

TITLE = "Blackjack"


def split_strategy(rs: RuleSet) -> str:
    """The post-split strategy the composition-dependent figures assume, named (CDP1, CDZ- or CDP) and defined."""
    defined = POST_SPLIT_NAMES[rs.post_split].split(": ", 1)[1]
    if rs.post_split == "cdp":
        return (
            f"after a split (CDP) {defined}; the expectation and the law of a round are exact; "
            "the basic strategy plays split hands by its chart"
        )
    return (
        f"after a split ({rs.post_split.upper()}) {defined}; a pair "
        "card dealt as a split hand's second card is split again while the hand limit allows; the expectation "
        "of that strategy is exact for any hand limit; the basic strategy plays split hands by its chart"
    )


SPLIT_STRATEGY = split_strategy(RuleSet())  # the default (CDP1)


def check_rules(rules: dict[str, str]) -> None:
    """Refuse (RuleError) a rule set whose values are each allowed but not together (post_split=cdp needs
    max_hands=2): the game-module hook `api.resolved_rules` calls."""
    rule_set(rules)


def effective_rules(wagers: tuple[Wager, ...], rules: Mapping[str, str]) -> RuleSet:
    """The RuleSet, with a --pay override of the blackjack payout taking the place of the rule option."""
    rs = rule_set(rules)
    for w in wagers:
        if w.param("kind") == "initial":
            for p in w.payouts:
                if p.custom and p.key == "win":
                    raise RuleError(
                        "the initial wager's even-money payout is fixed by reg 7(6)(b); "
                        "only initial.blackjack may be overridden"
                    )
                if p.custom and p.key == "blackjack":
                    rs = replace(rs, blackjack_pays=p.value)
    return rs


def law_seconds(
    wagers: tuple[Wager, ...], rules: dict[str, str], exact_law: bool = False, progress=None
) -> float | None:
    """The game-module hook `api.law_seconds` calls: about how many seconds the initial wager's round laws
    would take to compute (`stored_summary.law_seconds`), None when no initial wager is asked for or the laws
    are shipped or cached."""
    if not any(w.param("kind") == "initial" for w in wagers):
        return None
    return stored_summary.law_seconds(effective_rules(wagers, rules), exact_law, progress)


def _F(text: str) -> Fraction:
    return Fraction(text)


#: What an edge without the round law says of itself (`analyse` with `law` False, the round law neither shipped
#: nor cached): which figures it has, which it leaves out, and how to get them.
NO_LAW = (
    "the law of a round was not computed (it is nearly all of the work), only the game: the "
    "edge, the expectations under both plays, the element of risk, the average total stake and the chances "
    "of a blackjack, a split and a double are exact; the hit frequency (P(win)), P(push), P(loss), the "
    'standard deviation, the variance and the law of a round are not computed ("not computed" in the '
    "table); --law (law=True) computes them too, saying first how long it may take, and once computed they "
    "are cached and shown at once"
)


def _initial(
    w: Wager, rs: RuleSet, play: str, progress, exact_law: bool = False, law_wanted: bool = True
) -> tuple[WagerResult, list[Extra], list[str]]:
    """The initial wager under `play`: its law of one round from the game's summary.

    Resplit rounds beyond the rule set's work budget are lumped at their exact mean (exact bounds given). With
    `exact_law` nothing is lumped (cached for the tables' rule sets, which print it: docs/blackjack.md). `law_wanted`
    False: the law only where it is shipped or cached, else the game's figures alone (`NO_LAW` says which). The result's
    title names the play."""
    if law_wanted or exact_law:
        s = game_summary(rs, progress, budget=None if exact_law else "auto")
    else:
        s = edge_summary(rs, progress)
    ev, td = _F(s["ev"]), _F(s["td_ev"])
    if has_law(s):
        law = s["laws"][play]
        dist = Distribution.from_weights([(_F(r), _F(p)) for r, p in law["distribution"]])
        if dist.mean != (ev if play == "optimal" else td):
            raise AssertionError("distribution mean differs from the exact expectation")
        lumped = _F(law["lumped"])
    else:  # the game's figures alone: the expectation stands for the law, whose mean it is
        law = s["plays"][play]
        dist = Distribution.from_weights([(ev if play == "optimal" else td, Fraction(1))])
        lumped = Fraction(0)
    limits = ", ".join(map(str, s["split_limits"])) or "none"
    events = tuple((k, _F(v)) for k, v in law["events"].items())
    figures = (
        Figure("expectation, composition-dependent optimal", ev, PER_STAKE),
        Figure("expectation, total-dependent basic strategy", td, PER_STAKE),
    )
    played = (
        f"composition-dependent optimal play ({rs.post_split.upper()} after a split)"
        if play == "optimal"
        else "the total-dependent basic strategy (charts below), splits played by the chart"
    )
    notes = [
        f"the distribution and edge assume {played}",
        f"composition-dependent optimal expectation {s['ev']} per unit initial stake",
        f"total-dependent basic strategy expectation {s['td_ev']}",
    ]
    not_a_law = ""
    partial = None
    if not has_law(s):
        not_a_law = NO_LAW
        notes.append(not_a_law)
    elif lumped:
        square = law.get("lumped_square")
        known = (
            "the mean, the edge, the variance and the standard deviation are exact (the second moment of "
            "those rounds comes from one and two hands at a time), P(win), P(push) and P(loss) are not "
            "(exact bounds are given)"
            if square is not None
            else "the mean and edge are exact, P(win) and the variance are not (exact bounds are given)"
        )
        not_a_law = (
            f"resplit rounds (three or more hands) whose joint law is beyond the computation's work budget "
            f"(chance {lumped}; hand limits {limits}; every round without a resplit is in the law exactly) "
            f"enter the distribution as their exact conditional expectation: {known}; --exact-law "
            "(exact_law=True) gives the exact law of every round, as the tables print it (at once for "
            "the tables' rule sets, whose laws are cached; up to about half an hour at 4 or 6 packs "
            "otherwise), and with --rule max_hands=2 the distribution is the exact law of every round "
            "(the documentation's \"Blackjack's round laws\" page says what resplit laws cost)"
        )
        notes.append(not_a_law)
        partial = _partial_law(dist, law, lumped, rs)
    else:
        notes.append(
            "the distribution is the exact law of one round's net result, split rounds included "
            "(each split hand's result and the banker's, jointly)"
        )
    extras = [
        Extra(
            "Expectation per up-card",
            ("up-card", "chance", "CD optimal", "basic strategy"),
            tuple((u, _F(p), _F(e), _F(t)) for u, p, e, t in s["per_up"]),
        )
    ]
    ups = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
    names = {
        "hard": "Basic strategy: hard totals, first two cards",
        "soft": "Basic strategy: soft totals, first two cards",
        "pair": "Basic strategy: pairs",
        "later": "Basic strategy: three or more cards (stand/hit)",
    }
    for k, title in names.items():
        extras.append(
            Extra(
                title,
                ("hand",) + ups,
                tuple((label, *codes) for label, codes in s["charts"][k]),
                "S stand, H hit, D double, P split",
            )
        )
    edges: tuple[Edge, ...] = edges_for(dist)
    if not_a_law:  # only the mean is exact: no edge that divides by a chance of the law
        edges = tuple(e for e in edges if e.convention == INITIAL)
    stake = None if law.get("stake") is None else _F(law["stake"])
    if stake is not None:
        notes.append(
            f"expected total staked per unit initial stake (doubles and split hands included, under the "
            f"same play): {law['stake']}"
        )
    named = replace(
        w,
        title=f"{w.title} (" + ("composition-dependent optimal play" if play == "optimal" else "basic strategy") + ")",
    )
    return (
        WagerResult(named, dist, edges, events, tuple(notes), not_a_law, stake, figures=figures, partial=partial),
        extras,
        [],
    )


def _partial_law(dist: Distribution, law: dict, lumped: Fraction, rs: RuleSet) -> PartialLaw:
    """The round law as far as it is known: `dist` less the lumped split rounds' entries.

    Those entries hold `lumped` of the chance at their exact mean. Such a round's net return is a whole
    number of units within the stakes of its hands (at most `lumped_hands`, each doubled at most once after a
    split when DAS allows). Also their exact E[net^2] when the summary has it (`lumped_square`)."""
    at = [(_F(r), _F(p)) for r, p in law["lumped_distribution"]]
    exact = dist.as_dict()
    for r, p in at:
        exact[r] -= p
    top = law["lumped_hands"] * (2 if rs.das else 1)
    square = law.get("lumped_square")
    partial = PartialLaw.of(
        exact,
        lumped,
        sum((r * p for r, p in at), Fraction(0)) / lumped,
        Fraction(-top),
        Fraction(top),
        tuple(Fraction(v) for v in range(-top, top + 1)),
        "resplit rounds whose joint law is beyond the computation's work budget",
        None if square is None else _F(square) / lumped,
    )
    if partial.total_mean != dist.mean:
        raise AssertionError("the partial law's mean differs from the distribution's")
    return partial


def decision_table(w: Wager, rules: dict[str, str], deviations: tuple[tuple[str, str, str], ...] = ()) -> dict | None:
    """The basic strategy the reference simulator follows, as data: per chart ("two_card", "later",
    "no_double"), rows [kind ("hard", "soft", "pair"), total or pair value index, up-card value index, action].
    `deviations`: index plays (hand, up-card, action) in place of the chart's, as `strategy.deviate` reads them
    (insurance draws no card and is not a chart's)."""
    if w.param("kind") != "initial":
        return None
    if rules.get("strategy", "optimal") != "basic":
        raise RuleError(
            "the blackjack reference simulator plays the total-dependent basic strategy; set the rule "
            "strategy=basic here and for the check, so that both describe the same play"
        )
    rs = effective_rules((w,), rules)
    data = edge_summary(rs)["strategy"]  # the strategy needs no round law
    if not deviations:
        return data
    names = ("two_card", "later", "no_double")
    chart = Strategy(*(tuple(sorted((((k, n), up), a) for k, n, up, a in data[name])) for name in names))
    played = deviate(chart, deviations, rs)
    return {name: [[k, n, up, a] for ((k, n), up), a in getattr(played, name)] for name in names}


def analyse(
    wagers: tuple[Wager, ...], rules: dict[str, str], progress=None, exact_law: bool = False, law: bool = True
) -> GameAnalysis:
    """The game-module contract (DEVELOPING.md).

    `exact_law`: the initial wager's law of one round with nothing lumped however long it takes
    (`laws.hand_law.default_budget` bounds it otherwise beyond 1 pack). `law` False: the initial wager's law
    only where it is shipped or cached. Else come its edge and the other figures the game gives without it
    (`NO_LAW`), in seconds instead of minutes."""
    rs = effective_rules(wagers, rules)
    shoe = full_shoe(rs.decks)
    results, extras = [], []
    for w in wagers:
        kind = w.param("kind")
        if kind == "initial":
            result, more, _ = _initial(w, rs, rules.get("strategy", "optimal"), progress, exact_law, law)
            results.append(result)
            extras += more
        elif kind == "insurance":
            left = list(shoe)
            left[0] -= 2
            left[9] -= 1
            dist = insurance(tuple(left), w.pay())
            results.append(
                WagerResult(
                    w,
                    dist,
                    edges_for(dist),
                    (("offered (player blackjack, banker Ace)", insurance_offered(shoe)),),
                    ("from a full shoe, given it is offered: the player's Ace and ten and the banker's Ace are out",),
                )
            )
        elif kind == "under-13":
            dist = under_13(shoe, w.pay("win"), w.pay("aces"))
            results.append(WagerResult(w, dist, edges_for(dist)))
        elif kind == "over-13":
            dist = over_13(shoe, w.pay())
            results.append(WagerResult(w, dist, edges_for(dist)))
    assumptions = (
        f"{rs.decks} pack(s), banker {'draws to' if rs.hit_soft17 else 'stands on'} soft 17, "
        + ("hole card with peek" if rs.peek else "no hole card: a banker two-card 21 takes every stake on the hand"),
        "composition-dependent optimal play: every decision on the exact cards of the hand and the up-card"
        if rules.get("strategy", "optimal") == "optimal"
        else "the initial wager: total-dependent basic strategy (derived from the composition-dependent analysis)",
        split_strategy(rs),
        f"largest number of hands from one split: {'as many as the shoe allows' if rs.max_hands == 0 else rs.max_hands}"
        + ("" if rs.resplit_aces else "; Aces are not resplit"),
        "doubling looks at the hand's best total (an Ace as 11 when that stays within 21)",
        "exact ties between actions go to stand, then hit, then double, then split",
    )
    return GameAnalysis("blackjack", "", (), tuple(results), assumptions=assumptions, extras=tuple(extras))
