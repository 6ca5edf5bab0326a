"""Dice wagers, SI 1994/2899 reg 5 and Schedule 1; hopping bets from SI 2002/1130."""

from __future__ import annotations

from collections.abc import Mapping

from oddscalc.regulations.gaps import CRAPS_ODDS, HOP_PAIR
from oddscalc.regulations.model import Wager, wager
from oddscalc.regulations.versions import in_force

SCH1 = "SI 1994/2899 Sch 1"
POINTS = (4, 5, 6, 8, 9, 10)
_BEHIND = {
    4: ("2 to 1", "a"),
    10: ("2 to 1", "a"),
    5: ("3 to 2", "b"),
    9: ("3 to 2", "b"),
    6: ("6 to 5", "c"),
    8: ("6 to 5", "c"),
}
_LAY = {
    4: ("1 to 2", "a"),
    10: ("1 to 2", "a"),
    5: ("2 to 3", "b"),
    9: ("2 to 3", "b"),
    6: ("5 to 6", "c"),
    8: ("5 to 6", "c"),
}
_PLACE_WIN = {
    4: ("9½ to 5", "a"),
    10: ("9½ to 5", "a"),
    5: ("7 to 5", "b"),
    9: ("7 to 5", "b"),
    6: ("7 to 6", "c"),
    8: ("7 to 6", "c"),
}
_PLACE_LOSE = {
    4: ("5 to 11", "a"),
    10: ("5 to 11", "a"),
    5: ("5 to 8", "b"),
    9: ("5 to 8", "b"),
    6: ("4 to 5", "c"),
    8: ("4 to 5", "c"),
}
_HARD = {4: ("7½ to 1", "a"), 10: ("7½ to 1", "a"), 6: ("9½ to 1", "b"), 8: ("9½ to 1", "b")}
_SINGLE = {2: ("33 to 1", "a"), 12: ("33 to 1", "a"), 3: ("16 to 1", "b"), 11: ("16 to 1", "b")}


def _line(name: str, odds: Mapping[int, tuple[str, str]], kind: str, side: str, para: str, law: str) -> list[Wager]:
    return [
        wager(
            "dice",
            f"{name}-{p}",
            f"{name.replace('-', ' ').capitalize()} {p}",
            law.format(p=p),
            f"{SCH1} para {para}({odds[p][1]})",
            odds[p][0],
            params={"kind": kind, "point": p, "side": side},
        )
        for p in POINTS
        if p in odds
    ]


def wagers(version: str) -> tuple[Wager, ...]:
    """Schedule 1's wagers; the hopping bets from version 2002.

    >>> len(wagers("1994")), len(wagers("2002"))  # the 21 hopping bets, one per pair of faces, from 2002
    (38, 59)
    >>> place_4 = next(w for w in wagers("1994") if w.key == "place-to-win-4")
    >>> place_4.payouts[0].label, place_4.pay(), place_4.citations
    ('9½ to 5', Fraction(19, 10), 'SI 1994/2899 Sch 1 para 3(a)')
    """
    behind_keys = tuple(f"behind-{p}" for p in POINTS)
    lay_keys = tuple(f"lay-{p}" for p in POINTS)
    result = [
        wager(
            "dice",
            "win",
            "Win",
            "not 2, 3 or 12 next; 7 or 11, or the point again before a 7",
            f"{SCH1} para 1(1)",
            "1 to 1",
            params={"kind": "pass", "behind": behind_keys},
        ),
        wager(
            "dice",
            "come",
            "Come",
            "as Win, made on any later throw",
            f"{SCH1} para 1(1)",
            "1 to 1",
            params={"kind": "pass", "behind": behind_keys},
        ),
        *_line(
            "behind",
            _BEHIND,
            "odds",
            "do",
            "1(2)",
            "behind a win or come wager whose point is {p}: {p} again before a 7",
        ),
        wager(
            "dice",
            "dont-win-bar-2",
            "Don't win bar 2",
            "disregarding 2s, not 7 or 11 next; 3 or 12, or a 7 before the point",
            f"{SCH1} para 2(1)",
            "1 to 1",
            params={"kind": "dont-pass-bar-2", "behind": lay_keys},
        ),
        wager(
            "dice",
            "dont-come-bar-2",
            "Don't come bar 2",
            "as Don't win bar 2, made on any later throw",
            f"{SCH1} para 2(1)",
            "1 to 1",
            params={"kind": "dont-pass-bar-2", "behind": lay_keys},
        ),
        *_line(
            "lay",
            _LAY,
            "odds",
            "dont",
            "2(2)",
            "behind a don't wager whose point is {p}: a 7 before {p}; stake to win at most the flat stake",
        ),
        *_line("place-to-win", _PLACE_WIN, "place", "do", "3", "{p} before a 7"),
        *_line("place-to-lose", _PLACE_LOSE, "place", "dont", "4", "a 7 before {p}"),
        *[
            wager(
                "dice",
                f"hard-{p}",
                f"Hard {p}",
                f"{p} as a double before {p} otherwise or a 7",
                f"{SCH1} para 5({_HARD[p][1]})",
                _HARD[p][0],
                params={"kind": "hard", "point": p},
            )
            for p in (4, 6, 8, 10)
        ],
        wager(
            "dice",
            "craps",
            "Craps",
            "2, 3 or 12 on the next throw",
            f"{SCH1} para 6",
            CRAPS_ODDS.value,
            payout_reconstructed={"win": CRAPS_ODDS.source},
            params={"kind": "set", "totals": (2, 3, 12)},
        ),
        wager(
            "dice",
            "field",
            "Field",
            "2, 3, 4, 9, 10, 11 or 12 on the next throw",
            f"{SCH1} para 7",
            {"12": "3 to 1", "2": "2 to 1", "other": "1 to 1"},
            payout_citations={"12": f"{SCH1} para 7(a)", "2": f"{SCH1} para 7(b)", "other": f"{SCH1} para 7(c)"},
            payout_titles={"12": "total 12", "2": "total 2", "other": "total 3, 4, 9, 10 or 11"},
            params={"kind": "field", "totals": (2, 3, 4, 9, 10, 11, 12)},
        ),
        *[
            wager(
                "dice",
                f"single-{t}",
                f"Single number {t}",
                f"{t} on the next throw",
                f"{SCH1} para 8({_SINGLE[t][1]})",
                _SINGLE[t][0],
                params={"kind": "set", "totals": (t,)},
            )
            for t in (2, 3, 11, 12)
        ],
    ]
    if in_force(version, "2002"):
        hop = f"{SCH1} 'Hopping bets' ({{}}) (inserted by SI 2002/1130 reg 2(8)(b))"  # the item, then the amendment
        for a in range(1, 7):
            for b in range(a, 7):
                pair = a == b
                result.append(
                    wager(
                        "dice",
                        f"hop-{a}-{b}",
                        f"Hop {a}-{b}",
                        f"the next throw shows {a} and {b}",
                        hop.format("a" if pair else "b"),
                        HOP_PAIR.value if pair else "16 to 1",
                        payout_reconstructed={"win": HOP_PAIR.source} if pair else None,
                        params={"kind": "hop", "faces": (a, b)},
                    )
                )
    return tuple(result)
