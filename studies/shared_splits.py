"""How many splits' round laws optimal play and the basic strategy share, counted (a study; studies/README.md):
the figure the design notes (docs/notes/) quote (at 6 packs, 46 of the 47 splits), so that it is measured, not typed in.

    .venv/bin/python -m studies.shared_splits [DECKS]

1994 rules (default 6 packs, 4 hands), the law budget of the rule set. For each up-card, both round laws are
computed with one `shared` dict, as `stored_summary._part` does, and the dict counts the splits the basic strategy
found there (`laws.hand_law._split_key`: the same shoe, pair and blocks as a split of optimal play). Prints the
splits under each strategy, the ones shared, and the (pair, up-card) of the others. About a minute at 6 packs.
"""

from __future__ import annotations

import sys

from studies.resplit_size import decks_argument


class _Counting(dict):
    """A `shared` dict that records which keys were found and which were stored."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple] = []
        self.stored: list[tuple] = []

    def __contains__(self, key: object) -> bool:
        present = dict.__contains__(self, key)
        (self.found if present else self.stored).append(key)
        return present


def shared_splits(decks: int, budget: int | str | None = "auto") -> tuple[int, int, int, list[tuple[str, str]]]:
    """(splits under optimal play, under the basic strategy, the basic strategy's found in the shared dict,
    the (pair, up-card) labels of the basic strategy's splits computed afresh), the laws within `budget`
    ("auto": the rule set's default; the key holds the budget, the same for both strategies)."""
    from oddscalc.games.blackjack import strategy
    from oddscalc.games.blackjack.game import full_game, up_cards
    from oddscalc.games.blackjack.laws.hand_law import default_budget, round_law
    from oddscalc.games.blackjack.rules import RuleSet
    from oddscalc.games.blackjack.shoe import LABELS

    rules = RuleSet(decks=decks)
    budget = default_budget(rules) if budget == "auto" else budget
    optimal = basic = found = 0
    fresh: list[tuple[str, str]] = []
    for up in up_cards(rules):  # one shared dict per up-card, as `stored_summary._part` keeps
        g = full_game(rules, ups=(up,))
        shared = _Counting()
        round_law(g, budget=budget, shared=shared)
        optimal += len(shared.found) + len(shared.stored)
        shared.found.clear()
        shared.stored.clear()  # from here, the basic strategy's splits alone
        round_law(g, strategy.derive(g), budget=budget, shared=shared)
        found += len(shared.found)
        basic += len(shared.found) + len(shared.stored)
        fresh += [(LABELS[key[1]], LABELS[key[0]]) for key in shared.stored]  # key: (up, pair, ...)
    return optimal, basic, found, fresh


def main(argv: list[str]) -> int:
    decks = decks_argument("shared_splits", argv)
    if decks is None:
        return 2
    optimal, basic, found, fresh = shared_splits(decks)
    print(
        f"{decks} packs, 1994 rules: {optimal} splits under optimal play, {basic} under the basic strategy, "
        f"{found} of them shared; computed afresh: " + ", ".join(f"{p}s v {u}" for p, u in fresh)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
