"""The Big Six wheel, SI 1994/2899 reg 11 and Schedule 3 (inserted by SI 2002/1130); from version 2002."""

from __future__ import annotations

from oddscalc.regulations.gaps import BIG_SIX_A_COMPARTMENTS, BIG_SIX_ODDS
from oddscalc.regulations.model import Wager, wager

INSERTED = "inserted by SI 2002/1130 reg 2"

# symbol, compartments (reg 11(5)), odds (Sch 3, reconstructed), reg 11(5) item
_SYMBOLS = (
    ("A", 1, "50 to 1", "a"),
    ("B", 1, "50 to 1", "b"),
    ("C", 2, "20 to 1", "c"),
    ("D", 4, "10 to 1", "d"),
    ("E", 8, "5 to 1", "e"),
    ("F", 12, "3 to 1", "f"),
    ("G", 24, "1 to 1", "g"),
)


def wagers(version: str) -> tuple[Wager, ...]:
    """One wager per symbol: the selector settles in one of its compartments (reg 11(6)).

    >>> [(w.key, w.param("compartments"), w.payouts[0].label) for w in wagers("2002")][:3]
    [('A', 1, '50 to 1'), ('B', 1, '50 to 1'), ('C', 2, '20 to 1')]
    >>> sum(w.param("compartments") for w in wagers("2002"))  # the wheel's 52 compartments
    52
    """
    result = []
    for symbol, compartments, odds, item in _SYMBOLS:
        result.append(
            wager(
                "big-six",
                symbol,
                f"Symbol {symbol}",
                f"the selector settles in one of the {compartments} compartment(s) marked {symbol}",
                f"SI 1994/2899 reg 11(5)({item}), 11(6) ({INSERTED})",
                odds,
                reconstructed=BIG_SIX_A_COMPARTMENTS.source if symbol == "A" else None,
                payout_citations={"win": f"SI 1994/2899 Sch 3 ({INSERTED}(9))"},
                payout_reconstructed={"win": BIG_SIX_ODDS.source},
                params={"compartments": compartments},
            )
        )
    return tuple(result)
