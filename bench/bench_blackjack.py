"""Blackjack benchmarks: the full exact game (1, 6 and 8 packs, 1994 rules, CDP1 and CDZ- after a split; CDP with
two hands), one per-hand query, the round laws (4 hands, both strategies and optimal play alone, within the law's
work budget), two splits' whole resplit laws (3 and 4 hands, no budget; the 4-hand one also on Python integers,
for the compiled loops' ratio) and the game-protection entry point (one round's exact expectation from a
depleted shoe).

Each case starts from cold memo tables (a fresh evaluation); the compiled banker functions are built
once per process and kept, as a long-running query tool would.
"""

import os

from oddscalc.core.parallel import map_parts
from oddscalc.games.blackjack.game import full_game, full_game_in_parts, up_cards
from oddscalc.games.blackjack.laws.hand_law import default_budget, round_law
from oddscalc.games.blackjack.laws.split_cases import split_case
from oddscalc.games.blackjack.query import query_hand
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe import full_shoe
from oddscalc.games.blackjack.shoe_value import basic_strategy, round_expectation
from oddscalc.games.blackjack.stored_summary import compute_summary


def _game(decks: int, post_split: str = "cdp1", max_hands: int = 4):
    return lambda: full_game(RuleSet(decks=decks, post_split=post_split, max_hands=max_hands))


def _depleted(strategy: bool):
    """One round's exact expectation from 6 packs less a 5 and two tens: the fixed full-shoe basic strategy
    (derived once, outside the timing) or composition-dependent optimal play on that shoe."""
    rules = RuleSet(decks=6)
    chart = basic_strategy(rules) if strategy else None
    shoe = list(full_shoe(6))
    shoe[4] -= 1
    shoe[9] -= 2
    return lambda: round_expectation(tuple(shoe), rules, chart)


def _in_parts(decks: int, processes: str, summary: bool | str = False):
    """The game with up-cards on `processes` processes (`summary`: with the basic strategy derived and
    evaluated, as `oddscalc blackjack game` computes it; "laws": with both round laws too)."""

    def run():
        before = os.environ.get("ODDSCALC_WORKERS")
        os.environ["ODDSCALC_WORKERS"] = processes
        try:
            if summary:
                compute_summary(RuleSet(decks=decks), with_distribution=summary == "laws")
            else:
                full_game_in_parts(RuleSet(decks=decks))
        finally:
            if before is None:
                del os.environ["ODDSCALC_WORKERS"]
            else:
                os.environ["ODDSCALC_WORKERS"] = before

    return run


def _optimal_law_part(job: tuple[RuleSet, int]):
    """One up-card's share of the round law under optimal play, within the default work budget (from scratch:
    the game for that up-card first)."""
    rs, up = job
    return round_law(full_game(rs, ups=(up,)), budget=default_budget(rs))


def _optimal_law(decks: int, processes: int):
    """The round law of the legal game (4 hands) under optimal play alone, up-cards on `processes` processes:
    what the issue's 60 s target for the 4-hand law of the legal round is measured on (the law as the tables
    print it: resplit patterns beyond the default budget lumped, with exact bounds)."""
    rs = RuleSet(decks=decks)
    return lambda: map_parts(_optimal_law_part, [(rs, up) for up in up_cards(rs)], processes=processes)


def _resplit_law(decks: int, pair: int, up: int, hands: int, compiled: bool = True):
    """The exact law of one split's rounds with every resplit pattern (no work budget), CDP1 play: pair and
    up-card as value indices, the hands dealt in compiled loops or (`compiled` False) on a dictionary of Python
    integers. The game for that up-card and the split's play are computed once, outside the timing; the
    banker's memo warms on the first run."""
    from oddscalc.games.blackjack.laws.split_law import split_law_in_part

    state = []

    def run():
        if not state:
            state.extend(split_case(decks, pair, up, hands))
        rules, ev, shoe, partners, policy = state
        _law, skipped = split_law_in_part(shoe, up, pair, partners, rules, ev.dealer, policy, None, compiled=compiled)
        assert skipped == ()

    return run


def cases():
    return [
        ("blackjack: per-hand query 8,8 vs 10, 6 packs", lambda: query_hand(RuleSet(decks=6), ["8", "8"], "10", []), 5),
        (
            "blackjack: per-hand query 16 (10,6) vs 10, 6 packs",
            lambda: query_hand(RuleSet(decks=6), ["10", "6"], "10", []),
            5,
        ),
        ("blackjack: full game, 1 pack, 1994 rules (custom)", _game(1), 3),
        ("blackjack: full game, 6 packs, 1994 rules", _game(6), 3),
        ("blackjack: full game, 6 packs, 1994 rules, CDZ- after a split", _game(6, "cdz-"), 3),
        ("blackjack: full game, 8 packs, 1994 rules (custom)", _game(8), 3),
        ("blackjack: full game, 6 packs, 1994 rules, 2 hands, CDP1 after a split", _game(6, "cdp1", 2), 3),
        ("blackjack: full game, 6 packs, 1994 rules, 2 hands, CDP after a split", _game(6, "cdp", 2), 1),
        ("blackjack: full game, 6 packs, up-cards on 2 processes", _in_parts(6, "2"), 3),
        ("blackjack: full game, 8 packs, up-cards on 2 processes (custom)", _in_parts(8, "2"), 3),
        ("blackjack: full game + basic strategy derived and evaluated, 6 packs, 1 process", _in_parts(6, "1", True), 3),
        (
            "blackjack: full game + basic strategy derived and evaluated, 6 packs, 2 processes",
            _in_parts(6, "2", True),
            3,
        ),
        (
            "blackjack: whole summary with both round laws (4 hands, law budget), 6 packs, 2 processes",
            _in_parts(6, "2", "laws"),
            1,
        ),
        (
            "blackjack: round law of the legal game, optimal play only (4 hands, law budget), 6 packs, 2 processes",
            _optimal_law(6, 2),
            1,
        ),
        (
            "blackjack: exact law of a split with resplits, 7s v 9, 3 hands, 1 pack, every pattern (no budget)",
            _resplit_law(1, 6, 8, 3),
            3,
        ),
        (
            "blackjack: exact law of a split with resplits, 8s v 10, 4 hands, 1 pack, every pattern (no budget)",
            _resplit_law(1, 7, 9, 4),
            3,
        ),
        (
            "blackjack: the same law, its hands dealt on a dictionary of Python integers (the compiled loops' "
            "reference)",
            _resplit_law(1, 7, 9, 4, compiled=False),
            3,
        ),
        ("blackjack: one round from a depleted 6-pack shoe, fixed full-shoe basic strategy", _depleted(True), 3),
        ("blackjack: one round from a depleted 6-pack shoe, CD optimal on that shoe", _depleted(False), 3),
    ]
