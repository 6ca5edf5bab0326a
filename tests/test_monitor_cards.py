"""Card tables in the monitor (punto banco): each round's exact law from the shoe, the dealer's faults at their
round, a fair table not flagged; each figure against an independent derivation."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from oddscalc import api

_LABELS = ("0", "A", "2", "3", "4", "5", "6", "7", "8", "9")


def _compositions(seed: int, n: int, decks: int) -> list[tuple[int, ...]]:
    """Shoes of `decks` packs with a random number of random cards gone (each row a composition by point value)."""
    rng = random.Random(seed)
    full = [16 * decks] + [4 * decks] * 9
    out = []
    for _ in range(n):
        left = list(full)
        for _ in range(rng.randrange(0, 52 * decks - 10)):
            v = rng.choice([i for i, c in enumerate(left) if c])
            left[v] -= 1
        out.append(tuple(left))
    return out


def test_round_laws_by_composition_match_the_analysis_with_the_cards_removed():
    """The batch engine (5,005 multisets) against `analyse` with the gone cards as its removed rule (10^6 value
    sequences): each wager's exact mean and variance, for shoes of 1 and 8 packs."""
    for decks, seed in ((1, 1), (8, 2)):
        rules = {"decks": str(decks)}
        rows = _compositions(seed, 4, decks)
        laws = api.composition_laws("punto-banco", "2002", np.array(rows), None, rules)
        full = [16 * decks] + [4 * decks] * 9
        for r, row in enumerate(rows):
            gone = ",".join(lab for lab, f, c in zip(_LABELS, full, row) for _ in range(f - c)) or "none"
            analysis = api.analyse("punto-banco", "2002", rules={**rules, "removed": gone})
            probs = [Fraction(int(w), int(laws.totals[r])) for w in laws.weights[r]]
            assert sum(probs) == 1
            for res in analysis.results:
                nets = laws.nets[res.wager.key]
                mean = sum(p * x for p, x in zip(probs, nets))
                var = sum(p * x * x for p, x in zip(probs, nets)) - mean * mean
                assert (mean, var) == (res.distribution.mean, res.distribution.variance)


def test_banker_tie_lose_makes_the_banker_wager_lose_a_tie():
    laws = api.composition_laws(
        "punto-banco", "2002", np.array([[128] + [32] * 9]), ("banker",), {"decks": "8", "banker-tie": "lose"}
    )
    assert laws.nets["banker"] == (Fraction(19, 20), Fraction(-1), Fraction(-1))
