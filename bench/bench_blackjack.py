"""Blackjack benchmarks: the full exact game (1, 6 and 8 packs, 1994 rules) and one per-hand query.

Each case starts from cold memo tables (a fresh evaluation); the compiled banker functions are built
once per process and kept, as a long-running query tool would.
"""

from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.query import query_hand
from oddscalc.games.blackjack.rules import RuleSet


def _game(decks: int):
    return lambda: full_game(RuleSet(decks=decks))


def cases():
    return [
        ("blackjack: per-hand query 8,8 vs 10, 6 packs", lambda: query_hand(RuleSet(decks=6), ["8", "8"], "10", []), 5),
        ("blackjack: per-hand query 16 (10,6) vs 10, 6 packs", lambda: query_hand(RuleSet(decks=6), ["10", "6"], "10", []), 5),
        ("blackjack: full game, 1 pack, 1994 rules (custom)", _game(1), 3),
        ("blackjack: full game, 6 packs, 1994 rules", _game(6), 3),
        ("blackjack: full game, 8 packs, 1994 rules (custom)", _game(8), 3),
    ]
