"""The three-dice game (sic bo), SI 1994/2899 Schedule 4, inserted by SI 2002/1130; from version 2002.

Items are cited by the Schedule's headings and letters as the damaged 2002 text gives them; the
missing first items are reconstructed per the regulations README.
"""

from __future__ import annotations

from itertools import combinations

from oddscalc.regulations.gaps import SIC_BO
from oddscalc.regulations.model import Wager, wager

SCH4 = "SI 1994/2899 Sch 4 (inserted by SI 2002/1130)"
_TOTALS = {
    4: ("60 to 1", "a"),
    5: ("30 to 1", "b"),
    6: ("18 to 1", "c"),
    7: ("12 to 1", "d"),
    8: ("8 to 1", "e"),
    9: ("7 to 1", "f"),
    10: ("6 to 1", "g"),
}
# Four- and three-number sets in the Schedule's order; item (a) of each is the reconstructed one.
_FOUR = ((6, 5, 4, 3), (6, 5, 3, 2), (5, 4, 3, 2), (4, 3, 2, 1))
_THREE = (
    (1, 2, 6),
    (1, 3, 5),
    (2, 3, 4),
    (2, 5, 6),
    (3, 4, 6),
    (1, 2, 3),
    (1, 3, 6),
    (1, 4, 5),
    (2, 3, 5),
    (3, 5, 6),
    (1, 2, 4),
    (1, 4, 6),
    (2, 3, 6),
    (2, 4, 5),
    (4, 5, 6),
    (1, 2, 5),
    (1, 3, 4),
    (1, 5, 6),
    (2, 4, 6),
    (3, 4, 5),
)
_LETTERS = "abcdefghijklmnopqrst"


def _combination_letter(a: int, b: int) -> str:
    """Dice Combinations items: (a) 1 with 2-6, (b) 2 with 3-6, (c) 3 with 4-6, (d) 4 with 5-6, (e) 5 with 6."""
    return _LETTERS[a - 1]


def _number_combinations(
    prefix: str, heading: str, sets: tuple[tuple[int, ...], ...], odds: str, first_item_source: str
) -> list[Wager]:
    """The four- or three-number combination wagers, one per listed set; item (a) is reconstructed."""
    result = []
    for numbers, letter in zip(sets, _LETTERS):
        key = "".join(map(str, sorted(numbers)))
        recon = [SIC_BO["combination-rule"].source] + ([first_item_source] if letter == "a" else [])
        result.append(
            wager(
                "sic-bo",
                f"{prefix}-{key}",
                f"{heading.capitalize()} {key}",
                f"three different numbers, all among {', '.join(map(str, numbers))}",
                f"{SCH4} '{heading}' ({letter})",
                odds,
                reconstructed="; ".join(recon),
                params={"kind": "set", "numbers": numbers},
            )
        )
    return result


def wagers(version: str) -> tuple[Wager, ...]:
    """Schedule 4's wagers (from version 2002), the items missing from the damaged text reconstructed.

    >>> found = {w.key: w for w in wagers("2002")}
    >>> len(found), found["triple-6"].payouts[0].label, found["total-10"].payouts[0].label
    (76, '180 to 1', '6 to 1')
    >>> found["total-4"].payouts[0].reconstructed.startswith("Sch 4 para 9(a) missing")
    True
    """
    w: list[Wager] = []
    for key, title, para, kind in (
        ("small", "Small", 2, "small"),
        ("big", "Big", 3, "big"),
        ("odd", "Odd", 4, "odd"),
        ("even", "Even", 5, "even"),
    ):
        w.append(
            wager(
                "sic-bo",
                key,
                title,
                f"{title} total, any triple excepted",
                f"{SCH4} para {para}",
                "1 to 1",
                params={"kind": kind},
            )
        )
    for n in range(1, 7):
        w.append(
            wager(
                "sic-bo",
                f"triple-{n}",
                f"Specific triple {n}",
                f"three {n}s",
                f"{SCH4} para 6",
                "180 to 1",
                params={"kind": "triple", "number": n},
            )
        )
    for n in range(1, 7):
        w.append(
            wager(
                "sic-bo",
                f"double-{n}",
                f"Specific double {n}",
                f"at least two {n}s",
                f"{SCH4} para 7",
                "10 to 1",
                params={"kind": "double", "number": n},
            )
        )
    w.append(
        wager(
            "sic-bo",
            "any-triple",
            "Any triple",
            "any of the six triples",
            f"{SCH4} para 8",
            "30 to 1",
            params={"kind": "any-triple"},
        )
    )
    for total in range(4, 18):
        odds, letter = _TOTALS[min(total, 21 - total)]
        recon = SIC_BO["total-4-17"].source if letter == "a" else None
        w.append(
            wager(
                "sic-bo",
                f"total-{total}",
                f"Three dice total {total}",
                f"the three dice total {total}",
                f"{SCH4} para 9({letter})",
                odds,
                payout_reconstructed={"win": recon} if recon else None,
                params={"kind": "total", "total": total},
            )
        )
    for a, b in combinations(range(1, 7), 2):
        letter = _combination_letter(a, b)
        w.append(
            wager(
                "sic-bo",
                f"combination-{a}-{b}",
                f"Dice combination {a}-{b}",
                f"a {a} and a {b} both appear",
                f"{SCH4} 'Dice Combinations' ({letter})",
                "6 to 1",
                reconstructed=SIC_BO["combination-1"].source if letter == "a" else None,
                params={"kind": "pair", "numbers": (a, b)},
            )
        )
    for n in range(1, 7):
        w.append(
            wager(
                "sic-bo",
                f"single-{n}",
                f"Single number {n}",
                f"{n} on one, two or three dice",
                f"{SCH4} 'Single number'",
                {"one": "1 to 1", "two": "2 to 1", "three": "3 to 1"},
                payout_citations={
                    k: f"{SCH4} 'Single number' ({x})" for k, x in (("one", "a"), ("two", "b"), ("three", "c"))
                },
                payout_reconstructed={"one": SIC_BO["single-one-die"].source},
                payout_titles={"one": f"{n} on one die", "two": f"{n} on two dice", "three": f"{n} on three dice"},
                params={"kind": "single", "number": n},
            )
        )
    w += _number_combinations("four", "Four Number Combination", _FOUR, "7 to 1", SIC_BO["four-6543"].source)
    w += _number_combinations("three", "Three Number Combination", _THREE, "30 to 1", SIC_BO["three-126"].source)
    return tuple(w)
